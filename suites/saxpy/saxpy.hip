// The HIP port: what hipify produces from saxpy.cu, reviewed.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "saxpy.hpp"

__global__ void saxpy_f32(float a, const float* __restrict__ x, const float* __restrict__ y,
                          float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}

__global__ void saxpy_f16(float a, const __half* __restrict__ x, const __half* __restrict__ y,
                          __half* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half_rn(a * __half2float(x[i]) + __half2float(y[i]));
}

void launch_saxpy(parity::Stream stream, float a, const float* x, const float* y, float* out,
                  int n) {
  const int block = 256;
  const int grid = (n + block - 1) / block;
  hipLaunchKernelGGL(saxpy_f32, dim3(grid), dim3(block), 0,
                     parity::native_handle<hipStream_t>(stream), a, x, y, out, n);
}

void launch_saxpy(parity::Stream stream, float a, const parity::f16* x, const parity::f16* y,
                  parity::f16* out, int n) {
  const int block = 256;
  const int grid = (n + block - 1) / block;
  hipLaunchKernelGGL(saxpy_f16, dim3(grid), dim3(block), 0,
                     parity::native_handle<hipStream_t>(stream), a,
                     reinterpret_cast<const __half*>(x), reinterpret_cast<const __half*>(y),
                     reinterpret_cast<__half*>(out), n);
}
