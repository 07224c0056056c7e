// Stand-in for HIP's hip/hip_fp8.h (parity-simt host builds): the FNUZ fp8 types of gfx942
// (bias 8 / 16, NaN only 0x80, no -0, no inf) and the OCP types of gfx950 / gfx12, with ROCm's
// conversion intrinsics; exact (framework codecs). Saturating conversion of +-inf to a FNUZ type
// gives NaN, as AMD's converters do.
#pragma once

#include "hip/hip_bf16.h"
#include "hip/hip_fp16.h"
#include "hip/hip_runtime.h"
#include "parity/simt/fp8.hpp"

#define HIP_FP8_TYPE_FNUZ 1
#define HIP_FP8_TYPE_OCP 1

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;
typedef enum __hip_saturation_t { __HIP_NOSAT = 0, __HIP_SATFINITE = 1 } __hip_saturation_t;
typedef enum __hip_fp8_interpretation_t {
  __HIP_E4M3_FNUZ = 0,
  __HIP_E5M2_FNUZ = 1,
  __HIP_E4M3 = 2,
  __HIP_E5M2 = 3,
} __hip_fp8_interpretation_t;

using __hip_fp8_e4m3_fnuz = ::parity::simt::Fp8<::parity::DType::kFloat8E4M3FNUZ, true>;
using __hip_fp8_e5m2_fnuz = ::parity::simt::Fp8<::parity::DType::kFloat8E5M2FNUZ, true>;
using __hip_fp8_e4m3 = ::parity::simt::Fp8<::parity::DType::kFloat8E4M3FN, true>;
using __hip_fp8_e5m2 = ::parity::simt::Fp8<::parity::DType::kFloat8E5M2, true>;
using __hip_fp8x2_e4m3_fnuz = ::parity::simt::Fp8x2<::parity::DType::kFloat8E4M3FNUZ>;
using __hip_fp8x2_e5m2_fnuz = ::parity::simt::Fp8x2<::parity::DType::kFloat8E5M2FNUZ>;
using __hip_fp8x4_e4m3_fnuz = ::parity::simt::Fp8x4<::parity::DType::kFloat8E4M3FNUZ>;
using __hip_fp8x4_e5m2_fnuz = ::parity::simt::Fp8x4<::parity::DType::kFloat8E5M2FNUZ>;

namespace parity::simt::hip_fp8 {
inline DType dtype(__hip_fp8_interpretation_t interpretation) {
  switch (interpretation) {
    case __HIP_E4M3_FNUZ:
      return DType::kFloat8E4M3FNUZ;
    case __HIP_E5M2_FNUZ:
      return DType::kFloat8E5M2FNUZ;
    case __HIP_E4M3:
      return DType::kFloat8E4M3FN;
    default:
      return DType::kFloat8E5M2;
  }
}
inline __hip_fp8_storage_t encode(double v, __hip_saturation_t sat,
                                  __hip_fp8_interpretation_t interpretation) {
  return static_cast<__hip_fp8_storage_t>(
      ::parity::encode(*float_format(dtype(interpretation)), v,
                       sat == __HIP_SATFINITE ? Overflow::kSaturate : Overflow::kInfinity));
}
inline double decode(__hip_fp8_storage_t bits, __hip_fp8_interpretation_t interpretation) {
  return ::parity::decode(*float_format(dtype(interpretation)), bits);
}
}  // namespace parity::simt::hip_fp8

inline __hip_fp8_storage_t __hip_cvt_float_to_fp8(float x, __hip_saturation_t sat,
                                                  __hip_fp8_interpretation_t type) {
  return ::parity::simt::hip_fp8::encode(x, sat, type);
}
inline __hip_fp8_storage_t __hip_cvt_double_to_fp8(double x, __hip_saturation_t sat,
                                                   __hip_fp8_interpretation_t type) {
  return ::parity::simt::hip_fp8::encode(x, sat, type);
}
inline __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(float2 x, __hip_saturation_t sat,
                                                       __hip_fp8_interpretation_t type) {
  return static_cast<__hip_fp8x2_storage_t>(::parity::simt::hip_fp8::encode(x.x, sat, type) |
                                            (::parity::simt::hip_fp8::encode(x.y, sat, type) << 8));
}
inline __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(__half_raw x, __hip_saturation_t sat,
                                                    __hip_fp8_interpretation_t type) {
  return ::parity::simt::hip_fp8::encode(__half2float(__raw2half(x)), sat, type);
}
inline __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw x,
                                                        __hip_saturation_t sat,
                                                        __hip_fp8_interpretation_t type) {
  return ::parity::simt::hip_fp8::encode(__bfloat162float(__ushort_as_bfloat16(x.x)), sat, type);
}
inline __half_raw __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t x, __hip_fp8_interpretation_t type) {
  return __half2raw(__double2half(::parity::simt::hip_fp8::decode(x, type)));
}
inline __half2_raw __hip_cvt_fp8x2_to_halfraw2(__hip_fp8x2_storage_t x,
                                               __hip_fp8_interpretation_t type) {
  const __half_raw lo = __hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x & 0xffu), type);
  const __half_raw hi = __hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x >> 8), type);
  return __half2_raw{lo.x, hi.x};
}
