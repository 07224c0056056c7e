// transcendentals equivalence cases: each function over a range where both vendors document its
// accuracy. The golden (CUDA's result) and the port's result may each be off by their vendor's
// bound, in either direction, so the two may differ by the SUM of the two bounds; each side is
// also held to its own vendor's bound against the fp64 reference.
//
// The bounds (float32; "ulp" counts floats between the result and the correctly rounded one):
//
//   function        CUDA (Programming Guide)             ROCm (OCML.md; HIP math_api.rst)
//   expf            2                                    3 (OCML exp)
//   exp2f           2                                    3 (OCML exp2)
//   logf            1                                    3 (OCML log)
//   sinf, cosf      2 (full range)                       4 (OCML sin, cos)
//   tanf            4                                    5 (OCML tan)
//   rsqrtf          2                                    2 (OCML rsqrt)
//   __expf          2 + floor(|1.173 x|)                 6 on [-10, 10] (measured)
//   __logf          |err| <= 2^-21.41 on [0.5, 2],       2 on [1e-6, 1e6] (measured, at the
//                   else 3                                 largest absolute error)
//   __sinf          |err| <= 2^-21.41 on [-pi, pi]       18 on [-pi, pi] (measured, likewise)
//   __cosf          |err| <= 2^-21.19 on [-pi, pi]       4 on [-pi, pi] (measured, likewise)
//   __fdividef      2 for |y| in [2^-126, 2^126]         0 (HIP's __fdividef is x / y)
//
// HIP's table measures the intrinsics against the host's C library and reports "the ULP
// difference of the maximum absolute error": an absolute error in units of the result there. For
// __sinf / __cosf (results up to 1) that is read as ulps of 1.0 (2^-23), the largest such unit;
// for __logf on [0.5, 2] as ulps of the largest |log x| of HIP's range, 13.8 (2^-20), since a
// native log is not relatively accurate near x = 1 (log x -> 0). OCML's bounds are guarantees,
// HIP's intrinsic numbers measurements; CUDA's are "from extensive but not exhaustive tests".
//
// On the host emulator the fast intrinsics are the accurate functions (parity/simt/math.hpp maps
// __expf to expf, ...) and every function is glibc's, so golden and port agree exactly there and
// are far inside every bound; the bounds are for real GPUs. A port whose own arithmetic is wrong
// (bad/transcendentals_exp2.hip) fails on the emulator as well.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "parity/case.hpp"
#include "transcendentals.hpp"
#include "transcendentals_reference.hpp"

