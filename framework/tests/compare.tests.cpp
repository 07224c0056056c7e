// The comparator. Expected numbers come from outside the code under test: nextafter step counts,
// double arithmetic written out here, a hand-written bf16 RNE/truncation, and counts by
// construction. Every policy knob has a case that must fail.
#include "parity/compare.hpp"

#include <algorithm>
#include <bit>
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "parity/error.hpp"
#include "parity/float_format.hpp"
#include "parity/tolerance.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;

namespace {

template <class T>
TensorView view(const std::vector<T>& v, Shape shape) {
  return TensorView(dtype_of<T>, std::move(shape), v.data());
}

TensorView view1(const std::vector<float>& v) {
  return view(v, {static_cast<std::int64_t>(v.size())});
}

float step(float x, int k) {
  for (int i = 0; i < std::abs(k); ++i) x = std::nextafter(x, k > 0 ? HUGE_VALF : -HUGE_VALF);
  return x;
}

std::vector<float> normal_floats(std::size_t n, unsigned seed, float scale = 1.0f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.0f, scale);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

// The comparator's bucket rule, written independently: 0, 1, 2, (2,4], (4,8], ... (2^19,2^20],
// >2^20.
int oracle_bucket(std::uint64_t u) {
  if (u <= 2) return static_cast<int>(u);
  int b = 3;
  std::uint64_t hi = 4;
  while (u > hi && b < 22) {
    hi *= 2;
    ++b;
  }
  return b;
}

std::string dump(const Verdict& v) {
  return nlohmann::json(v).dump();
}

// bf16 from float bits, written here: round-to-nearest-even, and truncation.
std::uint16_t bf16_rne(float f) {
  const auto u = std::bit_cast<std::uint32_t>(f);
  return static_cast<std::uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}
std::uint16_t bf16_trunc(float f) {
  return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(f) >> 16);
}

}  // namespace

TEST_CASE("identical tensors pass with every count at its trivial value", "[compare]") {
  auto g = normal_floats(10000, 1);
  const Verdict v = compare(view(g, {100, 100}), view(g, {100, 100}), Policy{});
  CHECK(v.passed);
  CHECK(v.count == 10000);
  CHECK(v.mismatches == 0);
  CHECK(v.bitwise_equal == 10000);
  CHECK(v.bitwise_equal_fraction() == 1.0);
  CHECK(v.histogram.counts[0] == 10000);
  CHECK(v.max_ulp.value == 0);
  CHECK(v.max_ulp.index == 0);
  CHECK(v.max_abs.value == 0.0);
  CHECK(v.mean_error == 0.0);
  CHECK(v.worst.empty());
  CHECK(v.hints.empty());
}

TEST_CASE("ULP statistics match nextafter step counts", "[compare][f32]") {
  const std::int64_t rows = 37, cols = 129;
  const auto n = static_cast<std::size_t>(rows * cols);
  auto g = normal_floats(n, 2);
  std::vector<float> c(n);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> k(-6, 6);
  std::vector<int> steps(n);
  for (std::size_t i = 0; i < n; ++i) {
    steps[i] = (i % 3 == 0) ? 0 : k(rng);
    if (i == 1000) steps[i] = 40;  // the unique maximum
    c[i] = step(g[i], steps[i]);
  }
  std::array<std::int64_t, 24> hist{};
  std::int64_t over3 = 0;
  double max_abs = 0, sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto u = static_cast<std::uint64_t>(std::abs(steps[i]));
    ++hist[static_cast<std::size_t>(oracle_bucket(u))];
    over3 += u > 3;
    max_abs = std::max(max_abs, std::fabs(double(c[i]) - double(g[i])));
    sum += double(c[i]) - double(g[i]);
  }
  for (auto path : {ComparePath::kAuto, ComparePath::kBaseline, ComparePath::kScalar}) {
    CompareOptions opt;
    opt.path = path;
    const Verdict v =
        compare(view(g, {rows, cols}), view(c, {rows, cols}), Policy{}.max_ulp(3), opt);
    CHECK(v.mismatches == over3);
    CHECK_FALSE(v.passed);
    CHECK(v.max_ulp.value == 40u);
    CHECK(v.max_ulp.index == 1000);
    CHECK(v.max_ulp.coords == Shape{1000 / cols, 1000 % cols});
    CHECK(v.max_ulp.golden == double(g[1000]));
    CHECK(v.max_abs.value == max_abs);
    for (std::size_t b = 0; b < 24; ++b) CHECK(v.histogram.counts[b] == hist[b]);
    CHECK(v.mean_error == Catch::Approx(sum / double(n)).epsilon(1e-9));
    REQUIRE(v.worst.size() == 8);
    CHECK(v.worst[0].index == 1000);
    CHECK(v.worst[0].ulp == 40u);
    CHECK(v.worst[0].failed);
  }
}

