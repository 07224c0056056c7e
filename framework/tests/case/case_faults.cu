// Kernels for the case-API fault tests, run on the host emulator (host-cuda).
#include <cuda_runtime.h>

#include "case_faults.hpp"

__global__ void scaled_copy_kernel(float scale, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = scale * x[i];
}

// A port whose bounds check went wrong: no thread ever stores.
__global__ void write_nothing_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n && i < 0) y[i] = x[i];
}

// A device-side fault (an assertion in the kernel, a trap on the GPU).
__global__ void fault_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
  if (i == 77) __trap();
}

namespace {
int blocks(int n) {
  return (n + 127) / 128;
}
}  // namespace

void launch_scaled_copy(parity::Stream stream, float scale, const float* x, float* y, int n) {
  scaled_copy_kernel<<<blocks(n), 128, 0, parity::native_handle<cudaStream_t>(stream)>>>(scale, x,
                                                                                         y, n);
}

void launch_write_nothing(parity::Stream stream, const float* x, float* y, int n) {
  write_nothing_kernel<<<blocks(n), 128, 0, parity::native_handle<cudaStream_t>(stream)>>>(x, y, n);
}

void launch_fault(parity::Stream stream, const float* x, float* y, int n) {
  fault_kernel<<<blocks(n), 128, 0, parity::native_handle<cudaStream_t>(stream)>>>(x, y, n);
}
