// llm.c's softmax: x[min(C - 1, i + u * blockDim.x)]. The second operand is unsigned, so in
// HIP device code min(int, unsigned) is clang's mixed-type template, which returns double
// (__clang_hip_cmath.h): "array subscript is not an integer". CUDA picks an unsigned overload.
// The control makes both operands int.
#include <hip/hip_runtime.h>

__global__ void k(const float* x, float* y, int C) {
  const int i = threadIdx.x;
  for (int u = 0; u < 4; ++u) {
#ifdef PARITY_PROBE_CONTROL
    y[u] = x[min(C - 1, i + u * static_cast<int>(blockDim.x))];
#else
    y[u] = x[min(C - 1, i + u * blockDim.x)];
#endif
  }
}
