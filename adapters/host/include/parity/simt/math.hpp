// Device math and integer intrinsics of CUDA/HIP, computed with the host's C library: the
// standard functions are glibc's, not NVIDIA's or AMD's device libraries, so their last bits can
// differ from a GPU's (goldens captured here are labelled backend=host-...). The fast
// intrinsics (__expf, __sinf, ...) are the accurate functions, not their hardware
// approximations. With vendor-math perturbation on (vendor_math.hpp) every function's result is
// moved within the vendor's documented bound. Directed-rounding forms (_rz, _ru, _rd) are exact:
// the rounding error of the round-to-nearest result is computed exactly (TwoSum, or a wider
// product) and the result moved one ulp where the direction demands.
#pragma once

#include <math.h>

#include <bit>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "parity/simt/vendor_math.hpp"

namespace parity::simt::math {

enum class Round { kNearest, kZero, kUp, kDown };

//! Moves the round-to-nearest result `r` to the directed result, given the sign of the exact
//! value minus r (err > 0: the exact value is above r).
template <class T>
T directed(T r, T err, Round mode) {
  if (mode == Round::kNearest || err == T(0) || std::isnan(r)) return r;
  const T inf = std::numeric_limits<T>::infinity();
  switch (mode) {
    case Round::kZero:
      if ((r > 0 && err < 0) || (r < 0 && err > 0)) return std::nextafter(r, T(0));
      return r;
    case Round::kUp:
      return err > 0 ? std::nextafter(r, inf) : r;
    case Round::kDown:
      return err < 0 ? std::nextafter(r, -inf) : r;
    default:
      return r;
  }
}

//! Overflowed to infinity: the directed modes that round toward zero stop at max finite.
template <class T>
T overflow(T r, Round mode) {
  const T max = std::numeric_limits<T>::max();
  if (mode == Round::kZero) return r > 0 ? max : -max;
  if (mode == Round::kDown && r > 0) return max;
  if (mode == Round::kUp && r < 0) return -max;
  return r;
}

template <class T>
T add(T a, T b, Round mode) {
  const T r = a + b;
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) return overflow(r, mode);
  if (!std::isfinite(r)) return r;
  // TwoSum: the exact rounding error of a + b.
  const T bb = r - a;
  const T err = (a - (r - bb)) + (b - bb);
  return directed(r, err, mode);
}

template <class T>
T mul(T a, T b, Round mode) {
  const T r = a * b;
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) return overflow(r, mode);
  if (!std::isfinite(r) || r == T(0)) {
    if (r == T(0) && a != T(0) && b != T(0) && mode != Round::kNearest) {
      // Underflow to zero: the exact product has the sign of a*b.
      const bool negative = std::signbit(a) != std::signbit(b);
      const T tiny = std::numeric_limits<T>::denorm_min();
      if (mode == Round::kUp && !negative) return tiny;
      if (mode == Round::kDown && negative) return -tiny;
    }
    return r;
  }
  if constexpr (std::is_same_v<T, float>) {
    const double exact = static_cast<double>(a) * static_cast<double>(b);  // exact: 48 bits
    return directed(r,
                    static_cast<float>(exact - static_cast<double>(r) > 0   ? 1
                                       : exact - static_cast<double>(r) < 0 ? -1
                                                                            : 0),
                    mode);
  } else {
    return directed(r, std::fma(a, b, -r), mode);
  }
}

template <class T>
T div(T a, T b, Round mode) {
  const T q = a / b;
  if (std::isinf(q) && std::isfinite(a) && b != T(0)) return overflow(q, mode);
  if (!std::isfinite(q) || q == T(0)) return q;
  // a - q*b has the sign of (a/b - q) times the sign of b.
  T rem;
  if constexpr (std::is_same_v<T, float>) {
    rem = static_cast<float>(static_cast<double>(a) -
                             static_cast<double>(q) * static_cast<double>(b));
  } else {
    rem = std::fma(-q, b, a);
  }
  if (b < 0) rem = -rem;
  return directed(q, rem, mode);
}