TEST_CASE("max abs and rel errors with their coordinates", "[compare][f64]") {
  std::vector<double> g = {1.0, -2.0, 0.5, 0.0, 1e-3, 7.0};
  std::vector<double> c = {1.0, -2.5, 0.5, 1e-9, 2e-3, 7.25};
  const Verdict v = compare(view(g, {2, 3}), view(c, {2, 3}), Policy{}.atol(1.0));
  CHECK(v.passed);
  CHECK(v.max_abs.value == 0.5);
  CHECK(v.max_abs.coords == Shape{0, 1});
  CHECK(std::isinf(v.max_rel.value));  // golden 0, candidate 1e-9
  CHECK(v.max_rel.coords == Shape{1, 0});
  CHECK(v.rms_error == Catch::Approx(std::sqrt((0.25 + 1e-18 + 1e-6 + 0.0625) / 6)));
}

TEST_CASE("NaN equals NaN by class; NaN against a number is a mismatch", "[compare][nan]") {
  const float qnan = std::bit_cast<float>(0x7FC00000u);
  const float payload = std::bit_cast<float>(0xFFC12345u);  // negative, other payload
  std::vector<float> g = {qnan, qnan, 1.0f, 2.0f};
  std::vector<float> c = {payload, 1.0f, qnan, 2.0f};
  const Verdict v = compare(view1(g), view1(c), Policy{}.max_ulp(1000));
  CHECK(v.mismatches == 2);
  CHECK(v.nan_mismatches == 2);
  CHECK(v.histogram.counts[UlpHistogram::kNonFiniteBucket] == 2);
  CHECK(v.histogram.counts[0] == 2);
  CHECK(v.bitwise_equal == 1);
  CHECK(v.has_hint(HintKind::kNanWhereFinite));
  // NaN != NaN knob: the matching NaNs fail too.
  std::vector<float> g2 = {qnan, 1.0f}, c2 = {payload, 1.0f};
  CHECK(compare(view1(g2), view1(c2), Policy{}).passed);
  const Verdict strict = compare(view1(g2), view1(c2), Policy{}.nan_equal(false));
  CHECK_FALSE(strict.passed);
  CHECK(strict.nan_mismatches == 1);
}

TEST_CASE("failing elements that carry the emulator's poison are named in a hint",
          "[compare][poison]") {
  // Poison written byte by byte (0xF6, 0x7F: parity/poison.hpp), negated, and quieted by an
  // addition; the rest of the candidate is right.
  const float poison = std::bit_cast<float>(0x7FF67FF6u);
  volatile float vp = poison;
  std::vector<float> g(256, 1.5f), c(256, 1.5f);
  c[3] = poison;
  c[100] = -poison;
  c[200] = vp + 2.0f;
  const Verdict v = compare(view1(g), view1(c), Policy{}.max_ulp(2));
  CHECK_FALSE(v.passed);
  REQUIRE(v.has_hint(HintKind::kPoison));
  for (const Hint& h : v.hints) {
    if (h.kind == HintKind::kPoison) {
      CHECK_THAT(h.message, ContainsSubstring("3 of 3 failing elements carry the emulator's poison "
                                              "(0x7ff67ff6)"));
      CHECK_THAT(h.message, ContainsSubstring("never-written shared memory"));
    }
  }
  // Negative control: NaNs without the pattern (the output sentinel, a canonical NaN) are not
  // poison, and a passing comparison has no such hint.
  c[3] = std::bit_cast<float>(0x7FC0DEADu);
  c[100] = std::bit_cast<float>(0x7FC00000u);
  c[200] = 1.5f;
  const Verdict other = compare(view1(g), view1(c), Policy{}.max_ulp(2));
  CHECK_FALSE(other.passed);
  CHECK_FALSE(other.has_hint(HintKind::kPoison));
  CHECK(other.has_hint(HintKind::kNanWhereFinite));
  // Integers: the pattern's 32-bit value.
  std::vector<std::int32_t> gi(64, 7), ci(64, 7);
  ci[10] = 0x7FF67FF6;
  const Verdict ints = compare(view(gi, {64}), view(ci, {64}), Policy{});
  CHECK(ints.has_hint(HintKind::kPoison));
  // The hint survives the JSON round trip.
  nlohmann::json j;
  to_json(j, v);
  Verdict back;
  from_json(j, back);
  CHECK(back.has_hint(HintKind::kPoison));
}

