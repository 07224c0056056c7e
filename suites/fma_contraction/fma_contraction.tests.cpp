// fma_contraction equivalence cases: a*b + c, a*b - c*d (plain and by Kahan's algorithm), the
// expanded (x - 1)^6 by Horner's rule, and dot products (plain, separately rounded, Kahan), in
// f32 and f64, on random inputs and on inputs built to cancel.
//
// Contraction on (mad, dop, horner, dot): nvcc and clang fuse products into additions, each in
// its own way, so the outputs are judged by a bound scaled by the condition of the expression,
// not by ULPs (under cancellation the relative error is unbounded and even the sign may flip).
// Contraction off (mad_off, dop_off, horner_off, dot_off, dot_kahan) and explicit FMAs
// (dop_kahan): the same correctly rounded operations in the same order on both sides, so the
// results must be identical, and equal to the separately rounded result computed here.
#include <catch2/catch_test_macros.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "fma_contraction.hpp"
#include "fma_contraction_reference.hpp"
#include "parity/case.hpp"

namespace {

template <class T>
constexpr parity::DType kDType =
    std::is_same_v<T, float> ? parity::DType::kFloat32 : parity::DType::kFloat64;

// Contraction on, against the golden. With u the unit roundoff of T and gamma_L = Lu/(1 - Lu),
// every way of contracting the expression keeps one side within gamma_L * m of the exact value
// (m is the per-element magnitude below), so the two sides are within 2 gamma_L * m:
//  - a*b + c, m = |ab| + |c|, L = 2: fused, one rounding u|ab + c|; not fused,
//    u|ab| + u|fl(ab) + c| <= (2u + u^2)|ab| + u|c|.
//  - a*b - c*d, m = |ab| + |cd|, L = 2: not fused, u|ab| + u|cd| + u|result| <= (2u + u^2) m;
//    one product fused (either one), u|cd| + u|ab - fl(cd)| <= (2u + u^2) m.
//  - Horner of degree n = 6, m = sum |c_k||x|^k = (1 + |x|)^6, L = 2n = 12: Higham, Accuracy and
//    Stability, (5.3); an FMA step rounds once instead of twice, so it stays inside.
//  - a dot product of length k summed in order, m = sum |a_j v_j|, L = k: Higham (3.5) (the
//    first product and each later product-and-add, fused or not).
parity::Policy contracted(std::int64_t length, parity::DType dtype) {
  return parity::Policy{}.reduction_bound(length, dtype, 2.0);
}

// Each side against the exact value, with the bound itself (factor 1). The references are
// computed in a wider type (double for f32, long double for f64) and stored as double: their
// arithmetic error is at most about L * 2^-11 of gamma_L * m (factor 1 + 2^-9 covers it) and
// storing the exact value as double adds up to 2^-53 of it (rtol).
parity::Policy reference_bound(std::int64_t length, parity::DType dtype) {
  return parity::Policy{}.reduction_bound(length, dtype, 1.0 + 0x1p-9).rtol(0x1p-53);
}

// Contraction off, and explicit FMAs: identical on both sides (+-0 equal, no NaN here).
parity::Policy exact() {
  return parity::Policy{};
}

template <class T>
void check_reference(const std::vector<double>& reference, const parity::TensorView& got,
                     const parity::Policy& policy, const std::vector<double>* magnitude,
                     const std::string& what) {
  parity::CompareOptions options{.name = what + " vs reference"};
  if (magnitude)
    options.magnitude = parity::view_of(std::span<const double>(*magnitude), got.shape());
  const auto verdict = parity::compare(
      parity::view_of(std::span<const double>(reference), got.shape()), got, policy, options);
  INFO(verdict.table());
  CHECK(verdict.passed);
}

//! A contraction-off output against the separately rounded result; where they differ, says
//! whether the candidate is one of the fused alternatives (what a contracting compiler makes).
template <class T>
void check_rounded(const std::string& name, std::span<const T> got, const std::vector<T>& rounded,
                   const std::vector<std::pair<std::string, const std::vector<T>*>>& fused) {
  std::int64_t differ = 0;
  std::vector<std::int64_t> as_fused(fused.size(), 0);
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] == rounded[i]) continue;
    ++differ;
    for (std::size_t f = 0; f < fused.size(); ++f)
      if (got[i] == (*fused[f].second)[i]) {
        ++as_fused[f];
        break;
      }
  }
  std::ostringstream message;
  message << name << ": " << differ << " of " << got.size()
          << " elements differ from the separately rounded result";
  std::int64_t explained = 0;
  for (std::size_t f = 0; f < fused.size(); ++f) {
    if (as_fused[f] == 0) continue;
    message << "; " << as_fused[f] << " of them equal " << fused[f].first;
    explained += as_fused[f];
  }
  if (explained > 0)
    message << ": the port contracted into an FMA what the original rounds on its own";
  INFO(message.str());
  CHECK(differ == 0);
}

