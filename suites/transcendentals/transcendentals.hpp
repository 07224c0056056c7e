// transcendentals: one single-precision math function applied elementwise, out[i] = f(x[i])
// (or x[i] / y[i] for the division), for the standard functions and the fast intrinsics whose
// accuracy the vendors document (CUDA Programming Guide, "Mathematical Functions"; ROCm's HIP
// math API page and OCML.md).
#pragma once

#include "parity/stream.hpp"

enum class MathFn : int {
  kExpf,
  kExp2f,
  kLogf,
  kSinf,
  kCosf,
  kTanf,
  kRsqrtf,
  kFastExpf,     // __expf
  kFastLogf,     // __logf
  kFastSinf,     // __sinf
  kFastCosf,     // __cosf
  kFastDividef,  // __fdividef(x, y)
};

//! out[i] = fn(x[i]) for i < n; y is read by kFastDividef only (may be null otherwise).
void launch_math(parity::Stream stream, MathFn fn, const float* x, const float* y, float* out,
                 int n);
