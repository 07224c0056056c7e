#include "parity/scalar_types.hpp"

#include <catch2/catch_test_macros.hpp>
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

namespace {

using parity::DType;
using parity::Overflow;

// Compile-time contracts: exact storage, trivially copyable (memcpy to and from devices).
static_assert(sizeof(parity::f16) == 2 && sizeof(parity::bf16) == 2);
static_assert(sizeof(parity::f8_e4m3fn) == 1 && sizeof(parity::f8_e4m3fnuz) == 1);
static_assert(sizeof(parity::f8_e5m2) == 1 && sizeof(parity::f8_e5m2fnuz) == 1);
static_assert(sizeof(parity::f8_e8m0fnu) == 1 && sizeof(parity::f4_e2m1fn) == 1);
static_assert(std::is_trivially_copyable_v<parity::f16> &&
              std::is_trivially_copyable_v<parity::f8_e4m3fnuz>);
static_assert(std::is_standard_layout_v<parity::bf16>);

static_assert(parity::dtype_of<parity::f16> == DType::kFloat16);
static_assert(parity::dtype_of<parity::bf16> == DType::kBFloat16);
static_assert(parity::dtype_of<parity::f8_e4m3fn> == DType::kFloat8E4M3FN);
static_assert(parity::dtype_of<parity::f8_e4m3fnuz> == DType::kFloat8E4M3FNUZ);
static_assert(parity::dtype_of<parity::f8_e5m2> == DType::kFloat8E5M2);
static_assert(parity::dtype_of<parity::f8_e5m2fnuz> == DType::kFloat8E5M2FNUZ);
static_assert(parity::dtype_of<parity::f8_e8m0fnu> == DType::kFloat8E8M0FNU);
static_assert(parity::dtype_of<parity::f4_e2m1fn> == DType::kFloat4E2M1FN);
static_assert(parity::dtype_of<double> == DType::kFloat64);
static_assert(parity::dtype_of<const float> == DType::kFloat32);
static_assert(parity::dtype_of<std::int8_t> == DType::kInt8);
static_assert(parity::dtype_of<std::int64_t> == DType::kInt64);
static_assert(parity::dtype_of<std::uint16_t> == DType::kUInt16);
static_assert(parity::dtype_of<bool> == DType::kBool);
static_assert(parity::dtype_of<std::complex<float>> == DType::kComplex64);
static_assert(parity::dtype_of<const std::complex<double>> == DType::kComplex128);
static_assert(sizeof(std::complex<float>) == 8 && sizeof(std::complex<double>) == 16);

TEST_CASE("size of each C++ type equals size_bytes of its DType", "[scalar_types]") {
  CHECK(parity::size_bytes(parity::dtype_of<parity::f16>) == sizeof(parity::f16));
  CHECK(parity::size_bytes(parity::dtype_of<parity::f4_e2m1fn>) == sizeof(parity::f4_e2m1fn));
  CHECK(parity::size_bytes(parity::dtype_of<std::complex<float>>) == sizeof(std::complex<float>));
  CHECK(parity::size_bytes(parity::dtype_of<std::complex<double>>) == sizeof(std::complex<double>));
  CHECK(parity::size_bytes(parity::dtype_of<bool>) == sizeof(bool));
}

TEST_CASE("default overflow: f16 and bf16 to inf while fp8 and fp4 saturate", "[scalar_types]") {
  // Bit patterns worked out by hand from the formats' definitions.
  CHECK(parity::f16(1e6).bits == 0x7C00);
  CHECK(parity::bf16(-1e39).bits == 0xFF80);
  CHECK(parity::f8_e4m3fn(1000.0).bits == 0x7E);  // 448, like __nv_fp8_e4m3(1000.f)
  CHECK(parity::f8_e4m3fn(-1000.0).bits == 0xFE);
  CHECK(parity::f8_e4m3fn(1000.0, Overflow::kInfinity).bits == 0x7F);  // NaN
  CHECK(parity::f8_e5m2(1e6).bits == 0x7B);                            // 57344
  CHECK(parity::f8_e5m2(1e6, Overflow::kInfinity).bits == 0x7C);       // inf
  CHECK(parity::f8_e4m3fnuz(1000.0).bits == 0x7F);                     // 240
  CHECK(parity::f8_e5m2fnuz(INFINITY).bits == 0x80);  // AMD: inf -> NaN even when saturating
  CHECK(parity::f8_e8m0fnu(1e39).bits == 0xFE);
  CHECK(parity::f4_e2m1fn(100.0).bits == 0x7);
}

TEST_CASE("round to nearest even", "[scalar_types]") {
  CHECK(parity::bf16(1.0 + 0x1p-8).bits == 0x3F80);            // tie, lower mantissa even: down
  CHECK(parity::bf16(1.0 + 3 * 0x1p-8).bits == 0x3F82);        // tie, lower mantissa odd: up
  CHECK(parity::bf16(1.0 + 0x1p-8 + 0x1p-30).bits == 0x3F81);  // just above the tie
  CHECK(parity::f16(1.0 + 0x1p-11).bits == 0x3C00);
  CHECK(parity::f16(0x1p-25).bits == 0x0000);  // half the smallest subnormal: tie to 0
  CHECK(parity::f16(0x1.8p-25).bits == 0x0001);
  CHECK(parity::f8_e4m3fn(1.0625).bits == 0x38);  // 1 + 1/16: tie between 1 and 1.125
  CHECK(parity::f8_e4m3fn(1.1875).bits == 0x3A);  // 1.125 + 1/16: tie, up to 1.25
}

TEST_CASE("conversions back to double and float", "[scalar_types]") {
  CHECK(static_cast<double>(parity::f8_e4m3fn::from_bits(0x40)) == 2.0);
  CHECK(static_cast<double>(parity::f8_e4m3fnuz::from_bits(0x40)) == 1.0);  // same byte, half
  CHECK(std::isnan(static_cast<double>(parity::f8_e4m3fnuz::from_bits(0x80))));
  CHECK(std::signbit(static_cast<double>(parity::f8_e4m3fn::from_bits(0x80))));
  CHECK(static_cast<float>(parity::bf16::from_bits(0x3F80)) == 1.0f);
  CHECK(static_cast<double>(parity::f8_e8m0fnu::from_bits(0x7F)) == 1.0);
  CHECK(static_cast<double>(parity::f4_e2m1fn::from_bits(0x7)) == 6.0);
  CHECK(static_cast<double>(parity::f4_e2m1fn::from_bits(0xF7)) == 6.0);  // high nibble ignored
  CHECK(parity::f16() == parity::f16::from_bits(0));
  CHECK_FALSE(parity::f16(0.0) == parity::f16(-0.0));  // equality is bitwise
}

template <class T>
int round_trip_failures() {
  int bad = 0;
  const int codes = 1 << parity::float_format(T::kDType)->bits;
  for (int c = 0; c < codes; ++c) {
    const auto v = T::from_bits(static_cast<typename T::Bits>(c));
    const double d = static_cast<double>(v);
    if (!std::isfinite(d)) continue;
    bad += !(T(d) == v);
  }
  return bad;
}

TEST_CASE("every finite code round-trips through double", "[scalar_types]") {
  CHECK(round_trip_failures<parity::f16>() == 0);
  CHECK(round_trip_failures<parity::bf16>() == 0);
  CHECK(round_trip_failures<parity::f8_e4m3fn>() == 0);
  CHECK(round_trip_failures<parity::f8_e4m3fnuz>() == 0);
  CHECK(round_trip_failures<parity::f8_e5m2>() == 0);
  CHECK(round_trip_failures<parity::f8_e5m2fnuz>() == 0);
  CHECK(round_trip_failures<parity::f8_e8m0fnu>() == 0);
  CHECK(round_trip_failures<parity::f4_e2m1fn>() == 0);
}

}  // namespace
