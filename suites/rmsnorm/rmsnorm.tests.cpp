// rmsnorm equivalence cases: rows of 768, 1000, 4099 and 8192 elements in fp32, fp16 and bf16
// (fp32 accumulation), blocks of 96 and 160 threads (1.5 and 2.5 CDNA wavefronts), 128, 256 and
// 1024; the [wide] cases are rows of a LLaMA-70B-sized hidden state (8192) with the RMS of a
// residual stream (3), whose sum of squares (about 73700) is beyond fp16's range.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include <Eigen/Core>

#include "../common/error_budget.hpp"
#include "parity/case.hpp"
#include "rmsnorm.hpp"
#include "rmsnorm_reference.hpp"

namespace {

using suites::check_reference;
using suites::store_units;
using suites::underflow_slack;
using suites::within_budget;

template <class T>
void rmsnorm_case(int rows, int cols, int block, const parity::Distribution& distribution) {
  auto& run = parity::current_case();
  const float eps = 1e-6f;
  auto x = run.input<T>("x", {rows, cols}, distribution);
  auto gamma = run.input<T>("gamma", {cols}, parity::gen::normal(1.0, 0.25));
  auto y = run.output<T>("y", {rows, cols});
  auto rstd = run.output<float>("rstd", {rows});
  run.param("eps", eps);
  run.geometry({{"grid", rows}, {"block", block}});
  run.launch([&] {
    launch_rmsnorm(
        run.stream(),
        RmsNormArgs<T>{x.device(), gamma.device(), y.device(), rstd.device(), rows, cols, eps},
        block);
  });

  // L: each thread adds its ceil(cols / block) squares in a chain, then two butterflies: 5 + 5
  // levels on CUDA (32 lanes, 32 warp slots), 6 + 6 on a 64-lane wavefront. The bound takes the
  // deeper one, so it holds for either side.
  const std::int64_t depth = (cols + block - 1) / block + 12;
  const auto xs = parity::Case::values(x.view());
  const auto gs = parity::Case::values(gamma.view());
  const RmsNormReference ref =
      rmsnorm_reference(Eigen::Map<const RmsNormArray>(xs.data(), rows, cols),
                        Eigen::Map<const Eigen::ArrayXd>(gs.data(), cols), static_cast<double>(eps),
                        depth, store_units<T>());
  const parity::TensorView y_budget(parity::DType::kFloat64, {rows, cols}, ref.y_budget.data());
  const parity::TensorView rstd_budget(parity::DType::kFloat64, {rows}, ref.rstd_budget.data());

  // Against the golden: each side is within its bound of the exact result, so the two are
  // within twice the bound of each other. Not bitwise: the port's 64-lane trees round the sum
  // differently, and the vendors' rsqrtf differ in their last bits.
  run.check(rstd, within_budget(2.0), {.magnitude = rstd_budget});
  run.check(y, within_budget(2.0, underflow_slack<T>()), {.magnitude = y_budget});

  // Against the fp64 reference, each side on its own, with the bound itself.
  check_reference(ref.rstd.data(), ref.rstd_budget.data(), rstd.view(), 0.0, "rstd");
  check_reference(ref.y.data(), ref.y_budget.data(), y.view(), underflow_slack<T>(), "y");

  // The contract on its own: for any finite row, rstd is positive and at most 1 / sqrt(eps).
  // 0 means the mean square became inf (an accumulator overflowed), NaN or inf that it was
  // invalid or lost.
  const auto got = rstd.host();
  int broken = 0;
  std::ostringstream first;
  for (int r = 0; r < rows; ++r) {
    const double v = got[static_cast<std::size_t>(r)];
    if (!(v > 0.0 && v <= 1.0 / std::sqrt(static_cast<double>(eps)) * (1.0 + 0x1p-20))) {
      if (broken++ == 0) first << "row " << r << ": rstd = " << v;
    }
  }
  INFO("rstd: " << broken << " of " << rows
                << " rows outside (0, 1/sqrt(eps)], the sum of squares overflowed or was lost; "
                << (broken ? first.str() : std::string("none")));
  CHECK(broken == 0);
}

const parity::Distribution kActivations = parity::gen::normal(0.0, 1.0);
// A residual stream's hidden state: RMS 3.
const parity::Distribution kResidual = parity::gen::normal(0.0, 3.0);

}  // namespace

TEST_CASE("rmsnorm/f32/8x768/256", "[rmsnorm][f32]") {
  rmsnorm_case<float>(8, 768, 256, kActivations);
}
TEST_CASE("rmsnorm/f32/8x1000/96", "[rmsnorm][f32]") {
  rmsnorm_case<float>(8, 1000, 96, kActivations);
}
TEST_CASE("rmsnorm/f32/4x4099/160", "[rmsnorm][f32]") {
  rmsnorm_case<float>(4, 4099, 160, kActivations);
}
TEST_CASE("rmsnorm/f16/8x768/128", "[rmsnorm][f16]") {
  rmsnorm_case<parity::f16>(8, 768, 128, kActivations);
}
TEST_CASE("rmsnorm/f16/4x4099/96", "[rmsnorm][f16]") {
  rmsnorm_case<parity::f16>(4, 4099, 96, kActivations);
}
TEST_CASE("rmsnorm/f16/wide/4x8192/256", "[rmsnorm][f16][wide]") {
  rmsnorm_case<parity::f16>(4, 8192, 256, kResidual);
}
TEST_CASE("rmsnorm/bf16/8x1000/160", "[rmsnorm][bf16]") {
  rmsnorm_case<parity::bf16>(8, 1000, 160, kActivations);
}
TEST_CASE("rmsnorm/bf16/4x4099/1024", "[rmsnorm][bf16]") {
  rmsnorm_case<parity::bf16>(4, 4099, 1024, kActivations);
}
TEST_CASE("rmsnorm/bf16/wide/4x8192/256", "[rmsnorm][bf16][wide]") {
  rmsnorm_case<parity::bf16>(4, 8192, 256, kResidual);
}
