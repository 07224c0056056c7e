// fp_atomics equivalence cases: float scatter-add through global atomics, and a privatized
// histogram (integer counts, float sums) through shared and global atomics. The inputs are
// larger than 1 MiB, so the goldens store them as recipes and hold only the bins.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "fp_atomics.hpp"
#include "fp_atomics_reference.hpp"
#include "parity/case.hpp"

namespace {

// Float atomics add in an order no one controls: CUDA's and HIP's orders differ, and each
// changes from run to run. A sum of m terms in any order (any summation tree whose depth is at
// most L) is within gamma_L * sum|x| of the exact sum (Higham, Sec. 4.2), so two such sums are
// within 2 * gamma_L * sum|x| of each other. The determinism envelope (capture with
// --parity-repeat N) widens the slack to the spread the original showed, which the bound
// already covers; it is recorded so that a GPU run shows how nondeterministic the sum is.
parity::Policy any_order_sum(std::int64_t depth, double factor) {
  return parity::Policy{}.reduction_bound(depth, parity::DType::kFloat32, factor);
}

void check_against_reference(const std::vector<double>& reference,
                             const std::vector<double>& magnitude, const parity::TensorView& out,
                             std::int64_t depth, const std::string& name) {
  const auto shape = out.shape();
  const parity::TensorView ref(parity::DType::kFloat64, shape, reference.data());
  const parity::TensorView mag(parity::DType::kFloat64, shape, magnitude.data());
  const auto verdict = parity::compare(ref, out, any_order_sum(depth, 1.0),
                                       {.magnitude = mag, .name = name + " vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

void scatter_add_case(int n, int bins) {
  auto& run = parity::current_case();
  auto w = run.input<float>("w", {n}, parity::gen::normal(0.0, 1.0));
  auto bin = run.input<std::int32_t>("bin", {n}, parity::gen::uniform_int(0, bins - 1));
  auto out = run.output<float>("out", {bins});
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch(
      [&] { launch_scatter_add(run.stream(), w.device(), bin.device(), n, out.device(), bins); });

  const auto ws = parity::Case::values(w.view());
  const auto bs = bin.host();
  const auto ref = binned_reference(ws, std::vector<int>(bs.begin(), bs.end()), bins);
  const parity::TensorView magnitude(parity::DType::kFloat64, {bins}, ref.magnitudes.data());
  // out[b] starts at 0 (exact) and takes one rounded addition per term: a chain of depth
  // count_b <= max_count, in whatever order the atomics run.
  run.check(out, any_order_sum(ref.max_count, 2.0), {.magnitude = magnitude, .use_envelope = true});
  check_against_reference(ref.sums, ref.magnitudes, out.view(), ref.max_count, "out");
}

void histogram_case(int n, int bins, int grid, int block) {
  auto& run = parity::current_case();
  const float lo = -4.0f;
  const float width = 8.0f / static_cast<float>(bins);
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.5));
  auto counts = run.output<std::uint32_t>("counts", {bins});
  auto sums = run.output<float>("sums", {bins});
  run.param("lo", lo);
  run.param("width", width);
  run.geometry({{"grid", grid}, {"block", block}});
  run.launch([&] {
    launch_histogram(run.stream(), x.device(), n, lo, width, bins, counts.device(), sums.device(),
                     grid, block);
  });

  const auto xs = x.host();
  std::vector<int> bin_of(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) bin_of[i] = histogram_bin(xs[i], lo, width, bins);
  const auto ref = binned_reference(parity::Case::values(x.view()), bin_of, bins);
  const parity::TensorView magnitude(parity::DType::kFloat64, {bins}, ref.magnitudes.data());
  // Integer atomics are exact in any order, and the bins are computed identically on both sides.
  run.check(counts, parity::Policy{});
  // A bin's sum is a tree: each block adds its terms into a shared 0 (at most count_b of them),
  // then up to `grid` block sums are added into the global 0. No term goes through more than
  // count_b + grid roundings.
  const std::int64_t depth = ref.max_count + grid;
  run.check(sums, any_order_sum(depth, 2.0), {.magnitude = magnitude, .use_envelope = true});

  {
    const parity::TensorView expected(parity::DType::kUInt32, {bins}, ref.counts.data());
    const auto exact =
        parity::compare(expected, counts.view(), parity::Policy{}, {.name = "counts vs reference"});
    INFO(exact.table());
    CHECK(exact.passed);
  }
  check_against_reference(ref.sums, ref.magnitudes, sums.view(), depth, "sums");
  // Every element lands in exactly one bin.
  const auto got = counts.host();
  const auto total = std::accumulate(got.begin(), got.end(), std::int64_t{0});
  INFO("the counts add up to " << total << " of n = " << n);
  CHECK(total == n);
}

}  // namespace

// Bins: many (about 300 terms each) and few (7: about 37000 terms each, heavy contention).
// Lengths are not multiples of the 256-thread block.
TEST_CASE("fp_atomics/scatter_add/f32/300007/1000", "[fp_atomics][scatter_add][f32]") {
  scatter_add_case(300007, 1000);
}
TEST_CASE("fp_atomics/scatter_add/f32/262147/7", "[fp_atomics][scatter_add][f32]") {
  scatter_add_case(262147, 7);
}
// Histograms: 256 bins with one bin per thread, and 1000 bins over 96-thread blocks (each thread
// clears and merges several bins).
TEST_CASE("fp_atomics/histogram/f32/300007/256/64x256", "[fp_atomics][histogram][f32]") {
  histogram_case(300007, 256, 64, 256);
}
TEST_CASE("fp_atomics/histogram/f32/262147/1000/40x96", "[fp_atomics][histogram][f32]") {
  histogram_case(262147, 1000, 40, 96);
}
