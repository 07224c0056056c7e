// Reference for lowp_convert, and the edge values its cases feed the kernels.
//
// Round to nearest even: parity's encoder (float_format.hpp, checked against ml_dtypes on every
// tie, overflow boundary and subnormal of these formats). Round toward zero straight from its
// definition: the representable value of largest magnitude not above |x|, with x's sign, found by
// bisection over the format's codes (their values grow with the code); so the reference shares no
// rounding code with either implementation.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "parity/float_format.hpp"
#include "parity/scalar_types.hpp"

namespace lowp_reference {

template <class T>
T round_nearest(float x) {
  return T::from_bits(static_cast<typename T::Bits>(
      parity::encode(*parity::float_format(T::kDType), x, parity::Overflow::kInfinity)));
}

template <class T>
T round_toward_zero(float x) {
  const auto& format = *parity::float_format(T::kDType);
  const auto sign = static_cast<std::uint32_t>(std::signbit(x)) << (format.bits - 1);
  const std::uint32_t inf_code = static_cast<std::uint32_t>(parity::encode(format, INFINITY));
  if (std::isnan(x)) return T::from_bits(static_cast<typename T::Bits>(format.canonical_nan));
  if (std::isinf(x)) return T::from_bits(static_cast<typename T::Bits>(inf_code | sign));
  // Positive codes 0 .. inf_code - 1 are the finite values in increasing order.
  const double a = std::fabs(static_cast<double>(x));
  std::uint32_t lo = 0, hi = inf_code - 1;  // decode(lo) <= a holds; find the largest such code
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo + 1) / 2;
    if (parity::decode(format, mid) <= a)
      lo = mid;
    else
      hi = mid - 1;
  }
  return T::from_bits(static_cast<typename T::Bits>(lo | sign));
}

inline float from_bits(std::uint32_t bits) {
  return std::bit_cast<float>(bits);
}

//! Both signs of every value.
inline void add_signed(std::vector<float>& out, std::uint32_t bits) {
  out.push_back(from_bits(bits & 0x7fffffffu));
  out.push_back(from_bits(bits | 0x80000000u));
}

//! Float inputs at the edges of bf16 (8-bit significand: the dropped half is the low 16 bits
//! of a float): ties with even and odd kept parts and their float neighbours, in normal and
//! subnormal binades, the carry into the next binade, the overflow boundary, zeros, infinities,
//! and NaNs whose payload lies in the kept half, the dropped half, or both.
inline std::vector<float> bf16_edges() {
  std::vector<float> v;
  const std::uint32_t kept[] = {0x3f80, 0x3f81, 0x3fc0, 0x4049, 0x477f, 0x0080,
                                0x0081, 0x0000, 0x0001, 0x0002, 0x007f, 0x3f7f,
                                0x7f7e, 0x7f7f, 0x1234, 0x5aa5, 0x2f01, 0x00ff};
  for (std::uint32_t k : kept) {
    const std::uint32_t base = k << 16;
    for (std::uint32_t tail : {0x0000u, 0x0001u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu, 0x4000u})
      add_signed(v, base | tail);
  }
  for (std::uint32_t bits :
       {0x7f800000u, 0x7f7fffffu, 0x00000001u, 0x00800000u, 0x7f800001u, 0x7f80ffffu, 0x7f810000u,
        0x7fc00000u, 0x7fc00001u, 0x7fbfffffu, 0x7fffffffu, 0x7fff0000u, 0x7f808000u})
    add_signed(v, bits);
  return v;
}

//! Float inputs at the edges of fp16 (11-bit significand, exponents -14 .. 15): ties between
//! adjacent normal values (even and odd) and their float neighbours, ties and neighbours in the
//! subnormal range down to half the smallest subnormal, the carry into the next binade, the
//! overflow boundary (65504, the tie 65520, 65536), values far beyond, zeros, infinities, NaNs.
inline std::vector<float> f16_edges() {
  std::vector<float> v;
  auto around = [&](double value) {
    const float f = static_cast<float>(value);  // all exact in float
    for (float g : {f, std::nextafter(f, 0.0f), std::nextafter(f, INFINITY)})
      add_signed(v, std::bit_cast<std::uint32_t>(g));
  };
  // Normal binades: code c and c + 1 and the midpoint between them (ties to the even one).
  for (int e : {-14, -13, -1, 0, 1, 10, 15}) {
    for (int m : {0, 1, 2, 511, 512, 1022, 1023}) {
      const double lo = std::ldexp(1.0 + m / 1024.0, e);
      around(lo);
      around(lo + std::ldexp(1.0, e - 11));  // the tie above lo (for m = 1023: into e + 1)
    }
  }
  // Subnormals: k * 2^-24, and the ties (k + 1/2) * 2^-24, from half the smallest one up to the
  // smallest normal.
  for (int k : {0, 1, 2, 3, 511, 512, 1022, 1023}) {
    around(std::ldexp(k, -24));
    around(std::ldexp(k + 0.5, -24));
  }
  around(std::ldexp(1.0, -26));  // below half the smallest subnormal: to zero
  for (double big : {65504.0, 65519.0, 65520.0, 65521.0, 65535.0, 65536.0, 1e5, 3.0e38})
    around(big);
  for (std::uint32_t bits : {0x00000000u, 0x00000001u, 0x7f800000u, 0x7f7fffffu, 0x7f800001u,
                             0x7fc00000u, 0x7fffffffu, 0x7fc01000u, 0x7f802000u})
    add_signed(v, bits);
  return v;
}

}  // namespace lowp_reference
