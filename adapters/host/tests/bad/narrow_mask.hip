// Must not compile: hipify leaves CUDA's 32-bit mask, which names half of a 64-lane wavefront;
// the HIP stand-in rejects it as ROCm 6.2+ does. (With PARITY_SIMT_TEST_WIDE_MASK, the control,
// the mask is 64-bit and it compiles.)
#include <hip/hip_runtime.h>

#ifdef PARITY_SIMT_TEST_WIDE_MASK
#define MASK 0xffffffffffffffffull
#else
#define MASK 0xffffffffu
#endif

__global__ void k(float* out) {
  float v = out[threadIdx.x];
  v += __shfl_down_sync(MASK, v, 1);
  out[threadIdx.x] = v;
}

void launch(float* out) { hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, out); }
