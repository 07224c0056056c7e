// The HIP port of scale.cu, by hand.
#include <hip/hip_runtime.h>

#include "scale.hpp"

__global__ void scale_kernel(float alpha, const float* __restrict__ x, float* __restrict__ y,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i];
}

void launch_scale(parity::Stream stream, float alpha, const float* x, float* y, int n) {
  const int block = 256;
  const int grid = (n + block - 1) / block;
  hipLaunchKernelGGL(scale_kernel, dim3(grid), dim3(block), 0,
                     parity::native_handle<hipStream_t>(stream), alpha, x, y, n);
}
