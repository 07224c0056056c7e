// For the suites whose fp64 reference computes a per-element error budget in units of fp32's
// unit roundoff u = 2^-24 (softmax, layernorm, rmsnorm): the output format's share of the
// budget, and the budget as a parity policy.
#pragma once

#include <catch2/catch_test_macros.hpp>

#include <string>
#include <type_traits>

#include "parity/case.hpp"

namespace suites {

//! u_out / u of the output format: the final rounding to fp16 or bf16, in units of u.
template <class T>
constexpr double store_units() {
  if constexpr (std::is_same_v<T, parity::f16>) return 0x1p13;   // 2^-11 / 2^-24
  if constexpr (std::is_same_v<T, parity::bf16>) return 0x1p16;  // 2^-8 / 2^-24
  return 0.0;
}

//! Absolute slack of one side that no relative bound covers: an fp16 output in fp16's subnormal
//! range (|y| < 2^-14) is rounded to a spacing of 2^-24, an error up to 2^-25; an fp32 or bf16
//! output below 2^-126 may be 0 (flushed, e.g. an exponential under CUDA's ex2.approx.ftz).
template <class T>
constexpr double underflow_slack() {
  if constexpr (std::is_same_v<T, parity::f16>) return 0x1p-25;
  return 0x1p-126;
}

//! The budget as a policy: reduction_bound with length 1 makes the slack factor * gamma_1 * m_i,
//! gamma_1 = u / (1 - u), so the magnitude tensor m is the per-element bound in units of u
//! (gamma_1 is a hair above u: conservative by 6e-8 relative).
inline parity::Policy within_budget(double factor, double slack = 0.0) {
  return parity::Policy{}.reduction_bound(1, parity::DType::kFloat32, factor).atol(factor * slack);
}

//! One side against the fp64 reference, within the budget itself.
inline void check_reference(const double* exact, const double* budget,
                            const parity::TensorView& out, double slack, const std::string& name) {
  const parity::TensorView ref(parity::DType::kFloat64, out.shape(), exact);
  const parity::TensorView mag(parity::DType::kFloat64, out.shape(), budget);
  const auto verdict = parity::compare(ref, out, within_budget(1.0, slack),
                                       {.magnitude = mag, .name = name + " vs fp64 reference"});
  INFO(verdict.table());
  CHECK(verdict.passed);
}

}  // namespace suites
