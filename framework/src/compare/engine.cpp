#include "compare/engine.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <type_traits>

#include "parity/error.hpp"
#include "parity/poison.hpp"
#include "parity/ulp.hpp"

namespace parity::detail {
namespace {

constexpr std::uint8_t kFinite = 1;
constexpr std::uint8_t kNonFinite = 2;
constexpr std::uint64_t kKeyFail = std::uint64_t{1} << 63;
constexpr std::uint64_t kKeyNonFinite = std::uint64_t{1} << 62;
constexpr std::uint64_t kKeyUlpMax = kKeyNonFinite - 1;

template <class T>
T load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Decoded forms of every code of the formats of at most 8 bits, built once.
struct Code {
  double v;
  std::int64_t idx;
  bool nan, inf, neg, subnormal;
};
using CodeTable = std::array<Code, 256>;

CodeTable build_table(const FloatFormat& f) {
  CodeTable t{};
  const std::uint64_t mask = f.bits >= 8 ? 0xFF : (std::uint64_t{1} << f.bits) - 1;
  for (std::uint64_t code = 0; code < 256; ++code) {
    const std::uint64_t bits = code & mask;
    const FpClass cls = classify(f, bits);
    Code& e = t[code];
    e.nan = cls == FpClass::kNan;
    e.inf = cls == FpClass::kInfinite;
    e.subnormal = cls == FpClass::kSubnormal;
    e.v = e.nan ? std::numeric_limits<double>::quiet_NaN() : decode(f, bits);
    e.neg = !e.nan && std::signbit(e.v);
    e.idx = e.nan ? 0 : ordered_index(f, bits);
  }
  return t;
}

const CodeTable& code_table(const FloatFormat& f) {
  static std::array<CodeTable, 6> tables;
  static std::array<std::once_flag, 6> once;
  int slot = 0;
  switch (f.dtype) {
    case DType::kFloat8E4M3FN:
      slot = 0;
      break;
    case DType::kFloat8E4M3FNUZ:
      slot = 1;
      break;
    case DType::kFloat8E5M2:
      slot = 2;
      break;
    case DType::kFloat8E5M2FNUZ:
      slot = 3;
      break;
    case DType::kFloat8E8M0FNU:
      slot = 4;
      break;
    default:
      slot = 5;
      break;  // float4_e2m1fn
  }
  std::call_once(once[static_cast<std::size_t>(slot)],
                 [&] { tables[static_cast<std::size_t>(slot)] = build_table(f); });
  return tables[static_cast<std::size_t>(slot)];
}

// IEEE layouts (f64, f32, f16, bf16) decode arithmetically, like the fast kernel.
template <class U>
Value decode_ieee(const FloatFormat& f, U raw) {
  Value out;
  const std::uint64_t bits = raw;
  const std::uint64_t sign = std::uint64_t{1} << (f.bits - 1);
  const std::uint64_t mag = bits & (sign - 1);
  const std::uint64_t exp_mask = ((std::uint64_t{1} << f.exponent_bits) - 1) << f.mantissa_bits;
  const std::uint64_t exp = bits & exp_mask;
  out.bits = bits;
  out.neg = (bits & sign) != 0;
  out.nan = exp == exp_mask && (mag & ~exp_mask) != 0;
  out.inf = exp == exp_mask && !out.nan;
  out.subnormal = exp == 0 && mag != 0;
  out.idx = out.neg ? -static_cast<std::int64_t>(mag) : static_cast<std::int64_t>(mag);
  switch (f.bits) {
    case 64:
      out.v = std::bit_cast<double>(bits);
      break;
    case 32:
      out.v = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
      break;
    default:
      if (f.exponent_bits == 8) {  // bfloat16
        out.v = std::bit_cast<float>(static_cast<std::uint32_t>(bits << 16));
      } else if (out.nan) {
        out.v = std::numeric_limits<double>::quiet_NaN();
      } else if (out.inf) {
        out.v = out.neg ? -HUGE_VAL : HUGE_VAL;
      } else {  // float16: the same exact rescaling as the fast kernel
        float m = std::bit_cast<float>(static_cast<std::uint32_t>(mag << 13)) * 0x1p112f;
        out.v = out.neg ? -static_cast<double>(m) : static_cast<double>(m);
      }
  }
  return out;
}

std::uint64_t distance(std::int64_t a, std::int64_t b) {
  return a >= b ? static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b)
                : static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
}

void flush(Value& v) {
  if (!v.subnormal) return;
  v.v = v.neg ? -0.0 : 0.0;
  v.idx = 0;
  v.subnormal = false;
}

std::int64_t grid_position(const Context& x, const Value& v, bool own) {
  if (own) return v.idx;
  return *grid_index(*x.grid, v.v);  // v is not NaN here
}

}  // namespace

