// The CUDA original of the probe: sums of 96-thread blocks (probes.hpp).
#include <cuda_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

// 96 threads: three full warps.
__global__ void sum96_kernel(const std::int32_t* x, std::int32_t* sums) {
  __shared__ std::int32_t warp_sums[3];
  const int t = static_cast<int>(threadIdx.x);
  std::int32_t v = x[blockIdx.x * 96 + t];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (t % 32 == 0) warp_sums[t / 32] = v;
  __syncthreads();
  if (t == 0) sums[blockIdx.x] = warp_sums[0] + warp_sums[1] + warp_sums[2];
}

cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}

}  // namespace

void launch_sum96(parity::Stream stream, const std::int32_t* x, std::int32_t* sums, int blocks) {
  sum96_kernel<<<blocks, 96, 0, native(stream)>>>(x, sums);
}