template <class T>
T sqrt(T x, Round mode) {
  const T r = std::sqrt(x);
  if (!std::isfinite(r) || r == T(0)) return r;
  T rem;
  if constexpr (std::is_same_v<T, float>) {
    rem = static_cast<float>(static_cast<double>(x) -
                             static_cast<double>(r) * static_cast<double>(r));
  } else {
    rem = std::fma(-r, r, x);
  }
  return directed(r, rem, mode);
}

//! Float to integer as the GPU's cvt does: rounded per mode, NaN gives 0, out of range
//! saturates.
template <class I, class F>
I to_int(F x, Round mode) {
  if (std::isnan(x)) return 0;
  F r;
  switch (mode) {
    case Round::kNearest:
      r = std::nearbyint(x);
      break;
    case Round::kZero:
      r = std::trunc(x);
      break;
    case Round::kUp:
      r = std::ceil(x);
      break;
    default:
      r = std::floor(x);
      break;
  }
  constexpr I lo = std::numeric_limits<I>::min(), hi = std::numeric_limits<I>::max();
  if (r <= static_cast<F>(lo)) return lo;
  if (r >= static_cast<F>(hi)) return hi;  // hi may round up in F: then >= catches it
  return static_cast<I>(r);
}

//! Integer (or double) to a narrower float type with the given rounding.
template <class F, class I>
F to_float(I v, Round mode) {
  const F r = static_cast<F>(v);
  if (mode == Round::kNearest) return r;
  if constexpr (std::is_floating_point_v<I>) {
    if (!std::isfinite(v)) return r;
    if (std::isinf(r)) return overflow(r, mode);
    return directed(r,
                    static_cast<F>(v > static_cast<I>(r)   ? 1
                                   : v < static_cast<I>(r) ? -1
                                                           : 0),
                    mode);
  } else {
    const long double exact = static_cast<long double>(v);  // 64-bit mantissa: exact
    const long double back = static_cast<long double>(r);
    return directed(r, static_cast<F>(exact > back ? 1 : exact < back ? -1 : 0), mode);
  }
}

}  // namespace parity::simt::math

// min / max differ between the dialects: see parity/simt/dialect/device_api.def.
inline unsigned int umin(unsigned int a, unsigned int b) {
  return a < b ? a : b;
}
inline unsigned int umax(unsigned int a, unsigned int b) {
  return a < b ? b : a;
}
inline long long llmin(long long a, long long b) {
  return a < b ? a : b;
}
inline long long llmax(long long a, long long b) {
  return a < b ? b : a;
}
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a < b ? b : a;
}

// ----- CUDA math functions that C does not have -----
// Each returns its result through math::vendor() (vendor_math.hpp: within the vendor's bound when
// the perturbation is on); the C functions it is built from are not perturbed themselves.
namespace parity::simt::math {
template <class T, class F>
T vendor_of(Fn fn, T x, T y, F compute) {
  T r;
  {
    Exact exact;
    r = compute();
  }
  return vendor(fn, r, x, y);
}
}  // namespace parity::simt::math
#define PARITY_SIMT_VENDOR(fn, x, y, expr) \
  ::parity::simt::math::vendor_of(::parity::simt::math::Fn::fn, x, y, [&] { return expr; })