Scratch::Scratch()
    : ulp64(kCompareBlockSize),
      ulp32(kCompareBlockSize),
      fail(kCompareBlockSize),
      flags(kCompareBlockSize) {}

Value decode_value(const Side& side, const std::byte* p) {
  switch (side.kind) {
    case ValueKind::kFloat: {
      const FloatFormat& f = *side.format;
      switch (side.dtype) {
        case DType::kFloat64:
          return decode_ieee(f, load<std::uint64_t>(p));
        case DType::kFloat32:
          return decode_ieee(f, load<std::uint32_t>(p));
        case DType::kFloat16:
        case DType::kBFloat16:
          return decode_ieee(f, load<std::uint16_t>(p));
        default: {
          const auto byte = load<std::uint8_t>(p);
          const Code& c = code_table(f)[byte];
          Value v;
          v.v = c.v;
          v.idx = c.idx;
          v.bits = f.bits == 4 ? (byte & 0xFu) : byte;
          v.nan = c.nan;
          v.inf = c.inf;
          v.neg = c.neg;
          v.subnormal = c.subnormal;
          return v;
        }
      }
    }
    case ValueKind::kSigned: {
      std::int64_t i = 0;
      switch (side.size) {
        case 1:
          i = load<std::int8_t>(p);
          break;
        case 2:
          i = load<std::int16_t>(p);
          break;
        case 4:
          i = load<std::int32_t>(p);
          break;
        default:
          i = load<std::int64_t>(p);
          break;
      }
      Value v;
      v.v = static_cast<double>(i);
      v.idx = i;
      v.bits = static_cast<std::uint64_t>(i) &
               (side.size == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * side.size)) - 1);
      v.neg = i < 0;
      return v;
    }
    case ValueKind::kUnsigned: {
      std::uint64_t u = 0;
      switch (side.size) {
        case 1:
          u = load<std::uint8_t>(p);
          break;
        case 2:
          u = load<std::uint16_t>(p);
          break;
        case 4:
          u = load<std::uint32_t>(p);
          break;
        default:
          u = load<std::uint64_t>(p);
          break;
      }
      Value v;
      v.v = static_cast<double>(u);
      v.idx = static_cast<std::int64_t>(u ^ (std::uint64_t{1} << 63));  // order-preserving
      v.bits = u;
      return v;
    }
    case ValueKind::kBool: {
      const auto b = load<std::uint8_t>(p);
      Value v;
      v.v = b != 0 ? 1.0 : 0.0;
      v.idx = b != 0 ? 1 : 0;
      v.bits = b;
      return v;
    }
  }
  return {};
}

