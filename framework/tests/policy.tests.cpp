// Policy: setters and validation, describe(), and the JSON round trip golden files rely on.
// (Each knob's must-fail case against real tensors is in compare.tests.cpp.)
#include "parity/policy.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;

TEST_CASE("a default policy is exact", "[policy]") {
  const Policy p;
  CHECK(p.is_exact());
  CHECK_FALSE(p.max_ulp().has_value());
  CHECK(p.atol() == 0.0);
  CHECK(p.nan_equal());
  CHECK_FALSE(p.signed_zero());
  CHECK(p.allowed_mismatches(1000000) == 0);
  CHECK_THAT(p.describe(), ContainsSubstring("exact") && ContainsSubstring("NaN==NaN") &&
                               ContainsSubstring("0 mismatches allowed"));
}

TEST_CASE("setters chain and getters read back", "[policy]") {
  const Policy p = Policy{}
                       .max_ulp(4)
                       .atol(1e-5)
                       .rtol(1e-3)
                       .combine(Combine::kAll)
                       .nan_equal(false)
                       .signed_zero(true)
                       .denormals_as_zero(true)
                       .max_mismatches(3)
                       .max_mismatch_fraction(0.01)
                       .bias_check(true);
  CHECK(p.max_ulp() == 4u);
  CHECK(p.atol() == 1e-5);
  CHECK(p.rtol() == 1e-3);
  CHECK(p.combine() == Combine::kAll);
  CHECK_FALSE(p.nan_equal());
  CHECK(p.signed_zero());
  CHECK(p.denormals_as_zero());
  CHECK(p.bias_check());
  CHECK_FALSE(p.is_exact());
  // max(3, floor(0.01 * n))
  CHECK(p.allowed_mismatches(100) == 3);
  CHECK(p.allowed_mismatches(1000) == 10);
  CHECK(p.allowed_mismatches(1099) == 10);
  CHECK_THAT(p.describe(), ContainsSubstring("max_ulp 4 and |d| <= 1e-05 + 0.001*|golden| (all)") &&
                               ContainsSubstring("NaN!=NaN") && ContainsSubstring("+-0 differ") &&
                               ContainsSubstring("denormals as zero") &&
                               ContainsSubstring("biased"));
}

TEST_CASE("out-of-range settings are rejected with the value named", "[policy]") {
  CHECK_THROWS_AS(Policy{}.atol(-1.0), UsageError);
  CHECK_THROWS_AS(Policy{}.atol(NAN), UsageError);
  CHECK_THROWS_AS(Policy{}.rtol(INFINITY), UsageError);
  CHECK_THROWS_AS(Policy{}.max_mismatches(-1), UsageError);
  CHECK_THROWS_AS(Policy{}.max_mismatch_fraction(1.5), UsageError);
  CHECK_THROWS_AS(Policy{}.reduction_bound(0, DType::kFloat32), UsageError);
  CHECK_THROWS_AS(Policy{}.reduction_bound(10, DType::kInt32), UsageError);
  CHECK_THROWS_AS(Policy{}.reduction_bound(256, DType::kBFloat16), UsageError);  // n*u = 1
  CHECK_THROWS_WITH(Policy{}.atol(-2.0), ContainsSubstring("atol") && ContainsSubstring("-2"));
}

TEST_CASE("error models describe themselves", "[policy]") {
  CHECK_THAT(Policy{}.reference_relative(2).atol(1e-6).describe(),
             ContainsSubstring("|cand-ref| <= 2*|golden-ref| + 1e-06"));
  CHECK_THAT(Policy{}.reference_relative_max(3).describe(),
             ContainsSubstring("max|cand-ref| <= 3*max|golden-ref|"));
  const Policy r = Policy{}.reduction_bound(4096, DType::kFloat32);
  CHECK_THAT(r.describe(), ContainsSubstring("gamma_4096(float32)*sum|x|"));
  const double nu = 4096 * std::ldexp(1.0, -24);
  CHECK(r.gamma() == nu / (1 - nu));
  CHECK(r.needs_magnitude());
  CHECK(Policy{}.reference_relative().needs_reference());
  CHECK(Policy{}.reference_relative().elementwise().model() == ErrorModel::kElementwise);
}

TEST_CASE("policies round-trip through JSON", "[policy][json]") {
  const Policy policies[] = {
      Policy{},
      Policy{}.max_ulp(2).atol(0x1p-17),
      Policy{}.rtol(1e-3).combine(Combine::kAll).nan_equal(false).signed_zero(true),
      Policy{}.denormals_as_zero(true).max_mismatches(7).max_mismatch_fraction(1e-4),
      Policy{}.bias_check(true).add_note("tolerances.toml:3: gfx942 expf"),
      Policy{}.reference_relative(2.5).atol(1e-5),
      Policy{}.reference_relative_max(3.0),
      Policy{}.reduction_bound(64, DType::kBFloat16, 2.0).atol(1e-3),
  };
  for (const auto& p : policies) {
    const nlohmann::json j = p;
    const Policy back = j.get<Policy>();
    INFO(j.dump());
    CHECK(back == p);
    CHECK(nlohmann::json(back) == j);
  }
  CHECK(nlohmann::json(Policy{}.max_ulp(3))["max_ulp"] == 3);
  CHECK(nlohmann::json(Policy{})["max_ulp"].is_null());
}

TEST_CASE("JSON with an unknown key or a wrong type is a ConfigError naming the key",
          "[policy][json]") {
  using nlohmann::json;
  CHECK(json::parse(R"({"max_ulp": 4})").get<Policy>().max_ulp() == 4u);
  CHECK_THROWS_MATCHES(json::parse(R"({"max_ulps": 4})").get<Policy>(), ConfigError,
                       Catch::Matchers::MessageMatches(ContainsSubstring("max_ulps")));
  CHECK_THROWS_MATCHES(json::parse(R"({"atol": "1e-5"})").get<Policy>(), ConfigError,
                       Catch::Matchers::MessageMatches(ContainsSubstring("atol")));
  CHECK_THROWS_AS(json::parse(R"({"max_ulp": -1})").get<Policy>(), ConfigError);
  CHECK_THROWS_AS(json::parse(R"({"combine": "some"})").get<Policy>(), ConfigError);
  CHECK_THROWS_AS(json::parse(R"({"model": "fancy"})").get<Policy>(), ConfigError);
  CHECK_THROWS_AS(json::parse(R"({"max_mismatch_fraction": 2})").get<Policy>(), ConfigError);
  CHECK_THROWS_AS(json::parse(R"([1, 2])").get<Policy>(), ConfigError);
  const Policy r = json::parse(R"({"model": "reduction_bound", "reduction_length": 64,
                                   "accumulation": "float16", "factor": 2})")
                       .get<Policy>();
  CHECK(r.model() == ErrorModel::kReductionBound);
  CHECK(r.reduction_length() == 64);
  CHECK(r.accumulation() == DType::kFloat16);
  CHECK(r.factor() == 2.0);
}
