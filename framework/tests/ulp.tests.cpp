// ULP distance. Oracles: std::nextafter step counting (float, double), and for the narrow formats
// the rank of each code's value among the distinct values of ml_dtypes' decode table
// (data/formats, written by tools/oracle/gen_format_tables.py): nothing of parity's own.
#include "parity/ulp.hpp"

#include <algorithm>
#include <bit>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace parity;

namespace {

struct OracleTable {
  std::vector<float> value;
  std::vector<std::uint8_t> cls;  // 4 = NaN
};

OracleTable load_table(const std::string& format, std::size_t codes) {
  std::ifstream in(std::string(PARITY_TEST_DATA_DIR) + "/formats/decode_" + format + ".bin",
                   std::ios::binary);
  REQUIRE(in);
  OracleTable t;
  t.value.resize(codes);
  t.cls.resize(codes);
  in.read(reinterpret_cast<char*>(t.value.data()), static_cast<std::streamsize>(codes * 4));
  in.read(reinterpret_cast<char*>(t.cls.data()), static_cast<std::streamsize>(codes));
  REQUIRE(in);
  return t;
}

// Rank of every non-NaN code's value among the distinct values (+0 and -0 are one value).
std::vector<std::int64_t> ranks(const OracleTable& t) {
  std::map<float, std::int64_t> order;  // -0.0f == 0.0f under operator<
  for (std::size_t i = 0; i < t.value.size(); ++i)
    if (t.cls[i] != 4) order.emplace(t.value[i], 0);
  std::int64_t r = 0;
  for (auto& [v, rank] : order) rank = r++;
  std::vector<std::int64_t> out(t.value.size(), -1);
  for (std::size_t i = 0; i < t.value.size(); ++i)
    if (t.cls[i] != 4) out[i] = order.at(t.value[i]);
  return out;
}

}  // namespace

TEST_CASE("float32 ULP distance equals the number of nextafter steps", "[ulp][f32]") {
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::uint32_t> any_bits;
  std::uniform_int_distribution<int> steps(0, 300);
  int checked = 0;
  while (checked < 3000) {
    const float x = std::bit_cast<float>(any_bits(rng));
    if (!std::isfinite(x)) continue;
    const int k = steps(rng);
    const float dir = (checked % 2) ? HUGE_VALF : -HUGE_VALF;
    float y = x;
    int taken = 0;
    for (; taken < k && std::isfinite(y); ++taken) y = std::nextafter(y, dir);
    // nextafter never steps between -0 and +0 (from -denorm_min it goes to -0, then straight
    // to +denorm_min), so every step is one ULP.
    const auto expected = static_cast<std::uint64_t>(taken);
    INFO("x=" << x << " y=" << y << " steps=" << taken);
    REQUIRE(ulp_distance(x, y) == expected);
    REQUIRE(ulp_distance(y, x) == expected);
    ++checked;
  }
}

TEST_CASE("float32 ULP distance across zero, at the limits and for NaN", "[ulp][f32]") {
  const float tiny = std::numeric_limits<float>::denorm_min();
  const float max = std::numeric_limits<float>::max();
  CHECK(ulp_distance(0.0f, -0.0f) == 0u);
  CHECK(ulp_distance(-tiny, tiny) == 2u);
  CHECK(ulp_distance(-0.0f, tiny) == 1u);
  CHECK(ulp_distance(max, HUGE_VALF) == 1u);
  CHECK(ulp_distance(-max, max) == 2u * 0x7F7FFFFFu);
  CHECK(ulp_distance(-HUGE_VALF, HUGE_VALF) == 2u * 0x7F800000u);
  CHECK(ulp_distance(1.0f, 2.0f) == (1u << 23));
  CHECK_FALSE(ulp_distance(std::nanf(""), 1.0f).has_value());
  CHECK_FALSE(ulp_distance(std::nanf("1"), std::nanf("2")).has_value());
}

TEST_CASE("float64 ULP distance equals the number of nextafter steps", "[ulp][f64]") {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-4.0, 4.0);
  for (int t = 0; t < 2000; ++t) {
    const double x = unit(rng) * std::pow(10.0, static_cast<double>(t % 40 - 20));
    const int k = t % 97;
    double y = x;
    for (int i = 0; i < k; ++i) y = std::nextafter(y, HUGE_VAL);
    REQUIRE(ulp_distance(x, y) == static_cast<std::uint64_t>(k));
  }
  const double max = std::numeric_limits<double>::max();
  CHECK(ulp_distance(-max, max) == 2u * 0x7FEFFFFFFFFFFFFFu);
  CHECK(ulp_distance(0.0, -0.0) == 0u);
  CHECK(ulp_distance(max, HUGE_VAL) == 1u);
}