inline float rsqrtf(float x) {
  return PARITY_SIMT_VENDOR(kRsqrt, x, 0.0f, 1.0f / std::sqrt(x));
}
inline double rsqrt(double x) {
  return PARITY_SIMT_VENDOR(kRsqrt, x, 0.0, 1.0 / std::sqrt(x));
}
inline float rcbrtf(float x) {
  return PARITY_SIMT_VENDOR(kRcbrt, x, 0.0f, 1.0f / std::cbrt(x));
}
inline double rcbrt(double x) {
  return PARITY_SIMT_VENDOR(kRcbrt, x, 0.0, 1.0 / std::cbrt(x));
}
inline double sinpi(double x) {
  return PARITY_SIMT_VENDOR(kSinpi, x, 0.0, std::sin(M_PI * x));
}
inline double cospi(double x) {
  return PARITY_SIMT_VENDOR(kCospi, x, 0.0, std::cos(M_PI * x));
}
inline float sinpif(float x) {
  return PARITY_SIMT_VENDOR(kSinpi, x, 0.0f, static_cast<float>(std::sin(M_PI * x)));
}
inline float cospif(float x) {
  return PARITY_SIMT_VENDOR(kCospi, x, 0.0f, static_cast<float>(std::cos(M_PI * x)));
}
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline double normcdf(double x) {
  return PARITY_SIMT_VENDOR(kNormcdf, x, 0.0, 0.5 * std::erfc(-x / M_SQRT2));
}
inline float normcdff(float x) {
  return PARITY_SIMT_VENDOR(kNormcdf, x, 0.0f,
                            static_cast<float>(0.5 * std::erfc(-static_cast<double>(x) / M_SQRT2)));
}
namespace parity::simt::math {
//! erfinv in double (adapters/host/src/math.cpp), what erfinv, erfcinv and normcdfinv use.
double erfinv_impl(double y) noexcept;
}  // namespace parity::simt::math
inline double erfinv(double y) {
  return PARITY_SIMT_VENDOR(kErfinv, y, 0.0, ::parity::simt::math::erfinv_impl(y));
}
inline float erfinvf(float y) {
  return PARITY_SIMT_VENDOR(kErfinv, y, 0.0f,
                            static_cast<float>(::parity::simt::math::erfinv_impl(y)));
}
inline double erfcinv(double y) {
  return PARITY_SIMT_VENDOR(kErfcinv, y, 0.0, ::parity::simt::math::erfinv_impl(1.0 - y));
}
inline float erfcinvf(float y) {
  return PARITY_SIMT_VENDOR(kErfcinv, y, 0.0f,
                            static_cast<float>(::parity::simt::math::erfinv_impl(1.0 - y)));
}
inline double normcdfinv(double p) {
  return PARITY_SIMT_VENDOR(kNormcdfinv, p, 0.0,
                            -M_SQRT2 * ::parity::simt::math::erfinv_impl(1.0 - 2.0 * p));
}
inline float normcdfinvf(float p) {
  return PARITY_SIMT_VENDOR(
      kNormcdfinv, p, 0.0f,
      static_cast<float>(-M_SQRT2 * ::parity::simt::math::erfinv_impl(1.0 - 2.0 * p)));
}
inline double erfcx(double x) {
  return PARITY_SIMT_VENDOR(kErfcx, x, 0.0, std::exp(x * x) * std::erfc(x));
}
inline float erfcxf(float x) {
  return PARITY_SIMT_VENDOR(
      kErfcx, x, 0.0f,
      static_cast<float>(std::exp(static_cast<double>(x) * x) * std::erfc(static_cast<double>(x))));
}
// Three and four arguments: the double computation is the reference the perturbation needs.
inline float norm3df(float a, float b, float c) {
  const double r = std::sqrt(double(a) * a + double(b) * b + double(c) * c);
  return ::parity::simt::math::vendor_with_reference(::parity::simt::math::Fn::kNorm3d,
                                                     static_cast<float>(r), r, a, b + c);
}
inline double norm3d(double a, double b, double c) {
  ::parity::simt::math::Exact exact;  // not perturbed in double (no wider reference here)
  return std::hypot(a, b, c);
}
inline float rnorm3df(float a, float b, float c) {
  const double r = 1.0 / std::sqrt(double(a) * a + double(b) * b + double(c) * c);
  return ::parity::simt::math::vendor_with_reference(::parity::simt::math::Fn::kRnorm3d,
                                                     static_cast<float>(r), r, a, b + c);
}
inline double rnorm3d(double a, double b, double c) {
  ::parity::simt::math::Exact exact;
  return 1.0 / std::hypot(a, b, c);
}
inline float norm4df(float a, float b, float c, float d) {
  const double r = std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d);
  return ::parity::simt::math::vendor_with_reference(::parity::simt::math::Fn::kNorm4d,
                                                     static_cast<float>(r), r, a, b + c + d);
}
inline float rhypotf(float a, float b) {
  return PARITY_SIMT_VENDOR(kRhypot, a, b, 1.0f / std::hypot(a, b));
}
inline double rhypot(double a, double b) {
  return PARITY_SIMT_VENDOR(kRhypot, a, b, 1.0 / std::hypot(a, b));
}
inline float fdividef(float a, float b) {
  return a / b;
}
inline float saturatef(float x) {
  return std::isnan(x) ? 0.0f : std::fmin(std::fmax(x, 0.0f), 1.0f);
}

