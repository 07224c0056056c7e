// attention equivalence cases: FlashAttention-style forward in fp16 and bf16, head dim 64,
// sequence lengths 64, 127 and 257 (one, four and nine 32-key tiles, the last ones partial),
// with and without the causal mask, and one case with fewer queries than keys.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "attention.hpp"
#include "attention_reference.hpp"
#include "parity/case.hpp"

namespace {

constexpr int kDim = kAttentionHeadDim;
constexpr int kKeyTile = 32;

// The policy against the golden: FlashAttention's test rule (tests/test_flash_attn.py:
// max|out - out_ref| <= 2 * max|out_pt - out_ref|, out_ref in higher precision), with the CUDA
// golden in the role of out_pt and the fp64 reference as out_ref: reference_relative_max(2).
// Why 2 suffices for a correct port and nothing tighter is safe: both sides compute O in fp32,
// where their difference is at most twice the fp32 bound below (about 0.2 of an fp16 unit in
// the last place of w >= |O|, 0.03 of a bf16 one), and round it once to fp16 / bf16. Where the
// two fp32 values round to different neighbours they straddle a rounding midpoint, so there
// both errors are about half a unit: the port's largest error exceeds the original's by at most
// that fp32 difference, i.e. a factor of about 1.4 over half an ulp of the largest outputs (which
// the original's max error reaches over thousands of outputs). A per-element rule would fail
// such a rounding flip; an exact rule fails any port on a GPU (other exp2f, other FMAs).
parity::Policy flash_attention_rule() {
  return parity::Policy{}.reference_relative_max(2.0);
}

// Unit roundoff of the output and half its smallest subnormal (the absolute rounding error of a
// value in the subnormal range).
template <class T>
double unit_roundoff() {
  return parity::unit_roundoff(parity::dtype_of<T>);
}
template <class T>
double half_min_subnormal() {
  return std::is_same_v<T, parity::f16> ? std::ldexp(1.0, -25) : std::ldexp(1.0, -134);
}

// Each side against the fp64 reference: a bound from the error analysis of the kernel, per
// element, so that a wrong original is caught before its output becomes a golden. To first
// order in u = 2^-24 (the neglected terms are below (N u)^2, under 1e-7 of the bound):
//  - A score is a 64-term dot product times scale*log2(e) (itself rounded): error at most
//    gamma_66 * log2(e) * a, a = scale * max_j sum_d |q_d k_jd| (Higham eq. (3.5)); the exponent
//    s - max rounds once more (|s - max| <= 2 a log2(e)), exp2f is within 2 ulp (CUDA Programming
//    Guide; OCML's is 1), and each of the <= `tiles` rescale factors is one more exp2f of a
//    rounded difference of maxima. So every weight p_j is off by a relative
//    E <= a * gamma_70 + 4 u (tiles + 1) (ln 2 * log2(e) = 1; the common factor 2^-max cancels).
//  - Perturbed weights move O = sum p v / sum p by at most 2 E w, w = sum p |v| / sum p >= |O|.
//  - The sums: a term of P * V passes through its product, at most seq_k additions and `tiles`
//    rescales; the row sum through 9 roundings in its tile (8 keys per thread, 2 quad shuffles)
//    and 2 per tile after; then 1 / sum and the product: 2.
// Together: |O_fp32 - O| <= gamma_N * w with
//    N = ceil(2 max(1, a) * 70) + seq_k + 11 * tiles + 20
// and the final rounding to fp16 / bf16 adds u_out * (|O| + gamma_N w), or half the smallest
// subnormal. Expressed as reduction_bound(1, float32): magnitude = w (1 + u_out) gamma_N / gamma_1,
// rtol u_out, atol half a subnormal.
template <class T>
void check_against_reference(const AttentionReference& ref, const parity::TensorView& out,
                             int heads, int seq_q, int seq_k) {
  const double u = parity::unit_roundoff(parity::DType::kFloat32);
  const auto gamma = [u](double n) { return n * u / (1.0 - n * u); };
  const int tiles = (seq_k + kKeyTile - 1) / kKeyTile;
  std::vector<double> magnitude(ref.weight.size());
  for (std::size_t row = 0; row < ref.score_magnitude.size(); ++row) {
    const double a = std::max(1.0, ref.score_magnitude[row]);
    const double n = std::ceil(2.0 * a * (kDim + 6)) + seq_k + 11.0 * tiles + 20.0;
    const double scale = (1.0 + unit_roundoff<T>()) * gamma(n) / gamma(1.0);
    for (int c = 0; c < kDim; ++c) {
      const std::size_t at = row * kDim + static_cast<std::size_t>(c);
      magnitude[at] = scale * ref.weight[at];
    }
  }
  const parity::Shape shape{heads, seq_q, kDim};
  const parity::TensorView reference(parity::DType::kFloat64, shape, ref.o.data());
  const parity::TensorView mag(parity::DType::kFloat64, shape, magnitude.data());
  const auto policy = parity::Policy{}
                          .reduction_bound(1, parity::DType::kFloat32, 1.0)
                          .rtol(unit_roundoff<T>())
                          .atol(half_min_subnormal<T>());
  const auto verdict =
      parity::compare(reference, out, policy, {.magnitude = mag, .name = "o vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

template <class T>
void attention_case(int heads, int seq_q, int seq_k, bool causal) {
  auto& run = parity::current_case();
  auto q = run.input<T>("q", {heads, seq_q, kDim}, parity::gen::normal(0.0, 1.0));
  auto k = run.input<T>("k", {heads, seq_k, kDim}, parity::gen::normal(0.0, 1.0));
  auto v = run.input<T>("v", {heads, seq_k, kDim}, parity::gen::normal(0.0, 1.0));
  auto o = run.output<T>("o", {heads, seq_q, kDim});
  run.param("causal", causal);
  run.geometry({{"grid", {(seq_q + 31) / 32, heads}}, {"block", 128}});
  run.launch([&] {
    launch_attention(run.stream(), q.device(), k.device(), v.device(), o.device(), heads, seq_q,
                     seq_k, causal);
  });

  const auto ref =
      attention_reference(parity::Case::values(q.view()), parity::Case::values(k.view()),
                          parity::Case::values(v.view()), heads, seq_q, seq_k, kDim, causal);
  const parity::TensorView reference(parity::DType::kFloat64, {heads, seq_q, kDim}, ref.o.data());
  run.check(o, flash_attention_rule(), {.reference = reference});
  check_against_reference<T>(ref, o.view(), heads, seq_q, seq_k);
}

}  // namespace

// q, k, v ~ N(0, 1): scores scale * q.k ~ N(0, 1), so the row maximum moves between key tiles
// in most rows (the online softmax's rescaling is exercised). Names: heads x seq_q x seq_k.
TEST_CASE("attention/f16/2x64x64/causal", "[attention][f16][causal]") {
  attention_case<parity::f16>(2, 64, 64, true);
}
TEST_CASE("attention/f16/2x127x127", "[attention][f16]") {
  attention_case<parity::f16>(2, 127, 127, false);
}
TEST_CASE("attention/f16/2x257x257/causal", "[attention][f16][causal]") {
  attention_case<parity::f16>(2, 257, 257, true);
}
TEST_CASE("attention/f16/1x127x257", "[attention][f16]") {
  attention_case<parity::f16>(1, 127, 257, false);
}
TEST_CASE("attention/bf16/2x64x64", "[attention][bf16]") {
  attention_case<parity::bf16>(2, 64, 64, false);
}
TEST_CASE("attention/bf16/2x127x127/causal", "[attention][bf16][causal]") {
  attention_case<parity::bf16>(2, 127, 127, true);
}
TEST_CASE("attention/bf16/2x257x257", "[attention][bf16]") {
  attention_case<parity::bf16>(2, 257, 257, false);
}
