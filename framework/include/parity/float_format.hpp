// Bit-level description of every floating-point format parity knows, with exact decode,
// round-to-nearest-even encode and classification. One table drives all of them.
#pragma once

#include <cstdint>

#include "parity/dtype.hpp"

namespace parity {

//! Where a format keeps its NaNs.
enum class NanEncoding : std::uint8_t {
  kIeee,          // exponent all ones, mantissa non-zero (f64, f32, f16, bf16, e5m2)
  kAllOnes,       // only exponent and mantissa all ones, S.1111.111 (e4m3fn)
  kNegativeZero,  // only the sign bit set, 0x80 (the fnuz formats)
  kAllBits,       // only every bit set, 0xFF (e8m0fnu)
  kNone,          // no NaN at all (e2m1fn)
};

//! What an encoder does with a finite value beyond the largest finite one (after rounding).
enum class Overflow : std::uint8_t {
  kSaturate,  // clamp to +-max finite; NaN stays NaN; +-inf becomes +-max (OCP "saturating",
              // NVIDIA __NV_SATFINITE), except fnuz: +-inf becomes NaN (AMD __HIP_SATFINITE)
  kInfinity,  // IEEE behaviour: inf where the format has one, else NaN where it has one
              // (ml_dtypes' astype, OCP "non-saturating", NVIDIA __NV_NOSAT); e2m1 saturates
};

enum class FpClass : std::uint8_t { kZero, kSubnormal, kNormal, kInfinite, kNan };

struct FloatFormat {
  DType dtype;
  int bits;  // storage width of one value (4 for e2m1fn)
  int exponent_bits;
  int mantissa_bits;  // explicit fraction bits
  int bias;
  bool has_sign;  // false for e8m0fnu
  bool has_infinity;
  bool has_negative_zero;  // false for the fnuz formats, e8m0fnu
  bool has_subnormals;     // false for e8m0fnu
  NanEncoding nan;
  double max_finite;
  double min_normal;
  double min_subnormal;         // equals min_normal when the format has no subnormals
  double epsilon;               // 2^-mantissa_bits: spacing of values in [1, 2)
  std::uint64_t canonical_nan;  // the bit pattern encode() returns for +NaN (0 when none)
};

//! The format of a floating dtype (or, for complex, of its component); nullptr for integers/bool.
const FloatFormat* float_format(DType dtype);

//! Exact value of a bit pattern (only the low `bits` bits are looked at). NaN codes give a quiet
//! NaN, negative only for a negative NaN code of an IEEE format or e4m3fn.
double decode(const FloatFormat& format, std::uint64_t bits);

//! Round-to-nearest-even encode of a double (float converts to double exactly, so this is also
//! the single-rounding float encoder). With Overflow::kInfinity the result equals ml_dtypes'
//! (numpy's for f16/f32) astype, NaN payloads aside:
//!  - NaN encodes to canonical_nan, with the input's sign where the format's NaN has one (IEEE
//!    formats, e4m3fn); e2m1fn has no NaN and, like ml_dtypes, gives a zero of the opposite sign.
//!  - e8m0fnu has no zero and no sign: zero and negative inputs give NaN, positive values below
//!    2^-127 give 2^-127 (the nearest value); ties round up (the implicit bit is odd).
//!  - The fnuz formats have no -0: negative values that round to zero give +0.
//! Overflow::kSaturate differs only for +-inf and values that round beyond max_finite: they give
//! +-max_finite, except that the fnuz formats turn +-inf into NaN (as AMD's converters do).
//! See docs/formats.md for where NVIDIA and AMD conversions differ.
std::uint64_t encode(const FloatFormat& format, double value,
                     Overflow overflow = Overflow::kInfinity);

FpClass classify(const FloatFormat& format, std::uint64_t bits);

//! Maps a bit pattern to an integer that is monotonic in the value: +0 and -0 both map to 0,
//! adjacent representable values differ by 1. NaN bit patterns give an unspecified value;
//! check classify() first. The difference of two of these is the ULP distance.
std::int64_t ordered_index(const FloatFormat& format, std::uint64_t bits);

//! Hot-loop decoding for formats of at most 16 bits: a table of 2^bits floats indexed by the bit
//! pattern (every such value is exact in float; NaN codes hold a quiet NaN). Built on first use,
//! thread-safe, valid for the life of the program. nullptr for float32 and float64 (bit_cast them).
//! float4_e2m1fn has 16 entries: mask the storage byte with 0xF before indexing.
const float* decode_table(const FloatFormat& format);

}  // namespace parity
