// A hipified warp reduction that kept CUDA's 32-bit mask: ROCm 6.2+ refuses it (its *_sync
// functions static_assert a 64-bit mask), and so must the compile check on an older ROCm, where
// parity declares those functions for the check (framework/cmake/compile_check_rocm_warp_sync.h).
#include <hip/hip_runtime.h>

__global__ void sum_kernel(const float* x, float* y) {
  float v = x[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffff, v, offset);
  if (threadIdx.x == 0) y[0] = v;
}
