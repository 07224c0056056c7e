// softmax equivalence cases: rows of fp32, fp16 and bf16 logits (fp32 compute), long rows (4099,
// 30011: several elements per thread), short odd rows (7, 33, 100: one block of 32, 64 or 128
// threads, partly idle), and large logits (around 100, where exp overflows without the max
// subtraction).
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include <Eigen/Core>

#include "../common/error_budget.hpp"
#include "parity/case.hpp"
#include "softmax.hpp"
#include "softmax_reference.hpp"

namespace {

using suites::store_units;
using suites::underflow_slack;
using suites::within_budget;

template <class T>
void softmax_case(int rows, int cols, const parity::Distribution& distribution) {
  auto& run = parity::current_case();
  const int block = softmax_block(cols);
  auto x = run.input<T>("x", {rows, cols}, distribution);
  auto y = run.output<T>("y", {rows, cols});
  run.geometry({{"grid", rows}, {"block", block}});
  run.launch([&] { launch_softmax(run.stream(), x.device(), y.device(), rows, cols); });

  // L: each thread adds its ceil(cols / block) exponentials in a chain, then two butterflies:
  // 5 + 5 levels on CUDA (32 lanes, 32 warp slots), 6 + 6 on a 64-lane wavefront. The bound
  // takes the deeper one, so it holds for either side.
  const std::int64_t depth = (cols + block - 1) / block + 12;
  const auto xs = parity::Case::values(x.view());
  const SoftmaxReference ref = softmax_reference(
      Eigen::Map<const SoftmaxArray>(xs.data(), rows, cols), depth, store_units<T>());
  const parity::TensorView budget(parity::DType::kFloat64, {rows, cols}, ref.budget.data());

  // Against the golden: each side is within its bound of the exact softmax, so the two are
  // within twice the bound of each other. Not bitwise: the port's 64-lane trees round the row
  // sum differently, and on GPUs the two vendors' __expf differ in their last bits.
  run.check(y, within_budget(2.0, underflow_slack<T>()), {.magnitude = budget});

  // Against the fp64 reference, each side on its own, with the bound itself.
  const parity::TensorView exact(parity::DType::kFloat64, {rows, cols}, ref.y.data());
  const auto verdict = parity::compare(exact, y.view(), within_budget(1.0, underflow_slack<T>()),
                                       {.magnitude = budget, .name = "y vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);

  // The contract on its own: every row sums to 1, within the sum of its elements' bounds.
  const auto got = parity::Case::values(y.view());
  int bad_rows = 0;
  std::ostringstream first;
  for (int r = 0; r < rows; ++r) {
    double sum = 0.0;
    for (int c = 0; c < cols; ++c) sum += got[static_cast<std::size_t>(r) * cols + c];
    const double bound = 0x1p-24 * ref.budget.row(r).sum() + cols * underflow_slack<T>();
    if (!(std::abs(sum - 1.0) <= bound)) {
      if (bad_rows++ == 0) first << "row " << r << " sums to " << sum << " (bound " << bound << ")";
    }
  }
  INFO("y: " << bad_rows << " of " << rows << " rows do not sum to 1 within their bound; "
             << (bad_rows ? first.str() : std::string("none")));
  CHECK(bad_rows == 0);
}

// Logits as a classifier or an attention layer produces them: N(0, 3), so a row spans about
// +-10 and its largest terms dominate the sum.
const parity::Distribution kLogits = parity::gen::normal(0.0, 3.0);
// Large logits: N(100, 4). exp(x) overflows fp32 above 88.7, so only the max subtraction keeps
// these finite (the outputs themselves are ordinary probabilities).
const parity::Distribution kLarge = parity::gen::normal(100.0, 4.0);

}  // namespace

// Long rows: 1024 threads with 5 (4099) or 30 (30011) elements each.
TEST_CASE("softmax/f32/8x4099", "[softmax][f32]") {
  softmax_case<float>(8, 4099, kLogits);
}
TEST_CASE("softmax/f32/3x30011", "[softmax][f32]") {
  softmax_case<float>(3, 30011, kLogits);
}
// Short odd rows: 7 columns in a block of 32 (half a CDNA wavefront), 33 in a block of 64 (one
// CDNA wavefront, 31 idle threads).
TEST_CASE("softmax/f32/64x7", "[softmax][f32]") {
  softmax_case<float>(64, 7, kLogits);
}
TEST_CASE("softmax/f32/37x33", "[softmax][f32]") {
  softmax_case<float>(37, 33, kLogits);
}
TEST_CASE("softmax/f16/8x4099", "[softmax][f16]") {
  softmax_case<parity::f16>(8, 4099, kLogits);
}
// 100 columns: a block of 128, two wavefronts, the second one partly idle.
TEST_CASE("softmax/f16/19x100", "[softmax][f16]") {
  softmax_case<parity::f16>(19, 100, kLogits);
}
TEST_CASE("softmax/bf16/8x4099", "[softmax][bf16]") {
  softmax_case<parity::bf16>(8, 4099, kLogits);
}
TEST_CASE("softmax/bf16/2x30011", "[softmax][bf16]") {
  softmax_case<parity::bf16>(2, 30011, kLogits);
}
TEST_CASE("softmax/f32/large/16x1000", "[softmax][f32][large]") {
  softmax_case<float>(16, 1000, kLarge);
}
TEST_CASE("softmax/f16/large/16x1000", "[softmax][f16][large]") {
  softmax_case<parity::f16>(16, 1000, kLarge);
}
