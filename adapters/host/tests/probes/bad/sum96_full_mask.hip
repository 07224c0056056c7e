// hipify's port of the 96-thread sum with the mask widened to 64 bits (as ROCm 6.2+ demands):
// the block's second wavefront has 32 lanes, so ~0ull names 32 lanes that do not exist, which
// ROCm's mask check traps on (and CUDA's 0xffffffff never did: 96 threads are 3 full warps).
#include <hip/hip_runtime.h>

#include <cstdint>

#include "../probes.hpp"

namespace {
__global__ void sum96_kernel(const std::int32_t* x, std::int32_t* sums) {
  __shared__ std::int32_t wave_sums[96];
  const int t = static_cast<int>(threadIdx.x);
  std::int32_t v = x[blockIdx.x * 96 + t];
  for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffffffffffull, v, o);
  if (t % warpSize == 0) wave_sums[t / warpSize] = v;
  __syncthreads();
  if (t == 0) {
    std::int32_t total = 0;
    for (int w = 0; w < (96 + warpSize - 1) / warpSize; ++w) total += wave_sums[w];
    sums[blockIdx.x] = total;
  }
}
}  // namespace

void launch_sum96(parity::Stream stream, const std::int32_t* x, std::int32_t* sums, int blocks) {
  hipLaunchKernelGGL(sum96_kernel, dim3(blocks), dim3(96), 0,
                     parity::native_handle<hipStream_t>(stream), x, sums);
}
