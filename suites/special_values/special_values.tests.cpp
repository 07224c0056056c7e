// special_values equivalence cases: NaN, +-inf and +-0 through min/max, clamps, a row-maximum
// reduction, fp16 / bf16 / fp8 round trips and float -> int conversions.
#include <catch2/catch_test_macros.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "parity/case.hpp"
#include "special_values.hpp"
#include "special_values_reference.hpp"

namespace {

// fminf / fmaxf: IEEE 754-2008 minNum / maxNum, which both vendors implement: a NaN operand is
// ignored, otherwise the exact smaller / larger value, so the results must be identical, NaN
// (only for two NaNs) matched by class. Which zero min(+0, -0) returns is left open by IEEE
// 754-2008 and by both vendors' documentation (LLVM: "either"; AMDGPU orders -0 < +0, llvm#85195):
// +-0 compare equal here, and the verdict still counts them.
parity::Policy min_max_policy() {
  return parity::Policy{};
}
// Round trips are one correctly rounded conversion each way, fully defined, including the sign
// of zero (-0 converts to -0 in fp16, bf16 and OCP e4m3): exact, signed zeros compared.
parity::Policy round_trip_policy() {
  return parity::Policy{}.signed_zero(true);
}
// Integers: exact (the default for integer dtypes).
parity::Policy int_policy() {
  return parity::Policy{};
}

template <class T>
void check_reference(const std::vector<T>& want, const parity::TensorView& got,
                     const parity::Policy& policy, const std::string& what) {
  const auto verdict = parity::compare(parity::view_of(std::span<const T>(want), got.shape()), got,
                                       policy, {.name = what + " vs reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

void elementwise_case(std::span<const float> a_values, std::span<const float> b_values,
                      const parity::Distribution& random, int n) {
  auto& run = parity::current_case();
  const bool constructed = !a_values.empty();
  auto a = constructed ? run.input<float>("a", {n}, a_values) : run.input<float>("a", {n}, random);
  auto b = constructed ? run.input<float>("b", {n}, b_values) : run.input<float>("b", {n}, random);
  auto min = run.output<float>("min", {n});
  auto max = run.output<float>("max", {n});
  auto clamp = run.output<float>("clamp", {n});
  auto via_f16 = run.output<float>("via_f16", {n});
  auto via_bf16 = run.output<float>("via_bf16", {n});
  auto via_fp8 = run.output<float>("via_fp8", {n});
  auto to_int_rn = run.output<std::int32_t>("to_int_rn", {n});
  auto to_int_rz = run.output<std::int32_t>("to_int_rz", {n});
  auto to_int8 = run.output<std::int8_t>("to_int8", {n});
  const SpecialOutputs out{min.device(),       max.device(),       clamp.device(),
                           via_f16.device(),   via_bf16.device(),  via_fp8.device(),
                           to_int_rn.device(), to_int_rz.device(), to_int8.device()};
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] { launch_special_elementwise(run.stream(), a.device(), b.device(), out, n); });

  run.check(min, min_max_policy());
  run.check(max, min_max_policy());
  run.check(clamp, min_max_policy());
  run.check(via_f16, round_trip_policy());
  run.check(via_bf16, round_trip_policy());
  run.check(via_fp8, round_trip_policy());
  run.check(to_int_rn, int_policy());
  run.check(to_int_rz, int_policy());
  run.check(to_int8, int_policy());

  const auto ref = special_reference::elementwise(a.host(), b.host());
  check_reference(ref.min, min.view(), min_max_policy(), "min");
  check_reference(ref.max, max.view(), min_max_policy(), "max");
  check_reference(ref.clamp, clamp.view(), min_max_policy(), "clamp");
  check_reference(ref.via_f16, via_f16.view(), round_trip_policy(), "via_f16");
  check_reference(ref.via_bf16, via_bf16.view(), round_trip_policy(), "via_bf16");
  check_reference(ref.via_fp8, via_fp8.view(), round_trip_policy(), "via_fp8");
  check_reference(ref.to_int_rn, to_int_rn.view(), int_policy(), "to_int_rn");
  check_reference(ref.to_int_rz, to_int_rz.view(), int_policy(), "to_int_rz");
  check_reference(ref.to_int8, to_int8.view(), int_policy(), "to_int8");
}

void row_max_case(std::span<const float> values, const parity::Distribution& random, int rows,
                  int cols) {
  auto& run = parity::current_case();
  auto x = values.empty() ? run.input<float>("x", {rows, cols}, random)
                          : run.input<float>("x", {rows, cols}, values);
  auto row_max = run.output<float>("row_max", {rows});
  run.geometry({{"grid", rows}, {"block", 256}});
  run.launch([&] { launch_row_max(run.stream(), x.device(), row_max.device(), rows, cols); });
  // The maximum is exact in any order and any warp width (NaNs ignored whatever their
  // position); only the sign of a zero maximum may depend on the order: min_max_policy.
  run.check(row_max, min_max_policy());
  check_reference(special_reference::row_max(x.host(), rows, cols), row_max.view(),
                  min_max_policy(), "row_max");
}

//! Rows that put NaN, infinities and zeros where reductions go wrong.
std::vector<float> edge_rows(int rows, int cols) {
  std::vector<float> x(static_cast<std::size_t>(rows) * cols, -1.0f);
  auto at = [&](int r, int c) -> float& { return x[static_cast<std::size_t>(r) * cols + c]; };
  const float nan = std::nanf("");
  at(0, 0) = nan;                                 // NaN in lane 0: ignored
  for (int c = 0; c < cols; ++c) at(1, c) = nan;  // all NaN but one value
  at(1, cols - 1) = -5.0f;
  for (int c = 0; c < cols; ++c) at(2, c) = nan;    // all NaN: the -inf seed
  for (int c = 0; c < cols; ++c) at(3, c) = -0.0f;  // zeros of both signs
  at(3, 40) = 0.0f;
  for (int c = 0; c < cols; ++c) at(4, c) = -INFINITY;  // all -inf
  at(5, 63) = INFINITY;                                 // +inf in lane 63
  for (int c = 0; c < cols; ++c)                        // NaN in lanes 32-63 of each 64
    if (c % 64 >= 32) at(6, c) = nan;
  at(7, 100) = std::bit_cast<float>(0x00000001u);  // a positive subnormal
  return x;
}

const std::vector<float> kNone;

}  // namespace

// Every ordered pair of the 26 edge values (676 elements): each NaN position, every sign
// combination of zeros and infinities, rounding ties.
TEST_CASE("special_values/elementwise/pairs/676", "[special_values][f32][f16][bf16][fp8][int]") {
  const auto v = special_reference::edge_values();
  std::vector<float> a, b;
  for (float x : v)
    for (float y : v) {
      a.push_back(x);
      b.push_back(y);
    }
  elementwise_case(a, b, {}, static_cast<int>(a.size()));
}

// 30% special values (NaN, +-inf, +-0, +-smallest subnormal, +-float max, smallest normal) in
// a and in b independently, the rest uniform on [-300, 300] (beyond int8 and e4m3's grid).
TEST_CASE("special_values/elementwise/random/4099", "[special_values][f32][f16][bf16][fp8][int]") {
  elementwise_case(kNone, kNone, parity::gen::special_mix(0.3, -300.0, 300.0), 4099);
}

TEST_CASE("special_values/row_max/edges/8x300", "[special_values][f32][row_max]") {
  const auto x = edge_rows(8, 300);
  row_max_case(x, {}, 8, 300);
}

// 0.2% special values among negative numbers: a third of the rows reach +inf or float max,
// others end on +-0, a subnormal or a negative value; NaNs are scattered through them.
TEST_CASE("special_values/row_max/random/37x1000", "[special_values][f32][row_max]") {
  row_max_case(kNone, parity::gen::special_mix(0.002, -100.0, -1e-3), 37, 1000);
}
