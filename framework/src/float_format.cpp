// One table of FloatFormat descriptors drives decode, encode, classify and ordered_index for
// every floating dtype. All arithmetic is on integers and exact powers of two, so no step can
// round twice.
#include "parity/float_format.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <mutex>
#include <string>

#include "parity/error.hpp"

namespace parity {
namespace {

// Exact 2^e for every e a double can hold; constexpr so the table below is built at compile time.
constexpr double pow2(int e) {
  if (e >= -1022) return std::bit_cast<double>(static_cast<std::uint64_t>(e + 1023) << 52);
  return std::bit_cast<double>(std::uint64_t{1} << (e + 1074));
}

constexpr std::uint64_t low_mask(int bits) {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

constexpr std::uint64_t sign_bit(const FloatFormat& f) {
  return f.has_sign ? std::uint64_t{1} << (f.bits - 1) : 0;
}

// Smallest biased exponent of a normal number: 1, or 0 when exponent 0 holds normals (e8m0fnu).
constexpr int min_normal_biased_exponent(const FloatFormat& f) {
  return f.has_subnormals ? 1 : 0;
}

// Bit pattern of +max_finite: the largest magnitude that is neither inf nor NaN.
constexpr std::uint64_t max_finite_code(const FloatFormat& f) {
  const std::uint64_t exp_ones = low_mask(f.exponent_bits);
  const std::uint64_t mant_ones = low_mask(f.mantissa_bits);
  if (f.has_infinity) return ((exp_ones - 1) << f.mantissa_bits) | mant_ones;  // IEEE
  switch (f.nan) {
    case NanEncoding::kAllOnes:
      return (exp_ones << f.mantissa_bits) | (mant_ones - 1);
    case NanEncoding::kAllBits:
      return low_mask(f.bits) - 1;
    default:
      return (exp_ones << f.mantissa_bits) | mant_ones;  // fnuz, e2m1: all codes finite
  }
}

constexpr double decode_finite_magnitude(const FloatFormat& f, std::uint64_t magnitude) {
  const int exponent = static_cast<int>(magnitude >> f.mantissa_bits);
  const std::uint64_t mantissa = magnitude & low_mask(f.mantissa_bits);
  if (exponent == 0 && f.has_subnormals)
    return static_cast<double>(mantissa) * pow2(1 - f.bias - f.mantissa_bits);
  return static_cast<double>((std::uint64_t{1} << f.mantissa_bits) | mantissa) *
         pow2(exponent - f.bias - f.mantissa_bits);
}

// Fills in the derived limits, so each row below states only the bit layout.
constexpr FloatFormat make_format(DType dtype, int bits, int exponent_bits, int mantissa_bits,
                                  int bias, bool has_sign, bool has_infinity,
                                  bool has_negative_zero, bool has_subnormals, NanEncoding nan,
                                  std::uint64_t canonical_nan) {
  FloatFormat f{.dtype = dtype,
                .bits = bits,
                .exponent_bits = exponent_bits,
                .mantissa_bits = mantissa_bits,
                .bias = bias,
                .has_sign = has_sign,
                .has_infinity = has_infinity,
                .has_negative_zero = has_negative_zero,
                .has_subnormals = has_subnormals,
                .nan = nan,
                .max_finite = 0.0,  // derived below
                .min_normal = 0.0,
                .min_subnormal = 0.0,
                .epsilon = 0.0,
                .canonical_nan = canonical_nan};
  f.min_normal = pow2(min_normal_biased_exponent(f) - bias);
  f.min_subnormal = has_subnormals ? pow2(1 - bias - mantissa_bits) : f.min_normal;
  f.epsilon = pow2(-mantissa_bits);
  f.max_finite = decode_finite_magnitude(f, max_finite_code(f));
  return f;
}

using enum NanEncoding;
// clang-format off
// Rows are in DType order: kFormats[static_cast<int>(dtype)] is the dtype's format.
constexpr std::array<FloatFormat, 10> kFormats = {
    //          dtype                   bits  E   M  bias  sign   inf    -0     subn   NaN
    make_format(DType::kFloat64,         64, 11, 52, 1023, true,  true,  true,  true,  kIeee,
                0x7FF8000000000000),
    make_format(DType::kFloat32,         32,  8, 23,  127, true,  true,  true,  true,  kIeee,
                0x7FC00000),
    make_format(DType::kFloat16,         16,  5, 10,   15, true,  true,  true,  true,  kIeee,
                0x7E00),
    make_format(DType::kBFloat16,        16,  8,  7,  127, true,  true,  true,  true,  kIeee,
                0x7FC0),
    make_format(DType::kFloat8E4M3FN,     8,  4,  3,    7, true,  false, true,  true,  kAllOnes,
                0x7F),
    make_format(DType::kFloat8E4M3FNUZ,   8,  4,  3,    8, true,  false, false, true,
                kNegativeZero, 0x80),
    make_format(DType::kFloat8E5M2,       8,  5,  2,   15, true,  true,  true,  true,  kIeee,
                0x7E),
    make_format(DType::kFloat8E5M2FNUZ,   8,  5,  2,   16, true,  false, false, true,
                kNegativeZero, 0x80),
    make_format(DType::kFloat8E8M0FNU,    8,  8,  0,  127, false, false, false, false, kAllBits,
                0xFF),
    make_format(DType::kFloat4E2M1FN,     4,  2,  1,    1, true,  false, true,  true,  kNone,
                0x0),
};
// clang-format on

static_assert(kFormats[2].max_finite == 65504.0 && kFormats[3].max_finite == 0x1.FEp127);
static_assert(kFormats[4].max_finite == 448.0 && kFormats[5].max_finite == 240.0);
static_assert(kFormats[6].max_finite == 57344.0 && kFormats[7].max_finite == 57344.0);
static_assert(kFormats[8].max_finite == 0x1p127 && kFormats[9].max_finite == 6.0);
static_assert(kFormats[1].max_finite == static_cast<double>(std::numeric_limits<float>::max()));
static_assert(kFormats[0].max_finite == std::numeric_limits<double>::max());

constexpr bool rows_in_dtype_order() {
  for (std::size_t i = 0; i < kFormats.size(); ++i)
    if (static_cast<std::size_t>(kFormats[i].dtype) != i) return false;
  return true;
}
static_assert(rows_in_dtype_order(), "kFormats rows must follow the DType declaration order");

std::size_t format_index(const FloatFormat& f) {
  const auto i = static_cast<std::size_t>(f.dtype);
  if (i >= kFormats.size())
    throw UsageError("FloatFormat with dtype " + std::to_string(i) +
                     " is not a floating format: get formats from parity::float_format(dtype)");
  return i;
}

bool is_nan_code(const FloatFormat& f, std::uint64_t bits) {
  const std::uint64_t magnitude = bits & ~sign_bit(f);
  switch (f.nan) {
    case kIeee: {
      const std::uint64_t exp_ones = low_mask(f.exponent_bits);
      return (magnitude >> f.mantissa_bits) == exp_ones &&
             (magnitude & low_mask(f.mantissa_bits)) != 0;
    }
    case kAllOnes:
      return magnitude == low_mask(f.bits - 1);
    case kNegativeZero:
      return bits == sign_bit(f);
    case kAllBits:
      return bits == low_mask(f.bits);
    case kNone:
      return false;
  }
  return false;
}

bool is_inf_code(const FloatFormat& f, std::uint64_t magnitude) {
  return f.has_infinity && magnitude == (low_mask(f.exponent_bits) << f.mantissa_bits);
}

// The NaN encode() returns. Formats without NaN follow ml_dtypes: a zero of the opposite sign.
std::uint64_t nan_code(const FloatFormat& f, bool negative) {
  switch (f.nan) {
    case kIeee:
    case kAllOnes:
      return f.canonical_nan | (negative ? sign_bit(f) : 0);
    case kNegativeZero:
    case kAllBits:
      return f.canonical_nan;
    case kNone:
      return negative ? 0 : sign_bit(f);
  }
  return f.canonical_nan;
}

// Non-saturating overflow: inf where there is one, else NaN, else (e2m1fn) the largest value.
std::uint64_t overflow_code(const FloatFormat& f, bool negative) {
  const std::uint64_t sign = negative ? sign_bit(f) : 0;
  if (f.has_infinity) return sign | (low_mask(f.exponent_bits) << f.mantissa_bits);
  if (f.nan != kNone) return nan_code(f, negative);
  return sign | max_finite_code(f);
}

}  // namespace

const FloatFormat* float_format(DType dtype) {
  switch (dtype) {
    case DType::kComplex64:
      return &kFormats[static_cast<std::size_t>(DType::kFloat32)];
    case DType::kComplex128:
      return &kFormats[static_cast<std::size_t>(DType::kFloat64)];
    default:
      break;
  }
  const auto i = static_cast<std::size_t>(dtype);
  return i < kFormats.size() ? &kFormats[i] : nullptr;
}

double decode(const FloatFormat& f, std::uint64_t bits) {
  bits &= low_mask(f.bits);
  if (f.bits == 64) return std::bit_cast<double>(bits);
  if (f.bits == 32) return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
  const bool negative = (bits & sign_bit(f)) != 0;
  if (is_nan_code(f, bits)) {
    const bool signed_nan = f.nan == kIeee || f.nan == kAllOnes;
    return std::copysign(std::numeric_limits<double>::quiet_NaN(),
                         signed_nan && negative ? -1.0 : 1.0);
  }
  const std::uint64_t magnitude = bits & ~sign_bit(f);
  const double v = is_inf_code(f, magnitude) ? std::numeric_limits<double>::infinity()
                                             : decode_finite_magnitude(f, magnitude);
  return negative ? -v : v;
}

std::uint64_t encode(const FloatFormat& f, double value, Overflow overflow) {
  const auto in = std::bit_cast<std::uint64_t>(value);
  const bool negative = (in >> 63) != 0;
  const std::uint64_t sign = negative ? sign_bit(f) : 0;
  const auto in_exponent = static_cast<int>((in >> 52) & 0x7FF);
  const std::uint64_t in_fraction = in & low_mask(52);

  if (in_exponent == 0x7FF) {
    if (in_fraction != 0) return nan_code(f, negative);
    if (!f.has_sign && negative) return nan_code(f, negative);  // -inf in an unsigned format
    if (overflow == Overflow::kInfinity) return overflow_code(f, negative);
    // Saturating: OCP/NVIDIA clamp inf to max; AMD's fnuz converters pass inf through as NaN.
    if (f.nan == kNegativeZero) return f.canonical_nan;
    return sign | max_finite_code(f);
  }
  if (f.bits == 64) return in;
  const bool has_zero = f.has_subnormals;
  if (!f.has_sign && negative) return nan_code(f, negative);  // e8m0fnu: -0 and negatives
  if (in_exponent == 0 && in_fraction == 0) {
    if (!has_zero) return nan_code(f, negative);  // e8m0fnu: like ml_dtypes, 0 -> NaN
    return f.has_negative_zero ? sign : 0;
  }

  // value = significand * 2^scale exactly; the result's quantum is 2^quantum_exp.
  const std::uint64_t significand = in_exponent == 0 ? in_fraction : in_fraction | (1ULL << 52);
  const int scale = in_exponent == 0 ? -1074 : in_exponent - 1075;
  const int exponent = in_exponent == 0 ? -1023 : in_exponent - 1023;  // floor(log2 |value|)
  const int min_normal_exponent = min_normal_biased_exponent(f) - f.bias;
  int quantum_exp =
      (exponent > min_normal_exponent ? exponent : min_normal_exponent) - f.mantissa_bits;
  const int shift = quantum_exp - scale;  // >= 29: every format here is narrower than double

  // Round |value| / 2^quantum_exp to the nearest integer, ties to even. From shift 64 on, |value|
  // is below a quarter of the quantum, so it rounds to zero.
  std::uint64_t n = 0;
  if (shift < 64) {
    n = significand >> shift;
    const std::uint64_t rest = significand & low_mask(shift);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    if (rest > half || (rest == half && (n & 1) != 0)) ++n;
  }
  // e8m0fnu has no zero: anything positive that rounds to 0 becomes the smallest value, code 0.
  if (n == 0) return f.has_negative_zero ? sign : 0;

  const std::uint64_t implicit_one = std::uint64_t{1} << f.mantissa_bits;
  if (n == implicit_one << 1) {  // rounding carried into the next binade
    n = implicit_one;
    ++quantum_exp;
  }
  std::uint64_t magnitude = n;  // subnormal: exponent field 0, mantissa n
  if (n >= implicit_one) {
    const int biased = quantum_exp + f.mantissa_bits + f.bias;
    magnitude = (static_cast<std::uint64_t>(biased) << f.mantissa_bits) | (n - implicit_one);
  }
  if (magnitude > max_finite_code(f)) {
    if (overflow == Overflow::kSaturate) return sign | max_finite_code(f);
    return overflow_code(f, negative);
  }
  return sign | magnitude;
}

FpClass classify(const FloatFormat& f, std::uint64_t bits) {
  bits &= low_mask(f.bits);
  if (is_nan_code(f, bits)) return FpClass::kNan;
  const std::uint64_t magnitude = bits & ~sign_bit(f);
  if (is_inf_code(f, magnitude)) return FpClass::kInfinite;
  if (f.has_subnormals && (magnitude >> f.mantissa_bits) == 0)
    return magnitude == 0 ? FpClass::kZero : FpClass::kSubnormal;
  return FpClass::kNormal;
}

std::int64_t ordered_index(const FloatFormat& f, std::uint64_t bits) {
  bits &= low_mask(f.bits);
  // Codes are sign-magnitude and, within one sign, ordered by magnitude: the NaN codes sit
  // above inf/max (or, for fnuz, at the otherwise unused -0), so no finite value is skipped.
  if (!f.has_sign) return static_cast<std::int64_t>(bits);
  const auto magnitude = static_cast<std::int64_t>(bits & ~sign_bit(f));
  return (bits & sign_bit(f)) != 0 ? -magnitude : magnitude;
}

const float* decode_table(const FloatFormat& f) {
  if (f.bits > 16) return nullptr;
  struct Tables {
    std::array<std::once_flag, kFormats.size()> once;
    std::array<std::unique_ptr<float[]>, kFormats.size()> table;
  };
  static Tables tables;
  const std::size_t i = format_index(f);
  std::call_once(tables.once[i], [i] {
    const FloatFormat& format = kFormats[i];
    const std::size_t count = std::size_t{1} << format.bits;
    auto table = std::make_unique<float[]>(count);
    for (std::size_t code = 0; code < count; ++code)
      table[code] = static_cast<float>(decode(format, code));  // exact: every value fits a float
    tables.table[i] = std::move(table);
  });
  return tables.table[i].get();
}

}  // namespace parity
