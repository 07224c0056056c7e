// warp_reduce equivalence cases: segment (width 32) and block (default width) sum, max and
// argmax of f32, f16 (fp32 accumulation) and int32 inputs.
#include <catch2/catch_test_macros.hpp>

#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>

#include <Eigen/Core>

#include "parity/case.hpp"
#include "warp_reduce.hpp"
#include "warp_reduce_reference.hpp"

namespace {

template <class T>
using AccOf = std::conditional_t<std::is_same_v<T, std::int32_t>, std::int32_t, float>;

// Judges `out` against the fp64 reference: the check that holds in every mode, so a wrong CUDA
// original is caught before its output becomes a golden. Integer outputs are compared with the
// reference converted to int32 (its values are integers), since integers compare only exactly.
template <class Derived>
void check_reference(const Eigen::DenseBase<Derived>& reference, const parity::TensorView& out,
                     const parity::Policy& policy, const std::string& name,
                     const parity::CompareOptions& options = {}) {
  parity::CompareOptions named = options;
  named.name = name + " vs fp64 reference";
  const Eigen::ArrayXd values = reference.derived().template cast<double>();
  const Eigen::ArrayXi indices = values.template cast<int>();
  const parity::TensorView ref =
      out.dtype() == parity::DType::kInt32
          ? parity::TensorView(parity::DType::kInt32, out.shape(), indices.data())
          : parity::TensorView(parity::DType::kFloat64, out.shape(), values.data());
  const auto verdict = parity::compare(ref, out, policy, named);
  INFO(verdict.table());
  CHECK(verdict.passed);
}

template <class T>
void warp_reduce_case(int n, int block, const parity::Distribution& distribution) {
  using Acc = AccOf<T>;
  constexpr bool kFloat = std::is_same_v<Acc, float>;
  auto& run = parity::current_case();
  const int grid = (n + block - 1) / block;
  auto x = run.input<T>("x", {n}, distribution);
  auto seg_sum = run.output<Acc>("seg_sum", {n});
  auto seg_max = run.output<Acc>("seg_max", {n});
  auto seg_argmax = run.output<std::int32_t>("seg_argmax", {n});
  auto block_sum = run.output<Acc>("block_sum", {grid});
  auto block_max = run.output<Acc>("block_max", {grid});
  auto block_argmax = run.output<std::int32_t>("block_argmax", {grid});
  run.geometry({{"grid", grid}, {"block", block}});
  run.launch([&] {
    launch_warp_reduce(
        run.stream(), x.device(), n, block,
        WarpReduceOutputs<Acc>{seg_sum.device(), seg_max.device(), seg_argmax.device(),
                               block_sum.device(), block_max.device(), block_argmax.device()});
  });

  // Against the golden, every output is exact. The port combines the same values in the same
  // order as the original: the segment trees are the same 5 levels (offsets 16..1, width 32 on
  // both sides), and the block stage reduces the same <= 32 segment results with the same
  // offsets 16..1 (a wave64 adds one level of identity elements first: x + 0 and max(x, -inf)
  // are exact). fp32 addition is correctly rounded on every GPU and nothing can be contracted
  // into an FMA, so the sums are bit-identical; max and argmax are selections, exact anyway.
  for (auto* out : {&seg_sum, &seg_max, &block_sum, &block_max}) run.check(*out, parity::Policy{});
  run.check(seg_argmax, parity::Policy{});
  run.check(block_argmax, parity::Policy{});

  const auto xs = parity::Case::values(x.view());
  const auto ref = warp_reduce_reference(
      Eigen::Map<const Eigen::ArrayXd>(xs.data(), static_cast<Eigen::Index>(xs.size())), block);
  const parity::TensorView seg_mag(parity::DType::kFloat64, {n}, ref.seg_magnitude.data());
  const parity::TensorView block_mag(parity::DType::kFloat64, {grid}, ref.block_magnitude.data());
  if constexpr (kFloat) {
    // A tree sum of depth L has error <= gamma_L * sum|x_i| (Higham, Sec. 4.2, applied to the
    // tree: every term passes through at most L roundings). Segments: L = log2(32) = 5. Blocks:
    // 5 more levels at most, log2 of the segment count rounded up.
    const int segments = (block + 31) / 32;
    const long block_levels = 5 + static_cast<long>(std::bit_width(unsigned(segments - 1)));
    check_reference(ref.seg_sum, seg_sum.view(),
                    parity::Policy{}.reduction_bound(5, parity::DType::kFloat32), "seg_sum",
                    {.magnitude = seg_mag});
    check_reference(ref.block_sum, block_sum.view(),
                    parity::Policy{}.reduction_bound(block_levels, parity::DType::kFloat32),
                    "block_sum", {.magnitude = block_mag});
  } else {
    // int32 sums of at most 1024 terms of magnitude <= 40: no overflow, exact.
    check_reference(ref.seg_sum, seg_sum.view(), parity::Policy{}, "seg_sum");
    check_reference(ref.block_sum, block_sum.view(), parity::Policy{}, "block_sum");
  }
  // The maxima are input values (f16 ones are exact in fp32) and the argmax is an index: exact.
  check_reference(ref.seg_max, seg_max.view(), parity::Policy{}, "seg_max");
  check_reference(ref.block_max, block_max.view(), parity::Policy{}, "block_max");
  check_reference(ref.seg_argmax, seg_argmax.view(), parity::Policy{}, "seg_argmax");
  check_reference(ref.block_argmax, block_argmax.view(), parity::Policy{}, "block_argmax");
}

// int32 inputs from a narrow range: the maximum is tied in about one segment in ten and in most
// blocks of 256 or 1000, so the tie rule (smallest index wins) is exercised.
const parity::Distribution kTies = parity::gen::uniform_int(-40, 40);

}  // namespace

