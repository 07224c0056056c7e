// fp8_codec equivalence cases. Every output is a dequantized float: the one quantity that is the
// same on an OCP device (NVIDIA) and a FNUZ device (gfx942), where bytes and scales differ by
// design. The fp8 codes themselves are judged through it: y = decode(q) * scale is one-to-one in
// q for a positive scale, apart from the sign of zero and NaN payloads.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "fp8_codec.hpp"
#include "fp8_codec_reference.hpp"
#include "parity/case.hpp"

namespace {

//! A device buffer for an intermediate the test does not judge against the golden (fp8 codes
//! and scales are in each vendor's own units), read back for the reference checks.
template <class T>
class Scratch {
 public:
  Scratch(parity::Case& run, std::int64_t count)
      : run_(run),
        count_(static_cast<std::size_t>(count)),
        buffer_(run.backend().allocate(std::max<std::size_t>(count_ * sizeof(T), 1))) {}
  T* get() const { return buffer_.template as<T>(); }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    run_.backend().download(host.data(), buffer_.get(), count_ * sizeof(T), run_.stream());
    run_.backend().synchronize(run_.stream());
    return host;
  }

 private:
  parity::Case& run_;
  std::size_t count_;
  parity::DeviceBuffer buffer_;
};

std::string kind_name(Fp8Kind kind) {
  return kind == Fp8Kind::kE4M3 ? "e4m3" : "e5m2";
}

std::vector<float> as_floats(const parity::TensorView& view) {
  const auto values = parity::Case::values(view);
  return {values.begin(), values.end()};  // exact: the inputs are float or bf16
}

//! The device output against the fp64 reference. Every step the kernels take is exact float
//! arithmetic or the fp8 codec, and the final product q * scale is rounded once, so the device
//! value must be the reference rounded to float: 0 ulp on the float grid.
void check_reference(const Eigen::ArrayXd& ref, const parity::TensorView& y,
                     std::int64_t allowed_class_mismatches = 0) {
  const parity::TensorView ref_view(parity::DType::kFloat64, y.shape(), ref.data());
  const auto verdict = parity::compare(
      ref_view, y, parity::Policy{}.max_ulp(0).max_mismatches(allowed_class_mismatches),
      {.name = "y vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
  CHECK(verdict.mismatches == verdict.nan_mismatches);
}

// Weights of an OCP checkpoint (random bytes: every one of the 256 codes, NaNs and -0 included)
// with one scale per row, loaded for the device and dequantized.
void checkpoint_case(Fp8Kind kind, int rows, int cols) {
  auto& run = parity::current_case();
  const std::int64_t n = std::int64_t{rows} * cols;
  auto w = run.input<std::uint8_t>("w", {rows, cols}, parity::gen::uniform_int(0, 255));
  auto w_scale = run.input<float>("w_scale", {rows}, parity::gen::uniform(1e-3, 1e-2));
  auto y = run.output<float>("y", {rows, cols});
  Scratch<std::uint8_t> codes(run, n);
  Scratch<float> scales(run, rows);
  run.param("fp8", kind_name(kind));
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] {
    launch_load_checkpoint(run.stream(), kind, w.device(), codes.get(), static_cast<int>(n),
                           w_scale.device(), scales.get(), rows);
    launch_dequantize(run.stream(), kind, codes.get(), scales.get(), y.device(), rows, cols);
  });

  const std::set<std::uint8_t> seen(w.host().begin(), w.host().end());
  REQUIRE(seen.size() == 256);  // the case covers every code of the format

  // e5m2 has +-inf (0x7c, 0xfc); FNUZ has no inf, so a FNUZ device can only return NaN there.
  // Those elements, and no others, may differ (by class); every other code dequantizes to
  // exactly the same float on every device: both sides compute the exact product
  // decode(code) * scale (a FNUZ device: (value / 2) * (2 * scale)) and round it once.
  // +-0 compare equal: FNUZ has no -0, so code 0x80 (-0 in OCP) returns +0 there.
  std::int64_t inf_codes = 0;
  for (auto b : w.host())
    if (parity::classify(fp8_reference::ocp_format(kind), b) == parity::FpClass::kInfinite)
      ++inf_codes;
  const auto verdict = run.check(y, parity::Policy{}.max_mismatches(inf_codes));
  if (verdict) CHECK(verdict->mismatches == verdict->nan_mismatches);

  const auto w_scales = as_floats(w_scale.view());
  check_reference(fp8_reference::dequantize_checkpoint(w.host(), w_scales, kind, cols), y.view(),
                  fp8_storage(kind) == parity::DType::kFloat8E5M2FNUZ ? inf_codes : 0);
}

// Static per-tensor quantization of x (uniform on [-4, 4] with 3% special values: NaN, +-inf,
// +-0, float extremes) with the checkpoint's activation scale, then dequantization. The scale
// picks the part of the fp8 range the case exercises (saturation, or subnormals and underflow).
void static_case(Fp8Kind kind, int n, double scale) {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {n}, parity::gen::special_mix(0.03, -4.0, 4.0));
  auto x_scale = run.input<float>("x_scale", {1}, parity::gen::uniform(scale, scale));
  auto y = run.output<float>("y", {n});
  Scratch<float> device_scale(run, 1);
  Scratch<std::uint8_t> q(run, n);
  run.param("fp8", kind_name(kind));
  run.geometry({{"grid", (n + 255) / 256}, {"block", 256}});
  run.launch([&] {
    launch_load_checkpoint(run.stream(), kind, nullptr, nullptr, 0, x_scale.device(),
                           device_scale.get(), 1);
    launch_quantize_static(run.stream(), kind, x.device(), device_scale.get(), q.get(), n);
    launch_dequantize(run.stream(), kind, q.get(), device_scale.get(), y.device(), 1, n);
  });

  // Exact. A FNUZ device scales by 1 / (2s) = (1/s) / 2, exactly half of the OCP device's
  // scaled value, onto a grid of exactly half the spacing, with ties resolved on the same
  // mantissa bit, and clamps at half the OCP max: the same code value in its own units, and
  // the same float once multiplied by its doubled scale. NaN stays NaN (by class, payloads
  // differ); -0 becomes +0 on FNUZ (counted, allowed).
  run.check(y, parity::Policy{});

  const auto storage = fp8_storage(kind);
  const float native_scale =
      as_floats(x_scale.view())[0] / fp8_reference::storage_unit(kind, storage);
  REQUIRE(device_scale.download()[0] == native_scale);
  check_reference(
      fp8_reference::quant_dequant_static(as_floats(x.view()), native_scale, kind, storage),
      y.view());
}