namespace {

// The rules for one element. Inlined into the generic block loops, where the decoded values
// live in registers.
[[gnu::always_inline]] inline Eval evaluate_impl(const Context& x, Value g, Value c, double ref,
                                                 double mag) {
  Eval e;
  e.fail = e.finite = e.non_finite = false;
  e.nan_mismatch = e.inf_mismatch = e.cand_nan_only = e.zero_sign = false;
  e.ulp = 0;
  e.diff = e.abs = e.rel = 0.0;
  e.has_ref = e.has_bound = false;
  e.ref = e.cand_ref = e.golden_ref = e.bound = 0.0;
  e.golden = g.v;
  e.candidate = c.v;
  e.golden_bits = g.bits;
  e.candidate_bits = c.bits;
  if (x.same_dtype)
    e.bit_equal = x.golden.kind == ValueKind::kBool
                      ? (g.bits != 0) == (c.bits != 0) && g.bits == c.bits
                      : g.bits == c.bits;
  else
    e.bit_equal = (g.nan && c.nan) ||
                  (!g.nan && !c.nan && g.v == c.v && std::signbit(g.v) == std::signbit(c.v));
  if (x.daz) {
    flush(g);
    flush(c);
  }
  if (x.reference) {
    e.has_ref = true;
    e.ref = ref;
  }
  if (g.nan || c.nan) {
    const bool both = g.nan && c.nan;
    e.fail = !(both && x.nan_equal);
    e.non_finite = e.fail;
    e.nan_mismatch = e.fail;
    e.cand_nan_only = c.nan && !g.nan;
    return e;
  }
  if (g.inf || c.inf) {
    e.fail = !(g.inf && c.inf && g.neg == c.neg);
    e.non_finite = e.fail;
    e.inf_mismatch = e.fail;
    return e;
  }
  e.finite = true;
  const std::int64_t gi = x.cross ? grid_position(x, g, x.grid_is_golden) : g.idx;
  const std::int64_t ci = x.cross ? grid_position(x, c, x.grid_is_candidate) : c.idx;
  e.ulp = distance(gi, ci);
  const double ag = std::fabs(g.v);
  const double exact_abs = std::fabs(c.v - g.v);  // what the criteria judge
  if (x.float_stats) {
    // Statistics in float, exactly as the fast kernel computes them.
    const auto gf = static_cast<float>(g.v), cf = static_cast<float>(c.v);
    const float diff = cf - gf;
    const float af = std::fabs(diff);
    e.diff = diff;
    e.abs = af;
    e.rel = af / std::fabs(gf);
  } else {
    // Integers: exact below 2^53; their ULP count is exact always.
    e.diff = c.v - g.v;
    e.abs = std::fabs(e.diff);
    e.rel = e.abs / ag;
  }
  // 0/0 leaves rel NaN, which never wins a maximum; make_report shows it as 0. Bitwise & | below
  // keep data-dependent branches out of the generic loop.
  e.zero_sign = (g.v == 0.0) & (c.v == 0.0) & (g.neg != c.neg) & x.float_values;
  if (e.has_ref) {
    e.cand_ref = std::fabs(c.v - ref);
    e.golden_ref = std::fabs(g.v - ref);
  }
  const bool ulp_ok = e.ulp <= x.max_ulp;
  bool tol_ok = false;
  switch (x.model) {
    case ErrorModel::kElementwise:
      tol_ok = exact_abs <= x.atol + x.rtol * ag;
      break;
    case ErrorModel::kReferenceRelative:
      tol_ok = e.cand_ref <= x.factor * e.golden_ref + x.atol + x.rtol * std::fabs(ref);
      break;
    case ErrorModel::kReductionBound:
      e.has_bound = true;
      e.bound = x.factor * x.gamma * mag + x.atol + x.rtol * ag;
      tol_ok = exact_abs <= e.bound;
      break;
    case ErrorModel::kReferenceRelativeMax:
      break;
  }
  bool pass;
  if (!x.value_check)
    pass = true;
  else if (x.exact)
    pass = e.ulp == 0;
  else if (x.any)
    pass = (ulp_ok & x.has_ulp) | (tol_ok & x.tol_active);
  else
    pass = (ulp_ok | !x.has_ulp) & (tol_ok | !x.tol_active);
  pass &= !(x.signed_zero & e.zero_sign);
  e.fail = !pass;
  return e;
}

}  // namespace

Eval evaluate(const Context& x, Value g, Value c, double ref, double mag) {
  return evaluate_impl(x, g, c, ref, mag);
}

