// Directed rounding of the narrow float formats, on top of the framework's RNE encoder.
#include <cmath>

#include "parity/simt/narrow16.hpp"

namespace parity::simt::detail {

std::uint64_t encode_rounded(DType dtype, double value, math::Round mode, bool saturate) {
  const FloatFormat& f = *float_format(dtype);
  std::uint64_t b = encode(f, value, saturate ? Overflow::kSaturate : Overflow::kInfinity);
  if (mode == math::Round::kNearest || std::isnan(value)) return b;
  const double d = decode(f, b);
  if (d == value) return b;
  // Sign-magnitude formats: the neighbours of b are one step of its magnitude away.
  const std::uint64_t sign = std::uint64_t{1} << (f.bits - 1);
  const std::uint64_t magnitude = b & ~sign;
  const bool negative = (b & sign) != 0;
  auto up = [&] { return magnitude == 0 ? std::uint64_t{1} : negative ? b - 1 : b + 1; };
  auto down = [&] { return magnitude == 0 ? (sign | 1) : negative ? b + 1 : b - 1; };
  switch (mode) {
    case math::Round::kZero:
      if (std::fabs(d) > std::fabs(value)) b = b - 1;  // magnitude > 0 here
      break;
    case math::Round::kUp:
      if (d < value) b = up();
      break;
    case math::Round::kDown:
      if (d > value) b = down();
      break;
    case math::Round::kNearest:
      break;
  }
  return b;
}

}  // namespace parity::simt::detail
