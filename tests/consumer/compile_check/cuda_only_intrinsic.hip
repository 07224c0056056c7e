// A HIP port that ROCm's compiler rejects: __ldcs is a CUDA-only intrinsic. The compile check
// beside the emulator must fail on it, whatever the emulator says (it refuses it too).
#include <hip/hip_runtime.h>

__global__ void copy_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __ldcs(&x[i]);
}
