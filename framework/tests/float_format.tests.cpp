// Checks every floating format against oracle tables written by tools/oracle/gen_format_tables.py
// from ml_dtypes and numpy (see framework/tests/data/formats/README.md). Nothing here derives an
// expected value from parity's own code.
#include "parity/float_format.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "parity/dtype.hpp"

namespace {

using parity::DType;
using parity::FloatFormat;
using parity::FpClass;
using parity::Overflow;

static_assert(std::endian::native == std::endian::little, "the oracle tables are little-endian");

constexpr DType kNarrow[] = {DType::kFloat16,        DType::kBFloat16,    DType::kFloat8E4M3FN,
                             DType::kFloat8E4M3FNUZ, DType::kFloat8E5M2,  DType::kFloat8E5M2FNUZ,
                             DType::kFloat8E8M0FNU,  DType::kFloat4E2M1FN};
constexpr DType kAllFloats[] = {DType::kFloat64,     DType::kFloat32,        DType::kFloat16,
                                DType::kBFloat16,    DType::kFloat8E4M3FN,   DType::kFloat8E4M3FNUZ,
                                DType::kFloat8E5M2,  DType::kFloat8E5M2FNUZ, DType::kFloat8E8M0FNU,
                                DType::kFloat4E2M1FN};

const std::filesystem::path kDataDir = std::filesystem::path(PARITY_TEST_DATA_DIR) / "formats";

std::vector<char> read_bytes(const std::string& file) {
  const auto path = kDataDir / file;
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open oracle table " + path.string() +
                             ": regenerate with python3 tools/oracle/gen_format_tables.py");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

template <class T>
std::vector<T> read_array(const std::string& file, std::size_t offset, std::size_t count) {
  const auto bytes = read_bytes(file);
  REQUIRE(bytes.size() >= offset + count * sizeof(T));
  std::vector<T> out(count);
  std::memcpy(out.data(), bytes.data() + offset, count * sizeof(T));
  return out;
}

const nlohmann::json& traits() {
  static const nlohmann::json json = [] {
    const auto bytes = read_bytes("traits.json");
    return nlohmann::json::parse(bytes.begin(), bytes.end());
  }();
  return json;
}

const nlohmann::json& traits_of(DType d) {
  return traits().at("formats").at(std::string(name(d)));
}

double hex_double(const nlohmann::json& j) {
  return std::strtod(j.get<std::string>().c_str(), nullptr);
}

const FloatFormat& format_of(DType d) {
  const FloatFormat* f = parity::float_format(d);
  REQUIRE(f != nullptr);
  return *f;
}

// The oracle's decoded value and class of every code of a <= 16-bit format.
struct OracleCodes {
  std::vector<float> value;
  std::vector<FpClass> cls;
};

const OracleCodes& oracle_codes(DType d) {
  static std::map<DType, OracleCodes> cache;
  auto it = cache.find(d);
  if (it != cache.end()) return it->second;
  const auto& t = traits_of(d);
  const auto count = t.at("codes").get<std::size_t>();
  const auto file = t.at("decode").get<std::string>();
  OracleCodes o;
  o.value = read_array<float>(file, 0, count);
  for (auto c : read_array<std::uint8_t>(file, count * sizeof(float), count))
    o.cls.push_back(static_cast<FpClass>(c));  // the generator writes FpClass's order
  return cache.emplace(d, std::move(o)).first->second;
}

bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);  // -0 != +0
}