namespace {

struct BlockOut {
  std::int64_t bitwise_equal = 0, fails = 0, zero_sign = 0, nan_mismatch = 0, inf_mismatch = 0;
  std::int64_t cand_nan_only = 0, non_finite_fails = 0, fail_twice = 0, fail_half = 0;
  std::int64_t fail_zero = 0, finite = 0;
  BiasStats bias;
  UlpHistogram hist;
  std::uint64_t max_ulp = 0;
  double max_abs = 0.0, max_rel = 0.0, max_cand_ref = 0.0, max_golden_ref = 0.0;
  bool any_ref = false;
  double lane_sum[kLanes] = {};
  double lane_sq[kLanes] = {};
  bool fast = false;
  bool fail_flags_valid = true;
};

struct ElementInputs {
  Value g, c;
  double ref = 0.0, mag = 0.0;
};

ElementInputs load_element(const Context& x, const BlockPtrs& p, std::int64_t i) {
  ElementInputs in;
  const auto ui = static_cast<std::size_t>(i);
  in.g = decode_value(x.golden, p.golden + ui * x.golden.size);
  in.c = decode_value(x.candidate, p.candidate + ui * x.candidate.size);
  if (x.reference) in.ref = decode_value(*x.reference, p.reference + ui * x.reference->size).v;
  if (x.magnitude) in.mag = decode_value(*x.magnitude, p.magnitude + ui * x.magnitude->size).v;
  return in;
}

Eval evaluate_at(const Context& x, const BlockPtrs& p, std::int64_t i) {
  auto in = load_element(x, p, i);
  return evaluate(x, in.g, in.c, in.ref, in.mag);
}

// Element decoders for the generic loop, chosen once per block so that the loop body inlines.
struct DecodeAny {  // any dtype, through decode_value's switch (cross-format comparisons)
  const Side& side;
  Value operator()(const std::byte* p) const { return decode_value(side, p); }
};

template <class U, int kExpBits, int kMantBits>
struct DecodeIeee {
  Value operator()(const std::byte* p) const {
    constexpr int kBits = 8 * sizeof(U);
    constexpr U kSign = static_cast<U>(U{1} << (kBits - 1));
    constexpr U kExp = static_cast<U>(((U{1} << kExpBits) - 1) << kMantBits);
    const U bits = load<U>(p);
    const U mag = static_cast<U>(bits & (kSign - 1));
    const U exp = static_cast<U>(bits & kExp);
    Value out;
    out.bits = bits;
    out.neg = (bits & kSign) != 0;
    out.nan = exp == kExp && mag != exp;
    out.inf = exp == kExp && mag == exp;
    out.subnormal = exp == 0 && mag != 0;
    out.idx = out.neg ? -static_cast<std::int64_t>(mag) : static_cast<std::int64_t>(mag);
    if constexpr (kBits == 64) {
      out.v = std::bit_cast<double>(static_cast<std::uint64_t>(bits));
    } else if constexpr (kBits == 32) {
      out.v = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    } else if constexpr (kExpBits == 8) {  // bfloat16
      out.v = std::bit_cast<float>(static_cast<std::uint32_t>(std::uint32_t{bits} << 16));
    } else {  // float16: the fast kernel's exact rescaling for finite values
      const float m =
          std::bit_cast<float>(static_cast<std::uint32_t>(std::uint32_t{mag} << 13)) * 0x1p112f;
      out.v = out.nan   ? std::numeric_limits<double>::quiet_NaN()
              : out.inf ? HUGE_VAL
                        : static_cast<double>(m);
      if (out.neg) out.v = -out.v;
    }
    return out;
  }
};

struct DecodeTable {  // formats of at most 8 bits
  const CodeTable& table;
  bool nibble;
  Value operator()(const std::byte* p) const {
    const auto byte = load<std::uint8_t>(p);
    const Code& c = table[byte];
    Value v;
    v.v = c.v;
    v.idx = c.idx;
    v.bits = nibble ? (byte & 0xFu) : byte;
    v.nan = c.nan;
    v.inf = c.inf;
    v.neg = c.neg;
    v.subnormal = c.subnormal;
    return v;
  }
};

template <class I>
struct DecodeInt {
  Value operator()(const std::byte* p) const {
    const I i = load<I>(p);
    Value v;
    v.v = static_cast<double>(i);
    if constexpr (std::is_signed_v<I>) {
      v.idx = i;
      v.bits = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<I>>(i));
      v.neg = i < 0;
    } else {
      v.idx = static_cast<std::int64_t>(static_cast<std::uint64_t>(i) ^ (std::uint64_t{1} << 63));
      v.bits = i;
    }
    return v;
  }
};

struct DecodeBool {
  Value operator()(const std::byte* p) const {
    const auto b = load<std::uint8_t>(p);
    Value v;
    v.v = b != 0 ? 1.0 : 0.0;
    v.idx = b != 0 ? 1 : 0;
    v.bits = b;
    return v;
  }
};

