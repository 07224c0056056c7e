// The HIP port of the probe: expf, for a policy too tight for vendor math (probes.hpp).
#include <hip/hip_runtime.h>

#include "probes.hpp"

namespace {

__global__ void expf_kernel(const float* x, float* y, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = expf(x[i]);
}

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_expf(parity::Stream stream, const float* x, float* y, int n) {
  hipLaunchKernelGGL(expf_kernel, dim3((n + 255) / 256), dim3(256), 0, native(stream), x, y, n);
}