// ----- fast intrinsics -----
// glibc declares __expf, __logf, ... as internal functions it does not export, so these are
// macros (defined after <math.h>, so the declarations are untouched). They compute the accurate
// function; with vendor-math perturbation on, the intrinsic's own (larger) bound applies.
namespace parity::simt::math {
inline float fast_expf(float x) {
  return vendor_of(Fn::kFastExp, x, 0.0f, [&] { return ::expf(x); });
}
inline float fast_exp10f(float x) {
  return vendor_of(Fn::kFastExp10, x, 0.0f, [&] { return ::exp10f(x); });
}
inline float fast_logf(float x) {
  return vendor_of(Fn::kFastLog, x, 0.0f, [&] { return ::logf(x); });
}
inline float fast_log2f(float x) {
  return vendor_of(Fn::kFastLog2, x, 0.0f, [&] { return ::log2f(x); });
}
inline float fast_log10f(float x) {
  return vendor_of(Fn::kFastLog10, x, 0.0f, [&] { return ::log10f(x); });
}
inline float fast_sinf(float x) {
  return vendor_of(Fn::kFastSin, x, 0.0f, [&] { return ::sinf(x); });
}
inline float fast_cosf(float x) {
  return vendor_of(Fn::kFastCos, x, 0.0f, [&] { return ::cosf(x); });
}
inline void fast_sincosf(float x, float* s, float* c) {
  *s = fast_sinf(x);
  *c = fast_cosf(x);
}
}  // namespace parity::simt::math
#define __expf(x) ::parity::simt::math::fast_expf(x)
#define __exp10f(x) ::parity::simt::math::fast_exp10f(x)
#define __logf(x) ::parity::simt::math::fast_logf(x)
#define __log2f(x) ::parity::simt::math::fast_log2f(x)
#define __log10f(x) ::parity::simt::math::fast_log10f(x)
#define __sinf(x) ::parity::simt::math::fast_sinf(x)
#define __cosf(x) ::parity::simt::math::fast_cosf(x)
#define __tanf(x) ::tanf(x)
#define __powf(x, y) ::powf(x, y)
#define __sincosf(x, s, c) ::parity::simt::math::fast_sincosf(x, s, c)
inline float __fdividef(float a, float b) {
  return ::parity::simt::math::vendor_of(::parity::simt::math::Fn::kFastDivide, a, b,
                                         [&] { return a / b; });
}
inline float __saturatef(float x) {
  return saturatef(x);
}
inline float __frsqrt_rn(float x) {
  return 1.0f / std::sqrt(x);
}
inline float __fmaf_rn(float a, float b, float c) {
  return std::fma(a, b, c);
}
inline double __fma_rn(double a, double b, double c) {
  return std::fma(a, b, c);
}
inline float __fmaf_ieee_rn(float a, float b, float c) {
  return std::fma(a, b, c);
}