namespace {

// One vendor's documented bound: ulps from the correctly rounded result, or an absolute error.
struct Bound {
  std::uint64_t ulp = 0;
  double abs = 0.0;
};

parity::Policy policy_of(const Bound& b) {
  parity::Policy p;
  if (b.ulp > 0) p.max_ulp(b.ulp);
  if (b.abs > 0) p.atol(b.abs);
  return p;  // neither: exact (a correctly rounded operation)
}

// Both results are within their bounds of the exact value, on either side: they are within the
// sum of the bounds of each other.
Bound sum(const Bound& a, const Bound& b) {
  return {a.ulp + b.ulp, a.abs + b.abs};
}

struct Spec {
  MathFn fn;
  Bound cuda;
  Bound amd;
};

void math_case(const Spec& spec, const parity::Distribution* random, std::span<const float> xs,
               std::span<const float> ys, int n) {
  auto& run = parity::current_case();
  if (!xs.empty()) n = static_cast<int>(xs.size());
  auto x = xs.empty() ? run.input<float>("x", {n}, *random) : run.input<float>("x", {n}, xs);
  const float* y_device = nullptr;
  std::vector<double> y_values;
  if (!ys.empty()) {
    auto y = run.input<float>("y", {n}, ys);
    y_device = y.device();
    y_values = parity::Case::values(y.view());
  }
  auto out = run.output<float>("out", {n});
  run.param("function", static_cast<int>(spec.fn));
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] { launch_math(run.stream(), spec.fn, x.device(), y_device, out.device(), n); });
  run.check(out, policy_of(sum(spec.cuda, spec.amd)));

  // Each side against the fp64 reference with its own vendor's bound.
  const bool amd = run.device().backend.find("hip") != std::string::npos;
  const auto ref =
      transcendentals_reference::evaluate(spec.fn, parity::Case::values(x.view()), y_values);
  const parity::TensorView ref_view(parity::DType::kFloat64, {n}, ref.data());
  const auto verdict = parity::compare(
      ref_view, out.view(), policy_of(amd ? spec.amd : spec.cuda),
      {.name = std::string("out vs fp64 reference (") + (amd ? "ROCm" : "CUDA") + " bound)"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

void random_case(const Spec& spec, const parity::Distribution& random, int n) {
  math_case(spec, &random, {}, {}, n);
}
void values_case(const Spec& spec, const std::vector<float>& xs,
                 const std::vector<float>& ys = {}) {
  math_case(spec, nullptr, xs, ys, 0);
}

// 2^-21.41 and 2^-21.19: the Programming Guide's absolute bounds of __logf on [0.5, 2] and of
// __sinf / __cosf on [-pi, pi].
const double kCudaAbs2141 = std::exp2(-21.41);
const double kCudaAbs2119 = std::exp2(-21.19);
const double kUlpOne = std::exp2(-23);     // ulp(1.0f)
const double kUlpLogMax = std::exp2(-20);  // ulp of |log x| <= 13.8 (binade [8, 16))
const float kPi = 3.14159265f;             // rounds to the float just below pi

}  // namespace

using transcendentals_reference::log_spaced;

// Standard functions over (most of) their float domain: the accuracy claims are full-range.
// expf stops short of the subnormal results (x < -87.3) and of overflow (x > 88.72).
TEST_CASE("transcendentals/expf/f32/4099", "[transcendentals][expf][f32]") {
  random_case({MathFn::kExpf, {2}, {3}}, parity::gen::uniform(-87.0, 88.5), 4099);
}
TEST_CASE("transcendentals/exp2f/f32/4099", "[transcendentals][exp2f][f32]") {
  random_case({MathFn::kExp2f, {2}, {3}}, parity::gen::uniform(-125.9, 127.9), 4099);
}
TEST_CASE("transcendentals/logf/f32/4097", "[transcendentals][logf][f32]") {
  values_case({MathFn::kLogf, {1}, {3}}, log_spaced(4097, 1e-30, 1e30));
}
TEST_CASE("transcendentals/sinf/f32/pi/1000", "[transcendentals][sinf][f32]") {
  random_case({MathFn::kSinf, {2}, {4}}, parity::gen::uniform(-kPi, kPi), 1000);
}
TEST_CASE("transcendentals/sinf/f32/1e4/4099", "[transcendentals][sinf][f32]") {
  random_case({MathFn::kSinf, {2}, {4}}, parity::gen::uniform(-1e4, 1e4), 4099);
}
TEST_CASE("transcendentals/cosf/f32/1e4/4099", "[transcendentals][cosf][f32]") {
  random_case({MathFn::kCosf, {2}, {4}}, parity::gen::uniform(-1e4, 1e4), 4099);
}
TEST_CASE("transcendentals/tanf/f32/100/4099", "[transcendentals][tanf][f32]") {
  random_case({MathFn::kTanf, {4}, {5}}, parity::gen::uniform(-100.0, 100.0), 4099);
}
TEST_CASE("transcendentals/rsqrtf/f32/4097", "[transcendentals][rsqrtf][f32]") {
  values_case({MathFn::kRsqrtf, {2}, {2}}, log_spaced(4097, 1e-30, 1e30));
}

// Fast intrinsics, only where their bounds are documented.
// __expf on [-10, 10]: CUDA's 2 + floor(1.173 * 10) = 13 ulp at the ends; HIP measured 6.
TEST_CASE("transcendentals/__expf/f32/10/4099", "[transcendentals][fast_expf][f32][fast]") {
  random_case({MathFn::kFastExpf, {13}, {6}}, parity::gen::uniform(-10.0, 10.0), 4099);
}
// __logf on [0.5, 2]: absolute bounds (log x crosses 0 at x = 1, where ulps mean nothing).
TEST_CASE("transcendentals/__logf/f32/near1/1000", "[transcendentals][fast_logf][f32][fast]") {
  random_case({MathFn::kFastLogf, {0, kCudaAbs2141}, {0, 2 * kUlpLogMax}},
              parity::gen::uniform(0.5, 2.0), 1000);
}
// __logf outside [0.5, 2], within HIP's tested [1e-6, 1e6]: 3 ulp (CUDA), 2 (HIP).
TEST_CASE("transcendentals/__logf/f32/wide/4098", "[transcendentals][fast_logf][f32][fast]") {
  auto x = log_spaced(2049, 1e-6, 0.499);
  const auto upper = log_spaced(2049, 2.001, 1e6);
  x.insert(x.end(), upper.begin(), upper.end());
  values_case({MathFn::kFastLogf, {3}, {2}}, x);
}
TEST_CASE("transcendentals/__sinf/f32/pi/4099", "[transcendentals][fast_sinf][f32][fast]") {
  random_case({MathFn::kFastSinf, {0, kCudaAbs2141}, {0, 18 * kUlpOne}},
              parity::gen::uniform(-kPi, kPi), 4099);
}
TEST_CASE("transcendentals/__cosf/f32/pi/4099", "[transcendentals][fast_cosf][f32][fast]") {
  random_case({MathFn::kFastCosf, {0, kCudaAbs2119}, {0, 4 * kUlpOne}},
              parity::gen::uniform(-kPi, kPi), 4099);
}
// __fdividef with |y| in [1e-30, 1e30], inside CUDA's [2^-126, 2^126]: 2 ulp; HIP's is x / y.
TEST_CASE("transcendentals/__fdividef/f32/4097", "[transcendentals][fast_fdividef][f32][fast]") {
  std::vector<float> x(4097);
  std::uint32_t state = 12345u;
  for (auto& v : x) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<float>((static_cast<double>(state >> 8) / 16777216.0 - 0.5) * 200.0);
  }
  values_case({MathFn::kFastDividef, {2}, {}}, x, log_spaced(4097, 1e-30, 1e30, true));
}
