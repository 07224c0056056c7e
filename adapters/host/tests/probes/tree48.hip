// The HIP port of the probe: a shared-memory tree over 64 slots (probes.hpp).
#include <hip/hip_runtime.h>

#include "probes.hpp"

namespace {

__global__ void tree48_kernel(const float* x, float* sums) {
  __shared__ float s[64];
  const int t = static_cast<int>(threadIdx.x);
  s[t] = t < 48 ? x[blockIdx.x * 48 + t] : 0.0f;
  __syncthreads();
  for (int w = 32; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = s[0];
}

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_tree48(parity::Stream stream, const float* x, float* sums, int blocks) {
  hipLaunchKernelGGL(tree48_kernel, dim3(blocks), dim3(64), 0, native(stream), x, sums);
}
