// scale through the vendor BLAS: one correctly rounded product per element on both sides.
#include <catch2/catch_test_macros.hpp>

#include "parity/case.hpp"
#include "scale_cublas.hpp"

TEST_CASE("scale_cublas/f32/4099", "[scale_cublas][f32]") {
  auto& run = parity::current_case();
  const int n = 4099;
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {n});
  run.launch([&] { launch_scale_cublas(run.stream(), 3.0f, x.device(), y.device(), n); });
  run.check(y, parity::Policy{});
}
