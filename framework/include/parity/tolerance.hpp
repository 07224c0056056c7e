// Default comparison policies per dtype: one table (tolerance.cpp), each number derived there and
// in docs/tolerances.md.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "parity/dtype.hpp"
#include "parity/policy.hpp"
#include "parity/scalar_types.hpp"

namespace parity {

//! One row of the defaults table.
struct ToleranceDefault {
  DType dtype;
  Policy policy;
  std::string_view derivation;  // why these numbers, in one sentence
};

//! Every row, in DType order.
std::span<const ToleranceDefault> tolerance_defaults();

//! The default policy for outputs of `dtype`.
Policy default_policy(DType dtype);
//! Across two dtypes (an OCP golden against a FNUZ candidate): the defaults of the dtype whose
//! grid the ULPs are counted on (the coarser float format; for integers the golden's).
Policy default_policy(DType golden, DType candidate);

//! Unit roundoff u = 2^-(mantissa_bits + 1) of a float dtype (complex: of its component).
double unit_roundoff(DType dtype);
//! gamma_n = n*u / (1 - n*u) (Higham): the relative error bound of an n-term recursive sum in a
//! precision with unit roundoff u. Throws UsageError when n*u >= 1.
double gamma(std::int64_t n, DType accumulation);

namespace policy {
//! parity::policy::for_dtype<parity::f16>().max_ulp(4): the default, then adjusted.
inline Policy for_dtype(DType dtype) {
  return default_policy(dtype);
}
template <class T>
Policy for_dtype() {
  return default_policy(dtype_of<T>);
}
}  // namespace policy

}  // namespace parity
