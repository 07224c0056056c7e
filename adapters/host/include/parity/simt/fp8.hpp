// The 8-bit float types of both vendors, on the framework's exact codecs:
//  - NVIDIA (cuda_fp8.h): OCP E4M3 (__nv_fp8_e4m3) and E5M2 (__nv_fp8_e5m2); constructors
//    saturate (__NV_SATFINITE), __nv_cvt_* take the saturation mode.
//  - AMD (hip/hip_fp8.h): the FNUZ formats of gfx942 (__hip_fp8_e4m3_fnuz, __hip_fp8_e5m2_fnuz)
//    and the OCP formats of gfx950 / gfx12 (__hip_fp8_e4m3, __hip_fp8_e5m2).
// One byte, the same bit patterns the hardware stores (the storage member is __x).
#pragma once

#include <cstdint>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"
#include "parity/simt/narrow16.hpp"
#include "parity/simt/vector_types.hpp"

namespace parity::simt {

//! `Implicit`: HIP's fp8 types convert implicitly, NVIDIA's only explicitly.
template <DType D, bool Implicit = false>
struct Fp8 {
  static constexpr DType kDType = D;
  unsigned char __x;

  Fp8() = default;
  explicit(!Implicit) Fp8(float f) : __x(encode8(f, true)) {}
  explicit(!Implicit) Fp8(double d) : __x(encode8(d, true)) {}
  explicit Fp8(int v) : __x(encode8(static_cast<double>(v), true)) {}
  template <DType H>
  explicit(!Implicit) Fp8(Narrow16<H> h)
      : __x(encode8(static_cast<double>(static_cast<float>(h)), true)) {}

  explicit(!Implicit) operator float() const { return decode8(__x); }
  explicit operator double() const { return decode8(__x); }
  template <DType H>
  explicit operator Narrow16<H>() const {
    return Narrow16<H>(decode8(__x));
  }

  //! Round to nearest even; saturating (finite overflow to +-max) or not (to inf or NaN).
  static unsigned char encode8(double v, bool saturate) {
    return static_cast<unsigned char>(
        encode(*float_format(D), v, saturate ? Overflow::kSaturate : Overflow::kInfinity));
  }
  static float decode8(unsigned char bits) {
    static const float* table = decode_table(*float_format(D));
    return table[bits];
  }
};

template <DType D>
struct alignas(2) Fp8x2 {
  unsigned short __x;
  Fp8x2() = default;
  explicit Fp8x2(float2 f)
      : __x(static_cast<unsigned short>(Fp8<D>::encode8(f.x, true) |
                                        (Fp8<D>::encode8(f.y, true) << 8))) {}
  explicit operator float2() const {
    return make_float2(Fp8<D>::decode8(static_cast<unsigned char>(__x & 0xffu)),
                       Fp8<D>::decode8(static_cast<unsigned char>(__x >> 8)));
  }
};

template <DType D>
struct alignas(4) Fp8x4 {
  unsigned int __x;
  Fp8x4() = default;
  explicit Fp8x4(float4 f)
      : __x(static_cast<unsigned int>(Fp8<D>::encode8(f.x, true)) |
            static_cast<unsigned int>(Fp8<D>::encode8(f.y, true)) << 8 |
            static_cast<unsigned int>(Fp8<D>::encode8(f.z, true)) << 16 |
            static_cast<unsigned int>(Fp8<D>::encode8(f.w, true)) << 24) {}
  explicit operator float4() const {
    return make_float4(Fp8<D>::decode8(static_cast<unsigned char>(__x & 0xffu)),
                       Fp8<D>::decode8(static_cast<unsigned char>((__x >> 8) & 0xffu)),
                       Fp8<D>::decode8(static_cast<unsigned char>((__x >> 16) & 0xffu)),
                       Fp8<D>::decode8(static_cast<unsigned char>(__x >> 24)));
  }
};

}  // namespace parity::simt