template <class DecodeG, class DecodeC>
void generic_loop(const Context& x, const BlockPtrs& p, std::int64_t n, BlockOut& o, Scratch& s,
                  const DecodeG& decode_g, const DecodeC& decode_c) {
  double group[8] = {};  // finite errors of the current group of 8; others add +0.0 (kLanes)
  const std::size_t gs = x.golden.size, cs = x.candidate.size;
  for (std::int64_t i = 0; i < n; ++i) {
    if (i % 8 == 0 && i > 0) {
      add_group(group, o.lane_sum, o.lane_sq);
      for (double& d : group) d = 0.0;
    }
    const auto ui = static_cast<std::size_t>(i);
    double ref = 0.0, mag = 0.0;
    if (x.reference) ref = decode_value(*x.reference, p.reference + ui * x.reference->size).v;
    if (x.magnitude) mag = decode_value(*x.magnitude, p.magnitude + ui * x.magnitude->size).v;
    const Eval e =
        evaluate_impl(x, decode_g(p.golden + ui * gs), decode_c(p.candidate + ui * cs), ref, mag);
    o.bitwise_equal += e.bit_equal;
    s.ulp64[ui] = e.ulp;
    s.fail[ui] = e.fail ? 1 : 0;
    s.flags[ui] =
        static_cast<std::uint8_t>((e.finite ? kFinite : 0) | (e.non_finite ? kNonFinite : 0));
    o.fails += e.fail;
    o.non_finite_fails += e.fail & e.non_finite;
    o.nan_mismatch += e.nan_mismatch;
    o.inf_mismatch += e.inf_mismatch;
    o.cand_nan_only += e.cand_nan_only;
    if (!e.finite) {
      ++o.hist.counts[e.non_finite ? UlpHistogram::kNonFiniteBucket : 0];
      continue;
    }
    ++o.finite;
    // The same buckets as UlpHistogram::bucket_of, inline: 0, 1, 2, then 1 + bit_width(u - 1).
    const int bucket = e.ulp <= 2 ? static_cast<int>(e.ulp)
                                  : std::min(22, 1 + static_cast<int>(std::bit_width(e.ulp - 1)));
    ++o.hist.counts[static_cast<std::size_t>(bucket)];
    o.zero_sign += e.zero_sign;
    group[i % 8] = e.diff;
    o.max_ulp = std::max(o.max_ulp, e.ulp);
    o.max_abs = e.abs > o.max_abs ? e.abs : o.max_abs;
    o.max_rel = e.rel > o.max_rel ? e.rel : o.max_rel;
    // Branch-free: whether an element differs is data, not a pattern the predictor can learn.
    const bool changed = e.diff != 0.0;
    const double ac = std::fabs(e.candidate), agl = std::fabs(e.golden);
    o.bias.toward_zero += changed & (ac < agl);
    o.bias.away_from_zero += changed & !(ac < agl);  // flips (cand == -golden) count as away
    o.bias.negative += changed & (e.candidate < e.golden);
    o.bias.positive += changed & (e.candidate > e.golden);
    const bool counted = e.fail & (e.golden != 0.0);
    o.fail_twice += counted & (e.candidate == e.golden * 2.0);
    o.fail_half += counted & (e.candidate == e.golden * 0.5);
    o.fail_zero += counted & (e.candidate == 0.0);
    if (e.has_ref) {
      o.any_ref = true;
      // NaN references never win a max; they count as passing nothing under the model.
      if (e.cand_ref > o.max_cand_ref) o.max_cand_ref = e.cand_ref;
      if (e.golden_ref > o.max_golden_ref) o.max_golden_ref = e.golden_ref;
    }
  }
  if (n > 0) add_group(group, o.lane_sum, o.lane_sq);
}

void generic_block(const Context& x, const BlockPtrs& p, std::int64_t n, BlockOut& o, Scratch& s) {
  auto same = [&](const auto& decode) { generic_loop(x, p, n, o, s, decode, decode); };
  if (!x.same_dtype) {
    generic_loop(x, p, n, o, s, DecodeAny{x.golden}, DecodeAny{x.candidate});
    return;
  }
  switch (x.golden.dtype) {
    case DType::kFloat64:
      return same(DecodeIeee<std::uint64_t, 11, 52>{});
    case DType::kFloat32:
      return same(DecodeIeee<std::uint32_t, 8, 23>{});
    case DType::kFloat16:
      return same(DecodeIeee<std::uint16_t, 5, 10>{});
    case DType::kBFloat16:
      return same(DecodeIeee<std::uint16_t, 8, 7>{});
    case DType::kInt8:
      return same(DecodeInt<std::int8_t>{});
    case DType::kInt16:
      return same(DecodeInt<std::int16_t>{});
    case DType::kInt32:
      return same(DecodeInt<std::int32_t>{});
    case DType::kInt64:
      return same(DecodeInt<std::int64_t>{});
    case DType::kUInt8:
      return same(DecodeInt<std::uint8_t>{});
    case DType::kUInt16:
      return same(DecodeInt<std::uint16_t>{});
    case DType::kUInt32:
      return same(DecodeInt<std::uint32_t>{});
    case DType::kUInt64:
      return same(DecodeInt<std::uint64_t>{});
    case DType::kBool:
      return same(DecodeBool{});
    default:
      if (x.golden.format && x.golden.format->bits <= 8)
        return same(DecodeTable{code_table(*x.golden.format), x.golden.format->bits == 4});
      return same(DecodeAny{x.golden});
  }
}

