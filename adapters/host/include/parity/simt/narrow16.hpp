// Storage and conversions of the 16-bit device float types (__half, __nv_bfloat16 /
// __hip_bfloat16), built on the framework's exact codecs (parity/float_format.hpp): every
// conversion is a single correct rounding, and arithmetic is done in double (exact for sums and
// products of two 16-bit values) and rounded once, which is what the hardware instructions do.
// The types are one template, so each is a distinct standard-layout struct of 2 bytes whose bits
// are `__x`, as in CUDA.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"
#include "parity/simt/math.hpp"

namespace parity::simt::detail {

//! encode() with a rounding mode: round to nearest even, or toward zero / +inf / -inf (derived
//! exactly from the nearest result). `saturate` clamps finite overflow to max finite.
std::uint64_t encode_rounded(DType dtype, double value, math::Round mode, bool saturate = false);

template <DType D>
inline const float* decode_table16() {
  static const float* table = ::parity::decode_table(*::parity::float_format(D));
  return table;
}

}  // namespace parity::simt::detail

namespace parity::simt {

template <DType D>
struct Narrow16 {
  static constexpr DType kDType = D;
  unsigned short __x;

  Narrow16() = default;
  constexpr Narrow16(std::uint16_t bits, std::true_type) : __x(bits) {}
  Narrow16(float f) : __x(from(static_cast<double>(f))) {}
  Narrow16(double d) : __x(from(d)) {}
  Narrow16(int v) : __x(from(static_cast<double>(v))) {}
  Narrow16(unsigned int v) : __x(from(static_cast<double>(v))) {}
  Narrow16(short v) : __x(from(static_cast<double>(v))) {}
  Narrow16(unsigned short v) : __x(from(static_cast<double>(v))) {}
  Narrow16(long v) : __x(from(static_cast<double>(v))) {}
  Narrow16(unsigned long v) : __x(from(static_cast<double>(v))) {}
  Narrow16(long long v) : __x(from(static_cast<double>(v))) {}
  Narrow16(unsigned long long v) : __x(from(static_cast<double>(v))) {}

  operator float() const { return detail::decode_table16<D>()[__x]; }
  explicit operator double() const { return static_cast<double>(static_cast<float>(*this)); }
  explicit operator bool() const { return (__x & 0x7fffu) != 0; }

  static Narrow16 from_bits(std::uint16_t bits) { return Narrow16(bits, std::true_type{}); }
  static std::uint16_t from(double d, math::Round mode = math::Round::kNearest) {
    return static_cast<std::uint16_t>(detail::encode_rounded(D, d, mode));
  }
};

template <class T>
struct Narrow16Pair {
  T x, y;
  Narrow16Pair() = default;
  constexpr Narrow16Pair(T a, T b) : x(a), y(b) {}
};

}  // namespace parity::simt

