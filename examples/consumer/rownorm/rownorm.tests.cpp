// rownorm equivalence cases: the kernel file's own launchers and CPU reference, called as they
// are (rownorm.hpp). One source, built for every backend by parity_add_suite.
#include <catch2/catch_test_macros.hpp>

#include <cstdlib>
#include <vector>

#include "parity/case.hpp"
#include "rownorm.hpp"

namespace {

// Both sides normalise with the same summation order; on GPUs their rsqrtf differ by up to
// 2 ulp each (CUDA's documented bound; OCML's is 1), so the port is within 4 ulp of the golden.
parity::Policy against_golden() {
  return parity::Policy{}.max_ulp(4);
}

// The file's own main() accepts 1e-4 against its CPU reference: so does the suite.
void check_against_cpu_reference(parity::Case& run, const parity::TensorRef<float>& x,
                                 const parity::TensorRef<float>& y, int N, int C) {
  std::vector<float> ref(static_cast<std::size_t>(N) * C);
  rownorm_forward_cpu(ref.data(), x.host().data(), N, C);  // from rownorm.cu, on every backend
  const parity::TensorView expected(parity::DType::kFloat32, {N, C}, ref.data());
  const auto verdict = parity::compare(expected, y.view(), parity::Policy{}.atol(1e-4),
                                       {.name = "y vs the file's CPU reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
  (void)run;
}

void rownorm_case(int kernel_num, int N, int C) {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {N, C}, parity::gen::uniform(-1.0, 1.0));
  auto y = run.output<float>("y", {N, C});
  run.param("kernel_num", kernel_num);
  run.launch([&] { rownorm_forward(kernel_num, y.device(), x.device(), N, C, 32); });
  run.check(y, against_golden());
  check_against_cpu_reference(run, x, y, N, C);
}

}  // namespace

// Row lengths that are not multiples of any block size: the strided loops' tails.
TEST_CASE("rownorm/kernel1/f32/64x300", "[rownorm][f32]") {
  rownorm_case(1, 64, 300);
}
TEST_CASE("rownorm/kernel2/f32/64x300", "[rownorm][f32]") {
  rownorm_case(2, 64, 300);
}

// The launcher that takes a native stream, through its adapter, on the case's stream.
TEST_CASE("rownorm/stream/f32/33x1000", "[rownorm][f32]") {
  auto& run = parity::current_case();
  const int N = 33, C = 1000;
  auto x = run.input<float>("x", {N, C}, parity::gen::uniform(-1.0, 1.0));
  auto y = run.output<float>("y", {N, C});
  run.launch([&] { launch_rownorm_forward2(run.stream(), y.device(), x.device(), N, C, 256); });
  run.check(y, against_golden());
  check_against_cpu_reference(run, x, y, N, C);
}

// The launcher's error path: kernel 99 does not exist, and rownorm_forward calls exit(1). Hidden
// ([.]): tests/consumer runs it beside a good case and checks that this case fails with the
// reason and the good one still runs and passes.
TEST_CASE("rownorm/invalid_kernel", "[.][exits]") {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {4, 8}, parity::gen::uniform(-1.0, 1.0));
  auto y = run.output<float>("y", {4, 8});
  run.launch([&] { rownorm_forward(99, y.device(), x.device(), 4, 8, 32); });
  run.check(y, against_golden());
}

// abort() (and a failed assert()) inside run.launch: the same, "called abort()".
TEST_CASE("rownorm/abort_in_launch", "[.][exits]") {
  auto& run = parity::current_case();
  run.launch([&] { std::abort(); });
}

// The launcher called outside run.launch: parity cannot go on, so the run ends with exit(1)'s
// code, the summary written and this case named in it.
TEST_CASE("rownorm/exit_outside_launch", "[.][exits]") {
  auto& run = parity::current_case();
  auto x = run.input<float>("x", {4, 8}, parity::gen::uniform(-1.0, 1.0));
  auto y = run.output<float>("y", {4, 8});
  rownorm_forward(99, y.device(), x.device(), 4, 8, 32);
}