bool fast_block(const Context& x, const BlockPtrs& p, std::int64_t n, const Running& r, BlockOut& o,
                Scratch& s) {
  FastOut f;
  void* ulps = x.ulp64_scratch ? static_cast<void*>(s.ulp64.data()) : s.ulp32.data();
  const double rel_floor = r.max_rel.index >= 0 ? r.max_rel.value : -1.0;
  if (!x.fast(p.golden, p.candidate, n, x.fast_params, rel_floor, f, ulps, s.fail.data()))
    return false;
  o.fast = true;
  o.fail_flags_valid = f.fail_flags_valid;
  o.bitwise_equal = f.bitwise_equal;
  o.fails = f.fails;
  o.zero_sign = f.zero_sign;
  o.fail_twice = f.fail_twice;
  o.fail_half = f.fail_half;
  o.fail_zero = f.fail_zero;
  o.finite = n;
  const std::int64_t nonzero = n - f.ulp0;
  o.bias.toward_zero = f.toward_zero;
  o.bias.away_from_zero = f.away_from_zero;
  o.bias.negative = f.negative;
  o.bias.positive = nonzero - f.negative;
  o.hist.counts[0] = f.ulp0;
  o.hist.counts[1] = f.ulp1;
  o.hist.counts[2] = n - f.ulp0 - f.ulp1 - f.ulp_over2;
  for (std::size_t b = 0; b < 20; ++b) o.hist.counts[b + 3] = f.buckets[b];
  o.max_ulp = f.max_ulp;
  o.max_abs = f.max_abs;
  o.max_rel = f.max_rel;
  for (int j = 0; j < kLanes; ++j) {
    o.lane_sum[j] = f.lane_sum[j];
    o.lane_sq[j] = f.lane_sq[j];
  }
  return true;
}

// Keeps the "every element equals element 0" and "every element is +-0" flags, scanning only
// while they still hold (a varying tensor clears them at its second element).
void track_constants(const Context& x, const BlockPtrs& p, std::int64_t n, Running& r) {
  auto scan = [&](bool& constant, bool& zero, const Side& side, const std::byte* base,
                  std::uint64_t first) {
    for (std::int64_t i = 0; i < n && (constant || zero); ++i) {
      const Value v = decode_value(side, base + static_cast<std::size_t>(i) * side.size);
      if (v.bits != first) constant = false;
      if (v.nan || v.v != 0.0) zero = false;
    }
  };
  scan(r.golden_constant, r.golden_zero, x.golden, p.golden, r.golden_first);
  scan(r.cand_constant, r.cand_zero, x.candidate, p.candidate, r.cand_first);
}

std::uint64_t element_key(const Context& x, const Scratch& s, bool fast, bool fail_valid,
                          std::int64_t i) {
  const auto ui = static_cast<std::size_t>(i);
  std::uint64_t key = 0;
  std::uint64_t ulp = 0;
  if (fast) {
    ulp = x.ulp64_scratch ? s.ulp64[ui] : s.ulp32[ui];
  } else {
    if (s.flags[ui] & kNonFinite) key |= kKeyNonFinite;
    if (s.flags[ui] & kFinite) ulp = s.ulp64[ui];
  }
  if (fail_valid && s.fail[ui]) key |= kKeyFail;
  return key | std::min(ulp, kKeyUlpMax);
}

std::uint64_t report_key(const ElementReport& e) {
  return (e.failed ? kKeyFail : 0) | (e.non_finite ? kKeyNonFinite : 0) |
         (e.non_finite ? 0 : std::min(e.ulp, kKeyUlpMax));
}

bool worse(const WorstEntry& a, const WorstEntry& b) {
  if (a.key != b.key) return a.key > b.key;
  return a.report.index < b.report.index;
}

