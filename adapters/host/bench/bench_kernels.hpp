// Kernels timed by parity-simt-bench (tools/bench-emulator).
#pragma once

#ifndef SIMT_BENCH_NS
#define SIMT_BENCH_NS simt_bench
#endif

namespace SIMT_BENCH_NS {

void saxpy(float a, const float* x, const float* y, float* out, int n);  // 256-thread blocks
//! Shared-memory tree reduction, 256-thread blocks: 1 + 8 __syncthreads per block.
void block_reduce(const float* x, float* block_sums, int n);
//! `barriers` __syncthreads per thread, nothing else (256-thread blocks).
void barriers(float* out, int n, int barriers, int block = 256);
//! HIP dialect: per-warp __shfl_down reduction at the stream's warp size (64), 256-thread
//! blocks; lane 0 of each warp writes its sum.
void warp_reduce(const float* x, float* warp_sums, int n);

}  // namespace SIMT_BENCH_NS

// The same CUDA kernels built with race-mode instrumentation (bench_kernels_race).
namespace simt_bench_race {
void block_reduce(const float* x, float* block_sums, int n);
}  // namespace simt_bench_race
