// The one table of default policies. Every default combines the criteria with "any": an element
// passes within max_ulp ULPs (scale-free, right for normal values) or within atol (right near
// zero, where cancellation makes ULP distances explode although the absolute error is tiny).
// rtol is 0 everywhere: max_ulp already is a relative tolerance, and a tighter one.
//
// Notation: u = unit roundoff = 2^-(mantissa_bits+1); "PyTorch" = torch.testing
// _DTYPE_PRECISIONS (rtol, atol); "CK" = Composable Kernel check_err defaults; "rocBLAS" =
// sum_error_tolerance (see /work/shared/research/anchors.md and docs/tolerances.md).
#include "parity/tolerance.hpp"

#include <array>
#include <cmath>

#include "parity/error.hpp"
#include "parity/float_format.hpp"
#include "parity/ulp.hpp"

namespace parity {
namespace {

Policy ulp_or_atol(std::uint64_t ulps, double atol) {
  return Policy{}.max_ulp(ulps).atol(atol);
}
Policy ulp_only(std::uint64_t ulps) {
  return Policy{}.max_ulp(ulps);
}

// Absolute floor of the IEEE rows: 128 u of the format the arithmetic ran in, for data of
// magnitude about 1 (a sum of up to ~128 unit-size terms that cancels to near zero).
constexpr double kAtolF64 = 0x1p-46;  // 128 * 2^-53 = 1.42e-14
constexpr double kAtolF32 = 0x1p-17;  // 128 * 2^-24 = 7.63e-6 (PyTorch's f32 atol: 1e-5)

const std::array<ToleranceDefault, 21>& table() {
  static const std::array<ToleranceDefault, 21> rows = {{
      // max_ulp 8: CUDA's f64 functions are within 1-2 ulp, OCML's within 1-4; two correct
      // implementations may sit on opposite sides of the exact value (2 + 4 = 6), plus up to 2
      // from nvcc and clang contracting different a*b+c into FMAs -> 8. PyTorch's (1e-7, 1e-7)
      // is ~1e9 u: made for cross-library checks, far looser than one kernel on two vendors.
      {DType::kFloat64, ulp_or_atol(8, kAtolF64),
       "8 ulp = CUDA 2 + OCML 4 libm error + 2 FMA contraction; atol 128u = 2^-46"},
      // max_ulp 8: sinf is 2 ulp in CUDA and 4 in OCML (expf 2 + 3); +2 for contraction.
      // PyTorch's rtol 1.3e-6 allows 5.5-11 ulp (eps 2^-23 = 1.19e-7); CK's rtol 1e-5 ~84 ulp.
      {DType::kFloat32, ulp_or_atol(8, kAtolF32),
       "8 ulp = CUDA 2 + OCML 4 libm error + 2 FMA contraction; atol 128u = 2^-17 (PyTorch 1e-5)"},
      // max_ulp 2: half kernels compute in f32 and round once; two f32 results that straddle a
      // rounding boundary land 1 ulp apart, one more half rounding inside the kernel adds 1.
      // PyTorch's rtol 1e-3 is 1-2 ulp (eps 2^-10); CK (1e-3, 1e-3). atol as f32, because the
      // arithmetic ran in f32 (PyTorch's f16 atol is 1e-5 too).
      {DType::kFloat16, ulp_or_atol(2, kAtolF32),
       "2 ulp = final rounding + one intermediate half rounding; atol of the f32 math 2^-17"},
      // max_ulp 2, same argument as f16. PyTorch's bf16 rtol 1.6e-2 is 2-4 ulp (eps 2^-7);
      // rocBLAS uses 1/100, CK 1e-3 (2022) to 1e-1 (2024).
      {DType::kBFloat16, ulp_or_atol(2, kAtolF32),
       "2 ulp = final rounding + one intermediate bf16 rounding; atol of the f32 math 2^-17"},
      // fp8 and fp4 outputs are one quantization of a wider value: two wider values on either
      // side of a rounding tie land on adjacent codes, so 1 code. No atol: the grid near zero
      // is already coarse (e4m3 subnormals are 2^-9 apart). PyTorch compares fp8 bitwise.
      {DType::kFloat8E4M3FN, ulp_only(1), "1 code: one quantization of a wider value"},
      {DType::kFloat8E4M3FNUZ, ulp_only(1), "1 code: one quantization of a wider value"},
      {DType::kFloat8E5M2, ulp_only(1), "1 code: one quantization of a wider value"},
      {DType::kFloat8E5M2FNUZ, ulp_only(1), "1 code: one quantization of a wider value"},
      // A block scale is a power of two: one code off scales the whole block by 2.
      {DType::kFloat8E8M0FNU, Policy{}, "exact: one code is a factor 2 on a whole block"},
      {DType::kFloat4E2M1FN, ulp_only(1), "1 code: one quantization of a wider value"},
      // Integers and bool: exact (PyTorch (0, 0) for non-float dtypes; CK and rocBLAS exact).
      {DType::kInt8, Policy{}, "exact"},
      {DType::kInt16, Policy{}, "exact"},
      {DType::kInt32, Policy{}, "exact"},
      {DType::kInt64, Policy{}, "exact"},
      {DType::kUInt8, Policy{}, "exact"},
      {DType::kUInt16, Policy{}, "exact"},
      {DType::kUInt32, Policy{}, "exact"},
      {DType::kUInt64, Policy{}, "exact"},
      {DType::kBool, Policy{}, "exact"},
      // Complex: each component as its real dtype (PyTorch does the same).
      {DType::kComplex64, ulp_or_atol(8, kAtolF32), "as float32, per component"},
      {DType::kComplex128, ulp_or_atol(8, kAtolF64), "as float64, per component"},
  }};
  return rows;
}

}  // namespace

std::span<const ToleranceDefault> tolerance_defaults() {
  return table();
}

Policy default_policy(DType dtype) {
  for (const auto& row : table())
    if (row.dtype == dtype) return row.policy;
  throw UsageError("no default policy for dtype " + std::to_string(static_cast<int>(dtype)));
}

Policy default_policy(DType golden, DType candidate) {
  const FloatFormat* g = float_format(golden);
  const FloatFormat* c = float_format(candidate);
  if (golden == candidate || !g || !c || is_complex(golden) != is_complex(candidate))
    return default_policy(golden);
  return default_policy(coarser_format(*g, *c).dtype);
}

double unit_roundoff(DType dtype) {
  const FloatFormat* f = float_format(dtype);
  if (!f)
    throw UsageError("unit roundoff of " + std::string(name(dtype)) +
                     ": not a float dtype (use float32, bfloat16, ...)");
  return std::ldexp(1.0, -(f->mantissa_bits + 1));
}

double gamma(std::int64_t n, DType accumulation) {
  if (n < 0) throw UsageError("gamma_n needs n >= 0, got " + std::to_string(n));
  const double nu = static_cast<double>(n) * unit_roundoff(accumulation);
  if (nu >= 1.0)
    throw UsageError("gamma_n is unbounded: n*u = " + std::to_string(nu) + " >= 1 for n = " +
                     std::to_string(n) + " in " + std::string(name(accumulation)) +
                     "; accumulate in a wider type or use a reference model");
  return nu / (1.0 - nu);
}

}  // namespace parity