TEST_CASE("infinities must match exactly whatever the tolerances", "[compare][inf]") {
  const float inf = HUGE_VALF, max = std::numeric_limits<float>::max();
  std::vector<float> g = {inf, -inf, inf, 1.0f};
  std::vector<float> c = {inf, -inf, max, 1.0f};
  const Policy loose = Policy{}.max_ulp(1u << 30).atol(1e38).rtol(1.0);
  Verdict v = compare(view1(g), view1(c), loose);
  CHECK_FALSE(v.passed);
  CHECK(v.inf_mismatches == 1);
  CHECK(v.mismatches == 1);
  std::vector<float> c2 = {inf, inf, inf, 1.0f};  // -inf vs +inf
  v = compare(view1(g), view1(c2), loose);
  CHECK(v.inf_mismatches == 1);
  CHECK(v.worst.at(0).index == 1);
  CHECK(v.worst.at(0).non_finite);
}

TEST_CASE("sign of zero: always counted, a mismatch only when the policy says", "[compare][zero]") {
  std::vector<float> g = {0.0f, -0.0f, 0.0f, 1.0f};
  std::vector<float> c = {-0.0f, -0.0f, 0.0f, 1.0f};
  for (auto path : {ComparePath::kAuto, ComparePath::kScalar}) {
    CompareOptions opt;
    opt.path = path;
    Verdict v = compare(view1(g), view1(c), Policy{}, opt);
    CHECK(v.passed);
    CHECK(v.zero_sign_mismatches == 1);
    CHECK(v.bitwise_equal == 3);
    v = compare(view1(g), view1(c), Policy{}.signed_zero(true), opt);  // must fail
    CHECK_FALSE(v.passed);
    CHECK(v.mismatches == 1);
  }
}

TEST_CASE("denormals-as-zero tolerates flush-to-zero hardware", "[compare][daz]") {
  const float sub = std::numeric_limits<float>::denorm_min() * 1000;  // a subnormal
  std::vector<float> g = {sub, sub, 1.0f, -sub};
  std::vector<float> c = {0.0f, sub * 3, 1.0f, -0.0f};
  for (auto path : {ComparePath::kAuto, ComparePath::kScalar}) {
    CompareOptions opt;
    opt.path = path;
    const Verdict without = compare(view1(g), view1(c), Policy{}.max_ulp(1), opt);  // must fail
    CHECK_FALSE(without.passed);
    CHECK(without.mismatches == 3);
    const Verdict with =
        compare(view1(g), view1(c), Policy{}.max_ulp(0).denormals_as_zero(true), opt);
    CHECK(with.passed);
    CHECK(with.max_ulp.value == 0u);
  }
}

TEST_CASE("max_ulp, atol, rtol and how they combine", "[compare][criteria]") {
  // Element 0: 3 ULPs from 1.0 but only 3.6e-7 absolute. Element 1: 0 ULPs.
  std::vector<float> g = {1.0f, 2.0f};
  std::vector<float> c = {step(1.0f, 3), 2.0f};
  auto passes = [&](const Policy& p) { return compare(view1(g), view1(c), p).passed; };
  CHECK(passes(Policy{}.max_ulp(3)));
  CHECK_FALSE(passes(Policy{}.max_ulp(2)));  // max_ulp must-fail
  CHECK(passes(Policy{}.atol(4e-7)));
  CHECK_FALSE(passes(Policy{}.atol(3e-7)));  // atol must-fail
  CHECK(passes(Policy{}.rtol(4e-7)));
  CHECK_FALSE(passes(Policy{}.rtol(3e-7)));       // rtol must-fail
  CHECK(passes(Policy{}.max_ulp(2).atol(1e-6)));  // any: atol rescues it
  CHECK_FALSE(passes(Policy{}.max_ulp(2).atol(1e-6).combine(Combine::kAll)));  // all must-fail
  CHECK(passes(Policy{}.max_ulp(3).atol(1e-6).combine(Combine::kAll)));
  CHECK_FALSE(passes(Policy{}));  // exact must-fail
}

TEST_CASE("mismatch budgets as a count and as a fraction", "[compare][budget]") {
  std::vector<float> g(1000, 1.0f), c(1000, 1.0f);
  for (int i : {3, 500, 999}) c[static_cast<std::size_t>(i)] = 5.0f;
  auto verdict = [&](const Policy& p) { return compare(view1(g), view1(c), p); };
  CHECK(verdict(Policy{}.max_mismatches(3)).passed);
  CHECK_FALSE(verdict(Policy{}.max_mismatches(2)).passed);  // must-fail
  CHECK(verdict(Policy{}.max_mismatch_fraction(0.003)).passed);
  CHECK_FALSE(verdict(Policy{}.max_mismatch_fraction(0.0029)).passed);  // must-fail
  CHECK(verdict(Policy{}.max_mismatches(2)).allowed_mismatches == 2);
  CHECK(verdict(Policy{}.max_mismatches(2)).mismatches == 3);
}

