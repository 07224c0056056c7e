// block_reduce equivalence cases: per-block fp32 sums of f32 or f16 inputs.
#include <catch2/catch_test_macros.hpp>

#include <bit>
#include <cmath>
#include <string>

#include <Eigen/Core>

#include "block_reduce.hpp"
#include "block_reduce_reference.hpp"
#include "parity/case.hpp"

namespace {

template <class T>
void block_reduce_case(int n, int grid, int block) {
  auto& run = parity::current_case();
  auto x = run.input<T>("x", {n}, parity::gen::normal(0.5, 1.0));
  auto sums = run.output<float>("block_sums", {grid});
  run.geometry({{"grid", grid}, {"block", block}});
  run.launch([&] { launch_block_reduce(run.stream(), x.device(), sums.device(), n, grid, block); });

  const auto xs = parity::Case::values(x.view());
  const auto ref = block_reduce_reference(
      Eigen::Map<const Eigen::ArrayXd>(xs.data(), static_cast<Eigen::Index>(xs.size())), grid,
      block);
  const parity::TensorView magnitude(parity::DType::kFloat64, {grid}, ref.magnitudes.data());
  const parity::TensorView reference(parity::DType::kFloat64, {grid}, ref.sums.data());

  // Error analysis. Each thread adds its grid-stride terms one by one (at most
  // ceil(terms / block) of them), then a shuffle tree over the warp and another over the warp
  // sums adds at most log2(block) + 1 more levels, whatever the warp width. Every partial sum is
  // rounded to fp32 once per level, so each backend's block sum is within gamma_L * sum|x_i| of
  // the exact sum with L = per-thread terms + ceil(log2(block)) + 1 (Higham, Sec. 4.2, for any
  // summation order); two backends are within twice that of each other.
  const long per_thread = (ref.max_terms + block - 1) / block;
  const long levels = per_thread + static_cast<long>(std::bit_width(unsigned(block - 1))) + 1;
  run.check(sums, parity::Policy{}.reduction_bound(levels, parity::DType::kFloat32, 2.0),
            {.magnitude = magnitude});

  const auto exact = parity::compare(
      reference, sums.view(), parity::Policy{}.reduction_bound(levels, parity::DType::kFloat32),
      {.magnitude = magnitude, .name = "block_sums vs fp64 reference"});
  INFO(exact.table());
  CHECK(exact.passed);
}

}  // namespace

// Block sizes: one wavefront of 64, 96 (one and a half wavefronts: a partial wave64), 256 and
// 1024 (32 warps of 32 fill the shared array exactly); lengths that are not multiples of any.
TEST_CASE("block_reduce/f32/100003/64x64", "[block_reduce][f32]") {
  block_reduce_case<float>(100003, 64, 64);
}
TEST_CASE("block_reduce/f32/4097/7x96", "[block_reduce][f32]") {
  block_reduce_case<float>(4097, 7, 96);
}
TEST_CASE("block_reduce/f32/1000001/40x1024", "[block_reduce][f32]") {
  block_reduce_case<float>(1000001, 40, 1024);
}
TEST_CASE("block_reduce/f16/100003/64x256", "[block_reduce][f16]") {
  block_reduce_case<parity::f16>(100003, 64, 256);
}
TEST_CASE("block_reduce/f16/4097/7x96", "[block_reduce][f16]") {
  block_reduce_case<parity::f16>(4097, 7, 96);
}
