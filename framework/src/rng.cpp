// Compiled with -ffp-contract=off (framework/CMakeLists.txt): every floating-point expression
// here must round exactly as written, on every compiler and CPU.
#include "parity/rng.hpp"

#include <xxhash.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "parity/error.hpp"
#include "parity/float_format.hpp"

// x87 evaluates doubles in 80 bits and would round differently; SSE2 and every 64-bit target
// evaluate each operation in its own type.
static_assert(FLT_EVAL_METHOD == 0, "parity's RNG needs FLT_EVAL_METHOD == 0 (e.g. SSE2 math)");
static_assert(std::numeric_limits<double>::is_iec559, "parity's RNG needs IEEE-754 doubles");

namespace parity {

PhiloxCounter philox4x32_10(PhiloxCounter c, PhiloxKey k) {
  constexpr std::uint32_t kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;  // round multipliers
  constexpr std::uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u;  // key schedule (Weyl) bumps
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k[0] += kW0;
      k[1] += kW1;
    }
    const std::uint64_t p0 = std::uint64_t{kM0} * c[0];
    const std::uint64_t p1 = std::uint64_t{kM1} * c[2];
    c = {static_cast<std::uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<std::uint32_t>(p1),
         static_cast<std::uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<std::uint32_t>(p0)};
  }
  return c;
}

namespace detail {

double portable_log(double x) {
  if (std::isnan(x) || x < 0.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0.0) return -std::numeric_limits<double>::infinity();
  if (std::isinf(x)) return x;
  int e = 0;
  double m = std::frexp(x, &e);      // exact: x = m * 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) {  // keep m in [sqrt(1/2), sqrt(2)) so |s| <= 0.1716
    m *= 2.0;
    e -= 1;
  }
  // ln m = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), s = (m-1)/(m+1); s^2 <= 0.0295, so the
  // terms past s^23/23 are below 2^-60 relative.
  const double s = (m - 1.0) / (m + 1.0);
  const double s2 = s * s;
  double poly = 1.0 / 23.0;
  for (int k = 21; k >= 3; k -= 2) poly = 1.0 / k + s2 * poly;
  const double log_m = 2.0 * s + 2.0 * s * (s2 * poly);
  // ln 2 split so that e * kLn2Hi is exact for |e| < 2^11 (fdlibm's split).
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  const double de = static_cast<double>(e);
  return de * kLn2Hi + (de * kLn2Lo + log_m);
}

namespace {
// sin and cos on [0, pi/4] by their Taylor series, truncated below 1e-19.
double sin_small(double y) {
  const double y2 = y * y;
  double poly = 1.0 / 355687428096000.0;     // 1/17!
  poly = 1.0 / 1307674368000.0 - y2 * poly;  // 1/15!
  poly = 1.0 / 6227020800.0 - y2 * poly;     // 1/13!
  poly = 1.0 / 39916800.0 - y2 * poly;       // 1/11!
  poly = 1.0 / 362880.0 - y2 * poly;         // 1/9!
  poly = 1.0 / 5040.0 - y2 * poly;           // 1/7!
  poly = 1.0 / 120.0 - y2 * poly;            // 1/5!
  poly = 1.0 / 6.0 - y2 * poly;              // 1/3!
  return y - y * (y2 * poly);
}
double cos_small(double y) {
  const double y2 = y * y;
  double poly = 1.0 / 6402373705728000.0;     // 1/18!
  poly = 1.0 / 20922789888000.0 - y2 * poly;  // 1/16!
  poly = 1.0 / 87178291200.0 - y2 * poly;     // 1/14!
  poly = 1.0 / 479001600.0 - y2 * poly;       // 1/12!
  poly = 1.0 / 3628800.0 - y2 * poly;         // 1/10!
  poly = 1.0 / 40320.0 - y2 * poly;           // 1/8!
  poly = 1.0 / 720.0 - y2 * poly;             // 1/6!
  poly = 1.0 / 24.0 - y2 * poly;              // 1/4!
  poly = 0.5 - y2 * poly;                     // 1/2!
  return 1.0 - y2 * poly;
}
}  // namespace

double portable_cos_2pi(double u) {
  // Octant reduction without any rounding: 8u, its integer part and the fraction are exact.
  constexpr double kQuarterPi = 0.78539816339744830962;
  const double x = 8.0 * u;
  const double n = std::floor(x);
  const double f = x - n;
  const int octant = static_cast<int>(n) & 7;
  const double near = f * kQuarterPi;         // angle past the octant's start
  const double far = (1.0 - f) * kQuarterPi;  // angle before the octant's end
  switch (octant) {
    case 0:
      return cos_small(near);
    case 1:
      return sin_small(far);
    case 2:
      return -sin_small(near);
    case 3:
      return -cos_small(far);
    case 4:
      return -cos_small(near);
    case 5:
      return -sin_small(far);
    case 6:
      return sin_small(near);
    default:
      return cos_small(far);
  }
}

}  // namespace detail

