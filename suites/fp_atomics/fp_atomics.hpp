// fp_atomics: floating-point and integer atomicAdd, whose order of additions is up to the
// hardware (and may change from run to run).
//
// Scatter-add: out[b] = sum of w[i] over the i with bin[i] == b, one float atomicAdd on global
// memory per element (the launcher zeroes `out` first).
//
// Histogram: counts[b] and sums[b] of the x[i] in bin b = floor((x[i] - lo) / width), clamped to
// [0, bins): each block builds a private histogram in shared memory (integer and float atomicAdd
// on shared memory) and merges it into the global one (atomicAdd on global memory). A fixed grid
// of `grid` blocks of `block` threads walks the input with a grid-stride loop.
#pragma once

#include <cstdint>

#include "parity/stream.hpp"

void launch_scatter_add(parity::Stream stream, const float* w, const std::int32_t* bin, int n,
                        float* out, int bins);

void launch_histogram(parity::Stream stream, const float* x, int n, float lo, float width, int bins,
                      std::uint32_t* counts, float* sums, int grid, int block);