TEST_CASE("reference-relative model: |cand-ref| <= k*|golden-ref| + atol", "[compare][model]") {
  std::vector<double> ref = {1.0, 2.0, 3.0, 4.0};
  std::vector<float> g = {1.001f, 2.0f, 3.002f, 4.0f};
  std::vector<float> c = {1.002f, 2.0f, 2.996f, 4.0f};
  CompareOptions opt;
  opt.reference = view(ref, {4});
  // errors: golden 1e-3, 0, 2e-3, 0; candidate 2e-3, 0, 4e-3, 0 (up to float rounding)
  CHECK(compare(view1(g), view1(c), Policy{}.reference_relative(2.5), opt).passed);
  const Verdict v = compare(view1(g), view1(c), Policy{}.reference_relative(1.5), opt);
  CHECK_FALSE(v.passed);  // must-fail
  CHECK(v.mismatches == 2);
  REQUIRE(v.reference.has_value());
  CHECK(v.reference->max_candidate_error.index == 2);
  CHECK(v.reference->max_candidate_error.value == Catch::Approx(0.004).epsilon(1e-4));
  CHECK_THROWS_AS(compare(view1(g), view1(c), Policy{}.reference_relative()), UsageError);
}

TEST_CASE("reference-relative max model (flash-attention's rule)", "[compare][model]") {
  std::vector<double> ref = {1.0, 2.0, 3.0, 4.0};
  std::vector<float> g = {1.004f, 2.0f, 3.0f, 4.0f};  // max golden error 4e-3
  std::vector<float> c = {1.0f, 2.007f, 3.0f, 4.0f};  // max candidate error 7e-3
  CompareOptions opt;
  opt.reference = view(ref, {4});
  const Verdict ok = compare(view1(g), view1(c), Policy{}.reference_relative_max(2.0), opt);
  CHECK(ok.passed);
  CHECK(ok.mismatches == 0);
  const Verdict bad = compare(view1(g), view1(c), Policy{}.reference_relative_max(1.5), opt);
  CHECK_FALSE(bad.passed);  // must-fail: 7e-3 > 1.5 * 4e-3
  CHECK_FALSE(bad.reference->passed);
  CHECK(bad.reference->bound == Catch::Approx(1.5 * (double(1.004f) - 1.0)));
}

TEST_CASE("reduction bound: |cand-golden| <= gamma_n * sum|x|", "[compare][model]") {
  const std::int64_t n = 1024;
  const double u = 0x1p-24;
  const double gamma = n * u / (1 - n * u);  // written out, not gamma()
  std::vector<float> g = {100.0f, 50.0f};
  std::vector<double> mag = {1000.0, 10.0};  // allowed: 6.1e-2 and 6.1e-4
  std::vector<float> c = {100.06f, 50.0f};
  CompareOptions opt;
  opt.magnitude = view(mag, {2});
  const Policy p = Policy{}.reduction_bound(n, DType::kFloat32);
  const Verdict v = compare(view1(g), view1(c), p, opt);
  CHECK(v.passed);
  CHECK(p.gamma() == gamma);
  std::vector<float> c2 = {100.0f, 50.001f};  // 1e-3 > 6.1e-4: must fail
  const Verdict bad = compare(view1(g), view1(c2), p, opt);
  CHECK_FALSE(bad.passed);
  REQUIRE(bad.worst.size() == 1);
  CHECK(bad.worst[0].index == 1);
  CHECK(*bad.worst[0].bound == Catch::Approx(gamma * 10.0));
  CHECK_THROWS_AS(compare(view1(g), view1(c), p), UsageError);  // no magnitude tensor
}

TEST_CASE("a truncating bf16 conversion shows bias; round-to-nearest does not", "[compare][bias]") {
  const auto x = normal_floats(1 << 16, 9, 3.0f);
  std::vector<bf16> golden(x.size()), truncated(x.size()), rne_noisy(x.size());
  std::mt19937 rng(4);
  std::uniform_real_distribution<float> jitter(-1.0f, 1.0f);
  for (std::size_t i = 0; i < x.size(); ++i) {
    golden[i] = bf16::from_bits(bf16_rne(x[i]));
    truncated[i] = bf16::from_bits(bf16_trunc(x[i]));
    // An unbiased alternative: round a slightly different value to nearest.
    rne_noisy[i] = bf16::from_bits(bf16_rne(x[i] * (1.0f + jitter(rng) * 0x1p-8f)));
  }
  const Shape shape = {256, 256};
  const Verdict trunc = compare(view(golden, shape), view(truncated, shape), Policy{}.max_ulp(1));
  CHECK(trunc.passed);  // every error is 1 ULP: only the bias gives it away
  CHECK(trunc.biased());
  CHECK(trunc.has_hint(HintKind::kBiasedTowardZero));
  CHECK(trunc.bias.toward_zero_fraction() == 1.0);
  const Verdict checked =
      compare(view(golden, shape), view(truncated, shape), Policy{}.max_ulp(1).bias_check(true));
  CHECK_FALSE(checked.passed);  // bias_check must-fail
  const Verdict fair = compare(view(golden, shape), view(rne_noisy, shape), Policy{}.max_ulp(2));
  CHECK_FALSE(fair.biased());
  CHECK(fair.hints.empty());
  CHECK(fair.bias.nonzero() > 1000);
}

