// Shared-memory reductions: a static tree (template block size, multi-line launch), dynamic
// shared memory, and a __shared__ array at namespace scope.
#include <cuda_runtime.h>

#include "launchers.hpp"

template <class T, int kBlock>
__global__ void tree_reduce(const T* __restrict__ x, T* __restrict__ block_sums, int n) {
  __shared__ T partial[kBlock];
  const int i = static_cast<int>(blockIdx.x) * kBlock + static_cast<int>(threadIdx.x);
  partial[threadIdx.x] = i < n ? x[i] : T(0);
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride >>= 1) {
    if (static_cast<int>(threadIdx.x) < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) block_sums[blockIdx.x] = partial[0];
}

__global__ void dynamic_reduce_kernel(const float* x, float* block_sums, int n) {
  extern __shared__ float scratch[];
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * blockDim.x + t);
  scratch[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) scratch[t] += scratch[t + stride];
    __syncthreads();
  }
  if (t == 0) block_sums[blockIdx.x] = scratch[0];
}

__shared__ float file_scope_partial[128];

__global__ void global_shared_kernel(const float* x, float* block_sums, int n) {
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * 128 + t);
  file_scope_partial[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (t == 0) {
    float sum = 0.0f;
    for (int k = 0; k < 128; ++k) sum += file_scope_partial[k];
    block_sums[blockIdx.x] = sum;
  }
}

namespace simt_test::cuda {

void tree_reduce_256(parity::Stream s, const float* x, float* block_sums, int n, int blocks) {
  /* a launch written across lines, with comments and a string "<<<" nearby */
  const char* note = "not a launch: k<<<1, 1>>>()";
  (void)note;
  tree_reduce<float, 256><<<blocks,  // grid
                            256,     // block
                            0, parity::native_handle<cudaStream_t>(s)>>>(x, block_sums, n);
}

void dynamic_reduce(parity::Stream s, const float* x, float* block_sums, int n, int blocks,
                    int threads) {
  dynamic_reduce_kernel<<<blocks, threads, threads * sizeof(float),
                          parity::native_handle<cudaStream_t>(s)>>>(x, block_sums, n);
}

void global_shared_reduce(parity::Stream s, const float* x, float* block_sums, int n) {
  global_shared_kernel<<<(n + 127) / 128, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(
      x, block_sums, n);
}

}  // namespace simt_test::cuda
