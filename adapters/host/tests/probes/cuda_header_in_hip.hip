// A HIP source that still includes a CUDA header: ROCm does not provide it, and the emulated
// HIP build must not hand it CUDA's stand-in. The control includes the HIP header.
#ifdef PARITY_PROBE_CONTROL
#include <hip/hip_runtime.h>
#else
#include <cuda_runtime.h>
#endif

__global__ void k(float* out) {
  out[threadIdx.x] = 1.0f;
}