std::string hex(std::uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// Compares decode() with an oracle value per code; returns the mismatches, first few described.
std::size_t count_decode_mismatches(const FloatFormat& f, const std::vector<float>& oracle,
                                    std::string& first) {
  std::size_t bad = 0;
  for (std::size_t code = 0; code < oracle.size(); ++code) {
    const double got = parity::decode(f, code);
    if (!same_value(got, oracle[code])) {
      if (bad++ < 4)
        first += hex(code) + ": got " + std::to_string(got) + " want " +
                 std::to_string(oracle[code]) + "; ";
    }
  }
  return bad;
}

// ---------------------------------------------------------------------------------- traits --

TEST_CASE("traits match ml_dtypes finfo", "[float_format]") {
  for (DType d : kAllFloats) {
    const FloatFormat& f = format_of(d);
    const auto& t = traits_of(d);
    INFO(name(d));
    CHECK(f.dtype == d);
    CHECK(f.bits == t.at("bits").get<int>());
    CHECK(f.exponent_bits == t.at("nexp").get<int>());
    CHECK(f.mantissa_bits == t.at("nmant").get<int>());
    CHECK(f.max_finite == hex_double(t.at("max")));
    CHECK(f.min_normal == hex_double(t.at("smallest_normal")));
    CHECK(f.min_subnormal == hex_double(t.at("smallest_subnormal")));
    CHECK(f.epsilon == hex_double(t.at("eps")));
    CHECK(f.has_subnormals ==
          (hex_double(t.at("smallest_subnormal")) < hex_double(t.at("smallest_normal"))));
    // finfo's minexp is the exponent of the smallest normal; its biased exponent is 1, or 0 when
    // exponent 0 holds normals (no subnormals).
    CHECK(f.bias == (f.has_subnormals ? 1 : 0) - t.at("minexp").get<int>());
    if (f.bits > 16) continue;
    const auto& o = oracle_codes(d);
    CHECK(f.has_infinity == t.at("has_inf").get<bool>());
    CHECK((f.nan != parity::NanEncoding::kNone) == t.at("has_nan").get<bool>());
    CHECK(f.has_negative_zero == t.at("has_negative_zero").get<bool>());
    CHECK(f.has_sign == std::any_of(o.value.begin(), o.value.end(),
                                    [](float v) { return std::signbit(v) && !std::isnan(v); }));
    if (f.nan != parity::NanEncoding::kNone)
      CHECK(f.canonical_nan == t.at("astype_nan").get<std::uint64_t>());
    else
      CHECK(f.canonical_nan == 0);
    // The oracle decodes the smallest normal's code to min_normal: ties bias to the values.
    const std::size_t min_normal_code = f.has_subnormals ? std::size_t{1} << f.mantissa_bits : 0;
    CHECK(o.value[min_normal_code] == f.min_normal);
  }
  CHECK(format_of(DType::kFloat32).has_infinity);
  CHECK(format_of(DType::kFloat64).canonical_nan ==
        std::bit_cast<std::uint64_t>(std::numeric_limits<double>::quiet_NaN()));
  CHECK(format_of(DType::kFloat32).canonical_nan ==
        std::bit_cast<std::uint32_t>(std::numeric_limits<float>::quiet_NaN()));
}

TEST_CASE("complex and integer dtypes", "[float_format]") {
  CHECK(parity::float_format(DType::kComplex64) == parity::float_format(DType::kFloat32));
  CHECK(parity::float_format(DType::kComplex128) == parity::float_format(DType::kFloat64));
  for (DType d : parity::all_dtypes()) {
    INFO(name(d));
    CHECK((parity::float_format(d) != nullptr) ==
          (parity::is_floating(d) || parity::is_complex(d)));
  }
}

// ---------------------------------------------------------------------- decode and classify --

TEST_CASE("decode every code equals the oracle", "[float_format][exhaustive]") {
  for (DType d : kNarrow) {
    INFO(name(d));
    std::string first;
    const auto bad = count_decode_mismatches(format_of(d), oracle_codes(d).value, first);
    INFO(first);
    CHECK(bad == 0);
  }
}

TEST_CASE("decode check catches a one-ulp and a NaN error (negative control)",
          "[float_format][negative]") {
  const FloatFormat& f = format_of(DType::kFloat8E4M3FN);
  auto oracle = oracle_codes(DType::kFloat8E4M3FN).value;
  std::string first;
  REQUIRE(count_decode_mismatches(f, oracle, first) == 0);
  oracle[0x41] = std::nextafter(oracle[0x41], 1e9f);  // wrong in the last place
  oracle[0x7F] = 480.0f;                              // NaN code given a value
  oracle[0x80] = 0.0f;                                // -0 given as +0
  CHECK(count_decode_mismatches(f, oracle, first) == 3);
}

TEST_CASE("classify every code equals the oracle", "[float_format][exhaustive]") {
  for (DType d : kNarrow) {
    const FloatFormat& f = format_of(d);
    const auto& o = oracle_codes(d);
    std::size_t bad = 0;
    std::array<std::size_t, 5> seen{};
    for (std::size_t code = 0; code < o.cls.size(); ++code) {
      const FpClass got = parity::classify(f, code);
      bad += got != o.cls[code];
      ++seen[static_cast<std::size_t>(o.cls[code])];
    }
    INFO(name(d) << " zero/sub/normal/inf/nan in oracle: " << seen[0] << "/" << seen[1] << "/"
                 << seen[2] << "/" << seen[3] << "/" << seen[4]);
    CHECK(bad == 0);
  }
}

TEST_CASE("float32 and float64 decode and classify like the hardware", "[float_format]") {
  std::mt19937_64 rng(7);
  const FloatFormat& f32 = format_of(DType::kFloat32);
  const FloatFormat& f64 = format_of(DType::kFloat64);
  auto expected_class = [](auto v) {  // float overload for float: its own subnormals
    switch (std::fpclassify(v)) {
      case FP_ZERO:
        return FpClass::kZero;
      case FP_SUBNORMAL:
        return FpClass::kSubnormal;
      case FP_INFINITE:
        return FpClass::kInfinite;
      case FP_NAN:
        return FpClass::kNan;
      default:
        return FpClass::kNormal;
    }
  };
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t b64 = rng();
    const auto b32 = static_cast<std::uint32_t>(b64 >> 7);
    const float v32 = std::bit_cast<float>(b32);
    const double v64 = std::bit_cast<double>(b64);
    REQUIRE(same_value(parity::decode(f32, b32), v32));
    REQUIRE(same_value(parity::decode(f64, b64), v64));
    REQUIRE(parity::classify(f32, b32) == expected_class(v32));
    REQUIRE(parity::classify(f64, b64) == expected_class(v64));
  }
  CHECK(parity::classify(f32, 0x00000001) == FpClass::kSubnormal);
  CHECK(parity::classify(f32, 0x80000000) == FpClass::kZero);
  CHECK(parity::classify(f64, 0xFFF0000000000000) == FpClass::kInfinite);
}

