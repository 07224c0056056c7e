// fp64 reference for transcendentals: the C library's double functions, evaluated on the float
// inputs. glibc's double exp, log, sin, cos, tan, sqrt are accurate to within one double ulp
// (2^-52 relative), 2^29 times finer than a float ulp, so the reference rounded to float is the
// correctly rounded float result except in rare double-rounding ties: the quantity CUDA's table
// measures against ("ulps between a correctly rounded single-precision result and the result
// returned"). x / y and 1 / sqrt(x) of floats in double are within a double ulp too.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "transcendentals.hpp"

namespace transcendentals_reference {

inline double apply(MathFn fn, double x, double y) {
  switch (fn) {
    case MathFn::kExpf:
    case MathFn::kFastExpf:
      return std::exp(x);
    case MathFn::kExp2f:
      return std::exp2(x);
    case MathFn::kLogf:
    case MathFn::kFastLogf:
      return std::log(x);
    case MathFn::kSinf:
    case MathFn::kFastSinf:
      return std::sin(x);
    case MathFn::kCosf:
    case MathFn::kFastCosf:
      return std::cos(x);
    case MathFn::kTanf:
      return std::tan(x);
    case MathFn::kRsqrtf:
      return 1.0 / std::sqrt(x);
    case MathFn::kFastDividef:
      return x / y;
  }
  return 0.0;
}

inline std::vector<double> evaluate(MathFn fn, const std::vector<double>& x,
                                    const std::vector<double>& y) {
  std::vector<double> out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) out[i] = apply(fn, x[i], y.empty() ? 1.0 : y[i]);
  return out;
}

//! n floats spread evenly in log scale over [lo, hi] (lo > 0), with a deterministic jitter of
//! up to one step so that the mantissas are not a regular pattern; signs alternate if `signed_`.
inline std::vector<float> log_spaced(int n, double lo, double hi, bool signed_ = false) {
  std::vector<float> v(static_cast<std::size_t>(n));
  const double a = std::log(lo), step = (std::log(hi) - a) / n;
  std::uint32_t state = 0x9e3779b9u;
  for (int i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;  // LCG: a fixed sequence, the same on every host
    const double jitter = static_cast<double>(state >> 8) / 16777216.0;
    float x = static_cast<float>(std::exp(a + (i + jitter) * step));
    if (x > hi) x = static_cast<float>(hi);
    v[static_cast<std::size_t>(i)] = signed_ && (i % 2) ? -x : x;
  }
  return v;
}

}  // namespace transcendentals_reference
