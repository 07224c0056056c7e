// gemm equivalence cases: D = alpha * A * B + beta * C for fp32, fp16 and bf16 inputs (fp32
// accumulation), shapes that are not multiples of the 32 x 32 x 16 tile, k from 16 to 8192.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <string>
#include <type_traits>

#include "gemm.hpp"
#include "gemm_reference.hpp"
#include "parity/case.hpp"

namespace {

// The error bound of one fp32 GEMM, and why the suite does not ask for bits.
//
// Element (i, j) is a dot product of length k. Computed in floating point in any order, with or
// without FMA contraction, its error is at most gamma_k * sum_l |a_il| |b_lj| (Higham, Accuracy
// and Stability of Numerical Algorithms, 2nd ed., eq. (3.5) and Sec. 3.1; any summation order:
// Sec. 4.2), gamma_n = n u / (1 - n u), u = 2^-24. For fp16 and bf16 inputs the products are
// exact in fp32 (11 + 11 and 8 + 8 significant bits fit in 24), so only the k - 1 additions
// round. The epilogue alpha * acc + beta * c adds at most three roundings (alpha *, beta *, +;
// beta == 0 skips the last two), and gamma_a + gamma_b + gamma_a gamma_b <= gamma_(a+b) (Lemma
// 3.3) folds them in:
//   |D_computed - D| <= gamma_n * (|alpha| |A||B| + |beta| |C|)_ij,
//   n = k + 2 for fp32 inputs, k + 1 for 16-bit inputs (one less when beta == 0).
// The CUDA original and a HIP port each satisfy this against the exact D, so they are within
// twice the bound of each other: reduction_bound(n, float32, 2) with the magnitude tensor from the
// fp64 reference. On the emulator both sides run the same loop in the same order and agree to
// the bit, but on GPUs nvcc and hipcc contract different products into FMAs, and a port retuned
// for CDNA (other tiles, split-k, MFMA) sums in another order: exactness would fail a correct
// port. The bound is a worst case; rounding errors of random data mostly cancel, so the measured
// error is far below it (see docs/suites.md#gemm).
std::int64_t bound_length(int k, bool exact_products, float beta) {
  return k + (exact_products ? 1 : 2) - (beta == 0.0f ? 1 : 0);
}

template <class T>
void gemm_case(int m, int n, int k, float alpha, float beta) {
  auto& run = parity::current_case();
  auto a = run.input<T>("a", {m, k}, parity::gen::normal(0.0, 1.0));
  auto b = run.input<T>("b", {k, n}, parity::gen::normal(0.0, 1.0));
  auto c = run.input<float>("c", {m, n}, parity::gen::normal(0.0, 1.0));
  auto d = run.output<float>("d", {m, n});
  run.param("alpha", alpha);
  run.param("beta", beta);
  run.geometry({{"grid", {(n + 31) / 32, (m + 31) / 32}}, {"block", 64}});
  run.launch([&] {
    launch_gemm(run.stream(), m, n, k, alpha, a.device(), b.device(), beta, c.device(), d.device());
  });

  const auto ref = gemm_reference(parity::Case::values(a.view()), parity::Case::values(b.view()),
                                  parity::Case::values(c.view()), m, n, k, alpha, beta);
  const parity::TensorView reference(parity::DType::kFloat64, {m, n}, ref.d.data());
  const parity::TensorView magnitude(parity::DType::kFloat64, {m, n}, ref.magnitude.data());
  const std::int64_t length = bound_length(k, !std::is_same_v<T, float>, beta);

  run.check(d, parity::Policy{}.reduction_bound(length, parity::DType::kFloat32, 2.0),
            {.reference = reference, .magnitude = magnitude});

  // This side against the fp64 reference: within one bound (factor 1). Holds in every mode, so a
  // wrong original is caught before its output becomes a golden.
  const auto verdict = parity::compare(
      reference, d.view(), parity::Policy{}.reduction_bound(length, parity::DType::kFloat32, 1.0),
      {.magnitude = magnitude, .name = "d vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

}  // namespace

// Shapes: m and n not multiples of the 32 x 32 tile (partial tiles on both edges), k not a
// multiple of the 16-deep stage except where it is a power of two; one case of whole tiles. The
// long-k cases keep m and n tiny, so that the host emulator stays fast and the golden small.
TEST_CASE("gemm/f32/37x45x16", "[gemm][f32]") {
  gemm_case<float>(37, 45, 16, 1.0f, 0.0f);
}
TEST_CASE("gemm/f32/64x64x32", "[gemm][f32]") {
  gemm_case<float>(64, 64, 32, 0.75f, -0.5f);
}
TEST_CASE("gemm/f32/97x65x257", "[gemm][f32]") {
  gemm_case<float>(97, 65, 257, 0.75f, -0.5f);
}
TEST_CASE("gemm/f32/3x5x8192", "[gemm][f32][long_k]") {
  gemm_case<float>(3, 5, 8192, 0.75f, -0.5f);
}
TEST_CASE("gemm/f16/37x45x16", "[gemm][f16]") {
  gemm_case<parity::f16>(37, 45, 16, 1.0f, 0.0f);
}
TEST_CASE("gemm/f16/97x65x257", "[gemm][f16]") {
  gemm_case<parity::f16>(97, 65, 257, 0.75f, -0.5f);
}
TEST_CASE("gemm/f16/9x7x4099", "[gemm][f16][long_k]") {
  gemm_case<parity::f16>(9, 7, 4099, 0.75f, -0.5f);
}
TEST_CASE("gemm/f16/3x5x8192", "[gemm][f16][long_k]") {
  gemm_case<parity::f16>(3, 5, 8192, 1.0f, 0.0f);
}
TEST_CASE("gemm/bf16/37x45x16", "[gemm][bf16]") {
  gemm_case<parity::bf16>(37, 45, 16, 1.0f, 0.0f);
}
TEST_CASE("gemm/bf16/97x65x257", "[gemm][bf16]") {
  gemm_case<parity::bf16>(97, 65, 257, 0.75f, -0.5f);
}
TEST_CASE("gemm/bf16/5x3x8192", "[gemm][bf16][long_k]") {
  gemm_case<parity::bf16>(5, 3, 8192, 0.75f, -0.5f);
}
