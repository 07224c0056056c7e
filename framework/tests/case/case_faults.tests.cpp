// Cases for the case-API fault tests (case_faults.cmake drives them). The environment varies
// what a "port" does between capture and verify, the way a changed test or a bad port would:
//   CASE_FAULTS_N      the length the test declares (default 1000)
//   CASE_FAULTS_SCALE  the factor the kernel applies (default 1)
#include <catch2/catch_test_macros.hpp>

#include <cstdlib>
#include <string>

#include "case_faults.hpp"
#include "parity/case.hpp"

namespace {

double env_or(const char* name, double fallback) {
  const char* v = std::getenv(name);
  return v ? std::stod(v) : fallback;
}

}  // namespace

TEST_CASE("faults/copy", "[faults]") {
  auto& run = parity::current_case();
  const int n = static_cast<int>(env_or("CASE_FAULTS_N", 1000));
  const float scale = static_cast<float>(env_or("CASE_FAULTS_SCALE", 1.0));
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {n});
  run.launch([&] { launch_scaled_copy(run.stream(), scale, x.device(), y.device(), n); });
  run.check(y, parity::Policy{});  // a copy is exact
}

TEST_CASE("faults/writes_nothing", "[faults]") {
  auto& run = parity::current_case();
  const int n = 1000;
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {n});
  run.launch([&] { launch_write_nothing(run.stream(), x.device(), y.device(), n); });
  run.check(y, parity::Policy{});
}

TEST_CASE("faults/device_fault", "[faults]") {
  auto& run = parity::current_case();
  const int n = 1000;
  auto x = run.input<float>("x", {n}, parity::gen::normal(0.0, 1.0));
  auto y = run.output<float>("y", {n});
  run.launch([&] { launch_fault(run.stream(), x.device(), y.device(), n); });
  run.check(y, parity::Policy{});
}
