// __nv_bfloat16 / __nv_bfloat162 (cuda_bf16.h), also HIP's __hip_bfloat16 / __hip_bfloat162
// (hip/hip_bf16.h): one type. HIP's older hip_bfloat16 struct is in hip/hip_bfloat16.h.
#pragma once

#include <atomic>

#include "parity/simt/narrow16.hpp"
#include "parity/simt/vector_types.hpp"

using __nv_bfloat16 = ::parity::simt::Narrow16<::parity::DType::kBFloat16>;
using nv_bfloat16 = __nv_bfloat16;
struct __nv_bfloat16_raw {
  unsigned short x;
};
struct alignas(4) __nv_bfloat162_raw {
  unsigned short x, y;
};
struct alignas(4) __nv_bfloat162 : ::parity::simt::Narrow16Pair<__nv_bfloat16> {
  using Narrow16Pair::Narrow16Pair;
  __nv_bfloat162() = default;
  __nv_bfloat162(const __nv_bfloat162_raw& r)
      : Narrow16Pair(__nv_bfloat16::from_bits(r.x), __nv_bfloat16::from_bits(r.y)) {}
  operator __nv_bfloat162_raw() const { return __nv_bfloat162_raw{x.__x, y.__x}; }
};
using nv_bfloat162 = __nv_bfloat162;
static_assert(sizeof(__nv_bfloat16) == 2 && sizeof(__nv_bfloat162) == 4);

PARITY_SIMT_NARROW16_API(__nv_bfloat16, __nv_bfloat162)

namespace parity::simt::detail {
inline unsigned short bfloat16_bits(double v, math::Round mode) {
  return static_cast<unsigned short>(encode_rounded(DType::kBFloat16, v, mode));
}
}  // namespace parity::simt::detail

inline __nv_bfloat16 __float2bfloat16(float f) {
  return __nv_bfloat16(f);
}
inline __nv_bfloat16 __double2bfloat16(double d) {
  return __nv_bfloat16(d);
}
#define PARITY_SIMT_BF16_ROUNDED(suffix, mode)                                             \
  inline __nv_bfloat16 __float2bfloat16_##suffix(float f) {                                \
    return __nv_bfloat16::from_bits(                                                       \
        ::parity::simt::detail::bfloat16_bits(f, ::parity::simt::math::Round::mode));      \
  }                                                                                        \
  inline __nv_bfloat16 __int2bfloat16_##suffix(int v) {                                    \
    return __nv_bfloat16::from_bits(                                                       \
        ::parity::simt::detail::bfloat16_bits(v, ::parity::simt::math::Round::mode));      \
  }                                                                                        \
  inline __nv_bfloat16 __uint2bfloat16_##suffix(unsigned int v) {                          \
    return __nv_bfloat16::from_bits(                                                       \
        ::parity::simt::detail::bfloat16_bits(v, ::parity::simt::math::Round::mode));      \
  }                                                                                        \
  inline int __bfloat162int_##suffix(__nv_bfloat16 h) {                                    \
    return ::parity::simt::math::to_int<int>(float(h), ::parity::simt::math::Round::mode); \
  }                                                                                        \
  inline unsigned int __bfloat162uint_##suffix(__nv_bfloat16 h) {                          \
    return ::parity::simt::math::to_int<unsigned int>(float(h),                            \
                                                      ::parity::simt::math::Round::mode);  \
  }
PARITY_SIMT_BF16_ROUNDED(rn, kNearest)
PARITY_SIMT_BF16_ROUNDED(rz, kZero)
PARITY_SIMT_BF16_ROUNDED(ru, kUp)
PARITY_SIMT_BF16_ROUNDED(rd, kDown)
#undef PARITY_SIMT_BF16_ROUNDED
inline float __bfloat162float(__nv_bfloat16 h) {
  return float(h);
}
inline short __bfloat16_as_short(__nv_bfloat16 h) {
  return static_cast<short>(h.__x);
}
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) {
  return h.__x;
}
inline __nv_bfloat16 __short_as_bfloat16(short v) {
  return __nv_bfloat16::from_bits(static_cast<unsigned short>(v));
}
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short v) {
  return __nv_bfloat16::from_bits(v);
}
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) {
  return __nv_bfloat162(a, a);
}
inline __nv_bfloat162 __float2bfloat162_rn(float f) {
  return __nv_bfloat162(__nv_bfloat16(f), __nv_bfloat16(f));
}
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __nv_bfloat162(__nv_bfloat16(a), __nv_bfloat16(b));
}
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) {
  return __nv_bfloat162(__nv_bfloat16(f.x), __nv_bfloat16(f.y));
}
inline float2 __bfloat1622float2(__nv_bfloat162 h) {
  return make_float2(float(h.x), float(h.y));
}
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) {
  return h.x;
}
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) {
  return h.y;
}
inline float __low2float(__nv_bfloat162 h) {
  return float(h.x);
}
inline float __high2float(__nv_bfloat162 h) {
  return float(h.y);
}

inline __nv_bfloat16 atomicAdd(__nv_bfloat16* address, __nv_bfloat16 value) {
  std::atomic_ref<unsigned short> ref(address->__x);
  unsigned short old = ref.load();
  while (!ref.compare_exchange_weak(old, (__nv_bfloat16::from_bits(old) + value).__x)) {
  }
  return __nv_bfloat16::from_bits(old);
}
