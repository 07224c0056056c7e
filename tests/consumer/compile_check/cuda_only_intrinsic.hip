// A HIP port the emulator accepts and ROCm's compiler rejects: __ldcs is a CUDA-only intrinsic
// (the emulator's HIP dialect has it). The compile check beside the emulator must fail on it.
#include <hip/hip_runtime.h>

__global__ void copy_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __ldcs(&x[i]);
}
