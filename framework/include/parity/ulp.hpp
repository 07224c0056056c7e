// Distance between floating-point values in units in the last place (ULP), for every float
// format parity knows, within one format and across two.
#pragma once

#include <cstdint>
#include <optional>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"
#include "parity/scalar_types.hpp"

namespace parity {

//! ULP distance between two encodings of one format: |ordered_index(a) - ordered_index(b)|.
//! +0 and -0 are 0 apart (the fnuz formats have no -0; their 0x80 is NaN); +-inf is one step
//! past +-max_finite. nullopt when either encoding is a NaN.
std::optional<std::uint64_t> ulp_distance(const FloatFormat& format, std::uint64_t a,
                                          std::uint64_t b);

//! Typed conveniences for the same rule.
std::optional<std::uint64_t> ulp_distance(float a, float b);
std::optional<std::uint64_t> ulp_distance(double a, double b);
template <DType D>
std::optional<std::uint64_t> ulp_distance(NarrowFloat<D> a, NarrowFloat<D> b) {
  return ulp_distance(*float_format(D), a.bits, b.bits);
}

//! Of two formats, the one with the coarser grid: fewer mantissa bits; on a tie the larger
//! smallest subnormal (OCP e4m3fn is coarser than FNUZ e4m3fnuz), then the smaller max_finite.
const FloatFormat& coarser_format(const FloatFormat& a, const FloatFormat& b);

//! Position of a real value on a format's grid: the ordered_index of the value rounded to nearest
//! even in that format. Beyond max_finite the grid continues with the spacing just below
//! max_finite (so an out-of-range value is not clamped to 1 ULP); +-inf sits one step past
//! +-max_finite. For a format without negative values (e8m0fnu) zero and negatives sit one step
//! below the smallest value. nullopt for NaN.
std::optional<std::int64_t> grid_index(const FloatFormat& grid, double value);

//! ULP distance of two real values counted on `grid`: the cross-format rule (an e4m3fn golden
//! against an e4m3fnuz candidate, f16 against bf16): decode both, then count on the coarser grid,
//! never compare bytes. nullopt when either value is NaN.
std::optional<std::uint64_t> ulp_distance_on_grid(const FloatFormat& grid, double a, double b);

}  // namespace parity
