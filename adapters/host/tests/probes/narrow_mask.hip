// hipify leaves CUDA's 32-bit mask, which names half of a 64-lane wavefront; ROCm's *_sync
// functions (6.2+ with HIP_ENABLE_WARP_SYNC_BUILTINS, 7.0 by default) static_assert a 64-bit
// mask. Without the switch (6.2-6.4) or before 6.2 the function does not exist at all. The
// control passes a 64-bit mask.
#include <hip/hip_runtime.h>

#ifdef PARITY_PROBE_CONTROL
#define MASK 0xffffffffffffffffull
#else
#define MASK 0xffffffffu
#endif

__global__ void k(float* out) {
  float v = out[threadIdx.x];
  v += __shfl_down_sync(MASK, v, 1);
  out[threadIdx.x] = v;
}

void launch(float* out) {
  hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, out);
}
