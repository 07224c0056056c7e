// Reference for scan_compact, in plain sequential C++: block prefix sums in 64 bits (so an int32
// overflow in a kernel would show), and the stable partition from std::stable_partition.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

struct BlockScanReference {
  std::vector<std::int64_t> y;             // per element
  std::vector<std::int64_t> block_totals;  // per block
};

inline BlockScanReference block_scan_reference(const std::vector<double>& x, int block_size) {
  const auto n = static_cast<int>(x.size());
  BlockScanReference ref{std::vector<std::int64_t>(x.size()), {}};
  std::int64_t running = 0;
  for (int i = 0; i < n; ++i) {
    if (i % block_size == 0) running = 0;
    running += static_cast<std::int64_t>(x[static_cast<std::size_t>(i)]);
    ref.y[static_cast<std::size_t>(i)] = running;
    if (i % block_size == block_size - 1 || i == n - 1) ref.block_totals.push_back(running);
  }
  return ref;
}

struct PartitionReference {
  std::vector<double> values;
  std::vector<std::int32_t> source;
  std::vector<std::int32_t> block_kept;
  std::vector<std::int32_t> block_offset;
  std::int32_t kept_total = 0;
};

inline PartitionReference partition_reference(const std::vector<double>& x, double threshold,
                                              int block_size) {
  const auto n = static_cast<int>(x.size());
  const int grid = (n + block_size - 1) / block_size;
  PartitionReference ref;
  ref.source.resize(x.size());
  std::iota(ref.source.begin(), ref.source.end(), 0);
  const auto kept = [&](std::int32_t i) { return x[static_cast<std::size_t>(i)] > threshold; };
  std::stable_partition(ref.source.begin(), ref.source.end(), kept);
  for (const auto i : ref.source) ref.values.push_back(x[static_cast<std::size_t>(i)]);
  ref.block_kept.assign(static_cast<std::size_t>(grid), 0);
  for (int i = 0; i < n; ++i)
    if (kept(i)) ++ref.block_kept[static_cast<std::size_t>(i / block_size)];
  for (const auto k : ref.block_kept) {
    ref.block_offset.push_back(ref.kept_total);
    ref.kept_total += k;
  }
  return ref;
}