ElementReport make_report(const Context& x, const Eval& e, std::int64_t index) {
  ElementReport rep;
  rep.index = index;
  rep.coords = unravel_index(index, x.shape);
  rep.golden = e.golden;
  rep.candidate = e.candidate;
  rep.golden_bits = e.golden_bits;
  rep.candidate_bits = e.candidate_bits;
  if (e.has_ref) rep.reference = e.ref;
  if (e.has_bound) rep.bound = e.bound;
  rep.ulp = e.ulp;
  rep.abs_error = e.abs;
  rep.rel_error = e.abs == 0.0 ? 0.0 : e.rel;
  rep.failed = e.fail;
  rep.non_finite = e.non_finite;
  return rep;
}

template <class T>
void set_extreme(const Context& x, Extreme<T>& ext, T value, std::int64_t index, const Eval& e) {
  ext.value = value;
  ext.index = index;
  ext.coords = unravel_index(index, x.shape);
  ext.golden = e.golden;
  ext.candidate = e.candidate;
}

[[noreturn]] void paths_disagree(const char* what) {
  throw std::logic_error(std::string("parity comparator: the fast and generic paths disagree on ") +
                         what + "; please report this as a bug");
}

// Finds the first element of the block whose statistic equals the block's maximum.
template <class T, class Get>
void locate(const Context& x, const BlockPtrs& p, std::int64_t n, std::int64_t base,
            Extreme<T>& ext, T block_max, Get get, const char* what) {
  if (ext.index >= 0 && !(block_max > ext.value)) return;
  for (std::int64_t i = 0; i < n; ++i) {
    const Eval e = evaluate_at(x, p, i);
    if (!e.finite) continue;
    if (get(e) == block_max) {
      set_extreme(x, ext, block_max, base + i, e);
      return;
    }
  }
  paths_disagree(what);
}

}  // namespace

BlockSums process_block(const Context& x, const BlockPtrs& p, std::int64_t n, std::int64_t base,
                        Running& r, Scratch& s, bool allow_fast) {
  BlockOut o;
  if (!(allow_fast && x.fast && fast_block(x, p, n, r, o, s))) {
    o = BlockOut{};
    generic_block(x, p, n, o, s);
  }
  track_constants(x, p, n, r);
  r.count += n;
  r.bitwise_equal += o.bitwise_equal;
  r.fails += o.fails;
  r.zero_sign += o.zero_sign;
  r.nan_mismatch += o.nan_mismatch;
  r.inf_mismatch += o.inf_mismatch;
  r.cand_nan_only += o.cand_nan_only;
  r.non_finite_fails += o.non_finite_fails;
  r.fail_twice += o.fail_twice;
  r.fail_half += o.fail_half;
  r.fail_zero += o.fail_zero;
  r.finite += o.finite;
  // Which of the zeros sit where the golden is subnormal: only when there are failing zeros,
  // so a passing comparison never pays for this second look.
  if (o.fail_zero > 0 && x.golden.format != nullptr) {
    const double min_normal = x.golden.format->min_normal;
    for (std::int64_t i = 0; i < n; ++i) {
      const Eval e = evaluate_at(x, p, i);
      r.fail_zero_subnormal +=
          e.fail && e.candidate == 0.0 && e.golden != 0.0 && std::fabs(e.golden) < min_normal;
    }
  }
  // Which failing elements carry the emulator's poison (a read of memory or lanes the GPU leaves
  // undefined): again only in blocks with failures.
  if (o.fails > 0) {
    for (std::int64_t i = 0; i < n; ++i) {
      const Eval e = evaluate_at(x, p, i);
      r.fail_poison += e.fail && poison::carries(x.candidate.dtype, e.candidate_bits);
    }
  }
  r.bias.toward_zero += o.bias.toward_zero;
  r.bias.away_from_zero += o.bias.away_from_zero;
  r.bias.negative += o.bias.negative;
  r.bias.positive += o.bias.positive;
  for (std::size_t b = 0; b < r.hist.counts.size(); ++b) r.hist.counts[b] += o.hist.counts[b];

  if (o.finite > 0) {
    locate<std::uint64_t>(
        x, p, n, base, r.max_ulp, o.max_ulp, [](const Eval& e) { return e.ulp; }, "max ulp");
    locate<double>(
        x, p, n, base, r.max_abs, o.max_abs, [](const Eval& e) { return e.abs; }, "max abs");
    locate<double>(
        x, p, n, base, r.max_rel, o.max_rel,
        [](const Eval& e) { return e.abs == 0.0 ? 0.0 : e.rel; }, "max rel");
    if (o.any_ref) {
      locate<double>(
          x, p, n, base, r.max_cand_ref, o.max_cand_ref, [](const Eval& e) { return e.cand_ref; },
          "max |cand-ref|");
      locate<double>(
          x, p, n, base, r.max_golden_ref, o.max_golden_ref,
          [](const Eval& e) { return e.golden_ref; }, "max |golden-ref|");
    }
  }

  // Worst elements: scan only when the block can beat the current K-th entry.
  const auto limit = static_cast<std::size_t>(std::max(x.worst, 0));
  if (limit > 0) {
    const std::uint64_t bound = (o.fails > 0 ? kKeyFail : 0) |
                                (o.non_finite_fails > 0 ? kKeyNonFinite : 0) |
                                std::min(o.max_ulp, kKeyUlpMax);
    auto threshold = [&] { return r.worst.size() < limit ? 0 : r.worst.back().key; };
    if (bound > threshold()) {
      for (std::int64_t i = 0; i < n; ++i) {
        const std::uint64_t key = element_key(x, s, o.fast, o.fail_flags_valid, i);
        if (key == 0 || key <= threshold()) continue;
        WorstEntry w{key, make_report(x, evaluate_at(x, p, i), base + i)};
        if (report_key(w.report) != key) paths_disagree("an element's ULP distance");
        auto at = std::upper_bound(r.worst.begin(), r.worst.end(), w, worse);
        r.worst.insert(at, std::move(w));
        if (r.worst.size() > limit) r.worst.pop_back();
      }
    }
  }

  // Failing elements per lane along the last dimension.
  if (o.fails > 0) {
    const std::int64_t position = base / x.group;
    std::int64_t col = position % x.lane_wrap;
    std::int64_t sub = base % x.group;
    for (std::int64_t i = 0; i < n; ++i) {
      if (s.fail[static_cast<std::size_t>(i)]) ++r.lanes[static_cast<std::size_t>(col & 63)];
      if (++sub == x.group) {
        sub = 0;
        if (++col == x.lane_wrap) col = 0;
      }
    }
  }

  BlockSums sums;
  for (int j = 0; j < kLanes; ++j) {
    sums.sum += o.lane_sum[j];
    sums.sq += o.lane_sq[j];
  }
  return sums;
}

