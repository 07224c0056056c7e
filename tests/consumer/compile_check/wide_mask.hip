// The same reduction with a 64-bit mask: valid for ROCm 6.2+ with HIP_ENABLE_WARP_SYNC_BUILTINS,
// so the compile check accepts it on any ROCm (the control of narrow_mask.hip).
#include <hip/hip_runtime.h>

__global__ void sum_kernel(const float* x, float* y) {
  float v = x[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffffffffffull, v, offset);
  if (threadIdx.x == 0) y[0] = v;
}
