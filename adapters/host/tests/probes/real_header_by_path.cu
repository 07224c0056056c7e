// A real CUDA header reached by an absolute path (no include folder can intercept that): the
// stand-in that follows stops the build. The control includes only the stand-in.
#ifndef PARITY_PROBE_CONTROL
#include "/usr/local/cuda/include/vector_types.h"
#endif
#include <cuda_runtime.h>

__global__ void k(float* out) {
  out[threadIdx.x] = 1.0f;
}
