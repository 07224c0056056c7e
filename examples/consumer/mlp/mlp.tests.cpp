// mlp equivalence cases: launchers that go through cuBLAS, cuBLASLt and CUB (on the emulated
// backends, parity's stand-ins for them and for hipBLAS, hipBLASLt and hipCUB), judged against
// the CUDA original's golden and the file's own CPU reference.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "mlp.hpp"
#include "parity/case.hpp"

namespace {

void check_against_cpu_reference(const std::vector<float>& ref, const parity::TensorRef<float>& got,
                                 parity::Shape shape, double tolerance) {
  const parity::TensorView expected(parity::DType::kFloat32, std::move(shape), ref.data());
  const auto verdict = parity::compare(expected, got.view(), parity::Policy{}.atol(tolerance),
                                       {.name = "out vs the file's CPU reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

// Both libraries accumulate the C = 96 products in fp32 in an order of their choosing: within
// gamma_{C+2} * sum|x_k w_k| of the exact result each (docs/vendor-libraries.md), so the port
// is within twice that of the golden. |x|, |w| <= 1 bounds the magnitude by C.
void linear_case(int kernel_num) {
  auto& run = parity::current_case();
  const int N = 64, C = 96, OC = 80;
  auto inp = run.input<float>("inp", {N, C}, parity::gen::uniform(-1.0, 1.0));
  auto weight = run.input<float>("weight", {OC, C}, parity::gen::uniform(-1.0, 1.0));
  auto bias = run.input<float>("bias", {OC}, parity::gen::uniform(-1.0, 1.0));
  auto out = run.output<float>("out", {N, OC});
  run.param("kernel_num", kernel_num);
  run.launch([&] {
    linear_forward(kernel_num, out.device(), inp.device(), weight.device(), bias.device(), N, C,
                   OC);
  });
  const double gamma = (C + 2) * 0x1p-24 / (1 - (C + 2) * 0x1p-24);
  run.check(out, parity::Policy{}.atol(2 * gamma * C));
  std::vector<float> ref(static_cast<std::size_t>(N) * OC);
  linear_forward_cpu(ref.data(), inp.host().data(), weight.host().data(), bias.host().data(), N, C,
                     OC);
  check_against_cpu_reference(ref, out, {N, OC}, 1e-4);  // main()'s tolerance
}

}  // namespace

TEST_CASE("mlp/linear/cublas/f32/64x96x80", "[mlp][f32]") {
  linear_case(1);
}
TEST_CASE("mlp/linear/cublaslt/f32/64x96x80", "[mlp][f32]") {
  linear_case(2);
}

// CUB's block reduction adds warp aggregates in its own order, rocPRIM's in a tree: the sums
// of 1000 values in [-1, 1] differ by a few ulp of their magnitude.
TEST_CASE("mlp/row_sum/f32/33x1000", "[mlp][f32]") {
  auto& run = parity::current_case();
  const int N = 33, C = 1000;
  auto inp = run.input<float>("inp", {N, C}, parity::gen::uniform(-1.0, 1.0));
  auto out = run.output<float>("out", {N});
  run.launch([&] { row_sum_forward(out.device(), inp.device(), N, C); });
  const double gamma = C * 0x1p-24 / (1 - C * 0x1p-24);
  run.check(out, parity::Policy{}.atol(2 * gamma * C));
  std::vector<float> ref(N);
  row_sum_cpu(ref.data(), inp.host().data(), N, C);
  check_against_cpu_reference(ref, out, {N}, 1e-3);
}
