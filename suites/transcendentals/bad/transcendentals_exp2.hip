// A faulty port: expf rewritten as exp2f(x * log2(e)) "because AMD's v_exp_f32 is base 2".
// That is how the fast __expf works (ex2.approx of x * log2e), and it has __expf's error: the
// product x * 1.442695f is rounded to float, an absolute error of up to ulp(x * log2e) / 2 in
// the exponent, which becomes a relative error of ln2 * that in the result. For |x| near 88
// (x * log2e near 127, ulp 2^-17) that is tens of ulps, far beyond expf's 2 (CUDA) + 3 (OCML).
#include <hip/hip_runtime.h>

#include "transcendentals.hpp"

__device__ __forceinline__ float apply(MathFn fn, float x, float y) {
  switch (fn) {
    case MathFn::kExpf:
      return exp2f(x * 1.442695f);
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
