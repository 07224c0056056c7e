// __ldcs / __stcs (CUDA's streaming cache hints) survive hipify; ROCm has __ldcs only for
// __half and __half2 (amd_hip_fp16.h) and no __stcs at all. The control loads a __half.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#ifdef PARITY_PROBE_CONTROL
__global__ void k(const __half* x, __half* y) {
  y[threadIdx.x] = __ldcs(&x[threadIdx.x]);
}
#else
__global__ void k(const float* x, float* y) {
  y[threadIdx.x] = __ldcs(&x[threadIdx.x]);
}
#endif
