// Reference for special_values, from the standards and parity's codecs rather than either
// vendor's code: IEEE 754 minNum / maxNum (std::fmin / std::fmax), parity's round-to-nearest-even
// encoders (checked against ml_dtypes), and the float -> int conversion CUDA's cvt defines (round,
// NaN -> 0, saturate to the int range).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "parity/float_format.hpp"

namespace special_reference {

struct Elementwise {
  std::vector<float> min, max, clamp, via_f16, via_bf16, via_fp8;
  std::vector<std::int32_t> to_int_rn, to_int_rz;
  std::vector<std::int8_t> to_int8;
};

inline float round_trip(float x, parity::DType dtype, parity::Overflow overflow) {
  const auto& format = *parity::float_format(dtype);
  return static_cast<float>(parity::decode(format, parity::encode(format, x, overflow)));
}

inline std::int32_t saturating_int(double rounded) {
  if (std::isnan(rounded)) return 0;
  if (rounded >= 2147483648.0) return std::numeric_limits<std::int32_t>::max();
  if (rounded < -2147483648.0) return std::numeric_limits<std::int32_t>::min();
  return static_cast<std::int32_t>(rounded);
}

//! Round half to even, independent of the FPU's rounding mode.
inline double round_half_even(double x) {
  const double r = std::round(x);  // half away from zero
  return std::fabs(x - std::trunc(x)) == 0.5 ? 2.0 * std::round(x / 2.0) : r;
}

inline Elementwise elementwise(std::span<const float> a, std::span<const float> b) {
  Elementwise r;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float x = a[i], y = b[i];
    r.min.push_back(std::fmin(x, y));
    r.max.push_back(std::fmax(x, y));
    r.clamp.push_back(std::fmin(std::fmax(x, -1.0f), 1.0f));
    r.via_f16.push_back(round_trip(x, parity::DType::kFloat16, parity::Overflow::kInfinity));
    r.via_bf16.push_back(round_trip(x, parity::DType::kBFloat16, parity::Overflow::kInfinity));
    r.via_fp8.push_back(round_trip(x, parity::DType::kFloat8E4M3FN, parity::Overflow::kSaturate));
    const std::int32_t rn = saturating_int(round_half_even(x));
    r.to_int_rn.push_back(rn);
    r.to_int_rz.push_back(saturating_int(std::trunc(static_cast<double>(x))));
    r.to_int8.push_back(static_cast<std::int8_t>(std::clamp(rn, -128, 127)));
  }
  return r;
}

//! fmax over each row, starting from -inf: NaNs are ignored.
inline std::vector<float> row_max(std::span<const float> x, int rows, int cols) {
  std::vector<float> r(static_cast<std::size_t>(rows), -INFINITY);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      r[static_cast<std::size_t>(i)] =
          std::fmax(r[static_cast<std::size_t>(i)], x[static_cast<std::size_t>(i) * cols + j]);
  return r;
}

//! Values where NaN, infinities, signed zeros and rounding ties meet every operation of the
//! suite: quiet NaNs (two signs, a payload), +-inf, +-0, +-1 and +-0.5 (rounding ties to even at
//! 0), 1.5, 2.5, -2.5, 127.5 and -128.5 (int ties and the int8 range), 448 and 464 (e4m3's max and
//! the tie above it), 65520 (fp16's overflow tie), float subnormals, huge values, and the edges
//! of the int32 range. No signaling NaN: what minNum / maxNum return for one is left open (LLVM's
//! minnum may return either operand), so it would test nothing both vendors promise.
inline std::vector<float> edge_values() {
  std::vector<float> v;
  for (std::uint32_t bits : {0x7fc00000u, 0xffc00000u, 0x7fc00123u, 0x7f800000u, 0xff800000u,
                             0x00000000u, 0x80000000u, 0x00000001u, 0x80000400u})
    v.push_back(std::bit_cast<float>(bits));
  for (float f : {1.0f, -1.0f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 127.5f, -128.5f, 448.0f, 464.0f,
                  -500.0f, 65520.0f, 3.0e38f, 2147483648.0f, -2147483648.0f, -3.0e9f})
    v.push_back(f);
  return v;
}

}  // namespace special_reference
