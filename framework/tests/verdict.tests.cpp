// Verdict: histogram buckets, bias statistics, the table and the JSON round trip.
#include "parity/verdict.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <regex>
#include <vector>

#include "parity/compare.hpp"
#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;

TEST_CASE("ULP buckets: 0, 1, 2, 3-4, 5-8, ..., >2^20", "[verdict]") {
  // Oracle: walk the bucket edges 2, 4, 8, ... 2^20 by hand.
  std::uint64_t upper = 2;
  int bucket = 2;
  for (std::uint64_t u = 0; u <= (1u << 21) + 5; u += (u < 5000 ? 1 : 997)) {
    if (u <= 2) {
      REQUIRE(UlpHistogram::bucket_of(u) == static_cast<int>(u));
      continue;
    }
    while (u > upper && bucket < 22) {
      upper *= 2;
      ++bucket;
    }
    INFO("ulp " << u);
    REQUIRE(UlpHistogram::bucket_of(u) == (u > (1u << 20) ? 22 : bucket));
  }
  CHECK(UlpHistogram::bucket_of(1u << 20) == 21);
  CHECK(UlpHistogram::bucket_of((1u << 20) + 1) == 22);
  CHECK(UlpHistogram::bucket_of(~std::uint64_t{0}) == 22);
  CHECK(UlpHistogram::label(3) == "3-4");
  CHECK(UlpHistogram::label(4) == "5-8");
  CHECK(UlpHistogram::label(12) == "1025-2048");
  CHECK(UlpHistogram::label(21) == "2^19+1-2^20");
  CHECK(UlpHistogram::label(22) == ">2^20");
  CHECK(UlpHistogram::label(UlpHistogram::kNonFiniteBucket) == "nan/inf");
}

TEST_CASE("bias statistics are sign-test z-scores", "[verdict]") {
  BiasStats b;
  b.toward_zero = 100;
  b.away_from_zero = 0;
  b.negative = 50;
  b.positive = 50;
  CHECK(b.toward_zero_fraction() == 1.0);
  CHECK(b.z_toward_zero() == 10.0);
  CHECK(b.z_negative() == 0.0);
  Verdict v;
  v.bias = b;
  CHECK(v.biased());
  v.bias.toward_zero = 70;  // 70 vs 30: z = 40/10 = 4 < 5
  v.bias.away_from_zero = 30;
  CHECK_FALSE(v.biased());
  v.bias = {};
  v.bias.negative = 60;  // too few errors to judge
  CHECK_FALSE(v.biased());
  v.bias.negative = 600;  // round-down: every error negative
  CHECK(v.biased());
}

namespace {

Verdict sample() {
  std::vector<float> g(256), c(256);
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = c[i] = static_cast<float>(i) * 0.25f - 3.0f;
  c[17] = std::nanf("");
  c[40] = HUGE_VALF;
  c[100] *= 2.0f;
  c[3] = -0.0f;
  g[3] = 0.0f;
  c[200] = std::nextafter(c[200], 1e9f);
  std::vector<double> ref(g.begin(), g.end());
  CompareOptions opt;
  opt.name = "y";
  opt.reference = TensorView(DType::kFloat64, {16, 16}, ref.data());
  return compare(TensorView(DType::kFloat32, {16, 16}, g.data()),
                 TensorView(DType::kFloat32, {16, 16}, c.data()), Policy{}.max_ulp(1), opt);
}

}  // namespace

TEST_CASE("the table is the failure message", "[verdict]") {
  const Verdict v = sample();
  const std::string t = v.table();
  INFO(t);
  CHECK_THAT(t, ContainsSubstring("FAIL y: float32 [16x16]"));
  CHECK_THAT(t, ContainsSubstring("mismatches     3 of 256"));
  CHECK_THAT(t, ContainsSubstring("nan/inf/+-0    1 / 1 / 1 mismatches"));
  CHECK_THAT(t, ContainsSubstring("max ulp"));
  CHECK_THAT(t, ContainsSubstring("[6, 4]"));  // element 100 holds the max abs error
  CHECK_THAT(t, ContainsSubstring("worst elements"));
  CHECK_THAT(t, ContainsSubstring("|cand-ref|"));
  CHECK_THAT(v.summary(), ContainsSubstring("FAIL y float32 [16x16]: 3 of 256 mismatches"));
  CHECK(v.max_abs.coords == Shape{6, 4});
}

TEST_CASE("verdicts round-trip through JSON, non-finite numbers as strings", "[verdict][json]") {
  const Verdict v = sample();
  const nlohmann::json j = v;
  CHECK(j["passed"] == false);
  CHECK(j["mismatches"] == 3);
  CHECK(j["histogram"].size() == UlpHistogram::kBuckets);
  CHECK(j["worst"][0]["golden"].is_number());
  bool has_nan_string = false;
  for (const auto& w : j["worst"]) has_nan_string |= w["candidate"] == "nan";
  CHECK(has_nan_string);
  const Verdict back = j.get<Verdict>();
  CHECK(nlohmann::json(back) == j);
  CHECK(back.table() == v.table());
  CHECK_THROWS_AS(nlohmann::json::parse(R"({"name": "y"})").get<Verdict>(), ConfigError);
}

TEST_CASE("worst elements: columns stay apart for the longest float32 values", "[verdict]") {
  // -2.35329566e-07 with its hex bits is wider than a fixed column; the next column must still
  // start after a gap, never glued to the closing parenthesis.
  // -1 vs 1e30: a 10-digit ULP distance, which must not run into the abs err column either.
  const std::vector<float> golden{-2.35329566e-07f, -1.0f};
  const std::vector<float> candidate{-9.53531753e-07f, 1e30f};
  const TensorView g(DType::kFloat32, {2}, golden.data());
  const TensorView c(DType::kFloat32, {2}, candidate.data());
  const std::string t = compare(g, c, Policy{}).table();
  CHECK_THAT(t, ContainsSubstring("worst elements"));
  for (const char* glued : {")-", ")9", ")0", ")1"}) CHECK_THAT(t, !ContainsSubstring(glued));
  CHECK(std::regex_search(t, std::regex("[0-9]{10}  +[0-9]")));
}
