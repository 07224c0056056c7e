// __stcs is CUDA-only (no ROCm release has it). The control stores plainly.
#include <hip/hip_runtime.h>

__global__ void k(const float* x, float* y) {
#ifdef PARITY_PROBE_CONTROL
  y[threadIdx.x] = x[threadIdx.x];
#else
  __stcs(&y[threadIdx.x], x[threadIdx.x]);
#endif
}
