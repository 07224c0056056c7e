// Oracles: Random123's published Philox4x32-10 known-answer vectors (tests/kat_vectors), an
// independent Python implementation of parity's value mappings with ml_dtypes encodings
// (data/rng/rng_oracle.py -> rng_oracle.json), libm for log/cos accuracy, and fixed digests of
// generated tensors that pin the byte stream (any change to it must be deliberate).
#include "parity/rng.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "parity/checksum.hpp"
#include "parity/error.hpp"
#include "parity/float_format.hpp"

using namespace parity;

namespace {

nlohmann::json oracle() {
  std::ifstream in(std::string(PARITY_TEST_DATA_DIR) + "/rng/rng_oracle.json");
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}

std::uint64_t bits_of(double d) {
  std::uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

// Distance in units in the last place between two finite doubles of the same sign.
std::int64_t ulp_distance(double a, double b) {
  auto ia = static_cast<std::int64_t>(bits_of(a));
  auto ib = static_cast<std::int64_t>(bits_of(b));
  return ia > ib ? ia - ib : ib - ia;
}

}  // namespace

TEST_CASE("Philox4x32-10 reproduces Random123's known answers", "[rng]") {
  CHECK(philox4x32_10({0, 0, 0, 0}, {0, 0}) ==
        PhiloxCounter{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
  CHECK(philox4x32_10({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}) ==
        PhiloxCounter{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd});
  CHECK(philox4x32_10({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}) ==
        PhiloxCounter{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1});
  // Negative control: a different key gives a different block.
  CHECK(philox4x32_10({0, 0, 0, 0}, {1, 0}) !=
        PhiloxCounter{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
}

TEST_CASE("values match the independent Python oracle", "[rng]") {
  const auto o = oracle();
  const auto seed = o["seed"].get<std::uint64_t>();
  const auto stream = o["stream"].get<std::uint64_t>();
  const auto indices = o["indices"].get<std::vector<std::int64_t>>();

  SECTION("uniform is bit-exact") {
    Recipe r{seed, stream, gen::uniform(-2.0, 3.0)};
    for (std::size_t k = 0; k < indices.size(); ++k)
      CHECK(bits_of(generate_value(r, indices[k])) == bits_of(o["uniform"][k].get<double>()));
  }
  SECTION("normal is bit-exact against a port of the portable log/cos") {
    Recipe r{seed, stream, gen::normal(1.0, 2.0)};
    for (std::size_t k = 0; k < indices.size(); ++k)
      CHECK(bits_of(generate_value(r, indices[k])) == bits_of(o["normal_exact"][k].get<double>()));
  }
  SECTION("normal agrees with libm Box-Muller to a few ulp") {
    Recipe r{seed, stream, gen::normal(1.0, 2.0)};
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const double expected = o["normal"][k].get<double>();
      const double got = generate_value(r, indices[k]);
      CHECK(std::abs(got - expected) <= 1e-14 * std::max(1.0, std::abs(expected)));
    }
  }
  SECTION("uniform_int and bernoulli are exact") {
    Recipe r{seed, stream, gen::uniform_int(-5, 1000)};
    Recipe full{seed, stream,
                gen::uniform_int(std::numeric_limits<std::int64_t>::min(),
                                 std::numeric_limits<std::int64_t>::max())};
    Recipe b{seed, stream, gen::bernoulli(0.3)};
    for (std::size_t k = 0; k < indices.size(); ++k) {
      std::int64_t v = 0, w = 0;
      generate_into(r, DType::kInt64, indices[k], std::as_writable_bytes(std::span(&v, 1)));
      generate_into(full, DType::kInt64, indices[k], std::as_writable_bytes(std::span(&w, 1)));
      CHECK(v == o["uniform_int"][k].get<std::int64_t>());
      CHECK(w == o["uniform_int_full"][k].get<std::int64_t>());
      CHECK(generate_value(b, indices[k]) == o["bernoulli"][k].get<double>());
    }
  }
  SECTION("every dtype encodes with round-to-nearest-even (ml_dtypes)") {
    Recipe r{seed, stream, gen::uniform(-300.0, 300.0)};
    for (std::size_t k = 0; k < indices.size(); ++k) {
      const std::int64_t i = indices[k];
      CHECK(generate_value(r, i) == o["wide_uniform"][k].get<double>());
      for (auto& [dtype_name, list] : o["wide_uniform_bits"].items()) {
        const DType d = *parse_dtype(dtype_name);
        std::uint16_t bits = 0;
        generate_into(r, d, i, std::as_writable_bytes(std::span(&bits, 1)).first(size_bytes(d)));
        INFO(dtype_name << " index " << i);
        CHECK(bits == list[k].get<std::uint16_t>());
      }
      std::uint32_t f32 = 0;
      generate_into(r, DType::kFloat32, i, std::as_writable_bytes(std::span(&f32, 1)));
      CHECK(f32 == o["wide_uniform_f32"][k].get<std::uint32_t>());
      std::int8_t s8 = 0;
      std::uint8_t u8 = 0;
      generate_into(r, DType::kInt8, i, std::as_writable_bytes(std::span(&s8, 1)));
      generate_into(r, DType::kUInt8, i, std::as_writable_bytes(std::span(&u8, 1)));
      CHECK(s8 == o["wide_uniform_int8"][k].get<int>());
      CHECK(u8 == o["wide_uniform_uint8"][k].get<int>());
    }
  }
  SECTION("stream ids are XXH3-64 of the name") {
    for (auto& [name, id] : o["stream_id"].items())
      CHECK(stream_id(name) == id.get<std::uint64_t>());
  }
}

TEST_CASE("any slice generates the same bytes as the whole", "[rng]") {
  const auto dtype = GENERATE(DType::kFloat32, DType::kFloat16, DType::kFloat8E4M3FN,
                              DType::kComplex64, DType::kInt16, DType::kBool);
  Recipe r{7, 3, gen::special_mix(0.2, -10.0, 10.0)};
  const Shape shape{1000};
  Tensor whole = generate(r, dtype, shape);
  const std::size_t esize = size_bytes(dtype);
  for (std::int64_t first : {0, 1, 333, 999}) {
    for (std::int64_t n : {1, 17, 64}) {
      if (first + n > 1000) continue;
      std::vector<std::byte> part(static_cast<std::size_t>(n) * esize);
      generate_into(r, dtype, first, part);
      CHECK(std::memcmp(part.data(), whole.data() + static_cast<std::size_t>(first) * esize,
                        part.size()) == 0);
    }
  }
}

TEST_CASE("seeds and streams give independent sequences", "[rng]") {
  Tensor a = generate({1, 0, gen::uniform(0, 1)}, DType::kFloat64, {64});
  Tensor b = generate({2, 0, gen::uniform(0, 1)}, DType::kFloat64, {64});
  Tensor c = generate({1, 1, gen::uniform(0, 1)}, DType::kFloat64, {64});
  CHECK(std::memcmp(a.data(), b.data(), a.nbytes()) != 0);
  CHECK(std::memcmp(a.data(), c.data(), a.nbytes()) != 0);
  CHECK(stream_id("x") != stream_id("y"));
}

TEST_CASE("distributions have the advertised statistics", "[rng]") {
  constexpr int n = 200000;
  SECTION("normal(2, 3): mean and standard deviation") {
    Tensor t = generate({11, 0, gen::normal(2.0, 3.0)}, DType::kFloat64, {n});
    double sum = 0, sq = 0;
    for (double v : t.as<double>()) {
      sum += v;
      sq += v * v;
    }
    const double mean = sum / n, sd = std::sqrt(sq / n - mean * mean);
    CHECK(std::abs(mean - 2.0) < 0.05);  // 5 sigma of the mean is 3 * 5 / sqrt(n) = 0.034
    CHECK(std::abs(sd - 3.0) < 0.05);
  }
  SECTION("uniform_int covers its inclusive range evenly") {
    Tensor t = generate({12, 0, gen::uniform_int(-3, 3)}, DType::kInt32, {n});
    std::vector<int> counts(7, 0);
    for (std::int32_t v : t.as<std::int32_t>()) {
      REQUIRE(v >= -3);
      REQUIRE(v <= 3);
      ++counts[static_cast<std::size_t>(v + 3)];
    }
    for (int c : counts) CHECK(std::abs(c - n / 7) < 1000);  // ~6 sigma
  }
  SECTION("bernoulli and sign") {
    Tensor b = generate({13, 0, gen::bernoulli(0.25)}, DType::kBool, {n});
    Tensor s = generate({13, 0, gen::sign(0.75)}, DType::kInt8, {n});
    int ones = 0, plus = 0;
    for (auto byte : b.bytes()) ones += std::to_integer<int>(byte);
    for (std::int8_t v : s.as<std::int8_t>()) {
      REQUIRE((v == 1 || v == -1));
      plus += v == 1;
    }
    CHECK(std::abs(ones - n / 4) < 1200);
    CHECK(std::abs(plus - 3 * n / 4) < 1200);
  }
  SECTION("special_mix: about `fraction` specials, every kind present") {
    Tensor t = generate({14, 0, gen::special_mix(0.1, -1.0, 1.0)}, DType::kFloat32, {n});
    int nan = 0, pinf = 0, ninf = 0, pzero = 0, nzero = 0, sub = 0, big = 0;
    for (float v : t.as<float>()) {
      if (std::isnan(v))
        ++nan;
      else if (v == std::numeric_limits<float>::infinity())
        ++pinf;
      else if (v == -std::numeric_limits<float>::infinity())
        ++ninf;
      else if (v == 0 && !std::signbit(v))
        ++pzero;
      else if (v == 0)
        ++nzero;
      else if (std::fpclassify(v) == FP_SUBNORMAL)
        ++sub;
      else if (std::abs(v) == std::numeric_limits<float>::max())
        ++big;
    }
    for (int c : {nan, pinf, ninf, pzero, nzero}) CHECK(std::abs(c - n / 100) < 500);
    CHECK(std::abs(sub - n / 50) < 700);
    CHECK(std::abs(big - n / 50) < 700);
  }
}

TEST_CASE("portable log and cos are accurate and need no libm", "[rng]") {
  Tensor u = generate({21, 0, gen::uniform(0, 1)}, DType::kFloat64, {100000});
  std::int64_t worst_log = 0;
  double worst_cos = 0;
  for (double x : u.as<double>()) {
    if (x > 0) worst_log = std::max(worst_log, ulp_distance(detail::portable_log(x), std::log(x)));
    worst_cos = std::max(worst_cos, std::abs(detail::portable_cos_2pi(x) - std::cos(2 * M_PI * x)));
  }
  CHECK(worst_log <= 2);
  CHECK(worst_cos < 2e-15);
  for (double x : {1e-310, 5e-324, 1e-300, 0.5, 1.0, 2.0, 1e300, 0.7071067811865476}) {
    INFO(x);
    CHECK(ulp_distance(detail::portable_log(x), std::log(x)) <= 2);
  }
  CHECK(detail::portable_log(1.0) == 0.0);
  CHECK(std::isnan(detail::portable_log(-1.0)));
  CHECK(detail::portable_log(0.0) == -std::numeric_limits<double>::infinity());
  CHECK(detail::portable_cos_2pi(0.0) == 1.0);
  CHECK(detail::portable_cos_2pi(0.5) == -1.0);
}

TEST_CASE("generated bytes are pinned by digest", "[rng]") {
  // The Python oracle computes these digests from its own Philox, its own port of the portable
  // log/cos (same IEEE operations, same order) and ml_dtypes/numpy encodings. If one changes,
  // every recipe input in every golden file changes with it: that must be deliberate, noted in
  // docs/golden-format.md, and come with recaptured goldens.
  const auto o = oracle()["pins"];
  struct Pin {
    const char* label;
    Distribution dist;
    DType dtype;
    const char* digest;
  };
  const Pin pins[] = {
      {"normal_float32", gen::normal(0, 1), DType::kFloat32, "0e728960730ba089f0d83dc07f7e612f"},
      {"uniform_bfloat16", gen::uniform(-1, 1), DType::kBFloat16,
       "e5190b62e45c6f9df0ccc6c5670b350c"},
      {"special_mix_float8_e4m3fnuz", gen::special_mix(0.1), DType::kFloat8E4M3FNUZ,
       "7cf1c50163d416e8de87415251dccd7b"},
      {"uniform_int_int32", gen::uniform_int(-1000, 1000), DType::kInt32,
       "4106cbe13a4ab25ae20081c23f37fbbd"},
      {"normal_complex128", gen::normal(0, 1), DType::kComplex128,
       "42829d4ad06512c5aafb4cbd00b6f3f5"},
  };
  for (const Pin& pin : pins) {
    Tensor t =
        generate({o["seed"].get<std::uint64_t>(), o["stream"].get<std::uint64_t>(), pin.dist},
                 pin.dtype, {o["n"].get<std::int64_t>()});
    INFO(pin.label);
    CHECK(o["digests"][pin.label].get<std::string>() == pin.digest);
    CHECK(xxh3_128_hex(t.bytes()) == pin.digest);
  }
}

TEST_CASE("recipes round-trip through JSON and reject bad input", "[rng]") {
  const Distribution dists[] = {
      gen::uniform(-1.5, 2.25), gen::normal(0.1, 3.0), gen::uniform_int(-7, 1 << 20),
      gen::bernoulli(0.3),      gen::sign(0.6),        gen::special_mix(0.05, -2, 2)};
  for (const auto& d : dists) {
    Recipe r{0xFFFFFFFFFFFFFFFFull, 42, d};
    CHECK(Recipe::from_json(r.to_json()) == r);
  }
  CHECK_THROWS_AS(Recipe::from_json("not json"), ConfigError);
  CHECK_THROWS_AS(Recipe::from_json(R"({"algorithm":"mt19937","seed":1,"stream":0,)"
                                    R"("distribution":"uniform","lo":0,"hi":1})"),
                  ConfigError);
  CHECK_THROWS_AS(Recipe::from_json(R"({"algorithm":"philox4x32-10","seed":-1,"stream":0,)"
                                    R"("distribution":"uniform","lo":0,"hi":1})"),
                  ConfigError);
  CHECK_THROWS_AS(Recipe::from_json(R"({"algorithm":"philox4x32-10","seed":1,"stream":0,)"
                                    R"("distribution":"cauchy"})"),
                  ConfigError);
  CHECK_THROWS_AS(Recipe::from_json(R"({"algorithm":"philox4x32-10","seed":1,"stream":0,)"
                                    R"("distribution":"normal","mean":0})"),
                  ConfigError);
  CHECK_THROWS_AS(Recipe::from_json(R"({"algorithm":"philox4x32-10","seed":1,"stream":0,)"
                                    R"("distribution":"uniform_int","lo":5,"hi":1})"),
                  ConfigError);
}
