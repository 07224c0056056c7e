// Must not compile: hipify leaves CUDA's 32-bit mask, which names half of a 64-lane wavefront;
// the HIP stand-in rejects it as ROCm 6.2+ does.
#include <hip/hip_runtime.h>

__global__ void k(float* out) {
  float v = out[threadIdx.x];
  v += __shfl_down_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = v;
}

void launch(float* out) {
  hipLaunchKernelGGL(k, dim3(1), dim3(64), 0, 0, out);
}
