#include "parity/ulp.hpp"

#include <bit>
#include <cmath>

namespace parity {
namespace {

std::uint64_t distance(std::int64_t a, std::int64_t b) {
  // The true difference of two indices of one format fits in 64 unsigned bits.
  return a >= b ? static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)
                : static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
}

std::uint64_t max_finite_bits(const FloatFormat& f) {
  return encode(f, f.max_finite);
}

}  // namespace

std::optional<std::uint64_t> ulp_distance(const FloatFormat& format, std::uint64_t a,
                                          std::uint64_t b) {
  if (classify(format, a) == FpClass::kNan || classify(format, b) == FpClass::kNan)
    return std::nullopt;
  return distance(ordered_index(format, a), ordered_index(format, b));
}

std::optional<std::uint64_t> ulp_distance(float a, float b) {
  return ulp_distance(*float_format(DType::kFloat32), std::bit_cast<std::uint32_t>(a),
                      std::bit_cast<std::uint32_t>(b));
}

std::optional<std::uint64_t> ulp_distance(double a, double b) {
  return ulp_distance(*float_format(DType::kFloat64), std::bit_cast<std::uint64_t>(a),
                      std::bit_cast<std::uint64_t>(b));
}

const FloatFormat& coarser_format(const FloatFormat& a, const FloatFormat& b) {
  if (a.mantissa_bits != b.mantissa_bits) return a.mantissa_bits < b.mantissa_bits ? a : b;
  if (a.min_subnormal != b.min_subnormal) return a.min_subnormal > b.min_subnormal ? a : b;
  return a.max_finite <= b.max_finite ? a : b;
}

std::optional<std::int64_t> grid_index(const FloatFormat& grid, double value) {
  if (std::isnan(value)) return std::nullopt;
  const std::uint64_t max_bits = max_finite_bits(grid);
  const std::int64_t max_index = ordered_index(grid, max_bits);
  if (!grid.has_sign && value <= 0) {
    const std::int64_t min_index = ordered_index(grid, encode(grid, grid.min_subnormal));
    return min_index - 1;
  }
  const double magnitude = std::fabs(value);
  std::int64_t index;
  if (std::isinf(value)) {
    index = max_index + 1;
  } else if (magnitude <= grid.max_finite) {
    index = ordered_index(grid, encode(grid, magnitude));
  } else {
    // Continue the grid past max_finite with the spacing just below it.
    const double below = decode(grid, max_bits - 1);
    const double spacing = grid.max_finite - below;
    const double steps = std::nearbyint((magnitude - grid.max_finite) / spacing);
    index = steps >= 9.0e18 ? INT64_MAX / 2 : max_index + static_cast<std::int64_t>(steps);
  }
  return std::signbit(value) && grid.has_sign ? -index : index;
}

std::optional<std::uint64_t> ulp_distance_on_grid(const FloatFormat& grid, double a, double b) {
  auto ia = grid_index(grid, a);
  auto ib = grid_index(grid, b);
  if (!ia || !ib) return std::nullopt;
  return distance(*ia, *ib);
}

}  // namespace parity
