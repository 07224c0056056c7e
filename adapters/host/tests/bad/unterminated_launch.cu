// The rewriter must reject this with file:line: the launch configuration is never closed.
#include <cuda_runtime.h>

__global__ void k(int* out) { out[threadIdx.x] = 1; }

void launch(int* out) {
  k<<<1, 32>>(out);
}
