// Reference for denormals, and the inputs its cases build.
//
// Each output is one fp32 operation on exactly representable inputs, rounded to fp32 and then to
// the storage format. In double the product by a power of two and the sum of two values below
// 2^-100 are exact, and the cast to float rounds once, subnormals included (the host keeps them:
// MXCSR's FTZ and DAZ are off); parity's encoder (ml_dtypes-checked) then rounds to fp16 / bf16.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "parity/scalar_types.hpp"

namespace denormal_reference {

template <class T>
double to_double(T v) {
  return static_cast<double>(v);
}

//! fp32 result -> storage format, to nearest even.
template <class T>
T store(double exact) {
  const float f = static_cast<float>(exact);
  if constexpr (std::is_same_v<T, float>)
    return f;
  else
    return T(static_cast<double>(f));
}

template <class T>
std::vector<T> unscale(std::span<const T> g, float inv_scale) {
  std::vector<T> out;
  for (T v : g) out.push_back(store<T>(to_double(v) * inv_scale));
  return out;
}

template <class T>
struct TinyOps {
  std::vector<T> sum, rescaled;
};

template <class T>
TinyOps<T> tiny_ops(std::span<const T> x, std::span<const T> y, float scale) {
  TinyOps<T> out;
  for (std::size_t i = 0; i < x.size(); ++i) {
    out.sum.push_back(store<T>(to_double(x[i]) + to_double(y[i])));
    out.rescaled.push_back(store<T>(to_double(x[i]) * scale));
  }
  return out;
}

//! Bit layout of the storage formats.
template <class T>
struct Layout;
template <>
struct Layout<float> {
  static constexpr int kMantissa = 23, kExponent = 8;
  static float from_bits(std::uint32_t b) { return std::bit_cast<float>(b); }
};
template <>
struct Layout<parity::f16> {
  static constexpr int kMantissa = 10, kExponent = 5;
  static parity::f16 from_bits(std::uint32_t b) {
    return parity::f16::from_bits(static_cast<std::uint16_t>(b));
  }
};
template <>
struct Layout<parity::bf16> {
  static constexpr int kMantissa = 7, kExponent = 8;
  static parity::bf16 from_bits(std::uint32_t b) {
    return parity::bf16::from_bits(static_cast<std::uint16_t>(b));
  }
};

//! n values with a random sign and mantissa and an exponent field uniform in
//! [first_field, first_field + fields): field 0 is the format's subnormals, 1 its smallest
//! normal binade. Integer hashing (splitmix64), so every platform builds the same bits.
template <class T>
std::vector<T> tiny_values(int n, std::uint32_t first_field, std::uint32_t fields,
                           std::uint64_t seed) {
  using L = Layout<T>;
  std::vector<T> out;
  for (int i = 0; i < n; ++i) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(i + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    const std::uint32_t mantissa = static_cast<std::uint32_t>(z) & ((1u << L::kMantissa) - 1u);
    const std::uint32_t field = first_field + static_cast<std::uint32_t>((z >> 32) % fields);
    const std::uint32_t sign = static_cast<std::uint32_t>(z >> 63);
    out.push_back(
        L::from_bits((sign << (L::kMantissa + L::kExponent)) | (field << L::kMantissa) | mantissa));
  }
  return out;
}

//! The smallest normal magnitude of the format.
template <class T>
double min_normal() {
  return std::ldexp(1.0, 2 - (1 << (Layout<T>::kExponent - 1)));
}

}  // namespace denormal_reference