TEST_CASE("decode_table equals decode for every code", "[float_format]") {
  for (DType d : kNarrow) {
    const FloatFormat& f = format_of(d);
    const float* table = parity::decode_table(f);
    REQUIRE(table != nullptr);
    std::size_t bad = 0;
    for (std::size_t code = 0; code < (std::size_t{1} << f.bits); ++code)
      bad += !same_value(table[code], oracle_codes(d).value[code]);
    INFO(name(d));
    CHECK(bad == 0);
    CHECK(parity::decode_table(f) == table);  // built once
  }
  CHECK(parity::decode_table(format_of(DType::kFloat32)) == nullptr);
  CHECK(parity::decode_table(format_of(DType::kFloat64)) == nullptr);
}

TEST_CASE("decode_table first use from many threads", "[float_format]") {
  // Under ctest each test case is its own process, so these are the first calls.
  constexpr int kThreads = 8;
  std::vector<const float*> seen(kThreads * 2);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&seen, t] {
      seen[t * 2] = parity::decode_table(*parity::float_format(DType::kBFloat16));
      seen[t * 2 + 1] = parity::decode_table(*parity::float_format(DType::kFloat16));
    });
  for (auto& t : threads) t.join();
  for (int t = 0; t < kThreads; ++t) {
    CHECK(seen[t * 2] == seen[0]);
    CHECK(seen[t * 2 + 1] == seen[1]);
  }
  CHECK(seen[0][0x3F80] == 1.0f);
  CHECK(seen[1][0x3C00] == 1.0f);
}

