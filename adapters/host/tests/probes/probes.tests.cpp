// The probes' cases (probes.hpp). Outputs are integers, or floats holding small integers, so that
// every backend's result is exact and any difference is the probe's finding, not rounding.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <vector>

#include "parity/case.hpp"
#include "probes.hpp"

TEST_CASE("probes/big_table/i32/100k", "[probes][shared_memory]") {
  auto& run = parity::current_case();
  auto table = run.input<std::int32_t>("table", {25600}, parity::gen::uniform_int(-1000, 1000));
  auto out = run.output<std::int32_t>("out", {256});
  run.geometry({{"grid", 1}, {"block", 256}, {"dynamic_shared_bytes", 102400}});
  run.launch([&] { launch_big_table(run.stream(), table.device(), out.device()); });
  run.check(out, parity::Policy{});
}

TEST_CASE("probes/sum96/i32/8x96", "[probes][mask]") {
  auto& run = parity::current_case();
  auto x = run.input<std::int32_t>("x", {8 * 96}, parity::gen::uniform_int(-100, 100));
  auto sums = run.output<std::int32_t>("sums", {8});
  run.geometry({{"grid", 8}, {"block", 96}});
  run.launch([&] { launch_sum96(run.stream(), x.device(), sums.device(), 8); });
  run.check(sums, parity::Policy{});
}

TEST_CASE("probes/sum48/f32/16x48", "[probes][inactive_lane]") {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {16 * 48}, parity::gen::uniform_int(-100, 100));
  auto sums = run.output<float>("sums", {16});
  run.geometry({{"grid", 16}, {"block", 48}});
  run.launch([&] { launch_sum48(run.stream(), x.device(), sums.device(), 16); });
  run.check(sums, parity::Policy{});  // sums of small integers: exact in any order
}

TEST_CASE("probes/tree48/f32/16x64", "[probes][shared_memory]") {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {16 * 48}, parity::gen::uniform_int(-100, 100));
  auto sums = run.output<float>("sums", {16});
  run.geometry({{"grid", 16}, {"block", 64}});
  run.launch([&] { launch_tree48(run.stream(), x.device(), sums.device(), 16); });
  run.check(sums, parity::Policy{});
}

// The device path of an architecture-conditional function must run, and the launcher must not
// see the device pass's macros: checked here against the values nvcc and hipcc give (not only
// against the golden, which the emulator itself captured).
TEST_CASE("probes/arch_paths/i32/4x32", "[probes][arch]") {
  auto& run = parity::current_case();
  auto x = run.input<std::int32_t>("x", {4 * 32}, parity::gen::uniform_int(-100, 100));
  auto sums = run.output<std::int32_t>("sums", {4});
  auto path = run.output<std::int32_t>("path", {4});
  auto host_arch = run.output<std::int32_t>("host_arch", {1});
  run.geometry({{"grid", 4}, {"block", 32}});
  run.launch([&] {
    launch_arch_paths(run.stream(), x.device(), sums.device(), path.device(), host_arch.device(),
                      4);
  });
  run.check(sums, parity::Policy{});
  run.check(path, parity::Policy{});
  run.check(host_arch, parity::Policy{});
  const auto p = parity::Case::values(path.view());
  const auto h = parity::Case::values(host_arch.view());
  CHECK(p == std::vector<double>(4, 1.0));  // the sm_80+ / HIP device path
  CHECK(h == std::vector<double>{0.0});     // host code sees no device-pass macro
}

// A policy too tight for real hardware: 1 ulp between golden and port for expf, which only holds
// because both sides use glibc here (CUDA documents 2 ulp, OCML 3, each from the correctly
// rounded result). Hidden: run by the vendor-math probe in CMakeLists.txt, where it must fail.
TEST_CASE("probes/tight_expf/f32/4099", "[.tight][probes][vendor_math]") {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {4099}, parity::gen::uniform(-10.0, 10.0));
  auto y = run.output<float>("y", {4099});
  run.launch([&] { launch_expf(run.stream(), x.device(), y.device(), 4099); });
  run.check(y, parity::Policy{}.max_ulp(1));
}
