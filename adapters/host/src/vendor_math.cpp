// Vendor-math perturbation (parity/simt/vendor_math.hpp): the documented error bounds of NVIDIA's
// and AMD's device math libraries, and the rule that moves a result within them.
//
// The rule: the correctly rounded result is found from a reference in a wider format (double for
// float functions, the x87 long double for double functions, each within a few ulps of its own
// format); then, from a hash of the seed, the function and the arguments, it is moved by up to
// the bound (half of the time by the whole bound), in either direction. A result the reference
// cannot place safely (too close to a rounding midpoint of the narrow format), an exact result
// (exp(0), log(1), pow(2, 3)), and non-finite results are left alone; no result crosses zero or
// reaches infinity. So every perturbed result is within the vendor's bound of the exact value,
// and the same arguments always give the same result, as on a GPU.
#include "parity/simt/vendor_math.hpp"

#include "parity/simt/math.hpp"

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace parity::simt {
namespace {

std::atomic<bool>& enabled_setting() {
  static std::atomic<bool> on{[] {
    const char* env = std::getenv("PARITY_SIMT_VENDOR_MATH");
    return env != nullptr && *env != '\0' && std::strcmp(env, "0") != 0;
  }()};
  return on;
}

std::atomic<std::uint64_t>& seed_setting() {
  static std::atomic<std::uint64_t> seed{[] {
    const char* env = std::getenv("PARITY_SIMT_VENDOR_MATH_SEED");
    if (env == nullptr || *env == '\0') return std::uint64_t{0x9E3779B97F4A7C15ull};
    return static_cast<std::uint64_t>(std::strtoull(env, nullptr, 0));
  }()};
  return seed;
}

}  // namespace

bool vendor_math() noexcept {
  return enabled_setting().load(std::memory_order_relaxed);
}
void set_vendor_math(bool enabled) noexcept {
  enabled_setting().store(enabled, std::memory_order_relaxed);
}
std::uint64_t vendor_math_seed() noexcept {
  return seed_setting().load(std::memory_order_relaxed);
}
void set_vendor_math_seed(std::uint64_t seed) noexcept {
  seed_setting().store(seed, std::memory_order_relaxed);
}

namespace math {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

//! One vendor's documented bound for one function and precision.
struct Bound {
  int ulp = 0;           // ulps from the correctly rounded result; 0: none documented
  double ulp_per_x = 0;  // plus floor(ulp_per_x * |x|) (CUDA's __expf, __exp10f)
  double abs = 0;        // an absolute bound instead, for x in [abs_lo, abs_hi]
  double abs_lo = 0, abs_hi = 0;
  double lo = -kInf, hi = kInf;  // the arguments the bound is documented for
};
Bound ulps(int n, double lo = -kInf, double hi = kInf) {
  return {n, 0, 0, 0, 0, lo, hi};
}

struct Spec {
  Bound cuda32, cuda64, amd32, amd64;
};

// CUDA: the CUDA C++ Programming Guide, "Mathematical Functions" appendix: the tables of single-
// and double-precision standard functions with their maximum ulp error, and the table of
// single-precision intrinsic functions. AMD: ROCm-Device-Libs' OCML.md ("maximum relative error
// in ULPs", f32 / f64 columns) for the standard functions; HIP's math_api.rst (measured over the
// stated ranges, not guaranteed) for the fast intrinsics, which OCML does not bound.
Spec spec(Fn fn) {
  switch (fn) {
    case Fn::kExp:
      return {ulps(2), ulps(1), ulps(3), ulps(3)};
    case Fn::kExp2:
      return {ulps(2), ulps(1), ulps(3), ulps(3)};
    case Fn::kExp10:
      return {ulps(2), ulps(1), ulps(3), ulps(3)};
    case Fn::kExpm1:
      return {ulps(1), ulps(1), ulps(3), ulps(3)};
    case Fn::kLog:
      return {ulps(1), ulps(1), ulps(3), ulps(3)};
    case Fn::kLog2:
      return {ulps(1), ulps(1), ulps(3), ulps(3)};
    case Fn::kLog10:
      return {ulps(2), ulps(1), ulps(3), ulps(3)};
    case Fn::kLog1p:
      return {ulps(1), ulps(1), ulps(2), ulps(2)};
    case Fn::kSin:
      return {ulps(2), ulps(2), ulps(4), ulps(4)};
    case Fn::kCos:
      return {ulps(2), ulps(2), ulps(4), ulps(4)};
    case Fn::kTan:
      return {ulps(4), ulps(2), ulps(5), ulps(5)};
    case Fn::kAsin:
      return {ulps(2), ulps(2), ulps(4), ulps(4)};
    case Fn::kAcos:
      return {ulps(2), ulps(2), ulps(4), ulps(4)};
    case Fn::kAtan:
      return {ulps(2), ulps(2), ulps(5), ulps(5)};
    case Fn::kAtan2:
      return {ulps(3), ulps(2), ulps(6), ulps(6)};
    case Fn::kSinh:
      return {ulps(3), ulps(2), ulps(4), ulps(4)};
    case Fn::kCosh:
      return {ulps(2), ulps(1), ulps(4), ulps(4)};
    case Fn::kTanh:
      return {ulps(2), ulps(1), ulps(5), ulps(5)};
    case Fn::kAsinh:
      return {ulps(3), ulps(3), ulps(4), ulps(4)};
    case Fn::kAcosh:
      return {ulps(4), ulps(3), ulps(4), ulps(4)};
    case Fn::kAtanh:
      return {ulps(3), ulps(2), ulps(5), ulps(5)};
    case Fn::kPow:
      return {ulps(4), ulps(2), ulps(16), ulps(16)};
    case Fn::kErf:
      return {ulps(2), ulps(2), ulps(16), ulps(16)};
    case Fn::kErfc:
      return {ulps(4), ulps(5), ulps(16), ulps(16)};
    // CUDA: outside [-10.001, -2.264] (float) / [-23.0001, -2.2637] (double), larger inside;
    // OCML: for x > 0. Perturbed where both hold: x >= -2.264, and x > 0 on AMD.
    case Fn::kLgamma:
      return {ulps(6, -2.264), ulps(4, -2.2637), ulps(6, 0), ulps(4, 0)};
    case Fn::kTgamma:
      return {ulps(5), ulps(10), ulps(16), ulps(16)};
    case Fn::kCbrt:
      return {ulps(1), ulps(1), ulps(2), ulps(2)};
    case Fn::kHypot:
      return {ulps(3), ulps(2), ulps(4), ulps(4)};
    case Fn::kRsqrt:
      return {ulps(2), ulps(1), ulps(2), ulps(2)};
    case Fn::kRcbrt:
      return {ulps(1), ulps(1), ulps(2), ulps(2)};
    case Fn::kSinpi:
      return {ulps(1), ulps(2), ulps(4), ulps(4)};
    case Fn::kCospi:
      return {ulps(1), ulps(2), ulps(4), ulps(4)};
    case Fn::kErfinv:
      return {ulps(2), ulps(5), ulps(3), ulps(8)};
    // Perturbed where the double reference (built on erfinv(1 - x)) keeps float accuracy.
    case Fn::kErfcinv:
      return {ulps(4, 1e-3, 2 - 1e-3), ulps(6), ulps(7, 1e-3, 2 - 1e-3), ulps(8)};
    case Fn::kErfcx:
      return {ulps(4), ulps(4), ulps(6), ulps(6)};
    case Fn::kNormcdf:
      return {ulps(5), ulps(5), ulps(16), ulps(16)};
    case Fn::kNormcdfinv:
      return {ulps(5, 1e-3, 1 - 1e-3), ulps(8), ulps(16, 1e-3, 1 - 1e-3), ulps(16)};
    case Fn::kRhypot:
      return {ulps(2), ulps(1), ulps(2), ulps(2)};
    case Fn::kNorm3d:
      return {ulps(3), ulps(2), ulps(2), ulps(2)};
    case Fn::kRnorm3d:
      return {ulps(2), ulps(1), ulps(2), ulps(2)};
    case Fn::kNorm4d:
      return {ulps(3), ulps(2), ulps(2), ulps(2)};
    // Intrinsics (float only). CUDA: __expf 2 + floor(|1.173 x|), __exp10f 2 + floor(|2.97 x|);
    // __logf 2^-21.41 absolute on [0.5, 2], else 3 ulp; __log2f 2^-22 on [0.5, 2], else 2 ulp;
    // __log10f 2^-24 on [0.5, 2], else 3 ulp; __sinf / __cosf 2^-21.41 / 2^-21.19 absolute on
    // [-pi, pi] ("larger otherwise": left alone there). HIP (measured): __expf 6 ulp on [-10, 10],
    // __exp10f 18 on [-4, 4], __logf 2 on [1e-6, 1e6], __sinf / __cosf 18 / 4 ulp of 1.0 on
    // [-pi, pi]; __fdividef is a division there.
    case Fn::kFastExp:
      return {{2, 1.173}, {}, ulps(6, -10, 10), {}};
    case Fn::kFastExp10:
      return {{2, 2.97}, {}, ulps(18, -4, 4), {}};
    case Fn::kFastLog:
      return {{3, 0, std::exp2(-21.41), 0.5, 2.0}, {}, ulps(2, 1e-6, 1e6), {}};
    case Fn::kFastLog2:
      return {{2, 0, std::exp2(-22.0), 0.5, 2.0}, {}, {}, {}};
    case Fn::kFastLog10:
      return {{3, 0, std::exp2(-24.0), 0.5, 2.0}, {}, {}, {}};
    case Fn::kFastSin:
      return {{0, 0, std::exp2(-21.41), -kPi, kPi, -kPi, kPi},
              {},
              {0, 0, 18 * std::exp2(-23.0), -kPi, kPi, -kPi, kPi},
              {}};
    case Fn::kFastCos:
      return {{0, 0, std::exp2(-21.19), -kPi, kPi, -kPi, kPi},
              {},
              {0, 0, 4 * std::exp2(-23.0), -kPi, kPi, -kPi, kPi},
              {}};
    case Fn::kFastDivide:
      return {ulps(2), {}, {}, {}};  // |y| in [2^-126, 2^126]: vendor()
    case Fn::kCount:
      break;
  }
  return {};
}

// The reference, in the wider format. Inside vendor(), under an Exact scope: the C library calls
// here are not perturbed themselves.
double wide(Fn fn, double x, double y) {
  switch (fn) {
    case Fn::kExp:
    case Fn::kFastExp:
      return std::exp(x);
    case Fn::kExp2:
      return std::exp2(x);
    case Fn::kExp10:
    case Fn::kFastExp10:
      return std::pow(10.0, x);
    case Fn::kExpm1:
      return std::expm1(x);
    case Fn::kLog:
    case Fn::kFastLog:
      return std::log(x);
    case Fn::kLog2:
    case Fn::kFastLog2:
      return std::log2(x);
    case Fn::kLog10:
    case Fn::kFastLog10:
      return std::log10(x);
    case Fn::kLog1p:
      return std::log1p(x);
    case Fn::kSin:
    case Fn::kFastSin:
      return std::sin(x);
    case Fn::kCos:
    case Fn::kFastCos:
      return std::cos(x);
    case Fn::kTan:
      return std::tan(x);
    case Fn::kAsin:
      return std::asin(x);
    case Fn::kAcos:
      return std::acos(x);
    case Fn::kAtan:
      return std::atan(x);
    case Fn::kAtan2:
      return std::atan2(x, y);
    case Fn::kSinh:
      return std::sinh(x);
    case Fn::kCosh:
      return std::cosh(x);
    case Fn::kTanh:
      return std::tanh(x);
    case Fn::kAsinh:
      return std::asinh(x);
    case Fn::kAcosh:
      return std::acosh(x);
    case Fn::kAtanh:
      return std::atanh(x);
    case Fn::kPow:
      return std::pow(x, y);
    case Fn::kErf:
      return std::erf(x);
    case Fn::kErfc:
      return std::erfc(x);
    case Fn::kLgamma:
      return std::lgamma(x);
    case Fn::kTgamma:
      return std::tgamma(x);
    case Fn::kCbrt:
      return std::cbrt(x);
    case Fn::kHypot:
      return std::hypot(x, y);
    case Fn::kRsqrt:
      return 1.0 / std::sqrt(x);
    case Fn::kRcbrt:
      return 1.0 / std::cbrt(x);
    case Fn::kSinpi:
      return std::sin(kPi * x);
    case Fn::kCospi:
      return std::cos(kPi * x);
    case Fn::kRhypot:
      return 1.0 / std::hypot(x, y);
    case Fn::kErfinv:
      return erfinv_impl(x);
    case Fn::kErfcinv:
      return erfinv_impl(1.0 - x);
    case Fn::kNormcdfinv:
      return -1.41421356237309504880 * erfinv_impl(1.0 - 2.0 * x);
    case Fn::kNormcdf:
      return 0.5 * std::erfc(-x / 1.41421356237309504880);
    case Fn::kErfcx:
      return std::exp(x * x) * std::erfc(x);
    case Fn::kFastDivide:
      return x / y;
    default:
      return std::numeric_limits<double>::quiet_NaN();  // no wider reference: unperturbed
  }
}

long double wide(Fn fn, long double x, long double y) {
  switch (fn) {
    case Fn::kExp:
      return expl(x);
    case Fn::kExp2:
      return exp2l(x);
    case Fn::kExp10:
      return powl(10.0L, x);
    case Fn::kExpm1:
      return expm1l(x);
    case Fn::kLog:
      return logl(x);
    case Fn::kLog2:
      return log2l(x);
    case Fn::kLog10:
      return log10l(x);
    case Fn::kLog1p:
      return log1pl(x);
    case Fn::kSin:
      return sinl(x);
    case Fn::kCos:
      return cosl(x);
    case Fn::kTan:
      return tanl(x);
    case Fn::kAsin:
      return asinl(x);
    case Fn::kAcos:
      return acosl(x);
    case Fn::kAtan:
      return atanl(x);
    case Fn::kAtan2:
      return atan2l(x, y);
    case Fn::kSinh:
      return sinhl(x);
    case Fn::kCosh:
      return coshl(x);
    case Fn::kTanh:
      return tanhl(x);
    case Fn::kAsinh:
      return asinhl(x);
    case Fn::kAcosh:
      return acoshl(x);
    case Fn::kAtanh:
      return atanhl(x);
    case Fn::kPow:
      return powl(x, y);
    case Fn::kErf:
      return erfl(x);
    case Fn::kErfc:
      return erfcl(x);
    case Fn::kLgamma:
      return lgammal(x);
    case Fn::kTgamma:
      return tgammal(x);
    case Fn::kCbrt:
      return cbrtl(x);
    case Fn::kHypot:
      return hypotl(x, y);
    case Fn::kRsqrt:
      return 1.0L / sqrtl(x);
    case Fn::kRcbrt:
      return 1.0L / cbrtl(x);
    case Fn::kSinpi:
      return sinl(3.141592653589793238462643383279503L * x);
    case Fn::kCospi:
      return cosl(3.141592653589793238462643383279503L * x);
    case Fn::kRhypot:
      return 1.0L / hypotl(x, y);
    default:
      return std::numeric_limits<long double>::quiet_NaN();
  }
}

std::uint64_t mix(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <class T>
using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

//! Floats as integers in value order (adjacent floats differ by one).
template <class T>
std::int64_t ordered(T v) {
  const auto b = std::bit_cast<Bits<T>>(v);
  constexpr Bits<T> sign = Bits<T>{1} << (8 * sizeof(T) - 1);
  const auto magnitude = static_cast<std::int64_t>(b & ~sign);
  return (b & sign) != 0 ? -magnitude : magnitude;
}
template <class T>
T from_ordered(std::int64_t o) {
  constexpr Bits<T> sign = Bits<T>{1} << (8 * sizeof(T) - 1);
  return o < 0 ? std::bit_cast<T>(static_cast<Bits<T>>(static_cast<Bits<T>>(-o) | sign))
               : std::bit_cast<T>(static_cast<Bits<T>>(o));
}

template <class T, class W>
T perturb(T r, W ref, const Bound& b, double x, std::uint64_t h) {
  if (!std::isfinite(r) || !std::isfinite(ref) || ref == W(0)) return r;
  const T cr = static_cast<T>(ref);
  if (!std::isfinite(cr) || static_cast<W>(cr) == ref) return r;  // overflow, or exact
  // The reference is within a few of its own ulps: it must place the correctly rounded result
  // unambiguously, i.e. lie clear of the midpoint between cr and its neighbour.
  const T other = std::nextafter(cr, ref > static_cast<W>(cr) ? std::numeric_limits<T>::max()
                                                              : std::numeric_limits<T>::lowest());
  const W mid = (static_cast<W>(cr) + static_cast<W>(other)) / 2;
  const W margin = std::fabs(ref) * std::ldexp(W(1), -(std::numeric_limits<W>::digits - 6));
  if (std::fabs(ref - mid) <= margin) return r;
  const bool up = (h & 1) != 0;
  const bool absolute = b.abs > 0 && x >= b.abs_lo && x <= b.abs_hi;
  if (absolute) {
    // The float nearest to ref +- (almost) the bound, pulled in until it is within the bound.
    const W a = static_cast<W>(b.abs);
    const W shrink = ((h >> 1) & 1) != 0 ? W(1) : static_cast<W>((h >> 2) % 1024) / W(1024);
    T c = static_cast<T>(ref + (up ? a : -a) * shrink * (W(1) - std::ldexp(W(1), -20)));
    while (std::fabs(static_cast<W>(c) - ref) > a) c = std::nextafter(c, static_cast<T>(ref));
    return std::isfinite(c) ? c : r;
  }
  const long long bound = b.ulp + static_cast<long long>(std::floor(b.ulp_per_x * std::fabs(x)));
  if (bound <= 0) return r;
  // Half of the results at the whole bound, the others anywhere within it.
  long long k = ((h >> 1) & 1) != 0 ? bound : static_cast<long long>((h >> 2) % (bound + 1));
  const std::int64_t o = ordered(cr);
  for (; k > 0; --k) {
    const std::int64_t moved = o + (up ? k : -k);
    const T c = from_ordered<T>(moved);
    // Neither across zero (a sign the vendor would not produce) nor to infinity or NaN.
    if (std::isfinite(c) && c != T(0) && std::signbit(c) == std::signbit(cr)) return c;
  }
  return cr;
}

//! NaN: compute the reference with wide().
template <class T>
T vendor_impl(Fn fn, T r, T x, T y, double given_reference) noexcept {
  detail::ThreadContext& c = detail::t_ctx;
  if (!c.in_kernel || c.math_depth != 0 || !vendor_math()) return r;
  if (fn >= Fn::kCount) return r;
  Exact exact;  // the reference's own math calls
  const Spec s = spec(fn);
  const bool cuda = c.dialect == Dialect::kCuda;
  const Bound& b = sizeof(T) == 4 ? (cuda ? s.cuda32 : s.amd32) : (cuda ? s.cuda64 : s.amd64);
  const double xd = static_cast<double>(x);
  if (xd < b.lo || xd > b.hi) return r;
  if (fn == Fn::kFastDivide) {
    const double ay = std::fabs(static_cast<double>(y));
    if (!cuda || ay < std::exp2(-126.0) || ay > std::exp2(126.0)) return r;
  }
  std::uint64_t h = mix(vendor_math_seed() ^ (static_cast<std::uint64_t>(fn) << 56));
  h = mix(h ^ static_cast<std::uint64_t>(std::bit_cast<Bits<T>>(x)));
  h = mix(h ^ static_cast<std::uint64_t>(std::bit_cast<Bits<T>>(y)));
  if constexpr (sizeof(T) == 4) {
    const double ref = std::isnan(given_reference)
                           ? wide(fn, static_cast<double>(x), static_cast<double>(y))
                           : given_reference;
    return perturb<float>(r, ref, b, xd, h);
  } else {
    return perturb<double>(r, wide(fn, static_cast<long double>(x), static_cast<long double>(y)), b,
                           xd, h);
  }
}

}  // namespace

float vendor(Fn fn, float r, float x, float y) noexcept {
  return vendor_impl(fn, r, x, y, std::numeric_limits<double>::quiet_NaN());
}
double vendor(Fn fn, double r, double x, double y) noexcept {
  return vendor_impl(fn, r, x, y, std::numeric_limits<double>::quiet_NaN());
}
float vendor_with_reference(Fn fn, float r, double reference, float x, float y) noexcept {
  if (std::isnan(reference)) return r;
  return vendor_impl(fn, r, x, y, reference);
}

}  // namespace math
}  // namespace parity::simt