namespace {

struct Block {
  std::uint64_t lo;  // words 0,1
  std::uint64_t hi;  // words 2,3
};

Block random_block(const Recipe& r, std::uint64_t index) {
  PhiloxCounter ctr = {static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32),
                       static_cast<std::uint32_t>(r.stream),
                       static_cast<std::uint32_t>(r.stream >> 32)};
  PhiloxKey key = {static_cast<std::uint32_t>(r.seed), static_cast<std::uint32_t>(r.seed >> 32)};
  auto w = philox4x32_10(ctr, key);
  return {std::uint64_t{w[0]} | (std::uint64_t{w[1]} << 32),
          std::uint64_t{w[2]} | (std::uint64_t{w[3]} << 32)};
}

// [0, 1) with 53 random bits; (0, 1) when `open` (the log argument of Box-Muller).
double unit(std::uint64_t bits, bool open = false) {
  const double k = 1.0 / 9007199254740992.0;  // 2^-53
  const double v = static_cast<double>(bits >> 11);
  return open ? (v + 0.5) * k : v * k;
}

// High 64 bits of a 64x64-bit product, from 32-bit halves (no __int128: -Wpedantic).
std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (cross >> 32);
}

// A value before encoding: integers stay integers so int64 outputs are exact.
struct RawValue {
  bool is_int = false;
  std::int64_t i = 0;
  double d = 0.0;
};

// The ten special values of a format (or of double, for integer targets).
double special_value(const FloatFormat* fmt, std::uint64_t pick) {
  const double inf = std::numeric_limits<double>::infinity();
  const double tiny = fmt ? fmt->min_subnormal : std::numeric_limits<double>::denorm_min();
  const double big = fmt ? fmt->max_finite : std::numeric_limits<double>::max();
  const double normal = fmt ? fmt->min_normal : std::numeric_limits<double>::min();
  switch (pick % 10) {
    case 0:
      return std::numeric_limits<double>::quiet_NaN();
    case 1:
      return inf;
    case 2:
      return -inf;
    case 3:
      return 0.0;
    case 4:
      return -0.0;
    case 5:
      return tiny;
    case 6:
      return -tiny;
    case 7:
      return big;
    case 8:
      return -big;
    default:
      return normal;
  }
}

struct ValueMaker {
  const Recipe& recipe;
  const FloatFormat* format;  // target float format (specials), nullptr for integer targets

  RawValue operator()(const gen::Uniform& g, Block b) const {
    return {false, 0, g.lo + (g.hi - g.lo) * unit(b.lo)};
  }
  RawValue operator()(const gen::Normal& g, Block b) const {
    const double radius = std::sqrt(-2.0 * detail::portable_log(unit(b.lo, true)));
    return {false, 0, g.mean + g.stddev * (radius * detail::portable_cos_2pi(unit(b.hi)))};
  }
  RawValue operator()(const gen::UniformInt& g, Block b) const {
    // Range as unsigned: hi - lo + 1 wraps to 0 for the full 64-bit range.
    const std::uint64_t range =
        static_cast<std::uint64_t>(g.hi) - static_cast<std::uint64_t>(g.lo) + 1u;
    // Lemire's multiply-shift: the high word of bits * range is uniform on [0, range).
    const std::uint64_t offset = range == 0 ? b.lo : mul_high(b.lo, range);
    const auto v = static_cast<std::int64_t>(static_cast<std::uint64_t>(g.lo) + offset);
    return {true, v, static_cast<double>(v)};
  }
  RawValue operator()(const gen::Bernoulli& g, Block b) const {
    return {false, 0, unit(b.lo) < g.p ? 1.0 : 0.0};
  }
  RawValue operator()(const gen::Sign& g, Block b) const {
    return {false, 0, unit(b.lo) < g.p_positive ? 1.0 : -1.0};
  }
  RawValue operator()(const gen::SpecialMix& g, Block b) const {
    if (unit(b.lo) < g.fraction) return {false, 0, special_value(format, b.hi >> 11)};
    return {false, 0, g.lo + (g.hi - g.lo) * unit(b.hi)};
  }
};