void Running::merge(const Running& o, int worst_limit) {
  count += o.count;
  bitwise_equal += o.bitwise_equal;
  fails += o.fails;
  zero_sign += o.zero_sign;
  nan_mismatch += o.nan_mismatch;
  inf_mismatch += o.inf_mismatch;
  cand_nan_only += o.cand_nan_only;
  non_finite_fails += o.non_finite_fails;
  fail_twice += o.fail_twice;
  fail_half += o.fail_half;
  fail_zero += o.fail_zero;
  fail_zero_subnormal += o.fail_zero_subnormal;
  fail_poison += o.fail_poison;
  finite += o.finite;
  bias.toward_zero += o.bias.toward_zero;
  bias.away_from_zero += o.bias.away_from_zero;
  bias.negative += o.bias.negative;
  bias.positive += o.bias.positive;
  for (std::size_t b = 0; b < hist.counts.size(); ++b) hist.counts[b] += o.hist.counts[b];
  auto pick = [](auto& mine, const auto& theirs) {
    if (theirs.index < 0) return;
    if (mine.index < 0 || theirs.value > mine.value ||
        (theirs.value == mine.value && theirs.index < mine.index))
      mine = theirs;
  };
  pick(max_ulp, o.max_ulp);
  pick(max_abs, o.max_abs);
  pick(max_rel, o.max_rel);
  pick(max_cand_ref, o.max_cand_ref);
  pick(max_golden_ref, o.max_golden_ref);
  for (std::size_t l = 0; l < lanes.size(); ++l) lanes[l] += o.lanes[l];
  std::vector<WorstEntry> all = worst;
  all.insert(all.end(), o.worst.begin(), o.worst.end());
  std::sort(all.begin(), all.end(), worse);
  if (all.size() > static_cast<std::size_t>(std::max(worst_limit, 0)))
    all.resize(static_cast<std::size_t>(std::max(worst_limit, 0)));
  worst = std::move(all);
  golden_constant = golden_constant && o.golden_constant;
  cand_constant = cand_constant && o.cand_constant;
  golden_zero = golden_zero && o.golden_zero;
  cand_zero = cand_zero && o.cand_zero;
}

}  // namespace parity::detail
