// block_reduce: each block sums a grid-stride slice of x in fp32 through warp shuffles and one
// shared-memory exchange, and writes its partial sum. The partial sums are the output, so that
// a wrong lane/warp mapping shows up per block instead of vanishing into one total.
//
// Block b sums x[i] for every i with (i / block_size) % grid_size == b (a grid-stride loop).
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

void launch_block_reduce(parity::Stream stream, const float* x, float* block_sums, int n,
                         int grid_size, int block_size);
void launch_block_reduce(parity::Stream stream, const parity::f16* x, float* block_sums, int n,
                         int grid_size, int block_size);