template <class Int>
Int to_integer(const RawValue& v) {
  using L = std::numeric_limits<Int>;
  if (v.is_int) {
    if constexpr (std::is_signed_v<Int>) {
      if (v.i < static_cast<std::int64_t>(L::min())) return L::min();
      if (v.i > static_cast<std::int64_t>(L::max())) return L::max();
    } else {
      if (v.i < 0) return 0;
      if (static_cast<std::uint64_t>(v.i) > static_cast<std::uint64_t>(L::max())) return L::max();
    }
    return static_cast<Int>(v.i);
  }
  if (std::isnan(v.d)) return 0;
  const double r = std::nearbyint(v.d);  // default rounding mode: half to even
  // Powers of two bound every integer type exactly: min is -2^(bits-1) or 0, max + 1 is 2^k.
  const double upper = std::ldexp(1.0, L::digits);  // max + 1
  const double lower = std::is_signed_v<Int> ? -upper : 0.0;
  if (r >= upper) return L::max();
  if (r < lower) return L::min();
  return static_cast<Int>(r);
}

template <class T>
void store(std::byte* out, T value) {
  std::memcpy(out, &value, sizeof(T));  // parity only targets little-endian hosts
}

Overflow storage_overflow(DType d) {
  return (d == DType::kFloat16 || d == DType::kBFloat16) ? Overflow::kInfinity
                                                         : Overflow::kSaturate;
}

void encode_value(DType d, const FloatFormat* fmt, const RawValue& v, std::byte* out) {
  switch (d) {
    case DType::kFloat64:
      store(out, v.d);
      return;
    case DType::kFloat32:
      store(out, static_cast<float>(v.d));
      return;
    case DType::kFloat16:
    case DType::kBFloat16:
      store(out, static_cast<std::uint16_t>(encode(*fmt, v.d, storage_overflow(d))));
      return;
    case DType::kFloat8E4M3FN:
    case DType::kFloat8E4M3FNUZ:
    case DType::kFloat8E5M2:
    case DType::kFloat8E5M2FNUZ:
    case DType::kFloat8E8M0FNU:
    case DType::kFloat4E2M1FN:
      store(out, static_cast<std::uint8_t>(encode(*fmt, v.d, storage_overflow(d))));
      return;
    case DType::kInt8:
      store(out, to_integer<std::int8_t>(v));
      return;
    case DType::kInt16:
      store(out, to_integer<std::int16_t>(v));
      return;
    case DType::kInt32:
      store(out, to_integer<std::int32_t>(v));
      return;
    case DType::kInt64:
      store(out, to_integer<std::int64_t>(v));
      return;
    case DType::kUInt8:
      store(out, to_integer<std::uint8_t>(v));
      return;
    case DType::kUInt16:
      store(out, to_integer<std::uint16_t>(v));
      return;
    case DType::kUInt32:
      store(out, to_integer<std::uint32_t>(v));
      return;
    case DType::kUInt64:
      store(out, to_integer<std::uint64_t>(v));
      return;
    case DType::kBool: {
      const bool truth = v.is_int ? v.i != 0 : (v.d != 0.0 && !std::isnan(v.d));
      store(out, static_cast<std::uint8_t>(truth ? 1 : 0));
      return;
    }
    case DType::kComplex64:
    case DType::kComplex128:
      break;  // handled by the caller, component by component
  }
  throw UsageError("parity RNG: dtype " + std::string(name(d)) + " cannot be encoded directly");
}

const FloatFormat* format_for(DType d) {
  return is_floating(component_dtype(d)) ? float_format(component_dtype(d)) : nullptr;
}

}  // namespace

void generate_into(const Recipe& recipe, DType dtype, std::int64_t first,
                   std::span<std::byte> out) {
  const std::size_t esize = size_bytes(dtype);
  if (first < 0) throw UsageError("parity RNG: negative start index " + std::to_string(first));
  if (out.size() % esize != 0)
    throw UsageError("parity RNG: output of " + std::to_string(out.size()) +
                     " bytes is not a whole number of " + std::string(name(dtype)) + " elements");
  const DType component = component_dtype(dtype);
  const FloatFormat* fmt = format_for(dtype);
  const ValueMaker maker{recipe, fmt};
  const auto count = static_cast<std::int64_t>(out.size() / esize);
  std::visit(
      [&](const auto& dist) {
        if (is_complex(dtype)) {
          const std::size_t csize = esize / 2;
          for (std::int64_t j = 0; j < count; ++j) {
            const auto base = static_cast<std::uint64_t>(first + j) * 2u;
            std::byte* dst = out.data() + static_cast<std::size_t>(j) * esize;
            encode_value(component, fmt, maker(dist, random_block(recipe, base)), dst);
            encode_value(component, fmt, maker(dist, random_block(recipe, base + 1)), dst + csize);
          }
          return;
        }
        for (std::int64_t j = 0; j < count; ++j) {
          const auto index = static_cast<std::uint64_t>(first + j);
          encode_value(dtype, fmt, maker(dist, random_block(recipe, index)),
                       out.data() + static_cast<std::size_t>(j) * esize);
        }
      },
      recipe.distribution);
}