TEST_CASE("lanes 32-63 of each 64 wrong: the warp-size hint", "[compare][hints]") {
  for (std::int64_t cols : {256, 1000, 4096}) {
    const std::int64_t rows = 64;
    auto g = normal_floats(static_cast<std::size_t>(rows * cols), 3);
    auto c = g;
    for (std::int64_t i = 0; i < rows * cols; ++i)
      if ((i % cols) % 64 >= 32) c[static_cast<std::size_t>(i)] *= 0.5f;
    const Verdict v =
        compare(view(g, {rows, cols}), view(c, {rows, cols}), default_policy(DType::kFloat32));
    INFO(v.table());
    CHECK_FALSE(v.passed);
    CHECK(v.has_hint(HintKind::kWarpHalf));
    CHECK(v.lane_mismatches[0] == 0);
    CHECK(v.lane_mismatches[40] > 0);
  }
  // Negative control: the same number of scattered mismatches gives no lane hint.
  auto g = normal_floats(256 * 256, 3);
  auto c = g;
  std::mt19937 rng(8);
  std::uniform_int_distribution<std::size_t> at(0, c.size() - 1);
  for (int i = 0; i < 5000; ++i) c[at(rng)] *= 0.5f;
  const Verdict v = compare(view(g, {256, 256}), view(c, {256, 256}), Policy{}.max_ulp(8));
  CHECK_FALSE(v.passed);
  CHECK_FALSE(v.has_hint(HintKind::kWarpHalf));
  CHECK_FALSE(v.has_hint(HintKind::kLanePeriodic32));
  CHECK_FALSE(v.has_hint(HintKind::kLanePeriodic64));
}

TEST_CASE("only lane 0 of each 32 right: a period-32 lane hint", "[compare][hints]") {
  auto g = normal_floats(128 * 512, 6);
  auto c = g;
  for (std::size_t i = 0; i < c.size(); ++i)
    if (i % 32 != 0) c[i] += 1.0f;
  const Verdict v = compare(view(g, {128, 512}), view(c, {128, 512}), Policy{}.max_ulp(4));
  CHECK(v.has_hint(HintKind::kLanePeriodic32));
  CHECK_FALSE(v.has_hint(HintKind::kWarpHalf));
}

TEST_CASE("an e4m3fn golden decoded by a FNUZ candidate shows the 2x hint", "[compare][hints]") {
  std::vector<std::uint8_t> bytes;
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> code(0x08, 0x7E);  // positive normal e4m3fn codes
  for (int i = 0; i < 4096; ++i)
    bytes.push_back(static_cast<std::uint8_t>(code(rng) | (i % 2 ? 0x80 : 0)));
  const TensorView fn(DType::kFloat8E4M3FN, {64, 64}, bytes.data());
  const TensorView fnuz(DType::kFloat8E4M3FNUZ, {64, 64}, bytes.data());
  const Verdict v = compare(fn, fnuz, default_policy(DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ));
  INFO(v.table());
  CHECK_FALSE(v.passed);
  CHECK(v.grid_dtype == DType::kFloat8E4M3FN);
  CHECK(v.max_ulp.value == 8u);
  CHECK(v.has_hint(HintKind::kHalfGolden));
  const Verdict back = compare(fnuz, fn, Policy{}.max_ulp(1));
  CHECK(back.has_hint(HintKind::kTwiceGolden));
}

TEST_CASE("an all-zero or constant candidate: the did-not-run hints", "[compare][hints]") {
  auto g = normal_floats(4096, 13);
  std::vector<float> zeros(g.size(), 0.0f);
  Verdict v = compare(view1(g), view1(zeros), default_policy(DType::kFloat32));
  CHECK_FALSE(v.passed);
  CHECK(v.has_hint(HintKind::kAllZero));
  std::vector<float> sentinel(g.size(), std::bit_cast<float>(0x7FC00000u));
  v = compare(view1(g), view1(sentinel), default_policy(DType::kFloat32));
  CHECK(v.has_hint(HintKind::kConstant));
  CHECK(v.nan_mismatches == 4096);
  auto half_written = g;
  std::fill(half_written.begin() + 2048, half_written.end(), 0.0f);
  v = compare(view1(g), view1(half_written), default_policy(DType::kFloat32));
  CHECK(v.has_hint(HintKind::kZerosWhereNonzero));
  CHECK_FALSE(v.has_hint(HintKind::kAllZero));
  CHECK_FALSE(v.has_hint(HintKind::kFlushedSubnormals));
}