// --------------------------------------------------------------------------------- encoding --

TEST_CASE("encode(decode(code)) round-trips every code", "[float_format][exhaustive]") {
  for (DType d : kNarrow) {
    const FloatFormat& f = format_of(d);
    const auto& o = oracle_codes(d);
    std::size_t bad = 0;
    for (std::size_t code = 0; code < o.value.size(); ++code) {
      const double v = parity::decode(f, code);
      for (Overflow mode : {Overflow::kInfinity, Overflow::kSaturate}) {
        const std::uint64_t back = parity::encode(f, v, mode);
        if (o.cls[code] == FpClass::kNan) {
          bad += parity::classify(f, back) != FpClass::kNan;
        } else if (o.cls[code] == FpClass::kInfinite && mode == Overflow::kSaturate) {
          const std::size_t sign = code & (std::size_t{1} << (f.bits - 1));
          bad += back != (sign | ((code - sign) - 1));  // inf -> max, the code below inf
        } else {
          bad += back != code;
        }
      }
    }
    INFO(name(d));
    CHECK(bad == 0);
  }
}

// One rounding table: inputs (as double) and, per format, the oracle's codes.
struct RoundingSet {
  std::string set;  // "f64" or "f32"
  std::vector<double> inputs;
  std::map<std::string, std::vector<std::uint64_t>> codes;
};

const RoundingSet& rounding_set(const std::string& set) {
  static std::map<std::string, RoundingSet> cache;
  if (auto it = cache.find(set); it != cache.end()) return it->second;
  const auto& t = traits().at("rounding").at(set);
  const auto n = t.at("count").get<std::size_t>();
  RoundingSet r{set, {}, {}};
  if (set == "f64") {
    for (auto b : read_array<std::uint64_t>(t.at("inputs").get<std::string>(), 0, n))
      r.inputs.push_back(std::bit_cast<double>(b));
  } else {
    for (auto b : read_array<std::uint32_t>(t.at("inputs").get<std::string>(), 0, n))
      r.inputs.push_back(static_cast<double>(std::bit_cast<float>(b)));
  }
  for (const auto& [fmt, file_json] : t.at("codes").items()) {
    const auto file = file_json.get<std::string>();
    std::vector<std::uint64_t> c;
    if (fmt == "float32")
      for (auto v : read_array<std::uint32_t>(file, 0, n)) c.push_back(v);
    else
      for (auto v : read_array<std::uint16_t>(file, 0, n)) c.push_back(v);
    r.codes.emplace(fmt, std::move(c));
  }
  return cache.emplace(set, std::move(r)).first->second;
}

bool sign_of_code(const FloatFormat& f, std::uint64_t code) {
  return f.has_sign && ((code >> (f.bits - 1)) & 1) != 0;
}

// numpy's float16/float32 keep NaN payloads and parity returns the canonical NaN, so for those two
// a NaN result matches by class and sign; every other format must match bit for bit.
bool same_code(const FloatFormat& f, std::uint64_t got, std::uint64_t want) {
  if ((f.dtype == DType::kFloat16 || f.dtype == DType::kFloat32) &&
      parity::classify(f, want) == FpClass::kNan)
    return parity::classify(f, got) == FpClass::kNan &&
           sign_of_code(f, got) == sign_of_code(f, want);
  return got == want;
}

