// Stand-in for CUDA's cuda_fp8.h (parity-simt host builds): the OCP fp8 types and conversions,
// exact (framework codecs). Constructors saturate (__NV_SATFINITE), as NVIDIA's do.
#pragma once

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cuda_runtime.h"
#include "parity/simt/fp8.hpp"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

using __nv_fp8_e4m3 = ::parity::simt::Fp8<::parity::DType::kFloat8E4M3FN>;
using __nv_fp8_e5m2 = ::parity::simt::Fp8<::parity::DType::kFloat8E5M2>;
using __nv_fp8x2_e4m3 = ::parity::simt::Fp8x2<::parity::DType::kFloat8E4M3FN>;
using __nv_fp8x2_e5m2 = ::parity::simt::Fp8x2<::parity::DType::kFloat8E5M2>;
using __nv_fp8x4_e4m3 = ::parity::simt::Fp8x4<::parity::DType::kFloat8E4M3FN>;
using __nv_fp8x4_e5m2 = ::parity::simt::Fp8x4<::parity::DType::kFloat8E5M2>;

namespace parity::simt::cuda_fp8 {
inline DType dtype(__nv_fp8_interpretation_t interpretation) {
  return interpretation == __NV_E4M3 ? DType::kFloat8E4M3FN : DType::kFloat8E5M2;
}
inline __nv_fp8_storage_t encode(double v, __nv_saturation_t sat,
                                 __nv_fp8_interpretation_t interpretation) {
  return static_cast<__nv_fp8_storage_t>(
      ::parity::encode(*float_format(dtype(interpretation)), v,
                       sat == __NV_SATFINITE ? Overflow::kSaturate : Overflow::kInfinity));
}
inline double decode(__nv_fp8_storage_t bits, __nv_fp8_interpretation_t interpretation) {
  return ::parity::decode(*float_format(dtype(interpretation)), bits);
}
}  // namespace parity::simt::cuda_fp8

inline __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t sat,
                                                __nv_fp8_interpretation_t fp8_interpretation) {
  return ::parity::simt::cuda_fp8::encode(x, sat, fp8_interpretation);
}
inline __nv_fp8_storage_t __nv_cvt_double_to_fp8(double x, __nv_saturation_t sat,
                                                 __nv_fp8_interpretation_t fp8_interpretation) {
  return ::parity::simt::cuda_fp8::encode(x, sat, fp8_interpretation);
}
inline __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t sat,
                                                     __nv_fp8_interpretation_t fp8_interpretation) {
  return static_cast<__nv_fp8x2_storage_t>(
      ::parity::simt::cuda_fp8::encode(x.x, sat, fp8_interpretation) |
      (::parity::simt::cuda_fp8::encode(x.y, sat, fp8_interpretation) << 8));
}
inline __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t sat,
                                                  __nv_fp8_interpretation_t fp8_interpretation) {
  return ::parity::simt::cuda_fp8::encode(__half2float(__raw2half(x)), sat, fp8_interpretation);
}
inline __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    __nv_bfloat16_raw x, __nv_saturation_t sat, __nv_fp8_interpretation_t fp8_interpretation) {
  return ::parity::simt::cuda_fp8::encode(__bfloat162float(__ushort_as_bfloat16(x.x)), sat,
                                          fp8_interpretation);
}
//! Every e4m3 / e5m2 value is exact in half precision.
inline __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x,
                                          __nv_fp8_interpretation_t fp8_interpretation) {
  return __half2raw(__double2half(::parity::simt::cuda_fp8::decode(x, fp8_interpretation)));
}
inline __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x,
                                              __nv_fp8_interpretation_t fp8_interpretation) {
  const __half_raw lo =
      __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(x & 0xffu), fp8_interpretation);
  const __half_raw hi =
      __nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(x >> 8), fp8_interpretation);
  return __half2_raw{lo.x, hi.x};
}
