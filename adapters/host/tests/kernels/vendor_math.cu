// Device math under vendor-math perturbation: each thread evaluates a few functions on its input.
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void vendor_math_kernel(const float* x, float* out, double* out64, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float v = x[i];
  out[6 * i + 0] = expf(v);
  out[6 * i + 1] = logf(fabsf(v) + 1.0f);
  out[6 * i + 2] = sinf(v);
  out[6 * i + 3] = powf(fabsf(v) + 0.5f, 1.5f);
  out[6 * i + 4] = __expf(v);
  out[6 * i + 5] = rsqrtf(fabsf(v) + 1.0f);
  out64[i] = exp(static_cast<double>(v));
}

namespace simt_test::vendor_math {

void cuda_functions(parity::Stream s, const float* x, float* out, double* out64, int n) {
  vendor_math_kernel<<<(n + 127) / 128, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(x, out,
                                                                                          out64, n);
}
float cuda_host_expf(float x) {
  return expf(x);  // host code: never perturbed
}

}  // namespace simt_test::vendor_math
