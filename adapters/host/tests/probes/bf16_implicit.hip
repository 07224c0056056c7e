// ROCm's hip_bfloat16(float) constructor is explicit: copy-initialization from a float does
// not compile with hipcc. The control constructs it explicitly.
#include <hip/hip_bfloat16.h>
#include <hip/hip_runtime.h>

__global__ void k(const float* x, hip_bfloat16* y) {
#ifdef PARITY_PROBE_CONTROL
  y[threadIdx.x] = hip_bfloat16(x[threadIdx.x]);
#else
  hip_bfloat16 h = x[threadIdx.x];
  y[threadIdx.x] = h;
#endif
}