TEST_CASE("hints: zeros where the golden is subnormal name denormal flushing", "[compare][hints]") {
  // A preserving policy (the default's atol would absorb subnormals). Every 4th value subnormal
  // (2^-130 .. 2^-127 scaled), the rest normal; the candidate flushes the subnormals to zero, as an
  // FTZ build does.
  std::vector<float> g(4096), flushed(4096);
  for (std::size_t i = 0; i < g.size(); ++i) {
    g[i] = i % 4 == 0 ? std::ldexp(1.0f + static_cast<float>(i % 7) / 8.0f, -130)
                      : 1.0f + static_cast<float>(i) / 4096.0f;
    flushed[i] = i % 4 == 0 ? 0.0f : g[i];
  }
  Verdict v = compare(view1(g), view1(flushed), Policy{}.max_ulp(1));
  CHECK_FALSE(v.passed);
  CHECK(v.has_hint(HintKind::kFlushedSubnormals));
  CHECK_FALSE(v.has_hint(HintKind::kZerosWhereNonzero));
  CHECK_THAT(v.table(), ContainsSubstring("subnormal in 1024 of 1024"));
  // The same zeros at normal goldens are an unwritten output, not flushing.
  for (std::size_t i = 0; i < g.size(); i += 4) g[i] = 2.0f;
  v = compare(view1(g), view1(flushed), Policy{}.max_ulp(1));
  CHECK(v.has_hint(HintKind::kZerosWhereNonzero));
  CHECK_FALSE(v.has_hint(HintKind::kFlushedSubnormals));
}

namespace {

template <class T>
void expect_chunking_invariant(const std::vector<T>& g, const std::vector<T>& c, Shape shape,
                               const Policy& policy) {
  CompareOptions base;
  base.path = ComparePath::kScalar;
  const std::string expected = dump(compare(view(g, shape), view(c, shape), policy, base));
  for (auto path : {ComparePath::kAuto, ComparePath::kBaseline, ComparePath::kScalar}) {
    for (int threads : {1, 2, 3}) {
      CompareOptions opt;
      opt.path = path;
      opt.threads = threads;
      INFO("path " << int(path) << " threads " << threads);
      REQUIRE(dump(compare(view(g, shape), view(c, shape), policy, opt)) == expected);
    }
  }
  const std::int64_t n = element_count(shape);
  for (std::int64_t chunk : {kCompareBlockSize, 3 * kCompareBlockSize, std::int64_t{1000},
                             kCompareBlockSize + 1, std::int64_t{1}}) {
    if (chunk == 1 && n > 20000) continue;
    ComparisonOptions opt;
    opt.threads = 2;
    Comparison cmp(dtype_of<T>, dtype_of<T>, shape, policy, opt);
    for (std::int64_t at = 0; at < n; at += chunk) {
      const std::int64_t len = std::min(chunk, n - at);
      const TensorView gc(dtype_of<T>, {len}, g.data() + at);
      const TensorView cc(dtype_of<T>, {len}, c.data() + at);
      cmp.add(at, gc, cc);
    }
    INFO("chunk " << chunk);
    REQUIRE(dump(cmp.finish()) == expected);
  }
}

}  // namespace

