// denormals equivalence cases: subnormal results (unscale) and subnormal inputs (tiny_ops) in
// f32, bf16 and f16 storage with fp32 compute; judged as preserved (the CUDA default), and, in
// the [ftz] cases, with a policy that tolerates a device that flushes them.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "denormals.hpp"
#include "denormals_reference.hpp"
#include "parity/case.hpp"

namespace {

// Preserving: every output is one correctly rounded fp32 operation on exact inputs, then one
// round-to-nearest-even conversion to the storage format. IEEE 754 gradual underflow defines
// subnormal results exactly, and a single operation leaves nothing to contract or reorder, so
// two devices that keep subnormals agree bit for bit: exact (+-0 equal).
parity::Policy preserving() {
  return parity::Policy{};
}

// FTZ-tolerant, for code meant to run where fp32 subnormals are flushed (-fgpu-flush-
// denormals-to-zero builds, MI200's fp16 / bf16 MFMA and dot instructions): a subnormal and a
// zero of the same sign compare equal, on both sides. It tolerates flushed results only: a
// normal result computed from a flushed input (tiny_ops' rescaled) is still a mismatch, which is
// why the [ftz] cases judge the producer alone.
parity::Policy ftz_tolerant() {
  return parity::Policy{}.denormals_as_zero(true);
}

template <class T>
bool is_zero(T v) {
  return static_cast<double>(v) == 0.0;
}

template <class T>
bool is_subnormal(T v) {
  const double a = std::fabs(static_cast<double>(v));
  return a != 0.0 && a < denormal_reference::min_normal<T>();
}

//! The output against its reference under `policy`; in preserving cases also says whether the
//! differences are flushes: zeros where the reference is a subnormal (a flushed result) or a
//! normal number computed from a subnormal input (an input read as zero).
template <class T>
void check_reference(const std::string& name, std::span<const T> got, const std::vector<T>& want,
                     const std::vector<std::span<const T>>& inputs, const parity::Policy& policy) {
  const auto verdict = parity::compare(
      parity::view_of(std::span<const T>(want), {static_cast<std::int64_t>(want.size())}),
      parity::view_of(got, {static_cast<std::int64_t>(got.size())}), policy,
      {.name = name + " vs reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
  if (policy.denormals_as_zero()) return;
  std::int64_t subnormal = 0, flushed = 0, from_input = 0, subnormal_inputs = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    bool tiny_input = false;
    for (const auto& input : inputs) tiny_input = tiny_input || is_subnormal(input[i]);
    subnormal += is_subnormal(want[i]);
    subnormal_inputs += tiny_input;
    if (!is_zero(got[i]) || is_zero(want[i])) continue;
    if (is_subnormal(want[i]))
      ++flushed;
    else if (tiny_input)
      ++from_input;
  }
  std::ostringstream message;
  message << name << ": " << flushed << " of " << subnormal
          << " results that are subnormal in the reference are 0 (subnormal results flushed to "
             "zero); "
          << from_input << " normal results from the " << subnormal_inputs
          << " elements with a subnormal input are 0 (subnormal inputs read as zero)";
  if (flushed + from_input > 0)
    message << ": the port flushes denormals, as -fgpu-flush-denormals-to-zero builds do";
  INFO(message.str());
  CHECK(flushed + from_input == 0);
}

// Gradients in the 16 lowest normal binades (exponent fields 1-16), unscaled by 2^-8: half of
// them land in the subnormal range, the deepest with 15 of their 24 bits (f32).
template <class T>
void unscale_case(int n, bool tolerate_ftz) {
  auto& run = parity::current_case();
  constexpr float kInvScale = 0x1p-8f;
  const auto values = denormal_reference::tiny_values<T>(n, 1, 16, 0x5eed0001);
  auto g = run.input<T>("g", {n}, std::span<const T>(values));
  auto out = run.output<T>("out", {n});
  run.param("inv_scale", kInvScale);
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] { launch_unscale(run.stream(), g.device(), out.device(), kInvScale, n); });
  const auto policy = tolerate_ftz ? ftz_tolerant() : preserving();
  run.check(out, policy);
  check_reference<T>("out", out.host(), denormal_reference::unscale<T>(g.host(), kInvScale),
                     {g.host()}, policy);
}

// x and y: a third subnormal (exponent field 0), the rest in the two lowest normal binades, with
// random signs (so some sums cancel to exactly 0); rescaled by 2^24 (2^14 for f16, whose
// subnormals start at 2^-24) back to ordinary magnitudes.
template <class T>
void tiny_ops_case(int n, float scale) {
  auto& run = parity::current_case();
  const auto xs = denormal_reference::tiny_values<T>(n, 0, 3, 0x5eed0002);
  const auto ys = denormal_reference::tiny_values<T>(n, 0, 3, 0x5eed0003);
  auto x = run.input<T>("x", {n}, std::span<const T>(xs));
  auto y = run.input<T>("y", {n}, std::span<const T>(ys));
  auto sum = run.output<T>("sum", {n});
  auto rescaled = run.output<T>("rescaled", {n});
  run.param("scale", scale);
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] {
    launch_tiny_ops(run.stream(), x.device(), y.device(), sum.device(), rescaled.device(), scale,
                    n);
  });
  run.check(sum, preserving());
  run.check(rescaled, preserving());
  const auto ref = denormal_reference::tiny_ops<T>(x.host(), y.host(), scale);
  check_reference<T>("sum", sum.host(), ref.sum, {x.host(), y.host()}, preserving());
  check_reference<T>("rescaled", rescaled.host(), ref.rescaled, {x.host()}, preserving());
}

}  // namespace

// 4099 = 16 blocks of 256 and 3 threads.
TEST_CASE("denormals/unscale/f32/4099", "[denormals][f32][unscale]") {
  unscale_case<float>(4099, false);
}
TEST_CASE("denormals/unscale/bf16/4099", "[denormals][bf16][unscale]") {
  unscale_case<parity::bf16>(4099, false);
}
TEST_CASE("denormals/unscale/f16/4099", "[denormals][f16][unscale]") {
  unscale_case<parity::f16>(4099, false);
}
TEST_CASE("denormals/unscale/f32/ftz/1000", "[denormals][f32][unscale][ftz]") {
  unscale_case<float>(1000, true);
}
TEST_CASE("denormals/unscale/bf16/ftz/1000", "[denormals][bf16][unscale][ftz]") {
  unscale_case<parity::bf16>(1000, true);
}
TEST_CASE("denormals/tiny_ops/f32/2053", "[denormals][f32][tiny_ops]") {
  tiny_ops_case<float>(2053, 0x1p24f);
}
TEST_CASE("denormals/tiny_ops/bf16/2053", "[denormals][bf16][tiny_ops]") {
  tiny_ops_case<parity::bf16>(2053, 0x1p24f);
}
TEST_CASE("denormals/tiny_ops/f16/2053", "[denormals][f16][tiny_ops]") {
  tiny_ops_case<parity::f16>(2053, 0x1p14f);
}
