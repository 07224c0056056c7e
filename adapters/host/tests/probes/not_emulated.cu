// A CUDA source that includes a toolkit header parity has no stand-in for (cuFFT): a clear
// refusal, not the real header (which sits on gcc's default path on this machine). The control
// includes only the runtime.
#include <cuda_runtime.h>
#ifndef PARITY_PROBE_CONTROL
#include <cufft.h>
#endif

__global__ void k(float* out) {
  out[threadIdx.x] = 1.0f;
}
