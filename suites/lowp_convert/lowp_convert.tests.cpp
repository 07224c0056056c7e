// lowp_convert equivalence cases: fp32 -> bf16 and fp32 -> fp16, to nearest even and toward zero,
// on constructed edge values and on random ones.
#include <catch2/catch_test_macros.hpp>

#include <span>
#include <string>
#include <vector>

#include "lowp_convert.hpp"
#include "lowp_convert_reference.hpp"
#include "parity/case.hpp"

namespace {

// A conversion is one correctly rounded operation whose result the rounding mode defines
// completely, so the port must be bit-identical to the original: exact values, the sign of zero
// included (rounding -1e-30 gives -0 in every mode, IEEE 754 5.4.2), infinities exact. Only NaN
// payloads are left open: NVIDIA returns its canonical NaN (0x7fff), ROCm's hip_bfloat16 keeps
// the payload, so NaN matches NaN by class. The bias check documents what a failure would most
// likely be (truncation, round-down); with an exact policy any error already fails.
parity::Policy conversion_policy() {
  return parity::Policy{}.signed_zero(true).bias_check(true);
}

void check_reference(const parity::TensorView& expected, const parity::TensorView& got,
                     const std::string& what) {
  const auto verdict =
      parity::compare(expected, got, parity::Policy{}.signed_zero(true), {.name = what});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

template <class T, class Launch>
void convert_case(std::span<const float> edges, const parity::Distribution& random, int n,
                  Launch launch) {
  auto& run = parity::current_case();
  if (!edges.empty()) n = static_cast<int>(edges.size());
  auto x = edges.empty() ? run.input<float>("x", {n}, random) : run.input<float>("x", {n}, edges);
  auto rn = run.output<T>("rn", {n});
  auto rz = run.output<T>("rz", {n});
  run.geometry({{"grid", ((n + 1) / 2 + 255) / 256}, {"block", 256}});
  run.launch([&] { launch(run.stream(), x.device(), rn.device(), rz.device(), n); });
  run.check(rn, conversion_policy());
  run.check(rz, conversion_policy());

  std::vector<T> want_rn, want_rz;
  for (float v : x.host()) {
    want_rn.push_back(lowp_reference::round_nearest<T>(v));
    want_rz.push_back(lowp_reference::round_toward_zero<T>(v));
  }
  check_reference(parity::view_of(std::span<const T>(want_rn), {n}), rn.view(), "rn vs reference");
  check_reference(parity::view_of(std::span<const T>(want_rz), {n}), rz.view(), "rz vs reference");
}

const std::vector<float> kNoEdges;

}  // namespace

// Edge values (both signs of each): 278 for bf16, 756 for fp16; see lowp_convert_reference.hpp.
TEST_CASE("lowp_convert/bf16/edges", "[lowp_convert][f32][bf16][edges]") {
  const auto edges = lowp_reference::bf16_edges();
  convert_case<parity::bf16>(edges, {}, 0, launch_convert_bf16);
}
TEST_CASE("lowp_convert/f16/edges", "[lowp_convert][f32][f16][edges]") {
  const auto edges = lowp_reference::f16_edges();
  convert_case<parity::f16>(edges, {}, 0, launch_convert_f16);
}

// Random values: normal ones (about half of them round up, half down), and a wide uniform with 5%
// special values (NaN, +-inf, +-0, float extremes; |x| up to 70000, beyond fp16's max). Odd
// lengths leave the single-element tail of the paired loop.
TEST_CASE("lowp_convert/bf16/normal/4099", "[lowp_convert][f32][bf16][random]") {
  convert_case<parity::bf16>(kNoEdges, parity::gen::normal(0.0, 1.0), 4099, launch_convert_bf16);
}
TEST_CASE("lowp_convert/bf16/special/16385", "[lowp_convert][f32][bf16][random]") {
  convert_case<parity::bf16>(kNoEdges, parity::gen::special_mix(0.05, -7e4, 7e4), 16385,
                             launch_convert_bf16);
}
TEST_CASE("lowp_convert/f16/normal/4099", "[lowp_convert][f32][f16][random]") {
  convert_case<parity::f16>(kNoEdges, parity::gen::normal(0.0, 1.0), 4099, launch_convert_f16);
}
TEST_CASE("lowp_convert/f16/special/16385", "[lowp_convert][f32][f16][random]") {
  convert_case<parity::f16>(kNoEdges, parity::gen::special_mix(0.05, -7e4, 7e4), 16385,
                            launch_convert_f16);
}
