// The CUDA original of the probe: sums of 48 values per block (probes.hpp).
#include <cuda_runtime.h>

#include "probes.hpp"

namespace {

// 48 values per block, padded to two full warps of 32 so that every shuffle reads a real lane.
__global__ void sum48_kernel(const float* x, float* sums) {
  __shared__ float warp_sums[2];
  const int t = static_cast<int>(threadIdx.x);
  float v = t < 48 ? x[blockIdx.x * 48 + t] : 0.0f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (t % 32 == 0) warp_sums[t / 32] = v;
  __syncthreads();
  if (t == 0) sums[blockIdx.x] = warp_sums[0] + warp_sums[1];
}

cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}

}  // namespace

void launch_sum48(parity::Stream stream, const float* x, float* sums, int blocks) {
  sum48_kernel<<<blocks, 64, 0, native(stream)>>>(x, sums);
}
