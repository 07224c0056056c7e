// Compile-time storage types for the narrow float formats: exactly the bits a GPU stores, with
// exact conversions built on float_format.hpp. Arithmetic is deliberately absent: convert to
// float or double, compute, convert back, so every rounding step is visible.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"

namespace parity {

template <DType D>
struct NarrowFloat {
  using Bits = std::conditional_t<(D == DType::kFloat16 || D == DType::kBFloat16), std::uint16_t,
                                  std::uint8_t>;
  static constexpr DType kDType = D;
  //! f16/bf16 overflow to inf (as __float2half_rn / __float2bfloat16_rn do); the fp8 and fp4
  //! types saturate, as NVIDIA's __nv_fp8_* constructors (__NV_SATFINITE) and HIP's fnuz
  //! types do.
  static constexpr Overflow kDefaultOverflow =
      (D == DType::kFloat16 || D == DType::kBFloat16) ? Overflow::kInfinity : Overflow::kSaturate;

  Bits bits = 0;

  constexpr NarrowFloat() = default;
  explicit NarrowFloat(double value, Overflow overflow = kDefaultOverflow)
      : bits(static_cast<Bits>(encode(*float_format(D), value, overflow))) {}
  static constexpr NarrowFloat from_bits(Bits b) {
    NarrowFloat v;
    v.bits = b;
    return v;
  }
  explicit operator double() const { return decode(*float_format(D), bits); }
  explicit operator float() const { return static_cast<float>(decode(*float_format(D), bits)); }
  friend constexpr bool operator==(NarrowFloat a, NarrowFloat b) { return a.bits == b.bits; }
};

using f16 = NarrowFloat<DType::kFloat16>;
using bf16 = NarrowFloat<DType::kBFloat16>;
using f8_e4m3fn = NarrowFloat<DType::kFloat8E4M3FN>;
using f8_e4m3fnuz = NarrowFloat<DType::kFloat8E4M3FNUZ>;
using f8_e5m2 = NarrowFloat<DType::kFloat8E5M2>;
using f8_e5m2fnuz = NarrowFloat<DType::kFloat8E5M2FNUZ>;
using f8_e8m0fnu = NarrowFloat<DType::kFloat8E8M0FNU>;
using f4_e2m1fn = NarrowFloat<DType::kFloat4E2M1FN>;

static_assert(sizeof(f16) == 2 && sizeof(bf16) == 2 && sizeof(f8_e4m3fn) == 1);

//! The runtime DType of a C++ element type; a static_assert names unsupported types.
template <class T>
struct DTypeOf {
  static_assert(sizeof(T) == 0, "parity: no DType for this element type");
};
template <DType D>
struct DTypeOf<NarrowFloat<D>> : std::integral_constant<DType, D> {};
// clang-format off
template <> struct DTypeOf<double> : std::integral_constant<DType, DType::kFloat64> {};
template <> struct DTypeOf<float> : std::integral_constant<DType, DType::kFloat32> {};
template <> struct DTypeOf<std::int8_t> : std::integral_constant<DType, DType::kInt8> {};
template <> struct DTypeOf<std::int16_t> : std::integral_constant<DType, DType::kInt16> {};
template <> struct DTypeOf<std::int32_t> : std::integral_constant<DType, DType::kInt32> {};
template <> struct DTypeOf<std::int64_t> : std::integral_constant<DType, DType::kInt64> {};
template <> struct DTypeOf<std::uint8_t> : std::integral_constant<DType, DType::kUInt8> {};
template <> struct DTypeOf<std::uint16_t> : std::integral_constant<DType, DType::kUInt16> {};
template <> struct DTypeOf<std::uint32_t> : std::integral_constant<DType, DType::kUInt32> {};
template <> struct DTypeOf<std::uint64_t> : std::integral_constant<DType, DType::kUInt64> {};
template <> struct DTypeOf<bool> : std::integral_constant<DType, DType::kBool> {};
// clang-format on
template <>
struct DTypeOf<std::complex<float>> : std::integral_constant<DType, DType::kComplex64> {};
template <>
struct DTypeOf<std::complex<double>> : std::integral_constant<DType, DType::kComplex128> {};

template <class T>
inline constexpr DType dtype_of = DTypeOf<std::remove_cv_t<T>>::value;

}  // namespace parity