// The per-type API shared by __half and the bfloat16 types: arithmetic, comparisons and math
// functions, with CUDA's names (overloaded on the type, as CUDA overloads them).
#define PARITY_SIMT_NARROW16_API(T, T2)                                            \
  inline T operator+(const T& a, const T& b) {                                     \
    return T(double(a) + double(b));                                               \
  }                                                                                \
  inline T operator-(const T& a, const T& b) {                                     \
    return T(double(a) - double(b));                                               \
  }                                                                                \
  inline T operator*(const T& a, const T& b) {                                     \
    return T(double(a) * double(b));                                               \
  }                                                                                \
  inline T operator/(const T& a, const T& b) {                                     \
    return T(double(a) / double(b));                                               \
  }                                                                                \
  inline T operator+(const T& a) {                                                 \
    return a;                                                                      \
  }                                                                                \
  inline T operator-(const T& a) {                                                 \
    return T::from_bits(static_cast<std::uint16_t>(a.__x ^ 0x8000u));              \
  }                                                                                \
  inline T& operator+=(T& a, const T& b) {                                         \
    return a = a + b;                                                              \
  }                                                                                \
  inline T& operator-=(T& a, const T& b) {                                         \
    return a = a - b;                                                              \
  }                                                                                \
  inline T& operator*=(T& a, const T& b) {                                         \
    return a = a * b;                                                              \
  }                                                                                \
  inline T& operator/=(T& a, const T& b) {                                         \
    return a = a / b;                                                              \
  }                                                                                \
  inline T& operator++(T& a) {                                                     \
    return a = a + T(1.0f);                                                        \
  }                                                                                \
  inline T& operator--(T& a) {                                                     \
    return a = a - T(1.0f);                                                        \
  }                                                                                \
  inline T operator++(T& a, int) {                                                 \
    T old = a;                                                                     \
    ++a;                                                                           \
    return old;                                                                    \
  }                                                                                \
  inline T operator--(T& a, int) {                                                 \
    T old = a;                                                                     \
    --a;                                                                           \
    return old;                                                                    \
  }                                                                                \
  inline bool operator==(const T& a, const T& b) {                                 \
    return float(a) == float(b);                                                   \
  }                                                                                \
  inline bool operator!=(const T& a, const T& b) {                                 \
    return float(a) != float(b);                                                   \
  }                                                                                \
  inline bool operator<(const T& a, const T& b) {                                  \
    return float(a) < float(b);                                                    \
  }                                                                                \
  inline bool operator>(const T& a, const T& b) {                                  \
    return float(a) > float(b);                                                    \
  }                                                                                \
  inline bool operator<=(const T& a, const T& b) {                                 \
    return float(a) <= float(b);                                                   \
  }                                                                                \
  inline bool operator>=(const T& a, const T& b) {                                 \
    return float(a) >= float(b);                                                   \
  }                                                                                \
  inline T __hadd(T a, T b) {                                                      \
    return a + b;                                                                  \
  }                                                                                \
  inline T __hsub(T a, T b) {                                                      \
    return a - b;                                                                  \
  }                                                                                \
  inline T __hmul(T a, T b) {                                                      \
    return a * b;                                                                  \
  }                                                                                \
  inline T __hdiv(T a, T b) {                                                      \
    return a / b;                                                                  \
  }                                                                                \
  inline T __hadd_rn(T a, T b) {                                                   \
    return a + b;                                                                  \
  }                                                                                \
  inline T __hsub_rn(T a, T b) {                                                   \
    return a - b;                                                                  \
  }                                                                                \
  inline T __hmul_rn(T a, T b) {                                                   \
    return a * b;                                                                  \
  }                                                                                \
  inline T __hfma(T a, T b, T c) {                                                 \
    return T(std::fma(double(a), double(b), double(c)));                           \
  }                                                                                \
  inline T parity_simt_saturate01(T a) {                                           \
    const float f = float(a);                                                      \
    return std::isnan(f) ? T(0.0f) : f < 0.0f ? T(0.0f) : f > 1.0f ? T(1.0f) : a;  \
  }                                                                                \
  inline T __hadd_sat(T a, T b) {                                                  \
    return parity_simt_saturate01(a + b);                                          \
  }                                                                                \
  inline T __hsub_sat(T a, T b) {                                                  \
    return parity_simt_saturate01(a - b);                                          \
  }                                                                                \
  inline T __hmul_sat(T a, T b) {                                                  \
    return parity_simt_saturate01(a * b);                                          \
  }                                                                                \
  inline T __hfma_sat(T a, T b, T c) {                                             \
    return parity_simt_saturate01(__hfma(a, b, c));                                \
  }                                                                                \
  inline T __hneg(T a) {                                                           \
    return -a;                                                                     \
  }                                                                                \
  inline T __habs(T a) {                                                           \
    return T::from_bits(static_cast<std::uint16_t>(a.__x & 0x7fffu));              \
  }                                                                                \
  inline bool __hisnan(T a) {                                                      \
    return std::isnan(float(a));                                                   \
  }                                                                                \
  inline int __hisinf(T a) {                                                       \
    const float f = float(a);                                                      \
    return std::isinf(f) ? (f < 0 ? -1 : 1) : 0;                                   \
  }                                                                                \
  inline T __hmax(T a, T b) {                                                      \
    return T(std::fmax(float(a), float(b)));                                       \
  }                                                                                \
  inline T __hmin(T a, T b) {                                                      \
    return T(std::fmin(float(a), float(b)));                                       \
  }                                                                                \
  inline T __hmax_nan(T a, T b) {                                                  \
    return __hisnan(a) ? a : __hisnan(b) ? b : __hmax(a, b);                       \
  }                                                                                \
  inline T __hmin_nan(T a, T b) {                                                  \
    return __hisnan(a) ? a : __hisnan(b) ? b : __hmin(a, b);                       \
  }                                                                                \
  inline bool __heq(T a, T b) {                                                    \
    return float(a) == float(b);                                                   \
  }                                                                                \
  inline bool __hne(T a, T b) {                                                    \
    return float(a) < float(b) || float(a) > float(b);                             \
  }                                                                                \
  inline bool __hlt(T a, T b) {                                                    \
    return float(a) < float(b);                                                    \
  }                                                                                \
  inline bool __hle(T a, T b) {                                                    \
    return float(a) <= float(b);                                                   \
  }                                                                                \
  inline bool __hgt(T a, T b) {                                                    \
    return float(a) > float(b);                                                    \
  }                                                                                \
  inline bool __hge(T a, T b) {                                                    \
    return float(a) >= float(b);                                                   \
  }                                                                                \
  inline bool __hequ(T a, T b) {                                                   \
    return !(__hlt(a, b) || __hgt(a, b));                                          \
  }                                                                                \
  inline bool __hneu(T a, T b) {                                                   \
    return !__heq(a, b);                                                           \
  }                                                                                \
  inline bool __hltu(T a, T b) {                                                   \
    return !__hge(a, b);                                                           \
  }                                                                                \
  inline bool __hleu(T a, T b) {                                                   \
    return !__hgt(a, b);                                                           \
  }                                                                                \
  inline bool __hgtu(T a, T b) {                                                   \
    return !__hle(a, b);                                                           \
  }                                                                                \
  inline bool __hgeu(T a, T b) {                                                   \
    return !__hlt(a, b);                                                           \
  }                                                                                \
  inline T hsqrt(T a) {                                                            \
    return T(std::sqrt(double(a)));                                                \
  }                                                                                \
  inline T hrsqrt(T a) {                                                           \
    return T(1.0 / std::sqrt(double(a)));                                          \
  }                                                                                \
  inline T hrcp(T a) {                                                             \
    return T(1.0 / double(a));                                                     \
  }                                                                                \
  inline T hexp(T a) {                                                             \
    return T(std::exp(double(a)));                                                 \
  }                                                                                \
  inline T hexp2(T a) {                                                            \
    return T(std::exp2(double(a)));                                                \
  }                                                                                \
  inline T hexp10(T a) {                                                           \
    return T(std::pow(10.0, double(a)));                                           \
  }                                                                                \
  inline T hlog(T a) {                                                             \
    return T(std::log(double(a)));                                                 \
  }                                                                                \
  inline T hlog2(T a) {                                                            \
    return T(std::log2(double(a)));                                                \
  }                                                                                \
  inline T hlog10(T a) {                                                           \
    return T(std::log10(double(a)));                                               \
  }                                                                                \
  inline T hsin(T a) {                                                             \
    return T(std::sin(double(a)));                                                 \
  }                                                                                \
  inline T hcos(T a) {                                                             \
    return T(std::cos(double(a)));                                                 \
  }                                                                                \
  inline T htanh(T a) {                                                            \
    return T(std::tanh(double(a)));                                                \
  }                                                                                \
  inline T hfloor(T a) {                                                           \
    return T(std::floor(float(a)));                                                \
  }                                                                                \
  inline T hceil(T a) {                                                            \
    return T(std::ceil(float(a)));                                                 \
  }                                                                                \
  inline T htrunc(T a) {                                                           \
    return T(std::trunc(float(a)));                                                \
  }                                                                                \
  inline T hrint(T a) {                                                            \
    return T(std::nearbyint(float(a)));                                            \
  }                                                                                \
  /* pairs */                                                                      \
  inline T2 operator+(const T2& a, const T2& b) {                                  \
    return T2(a.x + b.x, a.y + b.y);                                               \
  }                                                                                \
  inline T2 operator-(const T2& a, const T2& b) {                                  \
    return T2(a.x - b.x, a.y - b.y);                                               \
  }                                                                                \
  inline T2 operator*(const T2& a, const T2& b) {                                  \
    return T2(a.x * b.x, a.y * b.y);                                               \
  }                                                                                \
  inline T2 operator/(const T2& a, const T2& b) {                                  \
    return T2(a.x / b.x, a.y / b.y);                                               \
  }                                                                                \
  inline T2 operator-(const T2& a) {                                               \
    return T2(-a.x, -a.y);                                                         \
  }                                                                                \
  inline T2& operator+=(T2& a, const T2& b) {                                      \
    return a = a + b;                                                              \
  }                                                                                \
  inline T2& operator-=(T2& a, const T2& b) {                                      \
    return a = a - b;                                                              \
  }                                                                                \
  inline T2& operator*=(T2& a, const T2& b) {                                      \
    return a = a * b;                                                              \
  }                                                                                \
  inline T2& operator/=(T2& a, const T2& b) {                                      \
    return a = a / b;                                                              \
  }                                                                                \
  inline bool operator==(const T2& a, const T2& b) {                               \
    return a.x == b.x && a.y == b.y;                                               \
  }                                                                                \
  inline bool operator!=(const T2& a, const T2& b) {                               \
    return !(a == b);                                                              \
  }                                                                                \
  inline T2 __hadd2(T2 a, T2 b) {                                                  \
    return a + b;                                                                  \
  }                                                                                \
  inline T2 __hsub2(T2 a, T2 b) {                                                  \
    return a - b;                                                                  \
  }                                                                                \
  inline T2 __hmul2(T2 a, T2 b) {                                                  \
    return a * b;                                                                  \
  }                                                                                \
  inline T2 __h2div(T2 a, T2 b) {                                                  \
    return a / b;                                                                  \
  }                                                                                \
  inline T2 __hdiv2(T2 a, T2 b) {                                                  \
    return a / b;                                                                  \
  }                                                                                \
  inline T2 __hfma2(T2 a, T2 b, T2 c) {                                            \
    return T2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));                       \
  }                                                                                \
  inline T2 __hadd2_sat(T2 a, T2 b) {                                              \
    return T2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y));                         \
  }                                                                                \
  inline T2 __hmul2_sat(T2 a, T2 b) {                                              \
    return T2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y));                         \
  }                                                                                \
  inline T2 __hfma2_sat(T2 a, T2 b, T2 c) {                                        \
    return T2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));               \
  }                                                                                \
  inline T2 __hneg2(T2 a) {                                                        \
    return -a;                                                                     \
  }                                                                                \
  inline T2 __habs2(T2 a) {                                                        \
    return T2(__habs(a.x), __habs(a.y));                                           \
  }                                                                                \
  inline T2 __hmax2(T2 a, T2 b) {                                                  \
    return T2(__hmax(a.x, b.x), __hmax(a.y, b.y));                                 \
  }                                                                                \
  inline T2 __hmin2(T2 a, T2 b) {                                                  \
    return T2(__hmin(a.x, b.x), __hmin(a.y, b.y));                                 \
  }                                                                                \
  inline T2 __heq2(T2 a, T2 b) {                                                   \
    return T2(T(__heq(a.x, b.x) ? 1.0f : 0.0f), T(__heq(a.y, b.y) ? 1.0f : 0.0f)); \
  }                                                                                \
  inline T2 __hlt2(T2 a, T2 b) {                                                   \
    return T2(T(__hlt(a.x, b.x) ? 1.0f : 0.0f), T(__hlt(a.y, b.y) ? 1.0f : 0.0f)); \
  }                                                                                \
  inline T2 __hgt2(T2 a, T2 b) {                                                   \
    return T2(T(__hgt(a.x, b.x) ? 1.0f : 0.0f), T(__hgt(a.y, b.y) ? 1.0f : 0.0f)); \
  }                                                                                \
  inline bool __hbeq2(T2 a, T2 b) {                                                \
    return __heq(a.x, b.x) && __heq(a.y, b.y);                                     \
  }                                                                                \
  inline bool __hblt2(T2 a, T2 b) {                                                \
    return __hlt(a.x, b.x) && __hlt(a.y, b.y);                                     \
  }                                                                                \
  inline bool __hbgt2(T2 a, T2 b) {                                                \
    return __hgt(a.x, b.x) && __hgt(a.y, b.y);                                     \
  }                                                                                \
  inline bool __hble2(T2 a, T2 b) {                                                \
    return __hle(a.x, b.x) && __hle(a.y, b.y);                                     \
  }                                                                                \
  inline bool __hbge2(T2 a, T2 b) {                                                \
    return __hge(a.x, b.x) && __hge(a.y, b.y);                                     \
  }                                                                                \
  inline T2 h2sqrt(T2 a) {                                                         \
    return T2(hsqrt(a.x), hsqrt(a.y));                                             \
  }                                                                                \
  inline T2 h2rsqrt(T2 a) {                                                        \
    return T2(hrsqrt(a.x), hrsqrt(a.y));                                           \
  }                                                                                \
  inline T2 h2rcp(T2 a) {                                                          \
    return T2(hrcp(a.x), hrcp(a.y));                                               \
  }                                                                                \
  inline T2 h2exp(T2 a) {                                                          \
    return T2(hexp(a.x), hexp(a.y));                                               \
  }                                                                                \
  inline T2 h2log(T2 a) {                                                          \
    return T2(hlog(a.x), hlog(a.y));                                               \
  }                                                                                \
  inline T2 h2sin(T2 a) {                                                          \
    return T2(hsin(a.x), hsin(a.y));                                               \
  }                                                                                \
  inline T2 h2cos(T2 a) {                                                          \
    return T2(hcos(a.x), hcos(a.y));                                               \
  }                                                                                \
  inline T2 h2floor(T2 a) {                                                        \
    return T2(hfloor(a.x), hfloor(a.y));                                           \
  }                                                                                \
  inline T2 h2ceil(T2 a) {                                                         \
    return T2(hceil(a.x), hceil(a.y));                                             \
  }                                                                                \
  inline T2 h2trunc(T2 a) {                                                        \
    return T2(htrunc(a.x), htrunc(a.y));                                           \
  }                                                                                \
  inline T2 __lowhigh2highlow(T2 a) {                                              \
    return T2(a.y, a.x);                                                           \
  }
