// The HIP port of the probe: sums of 48 values per block (probes.hpp).
#include <hip/hip_runtime.h>

#include "probes.hpp"

namespace {

// 48 threads: on AMD the shuffles past the block's last lane read 0, so no padding is needed.
__global__ void sum48_kernel(const float* x, float* sums) {
  __shared__ float wave_sums[2];
  const int t = static_cast<int>(threadIdx.x);
  float v = x[blockIdx.x * 48 + t];
  for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down(v, o);
  if (t % warpSize == 0) wave_sums[t / warpSize] = v;
  __syncthreads();
  if (t == 0) sums[blockIdx.x] = warpSize >= 48 ? wave_sums[0] : wave_sums[0] + wave_sums[1];
}

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_sum48(parity::Stream stream, const float* x, float* sums, int blocks) {
  hipLaunchKernelGGL(sum48_kernel, dim3(blocks), dim3(48), 0, native(stream), x, sums);
}
