// The HIP port: hipify's output, unchanged in its arithmetic. Every call keeps its name and
// resolves to ROCm's device library: expf, sinf, ... to OCML's accurate functions, and the
// intrinsics to OCML's native ones (__expf -> __ocml_native_exp_f32, __logf, __sinf, __cosf
// likewise), which approximate through the hardware's v_exp_f32 / v_log_f32 / v_sin_f32 /
// v_cos_f32. HIP's __fdividef is a plain x / y (correctly rounded), more accurate than
// NVIDIA's. Nothing here is wrong: the two vendors' results differ within their documented
// error bounds, which the tests allow.
#include <hip/hip_runtime.h>

#include "transcendentals.hpp"

__device__ __forceinline__ float apply(MathFn fn, float x, float y) {
  switch (fn) {
    case MathFn::kExpf:
      return expf(x);
    case MathFn::kExp2f:
      return exp2f(x);
    case MathFn::kLogf:
      return logf(x);
    case MathFn::kSinf:
      return sinf(x);
    case MathFn::kCosf:
      return cosf(x);
    case MathFn::kTanf:
      return tanf(x);
    case MathFn::kRsqrtf:
      return rsqrtf(x);
    case MathFn::kFastExpf:
      return __expf(x);
    case MathFn::kFastLogf:
      return __logf(x);
    case MathFn::kFastSinf:
      return __sinf(x);
    case MathFn::kFastCosf:
      return __cosf(x);
    case MathFn::kFastDividef:
      return __fdividef(x, y);
  }
  return 0.0f;
}

__global__ void math_kernel(MathFn fn, const float* __restrict__ x, const float* __restrict__ y,
                            float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = apply(fn, x[i], y != nullptr ? y[i] : 1.0f);
}

void launch_math(parity::Stream stream, MathFn fn, const float* x, const float* y, float* out,
                 int n) {
  hipLaunchKernelGGL(math_kernel, dim3((n + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), fn, x, y, out, n);
}