#define PARITY_SIMT_ROUNDED(suffix, mode)                                                          \
  inline float __fadd_##suffix(float a, float b) {                                                 \
    return ::parity::simt::math::add(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline float __fsub_##suffix(float a, float b) {                                                 \
    return ::parity::simt::math::add(a, -b, ::parity::simt::math::Round::mode);                    \
  }                                                                                                \
  inline float __fmul_##suffix(float a, float b) {                                                 \
    return ::parity::simt::math::mul(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline float __fdiv_##suffix(float a, float b) {                                                 \
    return ::parity::simt::math::div(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline float __fsqrt_##suffix(float x) {                                                         \
    return ::parity::simt::math::sqrt(x, ::parity::simt::math::Round::mode);                       \
  }                                                                                                \
  inline double __dadd_##suffix(double a, double b) {                                              \
    return ::parity::simt::math::add(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline double __dsub_##suffix(double a, double b) {                                              \
    return ::parity::simt::math::add(a, -b, ::parity::simt::math::Round::mode);                    \
  }                                                                                                \
  inline double __dmul_##suffix(double a, double b) {                                              \
    return ::parity::simt::math::mul(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline double __ddiv_##suffix(double a, double b) {                                              \
    return ::parity::simt::math::div(a, b, ::parity::simt::math::Round::mode);                     \
  }                                                                                                \
  inline double __dsqrt_##suffix(double x) {                                                       \
    return ::parity::simt::math::sqrt(x, ::parity::simt::math::Round::mode);                       \
  }                                                                                                \
  inline double __drcp_##suffix(double x) {                                                        \
    return ::parity::simt::math::div(1.0, x, ::parity::simt::math::Round::mode);                   \
  }                                                                                                \
  inline int __float2int_##suffix(float x) {                                                       \
    return ::parity::simt::math::to_int<int>(x, ::parity::simt::math::Round::mode);                \
  }                                                                                                \
  inline unsigned int __float2uint_##suffix(float x) {                                             \
    return ::parity::simt::math::to_int<unsigned int>(x, ::parity::simt::math::Round::mode);       \
  }                                                                                                \
  inline long long __float2ll_##suffix(float x) {                                                  \
    return ::parity::simt::math::to_int<long long>(x, ::parity::simt::math::Round::mode);          \
  }                                                                                                \
  inline unsigned long long __float2ull_##suffix(float x) {                                        \
    return ::parity::simt::math::to_int<unsigned long long>(x, ::parity::simt::math::Round::mode); \
  }                                                                                                \
  inline int __double2int_##suffix(double x) {                                                     \
    return ::parity::simt::math::to_int<int>(x, ::parity::simt::math::Round::mode);                \
  }                                                                                                \
  inline unsigned int __double2uint_##suffix(double x) {                                           \
    return ::parity::simt::math::to_int<unsigned int>(x, ::parity::simt::math::Round::mode);       \
  }                                                                                                \
  inline long long __double2ll_##suffix(double x) {                                                \
    return ::parity::simt::math::to_int<long long>(x, ::parity::simt::math::Round::mode);          \
  }                                                                                                \
  inline unsigned long long __double2ull_##suffix(double x) {                                      \
    return ::parity::simt::math::to_int<unsigned long long>(x, ::parity::simt::math::Round::mode); \
  }                                                                                                \
  inline float __int2float_##suffix(int v) {                                                       \
    return ::parity::simt::math::to_float<float>(v, ::parity::simt::math::Round::mode);            \
  }                                                                                                \
  inline float __uint2float_##suffix(unsigned int v) {                                             \
    return ::parity::simt::math::to_float<float>(v, ::parity::simt::math::Round::mode);            \
  }                                                                                                \
  inline float __ll2float_##suffix(long long v) {                                                  \
    return ::parity::simt::math::to_float<float>(v, ::parity::simt::math::Round::mode);            \
  }                                                                                                \
  inline float __ull2float_##suffix(unsigned long long v) {                                        \
    return ::parity::simt::math::to_float<float>(v, ::parity::simt::math::Round::mode);            \
  }                                                                                                \
  inline double __ll2double_##suffix(long long v) {                                                \
    return ::parity::simt::math::to_float<double>(v, ::parity::simt::math::Round::mode);           \
  }                                                                                                \
  inline double __ull2double_##suffix(unsigned long long v) {                                      \
    return ::parity::simt::math::to_float<double>(v, ::parity::simt::math::Round::mode);           \
  }                                                                                                \
  inline float __double2float_##suffix(double v) {                                                 \
    return ::parity::simt::math::to_float<float>(v, ::parity::simt::math::Round::mode);            \
  }