// Dynamic per-row quantization (one block per row, the row maximum through warp shuffles and
// shared memory), then dequantization.
template <class T>
void per_row_case(Fp8Kind kind, int rows, int cols) {
  auto& run = parity::current_case();
  const std::int64_t n = std::int64_t{rows} * cols;
  auto x = run.input<T>("x", {rows, cols}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {rows, cols});
  Scratch<std::uint8_t> q(run, n);
  Scratch<float> scales(run, rows);
  run.param("fp8", kind_name(kind));
  run.geometry({{"grid", rows}, {"block", 256}});
  run.launch([&] {
    launch_quantize_per_row(run.stream(), kind, x.device(), q.get(), scales.get(), rows, cols);
    launch_dequantize(run.stream(), kind, q.get(), scales.get(), y.device(), rows, cols);
  });

  // Exact. The row maximum is exact in any reduction order and warp width; amax / 224 is
  // exactly 2 * (amax / 448) (and likewise for e5m2), x / (2s) exactly half of x / s; from there
  // the argument of static_case applies.
  run.check(y, parity::Policy{});

  const auto storage = fp8_storage(kind);
  const auto ref =
      fp8_reference::quant_dequant_per_row(as_floats(x.view()), rows, cols, kind, storage);
  const auto device_scales = scales.download();
  const parity::TensorView ref_scales(parity::DType::kFloat32, {rows}, ref.scales.data());
  const parity::TensorView got_scales(parity::DType::kFloat32, {rows}, device_scales.data());
  const auto scale_verdict =
      parity::compare(ref_scales, got_scales, parity::Policy{}, {.name = "scales vs reference"});
  INFO(scale_verdict.table());
  CHECK(scale_verdict.passed);
  check_reference(ref.y, y.view());
}

}  // namespace

// Checkpoint loading: 7363 random bytes cover all 256 codes; 199 columns, 37 rows: neither is a
// multiple of the 256-thread block or of either warp width.
TEST_CASE("fp8_codec/checkpoint/e4m3/37x199", "[fp8_codec][fp8][e4m3][checkpoint]") {
  checkpoint_case(Fp8Kind::kE4M3, 37, 199);
}
TEST_CASE("fp8_codec/checkpoint/e5m2/37x199", "[fp8_codec][fp8][e5m2][checkpoint]") {
  checkpoint_case(Fp8Kind::kE5M2, 37, 199);
}

// Static scales: |x| / s reaches 600 (e4m3) or 65536 (e5m2), beyond the OCP max, so about a
// quarter of the values saturate; or stays below 0.31 / 4e-4, which spends most values in the
// low normal binades, the subnormals and underflow to zero.
TEST_CASE("fp8_codec/static/e4m3/f32/4099/saturating", "[fp8_codec][fp8][e4m3][f32][static]") {
  static_case(Fp8Kind::kE4M3, 4099, 4.0 / 600.0);
}
TEST_CASE("fp8_codec/static/e4m3/f32/4099/subnormal", "[fp8_codec][fp8][e4m3][f32][static]") {
  static_case(Fp8Kind::kE4M3, 4099, 13.0);
}
TEST_CASE("fp8_codec/static/e5m2/f32/4099/saturating", "[fp8_codec][fp8][e5m2][f32][static]") {
  static_case(Fp8Kind::kE5M2, 4099, 1.0 / 16384.0);
}
TEST_CASE("fp8_codec/static/e5m2/f32/4099/subnormal", "[fp8_codec][fp8][e5m2][f32][static]") {
  static_case(Fp8Kind::kE5M2, 4099, 10000.0);
}

// Per-row scales: 1000 and 4099 columns leave a partial last pass of the 256-thread block.
TEST_CASE("fp8_codec/per_row/e4m3/f32/13x1000", "[fp8_codec][fp8][e4m3][f32][per_row]") {
  per_row_case<float>(Fp8Kind::kE4M3, 13, 1000);
}
TEST_CASE("fp8_codec/per_row/e4m3/bf16/5x4099", "[fp8_codec][fp8][e4m3][bf16][per_row]") {
  per_row_case<parity::bf16>(Fp8Kind::kE4M3, 5, 4099);
}
TEST_CASE("fp8_codec/per_row/e5m2/f32/13x1000", "[fp8_codec][fp8][e5m2][f32][per_row]") {
  per_row_case<float>(Fp8Kind::kE5M2, 13, 1000);
}
TEST_CASE("fp8_codec/per_row/e5m2/bf16/5x4099", "[fp8_codec][fp8][e5m2][bf16][per_row]") {
  per_row_case<parity::bf16>(Fp8Kind::kE5M2, 5, 4099);
}
