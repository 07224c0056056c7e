// scan_compact: warp-level integer scan (shuffle-up) and stream compaction (ballot + popcount).
//
// Block scan: y[i] = x[first] + ... + x[i], with `first` the first element of i's block
// (element i = block * block_size + t is thread t), and the total of every block.
//
// Partition: a stable stream compaction. The elements with x > threshold come first, in their
// input order, then all the others, in their input order: values[k] is an input value and
// source[k] its index, so `source` is a permutation of 0..n-1. Also the kept count of every block,
// the exclusive prefix of those counts (where each block's kept elements start) and the total.
// Three kernels: count per block, scan the counts, scatter.
#pragma once

#include <cstdint>

#include "parity/stream.hpp"

void launch_block_scan(parity::Stream stream, const std::int32_t* x, std::int32_t* y,
                       std::int32_t* block_totals, int n, int block_size);

template <class T>
struct PartitionOutputs {
  T* values = nullptr;                   // [n]
  std::int32_t* source = nullptr;        // [n]
  std::int32_t* block_kept = nullptr;    // [ceil(n / block_size)]
  std::int32_t* block_offset = nullptr;  // [ceil(n / block_size)]
  std::int32_t* kept_total = nullptr;    // [1]
};

void launch_partition(parity::Stream stream, const std::int32_t* x, std::int32_t threshold, int n,
                      int block_size, const PartitionOutputs<std::int32_t>& out);
void launch_partition(parity::Stream stream, const float* x, float threshold, int n, int block_size,
                      const PartitionOutputs<float>& out);
