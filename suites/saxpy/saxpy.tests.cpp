// saxpy equivalence cases: the same source for every backend.
#include <catch2/catch_test_macros.hpp>

#include <Eigen/Core>

#include "parity/case.hpp"
#include "saxpy.hpp"
#include "saxpy_reference.hpp"

namespace {

Eigen::Map<const Eigen::ArrayXd> as_array(const std::vector<double>& v) {
  return {v.data(), static_cast<Eigen::Index>(v.size())};
}

template <class T>
void saxpy_case(int n) {
  auto& run = parity::current_case();  // backend, mode (capture or verify), golden file
  const float a = 2.5f;
  auto x = run.input<T>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.input<T>("y", {n}, parity::gen::uniform(-4.0, 4.0));
  auto out = run.output<T>("out", {n});  // pre-filled with a NaN sentinel
  run.param("a", a);
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] { launch_saxpy(run.stream(), a, x.device(), y.device(), out.device(), n); });

  // Judge against the golden (capture: stage it), then against the fp64 reference, which holds
  // in every mode: a wrong CUDA original is caught before its output becomes a golden.
  const auto xs = parity::Case::values(x.view());
  const auto ys = parity::Case::values(y.view());
  const Eigen::ArrayXd ref = saxpy_reference(a, as_array(xs), as_array(ys));
  const parity::TensorView ref_view(parity::DType::kFloat64, {n}, ref.data());
  if constexpr (std::is_same_v<T, float>) {
    // nvcc contracts a*x + y into one fma (one rounding); a host compiler or another GPU
    // compiler may round the product first. Either result is within gamma_2 * (|a x| + |y|) of
    // the exact value, so two of them are within 2 * gamma_2 * (|a x| + |y|) of each other.
    const Eigen::ArrayXd magnitude = (double(a) * as_array(xs)).abs() + as_array(ys).abs();
    const parity::TensorView m(parity::DType::kFloat64, {n}, magnitude.data());
    run.check(out, parity::Policy{}.reduction_bound(2, parity::DType::kFloat32, 2.0),
              {.magnitude = m});
    const auto exact = parity::compare(ref_view, out.view(),
                                       parity::Policy{}.reduction_bound(2, parity::DType::kFloat32),
                                       {.magnitude = m, .name = "out vs fp64 reference"});
    INFO(exact.table());
    CHECK(exact.passed);
  } else {
    // fp32 arithmetic, one rounding to fp16 at the end: the two fp32 values differ by far less
    // than an fp16 ulp, so the fp16 results are equal or adjacent (they straddle a rounding
    // boundary): at most 1 ulp, from each other and from the exact value.
    run.check(out, parity::policy::for_dtype<T>().max_ulp(1));
    const auto exact = parity::compare(ref_view, out.view(), parity::Policy{}.max_ulp(1),
                                       {.name = "out vs fp64 reference"});
    INFO(exact.table());
    CHECK(exact.passed);
  }
}

}  // namespace

// Sizes are deliberately not multiples of the 256-thread block or of either warp width.
TEST_CASE("saxpy/f32/4099", "[saxpy][f32]") {
  saxpy_case<float>(4099);
}
TEST_CASE("saxpy/f32/262147", "[saxpy][f32]") {
  saxpy_case<float>(262147);
}
TEST_CASE("saxpy/f16/4099", "[saxpy][f16]") {
  saxpy_case<parity::f16>(4099);
}
TEST_CASE("saxpy/f16/262147", "[saxpy][f16]") {
  saxpy_case<parity::f16>(262147);
}
