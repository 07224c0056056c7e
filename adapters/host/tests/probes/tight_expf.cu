// The CUDA original of the probe: expf, for a policy too tight for vendor math (probes.hpp).
#include <cuda_runtime.h>

#include "probes.hpp"

namespace {

__global__ void expf_kernel(const float* x, float* y, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = expf(x[i]);
}

cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}

}  // namespace

void launch_expf(parity::Stream stream, const float* x, float* y, int n) {
  expf_kernel<<<(n + 255) / 256, 256, 0, native(stream)>>>(x, y, n);
}