TEST_CASE("narrow formats: ULP distance is the rank difference in ml_dtypes' value table",
          "[ulp][narrow]") {
  struct Case {
    DType dtype;
    const char* name;
    std::size_t codes;
  };
  const Case cases[] = {
      {DType::kFloat8E4M3FN, "float8_e4m3fn", 256},
      {DType::kFloat8E4M3FNUZ, "float8_e4m3fnuz", 256},
      {DType::kFloat8E5M2, "float8_e5m2", 256},
      {DType::kFloat8E5M2FNUZ, "float8_e5m2fnuz", 256},
      {DType::kFloat8E8M0FNU, "float8_e8m0fnu", 256},
      {DType::kFloat4E2M1FN, "float4_e2m1fn", 16},
      {DType::kFloat16, "float16", 65536},
      {DType::kBFloat16, "bfloat16", 65536},
  };
  for (const auto& c : cases) {
    SECTION(c.name) {
      const auto table = load_table(c.name, c.codes);
      const auto rank = ranks(table);
      const FloatFormat& f = *float_format(c.dtype);
      std::mt19937 rng(3);
      std::uniform_int_distribution<std::uint64_t> code(0, c.codes - 1);
      const bool all_pairs = c.codes <= 256;
      const std::size_t pairs = all_pairs ? c.codes * c.codes : 200000;
      for (std::size_t n = 0; n < pairs; ++n) {
        const std::uint64_t a = all_pairs ? n / c.codes : code(rng);
        const std::uint64_t b =
            all_pairs ? n % c.codes : (n % 4 == 0 ? (a + 1) % c.codes : code(rng));
        const auto d = ulp_distance(f, a, b);
        if (table.cls[a] == 4 || table.cls[b] == 4) {
          REQUIRE_FALSE(d.has_value());
          continue;
        }
        const auto expected = static_cast<std::uint64_t>(std::llabs(rank[a] - rank[b]));
        INFO(c.name << " codes " << a << " and " << b);
        REQUIRE(d == expected);
      }
    }
  }
}

TEST_CASE("fnuz formats: 0x80 is NaN, and +-min_subnormal are 2 ULPs apart", "[ulp][fnuz]") {
  const FloatFormat& f = *float_format(DType::kFloat8E4M3FNUZ);
  CHECK_FALSE(ulp_distance(f, 0x80, 0x00).has_value());
  CHECK(ulp_distance(f, 0x81, 0x01) == 2u);
  CHECK(ulp_distance(f, 0x00, 0x01) == 1u);
  const FloatFormat& fn = *float_format(DType::kFloat8E4M3FN);
  CHECK(ulp_distance(fn, 0x80, 0x00) == 0u);  // -0 and +0 in the OCP format
}

TEST_CASE("coarser_format picks the grid cross-format ULPs are counted on", "[ulp][cross]") {
  auto coarser = [](DType a, DType b) {
    return coarser_format(*float_format(a), *float_format(b)).dtype;
  };
  CHECK(coarser(DType::kFloat16, DType::kBFloat16) == DType::kBFloat16);
  CHECK(coarser(DType::kBFloat16, DType::kFloat16) == DType::kBFloat16);
  CHECK(coarser(DType::kFloat32, DType::kFloat16) == DType::kFloat16);
  CHECK(coarser(DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ) == DType::kFloat8E4M3FN);
  CHECK(coarser(DType::kFloat8E4M3FNUZ, DType::kFloat8E4M3FN) == DType::kFloat8E4M3FN);
  CHECK(coarser(DType::kFloat8E5M2FNUZ, DType::kFloat8E5M2) == DType::kFloat8E5M2);
  CHECK(coarser(DType::kFloat8E4M3FN, DType::kFloat8E5M2) == DType::kFloat8E5M2);
}

TEST_CASE("cross-format ULPs compare decoded values on the coarser grid", "[ulp][cross]") {
  const FloatFormat& bf = *float_format(DType::kBFloat16);
  // 1 + 2^-10 (an f16 value) is not on the bf16 grid: it rounds to 1, so 0 ULPs from 1.
  CHECK(ulp_distance_on_grid(bf, 1.0 + 0x1p-10, 1.0) == 0u);
  CHECK(ulp_distance_on_grid(bf, 1.0, 1.0 + 0x1p-7) == 1u);
  CHECK(ulp_distance_on_grid(bf, -1.0, 1.0) == 2u * 0x3F80u);
  // An OCP e4m3fn byte read as FNUZ halves the value: one binade = 8 codes of 3 mantissa bits.
  const FloatFormat& fn = *float_format(DType::kFloat8E4M3FN);
  const FloatFormat& fnuz = *float_format(DType::kFloat8E4M3FNUZ);
  for (std::uint64_t code = 0x10; code <= 0x7E; ++code) {
    const double golden = decode(fn, code);
    const double candidate = decode(fnuz, code);
    REQUIRE(candidate == golden / 2);
    REQUIRE(ulp_distance_on_grid(fn, golden, candidate) == 8u);
  }
  // Beyond max_finite the grid continues with the last spacing (448 - 416 = 32).
  CHECK(ulp_distance_on_grid(fn, 448.0, 1000.0) == 17u);  // 552 / 32 = 17.25
  CHECK(ulp_distance_on_grid(fn, 448.0, 464.0) == 0u);    // 16/32 ties to even: 0 steps
  CHECK_FALSE(ulp_distance_on_grid(fn, std::nan(""), 1.0).has_value());
  // e8m0 has no zero: zero sits one step below the smallest power of two.
  const FloatFormat& e8 = *float_format(DType::kFloat8E8M0FNU);
  CHECK(ulp_distance_on_grid(e8, 0.0, 0x1p-127) == 1u);
  CHECK(ulp_distance_on_grid(e8, 1.0, 4.0) == 2u);
}