PARITY_SIMT_ROUNDED(rn, kNearest)
PARITY_SIMT_ROUNDED(rz, kZero)
PARITY_SIMT_ROUNDED(ru, kUp)
PARITY_SIMT_ROUNDED(rd, kDown)
#undef PARITY_SIMT_ROUNDED
inline float __frcp_rn(float x) {
  return 1.0f / x;
}
inline float __frcp_rz(float x) {
  return __fdiv_rz(1.0f, x);
}
inline float __frcp_ru(float x) {
  return __fdiv_ru(1.0f, x);
}
inline float __frcp_rd(float x) {
  return __fdiv_rd(1.0f, x);
}
inline double __int2double_rn(int v) {
  return v;
}
inline double __uint2double_rn(unsigned int v) {
  return v;
}

// ----- bit reinterpretation -----
inline int __float_as_int(float x) {
  return std::bit_cast<int>(x);
}
inline unsigned int __float_as_uint(float x) {
  return std::bit_cast<unsigned int>(x);
}
inline float __int_as_float(int x) {
  return std::bit_cast<float>(x);
}
inline float __uint_as_float(unsigned int x) {
  return std::bit_cast<float>(x);
}
inline long long __double_as_longlong(double x) {
  return std::bit_cast<long long>(x);
}
inline double __longlong_as_double(long long x) {
  return std::bit_cast<double>(x);
}
inline int __double2hiint(double x) {
  return static_cast<int>(std::bit_cast<unsigned long long>(x) >> 32);
}
inline int __double2loint(double x) {
  return static_cast<int>(std::bit_cast<unsigned long long>(x) & 0xffffffffu);
}
inline double __hiloint2double(int hi, int lo) {
  return std::bit_cast<double>((static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) |
                               static_cast<unsigned>(lo));
}

// ----- integer intrinsics -----
inline int __popc(unsigned int x) {
  return std::popcount(x);
}
inline int __popcll(unsigned long long x) {
  return std::popcount(x);
}
inline int __clz(int x) {
  return std::countl_zero(static_cast<unsigned int>(x));
}
inline int __clzll(long long x) {
  return std::countl_zero(static_cast<unsigned long long>(x));
}
inline int __ffs(int x) {
  return x == 0 ? 0 : std::countr_zero(static_cast<unsigned int>(x)) + 1;
}
inline int __ffsll(long long x) {
  return x == 0 ? 0 : std::countr_zero(static_cast<unsigned long long>(x)) + 1;
}
inline unsigned int __brev(unsigned int x) {
  unsigned int r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned sel = (s >> (4 * i)) & 7u;
    r |= static_cast<unsigned int>((bytes >> (8 * sel)) & 0xffu) << (8 * i);
  }
  return r;
}
inline int __mul24(int x, int y) {
  const long long a = static_cast<long long>(static_cast<int>(static_cast<unsigned>(x) << 8) >> 8);
  const long long b = static_cast<long long>(static_cast<int>(static_cast<unsigned>(y) << 8) >> 8);
  return static_cast<int>(static_cast<unsigned long long>(a * b) & 0xffffffffu);
}
inline unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
inline int __mulhi(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) * static_cast<long long>(y)) >> 32);
}
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  __extension__ using I128 = __int128;
  return static_cast<long long>((static_cast<I128>(x) * static_cast<I128>(y)) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  __extension__ using U128 = unsigned __int128;
  return static_cast<unsigned long long>((static_cast<U128>(x) * static_cast<U128>(y)) >> 64);
}
inline unsigned int __sad(int x, int y, unsigned int z) {
  return z + static_cast<unsigned int>(x > y ? static_cast<long long>(x) - y
                                             : static_cast<long long>(y) - x);
}
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}
inline int __hadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y) >> 1);
}
inline int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>((v << (shift > 32u ? 32u : shift)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned int>(v >> (shift > 32u ? 32u : shift));
}

// ----- timing (the cache-hint loads and stores differ per dialect: dialect/device_api.def) -----
inline long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline long long wall_clock64() {
  return clock64();
}
inline void __nanosleep(unsigned int) {}
#if !defined(__clang__) && !defined(__builtin_assume)
#define __builtin_assume(x) static_cast<void>(0)
#endif
