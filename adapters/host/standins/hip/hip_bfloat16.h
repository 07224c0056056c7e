// Stand-in for HIP's hip/hip_bfloat16.h (parity-simt host builds): the older hip_bfloat16
// struct. Its arithmetic converts to float, computes in float and rounds back (two roundings,
// as ROCm does); the truncating constructor keeps the upper 16 bits (pitfalls.md 4).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "hip/hip_runtime.h"
#include "parity/simt/bfloat16.hpp"

struct hip_bfloat16 {
  std::uint16_t data;
  enum truncate_t { truncate };

  hip_bfloat16() = default;
  hip_bfloat16(float f) : data(__float2bfloat16(f).__x) {}
  hip_bfloat16(float f, truncate_t)
      : data(static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(f) >> 16)) {}
  operator float() const { return std::bit_cast<float>(static_cast<std::uint32_t>(data) << 16); }
  static hip_bfloat16 round_to_bfloat16(float f) { return hip_bfloat16(f); }
};
inline hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) + float(b);
}
inline hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) - float(b);
}
inline hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) * float(b);
}
inline hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) / float(b);
}
inline hip_bfloat16 operator-(hip_bfloat16 a) {
  hip_bfloat16 r;
  r.data = static_cast<std::uint16_t>(a.data ^ 0x8000u);
  return r;
}
inline hip_bfloat16& operator+=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a + b;
}
inline hip_bfloat16& operator-=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a - b;
}
inline hip_bfloat16& operator*=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a * b;
}
inline hip_bfloat16& operator/=(hip_bfloat16& a, hip_bfloat16 b) {
  return a = a / b;
}
inline bool operator==(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) == float(b);
}
inline bool operator!=(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) != float(b);
}
inline bool operator<(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) < float(b);
}
inline bool operator>(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) > float(b);
}
