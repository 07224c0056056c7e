// Stand-in for HIP's hip/hip_bfloat16.h (parity-simt host builds): the older hip_bfloat16
// struct. Its arithmetic converts to float, computes in float and rounds back (two roundings,
// as ROCm does); the truncating constructor keeps the upper 16 bits (pitfalls.md 4), and a NaN
// stays NaN.
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
  // explicit, as in ROCm: `hip_bfloat16 h = 1.0f;` and `h + 1.0f` (which then adds floats) must
  // read as they do with hipcc.
  explicit hip_bfloat16(float f) : data(__float2bfloat16(f).__x) {}
  // As ROCm's: a NaN whose payload is only in the dropped half keeps a set low bit (stays NaN).
  explicit hip_bfloat16(float f, truncate_t) : data(truncated(std::bit_cast<std::uint32_t>(f))) {}
  operator float() const { return std::bit_cast<float>(static_cast<std::uint32_t>(data) << 16); }
  static hip_bfloat16 round_to_bfloat16(float f) { return hip_bfloat16(f); }
  static hip_bfloat16 round_to_bfloat16(float f, truncate_t t) { return hip_bfloat16(f, t); }

 private:
  static std::uint16_t truncated(std::uint32_t bits) {
    const bool nan = (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) != 0;
    return static_cast<std::uint16_t>((bits >> 16) | (nan && (bits & 0xffffu) != 0 ? 1u : 0u));
  }
};
inline hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) + float(b));
}
inline hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) - float(b));
}
inline hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) * float(b));
}
inline hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) {
  return hip_bfloat16(float(a) / float(b));
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
inline bool operator<=(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) <= float(b);
}
inline bool operator>=(hip_bfloat16 a, hip_bfloat16 b) {
  return float(a) >= float(b);
}
