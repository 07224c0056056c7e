// gemm: D = alpha * A * B + beta * C (cuBLASLt's form: C read, D written), row-major, with
// A [m x k] and B [k x n] in fp32, fp16 or bf16 and C, D in fp32. The kernel is the classic
// shared-memory tiled GEMM: a block computes a 32 x 32 tile of D, walking k in steps of 16
// through shared memory, and each of its 64 threads keeps a 4 x 4 micro-tile of accumulators in
// registers. Every product is accumulated in fp32, k in increasing order; with beta == 0, C is
// not read (as in BLAS: C may then hold anything, NaN included).
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const float* a,
                 const float* b, float beta, const float* c, float* d);
void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const parity::f16* a,
                 const parity::f16* b, float beta, const float* c, float* d);
void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const parity::bf16* a,
                 const parity::bf16* b, float beta, const float* c, float* d);