Tensor generate(const Recipe& recipe, DType dtype, const Shape& shape) {
  Tensor t(dtype, shape);
  generate_into(recipe, dtype, 0, t.bytes());
  return t;
}

double generate_value(const Recipe& recipe, std::int64_t index, DType dtype) {
  const ValueMaker maker{recipe, format_for(dtype)};
  return std::visit(
      [&](const auto& dist) {
        return maker(dist, random_block(recipe, static_cast<std::uint64_t>(index))).d;
      },
      recipe.distribution);
}

std::uint64_t stream_id(std::string_view tensor_name) {
  return XXH3_64bits(tensor_name.data(), tensor_name.size());
}

// ---- JSON ----------------------------------------------------------------------------------

namespace {

using nlohmann::json;

struct ToJson {
  json& j;
  void operator()(const gen::Uniform& g) const {
    j["distribution"] = "uniform";
    j["lo"] = g.lo;
    j["hi"] = g.hi;
  }
  void operator()(const gen::Normal& g) const {
    j["distribution"] = "normal";
    j["mean"] = g.mean;
    j["stddev"] = g.stddev;
  }
  void operator()(const gen::UniformInt& g) const {
    j["distribution"] = "uniform_int";
    j["lo"] = g.lo;
    j["hi"] = g.hi;
  }
  void operator()(const gen::Bernoulli& g) const {
    j["distribution"] = "bernoulli";
    j["p"] = g.p;
  }
  void operator()(const gen::Sign& g) const {
    j["distribution"] = "sign";
    j["p_positive"] = g.p_positive;
  }
  void operator()(const gen::SpecialMix& g) const {
    j["distribution"] = "special_mix";
    j["fraction"] = g.fraction;
    j["lo"] = g.lo;
    j["hi"] = g.hi;
  }
};

[[noreturn]] void bad_recipe(const std::string& what) {
  throw ConfigError("generator recipe: " + what +
                    " (expected JSON like {\"algorithm\":\"philox4x32-10\",\"seed\":1,"
                    "\"stream\":0,\"distribution\":\"normal\",\"mean\":0,\"stddev\":1})");
}

const json& field(const json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) bad_recipe(std::string("key \"") + key + "\" is missing");
  return *it;
}

double number(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number()) bad_recipe(std::string("key \"") + key + "\" must be a number");
  const double d = v.get<double>();
  if (!std::isfinite(d)) bad_recipe(std::string("key \"") + key + "\" must be finite");
  return d;
}

std::int64_t integer(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number_integer() ||
      (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t{INT64_MAX}))
    bad_recipe(std::string("key \"") + key + "\" must be an integer in the int64 range");
  return v.get<std::int64_t>();
}

std::uint64_t unsigned_integer(const json& j, const char* key) {
  const json& v = field(j, key);
  if (!v.is_number_unsigned()) bad_recipe(std::string("key \"") + key + "\" must be >= 0");
  return v.get<std::uint64_t>();
}

}  // namespace

std::string Recipe::to_json() const {
  json j;
  j["algorithm"] = kAlgorithm;
  j["seed"] = seed;
  j["stream"] = stream;
  std::visit(ToJson{j}, distribution);
  return j.dump();
}

Recipe Recipe::from_json(std::string_view text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) bad_recipe("not a JSON object");
  const json& algorithm = field(j, "algorithm");
  if (!algorithm.is_string() || algorithm.get<std::string>() != kAlgorithm)
    bad_recipe("unknown algorithm " + algorithm.dump() + "; this parity knows \"" +
               std::string(kAlgorithm) + "\"");
  Recipe r;
  r.seed = unsigned_integer(j, "seed");
  r.stream = unsigned_integer(j, "stream");
  const json& dist = field(j, "distribution");
  const std::string kind = dist.is_string() ? dist.get<std::string>() : std::string();
  if (kind == "uniform") {
    r.distribution = gen::Uniform{number(j, "lo"), number(j, "hi")};
  } else if (kind == "normal") {
    r.distribution = gen::Normal{number(j, "mean"), number(j, "stddev")};
  } else if (kind == "uniform_int") {
    gen::UniformInt g{integer(j, "lo"), integer(j, "hi")};
    if (g.lo > g.hi) bad_recipe("uniform_int needs lo <= hi");
    r.distribution = g;
  } else if (kind == "bernoulli") {
    r.distribution = gen::Bernoulli{number(j, "p")};
  } else if (kind == "sign") {
    r.distribution = gen::Sign{number(j, "p_positive")};
  } else if (kind == "special_mix") {
    r.distribution = gen::SpecialMix{number(j, "fraction"), number(j, "lo"), number(j, "hi")};
  } else {
    bad_recipe("unknown distribution " + dist.dump() +
               " (uniform, normal, uniform_int, bernoulli, sign, special_mix)");
  }
  return r;
}

}  // namespace parity