TEST_CASE("encode matches astype on the rounding tables", "[float_format]") {
  for (const std::string set : {"f64", "f32"}) {
    const RoundingSet& r = rounding_set(set);
    for (const auto& [fmt, codes] : r.codes) {
      const DType d = *parity::parse_dtype(fmt);
      const FloatFormat& f = format_of(d);
      std::size_t bad = 0;
      std::string first;
      for (std::size_t i = 0; i < r.inputs.size(); ++i) {
        const std::uint64_t got = parity::encode(f, r.inputs[i]);
        if (!same_code(f, got, codes[i]) && bad++ < 4)
          first += std::to_string(r.inputs[i]) + " (" +
                   hex(std::bit_cast<std::uint64_t>(r.inputs[i])) + "): got " + hex(got) +
                   " want " + hex(codes[i]) + "; ";
      }
      INFO(set << " inputs -> " << fmt << ", " << r.inputs.size() << " inputs: " << first);
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("float64 encode is the identity", "[float_format]") {
  const FloatFormat& f = format_of(DType::kFloat64);
  for (double x : rounding_set("f64").inputs) {
    if (std::isnan(x)) {
      CHECK(parity::classify(f, parity::encode(f, x)) == FpClass::kNan);
      continue;
    }
    REQUIRE(parity::encode(f, x) == std::bit_cast<std::uint64_t>(x));
  }
}

// Saturating results derived from the spec, not from parity: for |x| <= max the result is the
// non-saturating (oracle) code; beyond max or at +-inf it is the oracle's code for +-max, except
// that fnuz formats turn +-inf into NaN (AMD) and formats without that signed max (e8m0fnu for
// negatives) keep the oracle code.
TEST_CASE("saturating encode on the rounding tables", "[float_format]") {
  for (const std::string set : {"f64", "f32"}) {
    const RoundingSet& r = rounding_set(set);
    for (const auto& [fmt, codes] : r.codes) {
      const DType d = *parity::parse_dtype(fmt);
      const FloatFormat& f = format_of(d);
      const double max = hex_double(traits_of(d).at("max"));
      std::map<double, std::uint64_t> code_of_value;  // from the oracle's decode table
      if (f.bits <= 16) {
        const auto& o = oracle_codes(d);
        for (std::size_t c = 0; c < o.value.size(); ++c)
          if (!std::isnan(o.value[c])) code_of_value.emplace(o.value[c], c);
      } else {
        code_of_value[max] = std::bit_cast<std::uint32_t>(std::numeric_limits<float>::max());
        code_of_value[-max] = std::bit_cast<std::uint32_t>(-std::numeric_limits<float>::max());
      }
      const bool fnuz = d == DType::kFloat8E4M3FNUZ || d == DType::kFloat8E5M2FNUZ;
      std::size_t bad = 0, clamped = 0, inf_inputs = 0;
      std::string first;
      for (std::size_t i = 0; i < r.inputs.size(); ++i) {
        const double x = r.inputs[i];
        const std::uint64_t got = parity::encode(f, x, Overflow::kSaturate);
        bool ok;
        if (std::isnan(x) || std::fabs(x) <= max) {
          ok = same_code(f, got, codes[i]);
        } else if (std::isinf(x) && fnuz) {
          ok = parity::classify(f, got) == FpClass::kNan;
          ++inf_inputs;
        } else {
          const auto it = code_of_value.find(std::copysign(max, x));
          ok = got == (it != code_of_value.end() ? it->second : codes[i]);
          ++clamped;
          inf_inputs += std::isinf(x);
        }
        if (!ok && bad++ < 4)
          first += std::to_string(x) + ": got " + hex(got) + " want " + hex(codes[i]) + "; ";
      }
      INFO(set << " inputs -> " << fmt << " saturating, " << clamped << " clamped: " << first);
      CHECK(bad == 0);
      CHECK(clamped >= 20);  // the table really has overflow cases for this format
      CHECK(inf_inputs == 2);
    }
  }
}

TEST_CASE("saturation follows the OCP NVIDIA and AMD specs", "[float_format]") {
  // Values worked out by hand from OCP 8-bit FP spec v1.0, NVIDIA cuda_fp8.h (__NV_SATFINITE) and
  // AMD's HIP fnuz converters (__HIP_SATFINITE).
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto sat = [](DType d, double x) {
    return parity::encode(*parity::float_format(d), x, Overflow::kSaturate);
  };
  auto nosat = [](DType d, double x) { return parity::encode(*parity::float_format(d), x); };
  CHECK(sat(DType::kFloat8E4M3FN, 464.0) == 0x7E);  // tie at max rounds to even = max
  CHECK(sat(DType::kFloat8E4M3FN, 464.5) == 0x7E);
  CHECK(nosat(DType::kFloat8E4M3FN, 464.5) == 0x7F);  // NaN: e4m3fn has no inf
  CHECK(sat(DType::kFloat8E4M3FN, inf) == 0x7E);
  CHECK(sat(DType::kFloat8E4M3FN, -inf) == 0xFE);
  CHECK(sat(DType::kFloat8E4M3FN, -1e9) == 0xFE);
  CHECK(nosat(DType::kFloat8E4M3FN, -1e9) == 0xFF);
  CHECK((sat(DType::kFloat8E4M3FN, nan) & 0x7F) == 0x7F);
  CHECK(sat(DType::kFloat8E5M2, 61440.0) == 0x7B);    // tie between max and 2^16: sat keeps max
  CHECK(nosat(DType::kFloat8E5M2, 61440.0) == 0x7C);  // ... and non-saturating gives inf
  CHECK(nosat(DType::kFloat8E5M2, 61439.0) == 0x7B);
  CHECK(sat(DType::kFloat8E5M2, inf) == 0x7B);
  CHECK(nosat(DType::kFloat8E5M2, -inf) == 0xFC);
  CHECK(sat(DType::kFloat8E4M3FNUZ, 1e6) == 0x7F);  // 240
  CHECK(sat(DType::kFloat8E4M3FNUZ, -1e6) == 0xFF);
  CHECK(nosat(DType::kFloat8E4M3FNUZ, 1e6) == 0x80);
  CHECK(sat(DType::kFloat8E4M3FNUZ, inf) == 0x80);  // AMD: inf is not clamped, it is NaN
  CHECK(sat(DType::kFloat8E5M2FNUZ, -inf) == 0x80);
  CHECK(sat(DType::kFloat8E5M2FNUZ, 1e6) == 0x7F);  // 57344
  CHECK(sat(DType::kFloat8E8M0FNU, 1e39) == 0xFE);  // 2^127
  CHECK(sat(DType::kFloat8E8M0FNU, inf) == 0xFE);
  CHECK(nosat(DType::kFloat8E8M0FNU, 1e39) == 0xFF);
  CHECK(sat(DType::kFloat4E2M1FN, 7.0) == 0x7);
  CHECK(nosat(DType::kFloat4E2M1FN, -inf) == 0xF);  // e2m1fn always saturates
  CHECK(sat(DType::kFloat16, 65520.0) == 0x7BFF);
  CHECK(nosat(DType::kFloat16, 65520.0) == 0x7C00);
  CHECK(sat(DType::kBFloat16, -inf) == 0xFF7F);
  CHECK(sat(DType::kFloat32, 1e300) == 0x7F7FFFFF);
  CHECK(sat(DType::kFloat64, inf) == 0x7FEFFFFFFFFFFFFF);
}

TEST_CASE("edge semantics of e8m0fnu e2m1fn and fnuz", "[float_format]") {
  auto enc = [](DType d, double x) { return parity::encode(*parity::float_format(d), x); };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(enc(DType::kFloat8E8M0FNU, 0.0) == 0xFF);     // no zero: NaN
  CHECK(enc(DType::kFloat8E8M0FNU, -1.0) == 0xFF);    // no sign: NaN
  CHECK(enc(DType::kFloat8E8M0FNU, 1e-300) == 0x00);  // nearest value is 2^-127
  CHECK(enc(DType::kFloat8E8M0FNU, 1.5) == 0x80);     // ties round up
  CHECK(enc(DType::kFloat8E8M0FNU, 0.75) == 0x7F);
  CHECK(enc(DType::kFloat8E8M0FNU, 1.4999) == 0x7F);
  CHECK(enc(DType::kFloat4E2M1FN, nan) == 0x8);  // ml_dtypes: NaN -> -0, -NaN -> +0
  CHECK(enc(DType::kFloat4E2M1FN, -nan) == 0x0);
  CHECK(enc(DType::kFloat4E2M1FN, 2.5) == 0x4);  // tie to even: 2
  CHECK(enc(DType::kFloat4E2M1FN, 0.25) == 0x0);
  CHECK(enc(DType::kFloat8E4M3FNUZ, -0.0) == 0x00);  // no -0
  CHECK(enc(DType::kFloat8E4M3FNUZ, -1e-9) == 0x00);
  CHECK(enc(DType::kFloat8E4M3FN, -1e-9) == 0x80);
  CHECK(enc(DType::kBFloat16, -nan) == 0xFFC0);  // NaN keeps its sign where the format can
}

// --------------------------------------------------------------------------- ordered index --

TEST_CASE("ordered_index is monotonic with step 1 over every code", "[float_format][exhaustive]") {
  for (DType d : kNarrow) {
    const FloatFormat& f = format_of(d);
    const auto& o = oracle_codes(d);
    std::vector<std::size_t> codes;
    for (std::size_t c = 0; c < o.value.size(); ++c)
      if (o.cls[c] != FpClass::kNan) codes.push_back(c);
    std::stable_sort(codes.begin(), codes.end(),
                     [&](std::size_t a, std::size_t b) { return o.value[a] < o.value[b]; });
    std::size_t bad = 0;
    for (std::size_t i = 1; i < codes.size(); ++i) {
      const auto step = parity::ordered_index(f, codes[i]) - parity::ordered_index(f, codes[i - 1]);
      bad += step != (o.value[codes[i]] == o.value[codes[i - 1]] ? 0 : 1);  // +-0: same index
    }
    INFO(name(d) << ": " << codes.size() << " non-NaN codes");
    CHECK(bad == 0);
    if (f.has_subnormals) {  // every format with a zero
      CHECK(parity::ordered_index(f, 0) == 0);
      if (f.has_negative_zero)
        CHECK(parity::ordered_index(f, std::uint64_t{1} << (f.bits - 1)) == 0);
    } else {
      CHECK(parity::ordered_index(f, codes.front()) == 0);  // e8m0fnu: 2^-127 is the origin
    }
  }
}

TEST_CASE("ordered_index of float32 and float64 follows nextafter", "[float_format]") {
  const FloatFormat& f32 = format_of(DType::kFloat32);
  const FloatFormat& f64 = format_of(DType::kFloat64);
  std::mt19937_64 rng(11);
  std::vector<float> xs = {0.0f,
                           -0.0f,
                           std::numeric_limits<float>::denorm_min(),
                           -std::numeric_limits<float>::denorm_min(),
                           std::numeric_limits<float>::max(),
                           -1.0f,
                           1.0f};
  for (int i = 0; i < 20000; ++i) {
    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
    if (std::isfinite(x)) xs.push_back(x);
  }
  auto oi32 = [&](float x) { return parity::ordered_index(f32, std::bit_cast<std::uint32_t>(x)); };
  auto oi64 = [&](double x) { return parity::ordered_index(f64, std::bit_cast<std::uint64_t>(x)); };
  for (float x : xs) {
    const float up = std::nextafter(x, std::numeric_limits<float>::infinity());
    REQUIRE(oi32(up) - oi32(x) == 1);
    const double xd = static_cast<double>(x) * 1.000000123;
    const double upd = std::nextafter(xd, std::numeric_limits<double>::infinity());
    REQUIRE(oi64(upd) - oi64(xd) == 1);
  }
  CHECK(oi32(-0.0f) == 0);
  CHECK(oi32(0.0f) == 0);
  CHECK(oi32(std::numeric_limits<float>::infinity()) - oi32(std::numeric_limits<float>::max()) ==
        1);
  CHECK(oi64(-std::numeric_limits<double>::denorm_min()) == -1);
}

// ------------------------------------------------------------------------ negative controls --

TEST_CASE("e4m3fn bytes read as e4m3fnuz are exactly half (the 2x mix-up)",
          "[float_format][negative]") {
  const FloatFormat& fn = format_of(DType::kFloat8E4M3FN);
  const FloatFormat& fnuz = format_of(DType::kFloat8E4M3FNUZ);
  const auto& ofn = oracle_codes(DType::kFloat8E4M3FN);
  const auto& ofnuz = oracle_codes(DType::kFloat8E4M3FNUZ);
  std::size_t halves = 0;
  for (std::size_t code = 0; code < 256; ++code) {
    if (ofn.cls[code] != FpClass::kNormal && ofn.cls[code] != FpClass::kSubnormal) continue;
    if (ofnuz.cls[code] == FpClass::kNan) continue;
    REQUIRE(ofnuz.value[code] == ofn.value[code] / 2);                    // the oracle agrees ...
    REQUIRE(parity::decode(fnuz, code) == parity::decode(fn, code) / 2);  // ... and so do we
    ++halves;
  }
  CHECK(halves == 252);  // 256 - {+0, -0, NaN 0x7F, NaN 0xFF}
  // 0x80: -0 in the OCP format, the only NaN in FNUZ.
  CHECK(parity::classify(fn, 0x80) == FpClass::kZero);
  CHECK(std::signbit(parity::decode(fn, 0x80)));
  CHECK(parity::classify(fnuz, 0x80) == FpClass::kNan);
  CHECK(std::isnan(parity::decode(fnuz, 0x80)));
  CHECK(parity::classify(format_of(DType::kFloat8E5M2FNUZ), 0x80) == FpClass::kNan);
  CHECK(parity::classify(format_of(DType::kFloat8E5M2), 0x80) == FpClass::kZero);
  // e5m2 vs e5m2fnuz: same max, different everything else.
  CHECK(parity::decode(format_of(DType::kFloat8E5M2), 0x7C) ==
        std::numeric_limits<double>::infinity());
  CHECK(parity::decode(format_of(DType::kFloat8E5M2FNUZ), 0x7C) == 32768.0);
}

TEST_CASE("the rounding tables can fail: double rounding and ties are covered",
          "[float_format][negative]") {
  const RoundingSet& r = rounding_set("f64");
  for (DType d : kNarrow) {
    const FloatFormat& f = format_of(d);
    const auto& want = r.codes.at(std::string(name(d)));
    const auto& o = oracle_codes(d);
    // An encoder that goes double -> float -> format rounds twice; the table must catch it.
    std::size_t double_rounding = 0;
    for (std::size_t i = 0; i < r.inputs.size(); ++i) {
      const double x = r.inputs[i];
      if (std::isnan(x) || std::fabs(x) > 3e38) continue;
      double_rounding += parity::encode(f, static_cast<float>(x)) != want[i];
    }
    // Exact ties between adjacent positive values, with an even and with an odd lower code.
    std::vector<std::size_t> pos;
    for (std::size_t c = 0; c < o.value.size(); ++c)
      if (std::isfinite(o.value[c]) && !std::signbit(o.value[c])) pos.push_back(c);
    std::stable_sort(pos.begin(), pos.end(),
                     [&](std::size_t a, std::size_t b) { return o.value[a] < o.value[b]; });
    std::map<double, std::size_t> lower_of_tie;
    for (std::size_t i = 0; i + 1 < pos.size(); ++i)
      lower_of_tie[(double{o.value[pos[i]]} + o.value[pos[i + 1]]) / 2] = pos[i];
    std::size_t even_ties = 0, odd_ties = 0;
    for (double x : r.inputs)
      if (auto it = lower_of_tie.find(x); it != lower_of_tie.end())
        ++((it->second & 1) != 0 ? odd_ties : even_ties);
    INFO(name(d) << ": double-rounding mismatches " << double_rounding << ", ties with even/odd "
                 << "lower code " << even_ties << "/" << odd_ties);
    CHECK(double_rounding > 0);
    CHECK(even_ties > 0);
    CHECK(odd_ties > 0);
  }
}

}  // namespace
