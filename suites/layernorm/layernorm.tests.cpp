// layernorm equivalence cases: rows of 768, 1000 and 4099 elements in fp32, fp16 and bf16 (fp32
// compute), blocks of 96 and 160 threads (1.5 and 2.5 CDNA wavefronts), 128, 256 and 1024, and
// rows whose mean is 1000 times their spread (the [large_mean] cases).
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include <Eigen/Core>

#include "../common/error_budget.hpp"
#include "layernorm.hpp"
#include "layernorm_reference.hpp"
#include "parity/case.hpp"

namespace {

using suites::check_reference;
using suites::store_units;
using suites::underflow_slack;
using suites::within_budget;

template <class T>
void layernorm_case(int rows, int cols, int block, const parity::Distribution& distribution) {
  auto& run = parity::current_case();
  const float eps = 1e-5f;
  auto x = run.input<T>("x", {rows, cols}, distribution);
  auto gamma = run.input<T>("gamma", {cols}, parity::gen::normal(1.0, 0.25));
  auto beta = run.input<T>("beta", {cols}, parity::gen::normal(0.0, 0.5));
  auto y = run.output<T>("y", {rows, cols});
  auto mean = run.output<float>("mean", {rows});
  auto rstd = run.output<float>("rstd", {rows});
  run.param("eps", eps);
  run.geometry({{"grid", rows}, {"block", block}});
  run.launch([&] {
    launch_layernorm(run.stream(),
                     LayerNormArgs<T>{x.device(), gamma.device(), beta.device(), y.device(),
                                      mean.device(), rstd.device(), rows, cols, eps},
                     block);
  });

  // L: each thread adds its ceil(cols / block) values in a chain, then two butterflies: 5 + 5
  // levels on CUDA (32 lanes, 32 warp slots), 6 + 6 on a 64-lane wavefront. The bound takes the
  // deeper one, so it holds for either side.
  const std::int64_t depth = (cols + block - 1) / block + 12;
  const auto xs = parity::Case::values(x.view());
  const auto gs = parity::Case::values(gamma.view());
  const auto bs = parity::Case::values(beta.view());
  const LayerNormReference ref =
      layernorm_reference(Eigen::Map<const LayerNormArray>(xs.data(), rows, cols),
                          Eigen::Map<const Eigen::ArrayXd>(gs.data(), cols),
                          Eigen::Map<const Eigen::ArrayXd>(bs.data(), cols),
                          static_cast<double>(eps), depth, store_units<T>());
  const parity::TensorView y_budget(parity::DType::kFloat64, {rows, cols}, ref.y_budget.data());
  const parity::TensorView mean_budget(parity::DType::kFloat64, {rows}, ref.mean_budget.data());
  const parity::TensorView rstd_budget(parity::DType::kFloat64, {rows}, ref.rstd_budget.data());

  // Against the golden: each side is within its bound of the exact result, so the two are
  // within twice the bound of each other. Not bitwise: the port's 64-lane trees round the sums
  // differently, and the vendors' rsqrtf differ in their last bits.
  run.check(mean, within_budget(2.0), {.magnitude = mean_budget});
  run.check(rstd, within_budget(2.0), {.magnitude = rstd_budget});
  run.check(y, within_budget(2.0, underflow_slack<T>()), {.magnitude = y_budget});

  // Against the fp64 reference, each side on its own, with the bound itself.
  check_reference(ref.mean.data(), ref.mean_budget.data(), mean.view(), 0.0, "mean");
  check_reference(ref.rstd.data(), ref.rstd_budget.data(), rstd.view(), 0.0, "rstd");
  check_reference(ref.y.data(), ref.y_budget.data(), y.view(), underflow_slack<T>(), "y");
}

// Activations: N(0, 1). Large mean: N(1000, 1), a row of one sign whose mean is 1000 times its
// spread (an un-centred feature, e.g. positions or raw sensor values).
const parity::Distribution kActivations = parity::gen::normal(0.0, 1.0);
const parity::Distribution kLargeMean = parity::gen::normal(1000.0, 1.0);

}  // namespace

TEST_CASE("layernorm/f32/8x768/256", "[layernorm][f32]") {
  layernorm_case<float>(8, 768, 256, kActivations);
}
TEST_CASE("layernorm/f32/8x1000/96", "[layernorm][f32]") {
  layernorm_case<float>(8, 1000, 96, kActivations);
}
TEST_CASE("layernorm/f32/4x4099/160", "[layernorm][f32]") {
  layernorm_case<float>(4, 4099, 160, kActivations);
}
TEST_CASE("layernorm/f32/large_mean/8x768/96", "[layernorm][f32][large_mean]") {
  layernorm_case<float>(8, 768, 96, kLargeMean);
}
TEST_CASE("layernorm/f32/large_mean/4x4099/256", "[layernorm][f32][large_mean]") {
  layernorm_case<float>(4, 4099, 256, kLargeMean);
}
TEST_CASE("layernorm/f16/8x768/128", "[layernorm][f16]") {
  layernorm_case<parity::f16>(8, 768, 128, kActivations);
}
TEST_CASE("layernorm/f16/4x4099/1024", "[layernorm][f16]") {
  layernorm_case<parity::f16>(4, 4099, 1024, kActivations);
}
TEST_CASE("layernorm/bf16/8x1000/160", "[layernorm][bf16]") {
  layernorm_case<parity::bf16>(8, 1000, 160, kActivations);
}
TEST_CASE("layernorm/bf16/4x4099/96", "[layernorm][bf16]") {
  layernorm_case<parity::bf16>(4, 4099, 96, kActivations);
}
