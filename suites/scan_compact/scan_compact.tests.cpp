// scan_compact equivalence cases: block scans of int32 and stable partitions (stream compaction)
// of int32 and f32. Every output is an integer or a copied value: all are judged exactly.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

#include "parity/case.hpp"
#include "scan_compact.hpp"
#include "scan_compact_reference.hpp"

namespace {

// Judges `out` against the sequential reference (converted to the output's dtype; integers
// compare only with integers): the check that holds in every mode, so a wrong CUDA original is
// caught before its output becomes a golden.
template <class T, class R>
void check_reference(const std::vector<R>& reference, const parity::TensorView& out,
                     const std::string& name) {
  std::vector<T> expected(reference.size());
  std::transform(reference.begin(), reference.end(), expected.begin(),
                 [](R v) { return static_cast<T>(v); });
  const parity::TensorView ref(parity::dtype_of<T>, out.shape(), expected.data());
  const auto verdict =
      parity::compare(ref, out, parity::Policy{}, {.name = name + " vs reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

void block_scan_case(int n, int block) {
  auto& run = parity::current_case();
  const int grid = (n + block - 1) / block;
  auto x = run.input<std::int32_t>("x", {n}, parity::gen::uniform_int(-1000, 1000));
  auto y = run.output<std::int32_t>("y", {n});
  auto totals = run.output<std::int32_t>("block_totals", {grid});
  run.geometry({{"grid", grid}, {"block", block}});
  run.launch(
      [&] { launch_block_scan(run.stream(), x.device(), y.device(), totals.device(), n, block); });
  // Integer sums (at most 1024 terms of magnitude <= 1000: no overflow) are exact in any order:
  // the port's 64-lane grouping must give the original's numbers bit for bit.
  run.check(y, parity::Policy{});
  run.check(totals, parity::Policy{});

  const auto ref = block_scan_reference(parity::Case::values(x.view()), block);
  check_reference<std::int32_t>(ref.y, y.view(), "y");
  check_reference<std::int32_t>(ref.block_totals, totals.view(), "block_totals");
}

template <class T>
void partition_case(int n, int block, const parity::Distribution& distribution, T threshold) {
  auto& run = parity::current_case();
  const int grid = (n + block - 1) / block;
  auto x = run.input<T>("x", {n}, distribution);
  auto values = run.output<T>("values", {n});
  auto source = run.output<std::int32_t>("source", {n});
  auto block_kept = run.output<std::int32_t>("block_kept", {grid});
  auto block_offset = run.output<std::int32_t>("block_offset", {grid});
  auto kept_total = run.output<std::int32_t>("kept_total", {1});
  run.param("threshold", threshold);
  run.geometry({{"grid", grid}, {"block", block}});
  run.launch([&] {
    launch_partition(run.stream(), x.device(), threshold, n, block,
                     PartitionOutputs<T>{values.device(), source.device(), block_kept.device(),
                                         block_offset.device(), kept_total.device()});
  });
  // Counts, prefixes and positions are integers, and the values are copies: exact.
  run.check(values, parity::Policy{});
  run.check(source, parity::Policy{});
  run.check(block_kept, parity::Policy{});
  run.check(block_offset, parity::Policy{});
  run.check(kept_total, parity::Policy{});

  const auto xs = parity::Case::values(x.view());
  const auto ref = partition_reference(xs, static_cast<double>(threshold), block);
  check_reference<T>(ref.values, values.view(), "values");
  check_reference<std::int32_t>(ref.source, source.view(), "source");
  check_reference<std::int32_t>(ref.block_kept, block_kept.view(), "block_kept");
  check_reference<std::int32_t>(ref.block_offset, block_offset.view(), "block_offset");
  check_reference<std::int32_t>(std::vector{ref.kept_total}, kept_total.view(), "kept_total");

  // The invariants on their own, in the words of the contract: `source` is a permutation of
  // 0..n-1, the values are the inputs it names, the kept elements come first, and the block
  // counts add up to the total. Counted, so that a failure says how badly they are broken.
  const auto src = source.host();
  std::vector<int> seen(xs.size(), 0);
  std::int64_t out_of_range = 0, wrong_value = 0, misplaced = 0;
  const auto kept = kept_total.host()[0];
  for (std::size_t k = 0; k < src.size(); ++k) {
    const auto i = static_cast<std::size_t>(src[k]);
    if (src[k] < 0 || i >= xs.size()) {
      ++out_of_range;
      continue;
    }
    ++seen[i];
    if (static_cast<double>(values.host()[k]) != xs[i]) ++wrong_value;
    if ((xs[i] > static_cast<double>(threshold)) != (static_cast<std::int64_t>(k) < kept))
      ++misplaced;
  }
  const auto missing = std::count(seen.begin(), seen.end(), 0);
  const auto repeated = std::count_if(seen.begin(), seen.end(), [](int c) { return c > 1; });
  const auto counts = block_kept.host();
  const auto counted = std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
  INFO("source: " << out_of_range << " out of range, " << missing << " indices missing, "
                  << repeated << " repeated; " << wrong_value << " values not x[source]; "
                  << misplaced << " on the wrong side of kept_total " << kept
                  << "; block counts add up to " << counted);
  CHECK(out_of_range + missing + repeated + wrong_value + misplaced == 0);
  CHECK(counted == kept);
}

}  // namespace

// Block sizes: one CUDA warp (half a wavefront), one wavefront, 96 (a partial wavefront), 256,
// and 1000 (a partial warp of 8 lanes, a partial wavefront of 40); lengths not multiples of any.
TEST_CASE("scan_compact/scan/i32/4099/32", "[scan_compact][scan][i32]") {
  block_scan_case(4099, 32);
}
TEST_CASE("scan_compact/scan/i32/4099/64", "[scan_compact][scan][i32]") {
  block_scan_case(4099, 64);
}
TEST_CASE("scan_compact/scan/i32/4099/96", "[scan_compact][scan][i32]") {
  block_scan_case(4099, 96);
}
TEST_CASE("scan_compact/scan/i32/4099/256", "[scan_compact][scan][i32]") {
  block_scan_case(4099, 256);
}
TEST_CASE("scan_compact/scan/i32/4099/1000", "[scan_compact][scan][i32]") {
  block_scan_case(4099, 1000);
}

// Partitions keep about 35% (threshold 300 of [-1000, 1000]) or 5% (900) of the elements.
TEST_CASE("scan_compact/partition/i32/4099/64", "[scan_compact][partition][i32]") {
  partition_case<std::int32_t>(4099, 64, parity::gen::uniform_int(-1000, 1000), 300);
}
TEST_CASE("scan_compact/partition/i32/4099/96", "[scan_compact][partition][i32]") {
  partition_case<std::int32_t>(4099, 96, parity::gen::uniform_int(-1000, 1000), 900);
}
TEST_CASE("scan_compact/partition/i32/4099/1000", "[scan_compact][partition][i32]") {
  partition_case<std::int32_t>(4099, 1000, parity::gen::uniform_int(-1000, 1000), 300);
}
// 1032 blocks: the offsets kernel scans the block counts in two chunks of 1024.
TEST_CASE("scan_compact/partition/i32/33001/32", "[scan_compact][partition][i32]") {
  partition_case<std::int32_t>(33001, 32, parity::gen::uniform_int(-1000, 1000), 300);
}
TEST_CASE("scan_compact/partition/f32/4099/256", "[scan_compact][partition][f32]") {
  partition_case<float>(4099, 256, parity::gen::normal(0.0, 1.0), 0.5f);
}
TEST_CASE("scan_compact/partition/f32/2053/96", "[scan_compact][partition][f32]") {
  partition_case<float>(2053, 96, parity::gen::normal(0.0, 1.0), 0.5f);
}
