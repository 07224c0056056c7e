// The CUDA sum launched with 48 threads instead of two full warps: the second warp's lanes
// 0-15 shuffle from lanes 16-31, which do not exist. The full mask is legal (missing lanes count
// as exited), but the values read are undefined on NVIDIA GPUs: on the emulator, poison.
#include <cuda_runtime.h>

#include "../probes.hpp"

namespace {
__global__ void sum48_kernel(const float* x, float* sums) {
  __shared__ float warp_sums[2];
  const int t = static_cast<int>(threadIdx.x);
  float v = x[blockIdx.x * 48 + t];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (t % 32 == 0) warp_sums[t / 32] = v;
  __syncthreads();
  if (t == 0) sums[blockIdx.x] = warp_sums[0] + warp_sums[1];
}
}  // namespace

void launch_sum48(parity::Stream stream, const float* x, float* sums, int blocks) {
  sum48_kernel<<<blocks, 48, 0, parity::native_handle<cudaStream_t>(stream)>>>(x, sums);
}
