// scale equivalence cases: one source, built for every backend by parity_add_suite.
#include <catch2/catch_test_macros.hpp>

#include "parity/case.hpp"
#include "scale.hpp"

namespace {

void scale_case(int n) {
  auto& run = parity::current_case();  // backend, mode (capture or verify), golden file
  const float alpha = 3.0f;
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {n});  // pre-filled with a NaN sentinel
  run.param("alpha", alpha);
  run.launch([&] { launch_scale(run.stream(), alpha, x.device(), y.device(), n); });
  // One correctly rounded product on either side: the port must be bit-identical.
  run.check(y, parity::Policy{});
}

}  // namespace

// Neither size is a multiple of the 256-thread block: the tail is where ports go wrong.
TEST_CASE("scale/f32/1000", "[scale][f32]") {
  scale_case(1000);
}
TEST_CASE("scale/f32/4099", "[scale][f32]") {
  scale_case(4099);
}
