// A bounds check off by one: the last thread writes one element past its buffer. Built only
// under AddressSanitizer, which must report the write with this kernel's file and line.
#include <cuda_runtime.h>

#include "parity/stream.hpp"

__global__ void off_by_one_kernel(float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i <= n) out[i] = 1.0f;  // the bug: i < n
}

void launch_off_by_one(parity::Stream s, float* out, int n) {
  off_by_one_kernel<<<(n + 64) / 64, 64, 0, parity::native_handle<cudaStream_t>(s)>>>(out, n);
}
