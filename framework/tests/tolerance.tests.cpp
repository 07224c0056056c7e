// The defaults table and the unit-roundoff / gamma_n helpers. Oracles: numeric_limits epsilons
// and the formulas written out here.
#include "parity/tolerance.hpp"

#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <limits>
#include <set>

#include "parity/compare.hpp"
#include "parity/error.hpp"

using namespace parity;

TEST_CASE("every dtype has exactly one default row with a derivation", "[tolerance]") {
  std::set<DType> seen;
  for (const auto& row : tolerance_defaults()) {
    CHECK(seen.insert(row.dtype).second);
    CHECK_FALSE(row.derivation.empty());
    CHECK(default_policy(row.dtype) == row.policy);
  }
  for (DType d : all_dtypes()) CHECK(seen.count(d) == 1);
}

TEST_CASE("the defaults: exact for integers, ULP-or-atol for floats", "[tolerance]") {
  for (DType d : {DType::kInt8, DType::kInt32, DType::kUInt64, DType::kBool, DType::kFloat8E8M0FNU})
    CHECK(default_policy(d).is_exact());
  const Policy f32 = default_policy(DType::kFloat32);
  CHECK(f32.max_ulp() == 8u);
  CHECK(f32.atol() == std::ldexp(1.0, -17));
  CHECK(f32.combine() == Combine::kAny);
  CHECK(default_policy(DType::kFloat16).max_ulp() == 2u);
  CHECK(default_policy(DType::kBFloat16).max_ulp() == 2u);
  CHECK(default_policy(DType::kFloat8E4M3FNUZ).max_ulp() == 1u);
  CHECK(default_policy(DType::kComplex64) == f32);
  CHECK(policy::for_dtype<float>() == f32);
  CHECK(policy::for_dtype<f16>().max_ulp(4).max_ulp() == 4u);
  // Across formats: the coarser grid's row.
  CHECK(default_policy(DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ) ==
        default_policy(DType::kFloat8E4M3FN));
  CHECK(default_policy(DType::kFloat16, DType::kBFloat16) == default_policy(DType::kBFloat16));
}

TEST_CASE("the float32 default accepts 8 ULPs and rejects 9", "[tolerance]") {
  // At 1000 one ULP is 2^-14, so 9 ULPs (5.5e-4) are far beyond the 2^-17 atol.
  std::vector<float> g = {1000.0f}, c8 = {1000.0f}, c9 = {1000.0f};
  for (int i = 0; i < 8; ++i) c8[0] = std::nextafter(c8[0], 2000.0f);
  c9[0] = std::nextafter(c8[0], 2000.0f);
  const TensorView gv(DType::kFloat32, {1}, g.data());
  CHECK(compare(gv, TensorView(DType::kFloat32, {1}, c8.data()), default_policy(DType::kFloat32))
            .passed);
  CHECK_FALSE(
      compare(gv, TensorView(DType::kFloat32, {1}, c9.data()), default_policy(DType::kFloat32))
          .passed);
}

TEST_CASE("unit roundoff is half the machine epsilon", "[tolerance]") {
  CHECK(unit_roundoff(DType::kFloat32) == std::numeric_limits<float>::epsilon() / 2);
  CHECK(unit_roundoff(DType::kFloat64) == std::numeric_limits<double>::epsilon() / 2);
  CHECK(unit_roundoff(DType::kFloat16) == std::ldexp(1.0, -11));
  CHECK(unit_roundoff(DType::kBFloat16) == std::ldexp(1.0, -8));
  CHECK(unit_roundoff(DType::kFloat8E4M3FN) == std::ldexp(1.0, -4));
  CHECK_THROWS_AS(unit_roundoff(DType::kInt32), UsageError);
}

TEST_CASE("gamma_n = n u / (1 - n u)", "[tolerance]") {
  const double u = std::ldexp(1.0, -24);
  CHECK(gamma(1, DType::kFloat32) == u / (1 - u));
  CHECK(gamma(4096, DType::kFloat32) == 4096 * u / (1 - 4096 * u));
  CHECK(gamma(0, DType::kFloat32) == 0.0);
  CHECK(gamma(255, DType::kBFloat16) == 255.0 / 256 / (1 - 255.0 / 256));
  CHECK_THROWS_AS(gamma(256, DType::kBFloat16), UsageError);
  CHECK_THROWS_AS(gamma(-1, DType::kFloat32), UsageError);
}