// Inputs built to cancel: a, b ~ N(0, 1) and, chosen by two random mantissa bits of a (not by
// the index, which would make the errors lane-periodic and trigger the warp-size hints),
//   c = -fl(ab), d = -1: ab + c and ab - cd are the rounding error of ab (0 when not fused);
//   c = b, d = a:        ab - cd = 0 exactly; fusing either product leaves +-that error;
//   c = a(1 + 2^-12), d = b: ab - cd = -2^-12 ab, 12 bits cancel;
//   c = the successor of a, d = b: ab - cd = -ulp(a) b, all but the last bit cancel;
// and x = 1 + a/16, near the sixfold root of (x - 1)^6.
template <class T>
struct Cancelling {
  std::vector<T> c, d, x;
};

template <class T>
Cancelling<T> cancelling(std::span<const T> a, std::span<const T> b) {
  Cancelling<T> in;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const T ab = a[i] * b[i];
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    switch ((std::bit_cast<Bits>(a[i]) >> 3) & 3) {
      case 0:
        in.c.push_back(-ab);
        in.d.push_back(T(-1));
        break;
      case 1:
        in.c.push_back(b[i]);
        in.d.push_back(a[i]);
        break;
      case 2:
        in.c.push_back(a[i] * (T(1) + T(0x1p-12)));
        in.d.push_back(b[i]);
        break;
      default:
        in.c.push_back(std::nextafter(a[i], std::numeric_limits<T>::infinity()));
        in.d.push_back(b[i]);
        break;
    }
    in.x.push_back(T(1) + a[i] / T(16));
  }
  return in;
}

template <class T>
void elementwise_case(int n, bool cancel) {
  auto& run = parity::current_case();
  const auto normal = parity::gen::normal(0.0, 1.0);
  auto a = run.input<T>("a", {n}, normal);
  auto b = run.input<T>("b", {n}, normal);
  const Cancelling<T> built = cancel ? cancelling<T>(a.host(), b.host()) : Cancelling<T>{};
  auto c =
      cancel ? run.input<T>("c", {n}, std::span<const T>(built.c)) : run.input<T>("c", {n}, normal);
  auto d =
      cancel ? run.input<T>("d", {n}, std::span<const T>(built.d)) : run.input<T>("d", {n}, normal);
  auto x = cancel ? run.input<T>("x", {n}, std::span<const T>(built.x))
                  : run.input<T>("x", {n}, parity::gen::uniform(0.0, 2.0));
  auto mad = run.output<T>("mad", {n});
  auto mad_off = run.output<T>("mad_off", {n});
  auto dop = run.output<T>("dop", {n});
  auto dop_off = run.output<T>("dop_off", {n});
  auto dop_kahan = run.output<T>("dop_kahan", {n});
  auto horner = run.output<T>("horner", {n});
  auto horner_off = run.output<T>("horner_off", {n});
  const ContractionOutputs<T> out{mad.device(),       mad_off.device(),   dop.device(),
                                  dop_off.device(),   dop_kahan.device(), horner.device(),
                                  horner_off.device()};
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] {
    launch_contraction_elementwise(run.stream(), a.device(), b.device(), c.device(), d.device(),
                                   x.device(), out, n);
  });

  const auto ref = fma_reference::elementwise<T>(a.host(), b.host(), c.host(), d.host(), x.host());
  const parity::Shape shape{n};
  auto mag = [&](const std::vector<double>& m) {
    return parity::view_of(std::span<const double>(m), shape);
  };
  constexpr parity::DType dt = kDType<T>;
  constexpr std::int64_t kHornerLength = 2 * kHornerDegree;

  run.check(mad, contracted(2, dt), {.magnitude = mag(ref.mad_mag)});
  run.check(dop, contracted(2, dt), {.magnitude = mag(ref.dop_mag)});
  run.check(horner, contracted(kHornerLength, dt), {.magnitude = mag(ref.horner_mag)});
  run.check(mad_off, exact());
  run.check(dop_off, exact());
  run.check(horner_off, exact());
  run.check(dop_kahan, exact());

  check_reference<T>(ref.mad, mad.view(), reference_bound(2, dt), &ref.mad_mag, "mad");
  check_reference<T>(ref.dop, dop.view(), reference_bound(2, dt), &ref.dop_mag, "dop");
  check_reference<T>(ref.horner, horner.view(), reference_bound(kHornerLength, dt), &ref.horner_mag,
                     "horner");
  // Kahan's algorithm: within 2u |ab - cd| (Jeannerod, Louvet, Muller, Math. Comp. 2013),
  // relative to the result however much cancels; the exact reference (TwoProduct splits, see
  // fma_contraction_reference.hpp) is within 2^-53 |ab - cd| once stored as double.
  check_reference<T>(
      fma_reference::dop_exact<T>(a.host(), b.host(), c.host(), d.host()), dop_kahan.view(),
      parity::Policy{}.rtol(2.0 * parity::unit_roundoff(dt) + 0x1p-53), nullptr, "dop_kahan");
  check_rounded<T>("mad_off", mad_off.host(), ref.mad_off, {{"fma(a, b, c)", &ref.mad_fused}});
  check_rounded<T>(
      "dop_off", dop_off.host(), ref.dop_off,
      {{"fma(a, b, -c*d)", &ref.dop_fused_ab}, {"fma(-c, d, a*b)", &ref.dop_fused_cd}});
  check_rounded<T>("horner_off", horner_off.host(), ref.horner_off,
                   {{"the FMA chain", &ref.horner_fused}});
}

