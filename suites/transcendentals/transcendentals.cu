// The CUDA original: an elementwise kernel that applies one math function, the standard
// functions as written (expf, sinf, ...: libdevice, accurate over the full range) and the fast
// intrinsics (__expf, __sinf, ...: the SFU's approximations, ex2.approx / sin.approx, whose error
// the Programming Guide bounds only on a documented range).
#include <cuda_runtime.h>

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
  math_kernel<<<(n + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(stream)>>>(fn, x, y,
                                                                                        out, n);
}
