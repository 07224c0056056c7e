#include <cuda_runtime.h>

#include "bench_kernels.hpp"

namespace {  // internal linkage: this file is also built a second time, instrumented

__global__ void saxpy_kernel(float a, const float* __restrict__ x, const float* __restrict__ y,
                             float* __restrict__ out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = a * x[i] + y[i];
}

__global__ void block_reduce_kernel(const float* __restrict__ x, float* __restrict__ sums, int n) {
  __shared__ float partial[256];
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * 256 + t);
  partial[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = partial[0];
}

__global__ void barriers_kernel(float* out, int n, int count) {
  float v = static_cast<float>(threadIdx.x);
  for (int k = 0; k < count; ++k) {
    __syncthreads();
    v += 1.0f;
  }
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = v;
}

}  // namespace

namespace SIMT_BENCH_NS {

void saxpy(float a, const float* x, const float* y, float* out, int n) {
  saxpy_kernel<<<(n + 255) / 256, 256>>>(a, x, y, out, n);
}

void block_reduce(const float* x, float* block_sums, int n) {
  block_reduce_kernel<<<(n + 255) / 256, 256>>>(x, block_sums, n);
}

void barriers(float* out, int n, int count, int block) {
  barriers_kernel<<<(n + block - 1) / block, block>>>(out, n, count);
}

}  // namespace SIMT_BENCH_NS
