// The HIP port of the probe: sums of 96-thread blocks (probes.hpp).
#include <hip/hip_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

// Wavefront sums at any width: a 96-thread block is one full wave64 and one of 32 lanes, whose
// shuffles from the missing lanes return 0 (AMD defines it: ds_bpermute from an inactive lane).
__global__ void sum96_kernel(const std::int32_t* x, std::int32_t* sums) {
  __shared__ std::int32_t wave_sums[96];
  const int t = static_cast<int>(threadIdx.x);
  std::int32_t v = x[blockIdx.x * 96 + t];
  for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down(v, o);
  if (t % warpSize == 0) wave_sums[t / warpSize] = v;
  __syncthreads();
  if (t == 0) {
    std::int32_t total = 0;
    for (int w = 0; w < (96 + warpSize - 1) / warpSize; ++w) total += wave_sums[w];
    sums[blockIdx.x] = total;
  }
}

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_sum96(parity::Stream stream, const std::int32_t* x, std::int32_t* sums, int blocks) {
  hipLaunchKernelGGL(sum96_kernel, dim3(blocks), dim3(96), 0, native(stream), x, sums);
}