template <class T>
void dot_case(int rows, int k) {
  auto& run = parity::current_case();
  const auto normal = parity::gen::normal(0.0, 1.0);
  auto a = run.input<T>("a", {rows, k}, normal);
  auto v = run.input<T>("v", {k}, normal);
  auto dot = run.output<T>("dot", {rows});
  auto dot_off = run.output<T>("dot_off", {rows});
  auto dot_kahan = run.output<T>("dot_kahan", {rows});
  const DotOutputs<T> out{dot.device(), dot_off.device(), dot_kahan.device()};
  run.geometry({{"grid", (rows + kDotBlock - 1) / kDotBlock}, {"block", kDotBlock}});
  run.launch([&] { launch_contraction_dot(run.stream(), a.device(), v.device(), out, rows, k); });

  const auto ref = fma_reference::dot<T>(a.host(), v.host(), rows, k);
  const auto magnitude = parity::view_of(std::span<const double>(ref.magnitude), {rows});
  constexpr parity::DType dt = kDType<T>;
  run.check(dot, contracted(k, dt), {.magnitude = magnitude});
  run.check(dot_off, exact());
  run.check(dot_kahan, exact());

  check_reference<T>(ref.exact, dot.view(), reference_bound(k, dt), &ref.magnitude, "dot");
  check_reference<T>(ref.exact, dot_off.view(), reference_bound(k, dt), &ref.magnitude, "dot_off");
  // Kahan on the rounded products: u sum|a v| for the products, (2u + O(k u^2)) sum|fl(a v)| for
  // the compensated sum (Higham, (4.8)); gamma_4 >= 3u + 4 k u^2 for k <= 2^22 (f32).
  check_reference<T>(ref.exact, dot_kahan.view(), reference_bound(4, dt), &ref.magnitude,
                     "dot_kahan");
  check_rounded<T>("dot_off", dot_off.host(), ref.off, {{"the FMA chain", &ref.fused}});
  check_rounded<T>("dot_kahan", dot_kahan.host(), ref.kahan,
                   {{"Kahan with y = fma(a, v, -comp)", &ref.kahan_fused}});
}

}  // namespace

// Sizes a few threads past whole blocks of 256 (1027 = 4 x 256 + 3): a partial block.
TEST_CASE("fma_contraction/elementwise/f32/random/1027", "[fma_contraction][f32][elementwise]") {
  elementwise_case<float>(1027, false);
}
TEST_CASE("fma_contraction/elementwise/f32/cancel/1000",
          "[fma_contraction][f32][elementwise][cancel]") {
  elementwise_case<float>(1000, true);
}
TEST_CASE("fma_contraction/elementwise/f64/random/515", "[fma_contraction][f64][elementwise]") {
  elementwise_case<double>(515, false);
}
TEST_CASE("fma_contraction/elementwise/f64/cancel/259",
          "[fma_contraction][f64][elementwise][cancel]") {
  elementwise_case<double>(259, true);
}
// One thread per row, blocks of 128: 200 rows end in a partial block, 9 rows in one block.
TEST_CASE("fma_contraction/dot/f32/200x37", "[fma_contraction][f32][dot]") {
  dot_case<float>(200, 37);
}
TEST_CASE("fma_contraction/dot/f32/9x1001", "[fma_contraction][f32][dot]") {
  dot_case<float>(9, 1001);
}
TEST_CASE("fma_contraction/dot/f64/33x129", "[fma_contraction][f64][dot]") {
  dot_case<double>(33, 129);
}
