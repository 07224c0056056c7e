#include <hip/hip_runtime.h>

#include "bench_kernels.hpp"

__global__ void warp_reduce_kernel(const float* __restrict__ x, float* __restrict__ warp_sums,
                                   int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  float v = i < n ? x[i] : 0.0f;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  if ((threadIdx.x & (warpSize - 1)) == 0) warp_sums[i / warpSize] = v;
}

namespace simt_bench {

void warp_reduce(const float* x, float* warp_sums, int n) {
  hipLaunchKernelGGL(warp_reduce_kernel, dim3((n + 255) / 256), dim3(256), 0, 0, x, warp_sums, n);
}

}  // namespace simt_bench