TEST_CASE("chunked, threaded and one-shot verdicts are bit-identical", "[compare][stream]") {
  const Shape shape = {97, 1031};  // not a multiple of the block size
  const auto n = static_cast<std::size_t>(element_count(shape));
  auto g = normal_floats(n, 21, 10.0f);
  auto c = g;
  std::mt19937 rng(22);
  std::uniform_int_distribution<int> k(-3, 3);
  for (std::size_t i = 0; i < n; ++i) c[i] = step(c[i], k(rng));
  for (std::size_t i = 0; i < n; i += 977) c[i] *= 1.5f;
  c[5000] = std::numeric_limits<float>::quiet_NaN();
  g[70000] = HUGE_VALF;
  c[70001] = -HUGE_VALF;
  g[12] = std::numeric_limits<float>::denorm_min();
  SECTION("float32") {
    expect_chunking_invariant(g, c, shape, default_policy(DType::kFloat32));
    expect_chunking_invariant(g, c, shape, Policy{}.max_ulp(2).denormals_as_zero(true));
    // Small enough for single-element chunks too.
    const std::vector<float> gs(g.begin(), g.begin() + 14000), cs(c.begin(), c.begin() + 14000);
    expect_chunking_invariant(gs, cs, {7, 2000}, Policy{}.max_ulp(1).atol(1e-6));
  }
  SECTION("float64") {
    std::vector<double> gd(g.begin(), g.end()), cd(c.begin(), c.end());
    for (std::size_t i = 0; i < n; i += 7) cd[i] = std::nextafter(cd[i], 1e300);
    expect_chunking_invariant(gd, cd, shape, Policy{}.max_ulp(1).atol(1e-3));
  }
  SECTION("float16 and bfloat16") {
    std::vector<f16> gh(n), ch(n);
    std::vector<bf16> gb(n), cb(n);
    for (std::size_t i = 0; i < n; ++i) {
      gh[i] = f16(g[i]);
      ch[i] = f16(c[i]);
      gb[i] = bf16(g[i]);
      cb[i] = bf16(c[i]);
    }
    expect_chunking_invariant(gh, ch, shape, Policy{}.max_ulp(1));
    expect_chunking_invariant(gb, cb, shape, Policy{}.max_ulp(1).rtol(1e-3).combine(Combine::kAll));
  }
  SECTION("float8 and int32") {
    std::vector<f8_e4m3fn> g8(n), c8(n);
    std::vector<std::int32_t> gi(n), ci(n);
    for (std::size_t i = 0; i < n; ++i) {
      g8[i] = f8_e4m3fn(g[i]);
      c8[i] = f8_e4m3fn(c[i]);
      gi[i] = static_cast<std::int32_t>(i * 7);
      ci[i] = gi[i] + (i % 11 == 0 ? 1 : 0);
    }
    expect_chunking_invariant(g8, c8, shape, Policy{}.max_ulp(1));
    expect_chunking_invariant(gi, ci, shape, Policy{});
  }
}

TEST_CASE("the vectorized and scalar paths agree on random and edge-case bits",
          "[compare][paths]") {
  // Random bit patterns hit subnormals, zeros of both signs, NaN and inf in some blocks.
  std::mt19937 rng(99);
  std::uniform_int_distribution<std::uint32_t> bits;
  for (int round = 0; round < 4; ++round) {
    std::vector<float> g(20000), c(20000);
    for (std::size_t i = 0; i < g.size(); ++i) {
      std::uint32_t b = bits(rng);
      if (round < 2) b &= 0x807FFFFFu | (round == 0 ? 0u : 0x3F800000u);  // subnormals / small
      g[i] = std::bit_cast<float>(b);
      c[i] = (i % 5 == 0) ? -g[i] : step(g[i], static_cast<int>(bits(rng) % 9) - 4);
    }
    for (const Policy& p :
         {Policy{}.max_ulp(2), Policy{}.max_ulp(2).denormals_as_zero(true),
          Policy{}.atol(1e-30).rtol(1e-6).combine(Combine::kAll), Policy{}.signed_zero(true)}) {
      CompareOptions scalar;
      scalar.path = ComparePath::kScalar;
      const std::string expected = dump(compare(view1(g), view1(c), p, scalar));
      REQUIRE(dump(compare(view1(g), view1(c), p)) == expected);
      CompareOptions baseline;
      baseline.path = ComparePath::kBaseline;
      REQUIRE(dump(compare(view1(g), view1(c), p, baseline)) == expected);
    }
  }
}

TEST_CASE("strided views compare like their contiguous copies", "[compare][strided]") {
  const std::int64_t rows = 70, cols = 90;
  auto g = normal_floats(static_cast<std::size_t>(rows * cols), 31);
  auto c = g;
  for (std::size_t i = 0; i < c.size(); i += 13) c[i] = step(c[i], 5);
  // The transpose as a strided view, and materialized.
  std::vector<float> gt(g.size()), ct(c.size());
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t k = 0; k < cols; ++k) {
      gt[static_cast<std::size_t>(k * rows + r)] = g[static_cast<std::size_t>(r * cols + k)];
      ct[static_cast<std::size_t>(k * rows + r)] = c[static_cast<std::size_t>(r * cols + k)];
    }
  const TensorView gs(DType::kFloat32, {cols, rows}, {1, cols}, g.data());
  const TensorView cs(DType::kFloat32, {cols, rows}, {1, cols}, c.data());
  const Policy p = Policy{}.max_ulp(4);
  CHECK(dump(compare(gs, cs, p)) ==
        dump(compare(view(gt, {cols, rows}), view(ct, {cols, rows}), p)));
  CompareOptions two;
  two.threads = 2;
  CHECK(dump(compare(gs, cs, p, two)) == dump(compare(gs, cs, p)));
}

