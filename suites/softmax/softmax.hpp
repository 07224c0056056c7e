// softmax: y[r, c] = exp(x[r, c] - max_r) / sum_k exp(x[r, k] - max_r), row by row.
//
// One block per row. The block walks the row three times (max, sum of exponentials, output),
// so a row of any length fits; both reductions go through warp shuffles, then shared memory.
// fp16 and bf16 rows are loaded into fp32, computed in fp32 and rounded once on the store.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

//! Threads per row block, part of the contract (the test derives its error bound from it): one
//! thread per element, rounded up to whole 32-thread warps, at most 1024. Longer rows give each
//! thread ceil(cols / 1024) elements.
constexpr int softmax_block(int cols) {
  const int warps = (cols + 31) / 32;
  return 32 * (warps < 1 ? 1 : warps > 32 ? 32 : warps);
}

void launch_softmax(parity::Stream stream, const float* x, float* y, int rows, int cols);
void launch_softmax(parity::Stream stream, const parity::f16* x, parity::f16* y, int rows,
                    int cols);
void launch_softmax(parity::Stream stream, const parity::bf16* x, parity::bf16* y, int rows,
                    int cols);