// Block sizes: one CUDA warp (a half wavefront on CDNA), one wavefront, 96 (a partial wavefront),
// 256, and 1000 (a partial warp of 8 lanes and a partial wavefront of 40); the length 4099 is not a
// multiple of any of them.
TEST_CASE("warp_reduce/f32/4099/32", "[warp_reduce][f32]") {
  warp_reduce_case<float>(4099, 32, parity::gen::normal(0.5, 1.0));
}
TEST_CASE("warp_reduce/f32/4099/64", "[warp_reduce][f32]") {
  warp_reduce_case<float>(4099, 64, parity::gen::normal(0.5, 1.0));
}
TEST_CASE("warp_reduce/f32/4099/96", "[warp_reduce][f32]") {
  warp_reduce_case<float>(4099, 96, parity::gen::normal(0.5, 1.0));
}
TEST_CASE("warp_reduce/f32/4099/256", "[warp_reduce][f32]") {
  warp_reduce_case<float>(4099, 256, parity::gen::normal(0.5, 1.0));
}
TEST_CASE("warp_reduce/f32/4099/1000", "[warp_reduce][f32]") {
  warp_reduce_case<float>(4099, 1000, parity::gen::normal(0.5, 1.0));
}
TEST_CASE("warp_reduce/f16/4099/64", "[warp_reduce][f16]") {
  warp_reduce_case<parity::f16>(4099, 64, parity::gen::normal(0.0, 2.0));
}
TEST_CASE("warp_reduce/f16/2053/96", "[warp_reduce][f16]") {
  warp_reduce_case<parity::f16>(2053, 96, parity::gen::normal(0.0, 2.0));
}
TEST_CASE("warp_reduce/f16/4099/1000", "[warp_reduce][f16]") {
  warp_reduce_case<parity::f16>(4099, 1000, parity::gen::normal(0.0, 2.0));
}
TEST_CASE("warp_reduce/i32/4099/32", "[warp_reduce][i32]") {
  warp_reduce_case<std::int32_t>(4099, 32, kTies);
}
TEST_CASE("warp_reduce/i32/4099/96", "[warp_reduce][i32]") {
  warp_reduce_case<std::int32_t>(4099, 96, kTies);
}
TEST_CASE("warp_reduce/i32/4099/256", "[warp_reduce][i32]") {
  warp_reduce_case<std::int32_t>(4099, 256, kTies);
}
TEST_CASE("warp_reduce/i32/4099/1000", "[warp_reduce][i32]") {
  warp_reduce_case<std::int32_t>(4099, 1000, kTies);
}
