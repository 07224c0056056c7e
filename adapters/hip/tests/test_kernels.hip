// The test kernels in HIP, the port of test_kernels.cu.
#include <hip/hip_runtime.h>

#include "test_kernels.hpp"

namespace {
__global__ void scale_add(const float* __restrict__ x, float* __restrict__ y, float a, float b,
                          int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = a * x[i] + b;
}

__global__ void write_warp_size(int* out) {
  *out = warpSize;
}

__global__ void store(int* target, int value) {
  *target = value;
}
}  // namespace

void launch_scale_add(parity::Stream stream, const float* x, float* y, float a, float b, int n,
                      int block) {
  const int grid = (n + block - 1) / block;
  scale_add<<<grid, block, 0, parity::native_handle<hipStream_t>(stream)>>>(x, y, a, b, n);
}

void launch_write_warp_size(parity::Stream stream, int* out) {
  write_warp_size<<<1, 1, 0, parity::native_handle<hipStream_t>(stream)>>>(out);
}

void launch_store(parity::Stream stream, int* target, int value) {
  store<<<1, 1, 0, parity::native_handle<hipStream_t>(stream)>>>(target, value);
}
