// The tree sum with only the 48 values written: the tree still reads all 64 slots, and slots
// 48-63 hold whatever the LDS held before (on the emulator: poison).
#include <hip/hip_runtime.h>

#include "../probes.hpp"

namespace {
__global__ void tree48_kernel(const float* x, float* sums) {
  __shared__ float s[64];
  const int t = static_cast<int>(threadIdx.x);
  if (t < 48) s[t] = x[blockIdx.x * 48 + t];
  __syncthreads();
  for (int w = 32; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = s[0];
}
}  // namespace

void launch_tree48(parity::Stream stream, const float* x, float* sums, int blocks) {
  hipLaunchKernelGGL(tree48_kernel, dim3(blocks), dim3(64), 0,
                     parity::native_handle<hipStream_t>(stream), x, sums);
}