TEST_CASE("f16 golden against a bf16 candidate counts ULPs on the bf16 grid", "[compare][cross]") {
  std::vector<f16> g = {f16(1.0), f16(1.0 + 0x1p-10), f16(-2.0), f16(3.0)};
  std::vector<bf16> c = {bf16(1.0), bf16(1.0), bf16(-2.0 - 0x1p-6), bf16(3.0)};
  const Verdict v = compare(view(g, {4}), view(c, {4}), Policy{}.max_ulp(0));
  CHECK(v.grid_dtype == DType::kBFloat16);
  CHECK(v.mismatches == 1);  // element 1 is 0 ULPs on the bf16 grid, element 2 one ULP
  CHECK(v.max_ulp.value == 1u);
  CHECK(v.max_ulp.index == 2);
  CHECK(v.bitwise_equal == 2);  // elements 0 and 3 hold the same value
}

TEST_CASE("integers compare exactly, to the last unit, over their full range", "[compare][int]") {
  std::vector<std::int64_t> g = {std::numeric_limits<std::int64_t>::min(), 5, -7};
  std::vector<std::int64_t> c = {std::numeric_limits<std::int64_t>::max(), 5, -6};
  Verdict v = compare(view(g, {3}), view(c, {3}), default_policy(DType::kInt64));
  CHECK(v.mismatches == 2);
  CHECK(v.max_ulp.value == ~std::uint64_t{0});
  CHECK(v.max_ulp.index == 0);
  CHECK(compare(view(g, {3}), view(c, {3}), Policy{}.max_mismatches(2)).passed);
  std::vector<std::uint64_t> ug = {0, 10}, uc = {~std::uint64_t{0}, 9};
  v = compare(view(ug, {2}), view(uc, {2}), Policy{}.max_ulp(1));
  CHECK(v.mismatches == 1);
  CHECK(v.max_ulp.value == ~std::uint64_t{0});
  std::vector<std::uint8_t> bg = {1, 0, 1}, bc = {2, 0, 0};  // 2 is "true" too
  const TensorView bgv(DType::kBool, {3}, bg.data()), bcv(DType::kBool, {3}, bc.data());
  v = compare(bgv, bcv, Policy{});
  CHECK(v.mismatches == 1);
  CHECK(v.bitwise_equal == 1);
  CHECK_THROWS_AS(compare(view(g, {3}), view(ug, {2}), Policy{}), UsageError);
}

TEST_CASE("complex tensors compare as pairs of floats", "[compare][complex]") {
  std::vector<std::complex<float>> g = {{1, 2}, {3, 4}}, c = {{1, 2}, {3, 4.5f}};
  const Verdict v = compare(view(g, {2}), view(c, {2}), Policy{}.max_ulp(4));
  CHECK(v.count == 4);
  CHECK(v.mismatches == 1);
  CHECK(v.max_abs.coords == Shape{1, 1});
}

TEST_CASE("the worst elements: failing first, then by ULPs, then by index", "[compare][worst]") {
  std::vector<float> g(100, 1.0f), c(100, 1.0f);
  c[10] = step(1.0f, 10);
  c[20] = step(1.0f, 20);
  c[30] = step(1.0f, 30);
  c[40] = step(1.0f, 40);
  c[50] = step(1.0f, 40);
  c[60] = step(1.0f, 2);
  CompareOptions opt;
  opt.worst = 3;
  const Verdict v = compare(view1(g), view1(c), Policy{}.max_ulp(25), opt);
  REQUIRE(v.worst.size() == 3);
  CHECK(v.worst[0].index == 40);
  CHECK(v.worst[1].index == 50);
  CHECK(v.worst[2].index == 30);
  CHECK(v.worst[2].failed);
}

TEST_CASE("bad input is a UsageError that says what is wrong", "[compare][errors]") {
  std::vector<float> a(6, 1.0f), b(6, 1.0f);
  CHECK_THROWS_AS(compare(view(a, {2, 3}), view(b, {3, 2}), Policy{}), UsageError);
  Comparison cmp(DType::kFloat32, DType::kFloat32, {6}, Policy{});
  CHECK_THROWS_AS(cmp.add(3, view(a, {3}), view(b, {3})), UsageError);  // out of order
  cmp.add(0, view(a, {3}), view(b, {3}));
  CHECK_THROWS_AS(cmp.finish(), UsageError);                            // incomplete
  CHECK_THROWS_AS(cmp.add(3, view(a, {4}), view(b, {4})), UsageError);  // past the end
  std::vector<double> d(3, 1.0);
  CHECK_THROWS_AS(cmp.add(3, view(d, {3}), view(d, {3})), UsageError);  // wrong dtype
  cmp.add(3, view(a, {3}), view(b, {3}));
  CHECK(cmp.finish().passed);
}

TEST_CASE("an empty tensor passes", "[compare]") {
  std::vector<float> none;
  const Verdict v = compare(view(none, {0, 5}), view(none, {0, 5}), Policy{});
  CHECK(v.passed);
  CHECK(v.count == 0);
}
