// __half and __half2 (cuda_fp16.h, hip/hip_fp16.h): the same type in both dialects.
#pragma once

#include <atomic>

#include "parity/simt/narrow16.hpp"
#include "parity/simt/vector_types.hpp"

using __half = ::parity::simt::Narrow16<::parity::DType::kFloat16>;
using half = __half;
struct __half_raw {
  unsigned short x;
};
struct alignas(4) __half2_raw {
  unsigned short x, y;
};
struct alignas(4) __half2 : ::parity::simt::Narrow16Pair<__half> {
  using Narrow16Pair::Narrow16Pair;
  __half2() = default;
  __half2(const __half2_raw& r) : Narrow16Pair(__half::from_bits(r.x), __half::from_bits(r.y)) {}
  operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
using half2 = __half2;
static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4);

PARITY_SIMT_NARROW16_API(__half, __half2)

namespace parity::simt::detail {
inline unsigned short half_bits(double v, math::Round mode) {
  return static_cast<unsigned short>(encode_rounded(DType::kFloat16, v, mode));
}
}  // namespace parity::simt::detail

inline __half __raw2half(__half_raw r) {
  return __half::from_bits(r.x);
}
inline __half_raw __half2raw(__half h) {
  return __half_raw{h.__x};
}
inline __half __float2half(float f) {
  return __half(f);
}
inline __half __double2half(double d) {
  return __half(d);
}
#define PARITY_SIMT_HALF_ROUNDED(suffix, mode)                                                   \
  inline __half __float2half_##suffix(float f) {                                                 \
    return __half::from_bits(                                                                    \
        ::parity::simt::detail::half_bits(f, ::parity::simt::math::Round::mode));                \
  }                                                                                              \
  inline __half __int2half_##suffix(int v) {                                                     \
    return __half::from_bits(                                                                    \
        ::parity::simt::detail::half_bits(v, ::parity::simt::math::Round::mode));                \
  }                                                                                              \
  inline __half __uint2half_##suffix(unsigned int v) {                                           \
    return __half::from_bits(                                                                    \
        ::parity::simt::detail::half_bits(v, ::parity::simt::math::Round::mode));                \
  }                                                                                              \
  inline __half __short2half_##suffix(short v) {                                                 \
    return __half::from_bits(                                                                    \
        ::parity::simt::detail::half_bits(v, ::parity::simt::math::Round::mode));                \
  }                                                                                              \
  inline __half __ushort2half_##suffix(unsigned short v) {                                       \
    return __half::from_bits(                                                                    \
        ::parity::simt::detail::half_bits(v, ::parity::simt::math::Round::mode));                \
  }                                                                                              \
  inline __half __ll2half_##suffix(long long v) {                                                \
    return __half::from_bits(::parity::simt::detail::half_bits(                                  \
        static_cast<double>(v), ::parity::simt::math::Round::mode));                             \
  }                                                                                              \
  inline __half __ull2half_##suffix(unsigned long long v) {                                      \
    return __half::from_bits(::parity::simt::detail::half_bits(                                  \
        static_cast<double>(v), ::parity::simt::math::Round::mode));                             \
  }                                                                                              \
  inline int __half2int_##suffix(__half h) {                                                     \
    return ::parity::simt::math::to_int<int>(float(h), ::parity::simt::math::Round::mode);       \
  }                                                                                              \
  inline unsigned int __half2uint_##suffix(__half h) {                                           \
    return ::parity::simt::math::to_int<unsigned int>(float(h),                                  \
                                                      ::parity::simt::math::Round::mode);        \
  }                                                                                              \
  inline short __half2short_##suffix(__half h) {                                                 \
    return ::parity::simt::math::to_int<short>(float(h), ::parity::simt::math::Round::mode);     \
  }                                                                                              \
  inline unsigned short __half2ushort_##suffix(__half h) {                                       \
    return ::parity::simt::math::to_int<unsigned short>(float(h),                                \
                                                        ::parity::simt::math::Round::mode);      \
  }                                                                                              \
  inline long long __half2ll_##suffix(__half h) {                                                \
    return ::parity::simt::math::to_int<long long>(float(h), ::parity::simt::math::Round::mode); \
  }                                                                                              \
  inline unsigned long long __half2ull_##suffix(__half h) {                                      \
    return ::parity::simt::math::to_int<unsigned long long>(float(h),                            \
                                                            ::parity::simt::math::Round::mode);  \
  }
PARITY_SIMT_HALF_ROUNDED(rn, kNearest)
PARITY_SIMT_HALF_ROUNDED(rz, kZero)
PARITY_SIMT_HALF_ROUNDED(ru, kUp)
PARITY_SIMT_HALF_ROUNDED(rd, kDown)
#undef PARITY_SIMT_HALF_ROUNDED
inline float __half2float(__half h) {
  return float(h);
}
inline double __half2double(__half h) {
  return static_cast<double>(float(h));
}
inline short __half_as_short(__half h) {
  return static_cast<short>(h.__x);
}
inline unsigned short __half_as_ushort(__half h) {
  return h.__x;
}
inline __half __short_as_half(short v) {
  return __half::from_bits(static_cast<unsigned short>(v));
}
inline __half __ushort_as_half(unsigned short v) {
  return __half::from_bits(v);
}

inline __half2 __halves2half2(__half a, __half b) {
  return __half2(a, b);
}
inline __half2 __half2half2(__half a) {
  return __half2(a, a);
}
inline __half2 __float2half2_rn(float f) {
  return __half2(__half(f), __half(f));
}
inline __half2 __floats2half2_rn(float a, float b) {
  return __half2(__half(a), __half(b));
}
inline __half2 __float22half2_rn(float2 f) {
  return __half2(__half(f.x), __half(f.y));
}
inline float2 __half22float2(__half2 h) {
  return make_float2(float(h.x), float(h.y));
}
inline __half __low2half(__half2 h) {
  return h.x;
}
inline __half __high2half(__half2 h) {
  return h.y;
}
inline float __low2float(__half2 h) {
  return float(h.x);
}
inline float __high2float(__half2 h) {
  return float(h.y);
}
inline __half2 __low2half2(__half2 h) {
  return __half2(h.x, h.x);
}
inline __half2 __high2half2(__half2 h) {
  return __half2(h.y, h.y);
}
inline __half2 __lows2half2(__half2 a, __half2 b) {
  return __half2(a.x, b.x);
}
inline __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2(a.y, b.y);
}

inline __half atomicAdd(__half* address, __half value) {
  std::atomic_ref<unsigned short> ref(address->__x);
  unsigned short old = ref.load();
  while (!ref.compare_exchange_weak(old, (__half::from_bits(old) + value).__x)) {
  }
  return __half::from_bits(old);
}
inline __half2 atomicAdd(__half2* address, __half2 value) {
  static_assert(sizeof(__half2) == sizeof(unsigned int));
  auto* word = reinterpret_cast<unsigned int*>(address);
  std::atomic_ref<unsigned int> ref(*word);
  unsigned int old = ref.load();
  for (;;) {
    const __half2 now(__half::from_bits(static_cast<unsigned short>(old & 0xffffu)),
                      __half::from_bits(static_cast<unsigned short>(old >> 16)));
    const __half2 sum = now + value;
    const unsigned int desired =
        static_cast<unsigned int>(sum.x.__x) | static_cast<unsigned int>(sum.y.__x) << 16;
    if (ref.compare_exchange_weak(old, desired)) return now;
  }
}
