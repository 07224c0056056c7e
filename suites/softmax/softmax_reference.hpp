// fp64 reference for softmax, and the first-order error bound of one fp32 implementation of it
// (either vendor's) per element, in units of fp32's unit roundoff u = 2^-24.
//
// The kernels compute, per row, m = max x (exact: a selection), d_j = fl(x_j - m),
// e_j = __expf(d_j), S = a tree sum of the e_j of depth L, and y_j = fl(e_j * fl(1 / S)),
// rounded once more to the output format. To first order (the second-order terms are below
// 1e-6 of the bound for every case here):
//  - fl(x_j - m) is within u|d_j| of d_j, which moves exp(d_j) by a relative u|d_j|;
//  - __expf: CUDA documents 2 + floor(1.173|x|) ulp (Programming Guide, intrinsic functions),
//    and an ulp is at most 2u relative: (4 + 2.346|d|)u. AMD's __expf is the hardware exp2
//    (V_EXP_F32, 1 ulp) of x * log2(e) rounded to float: (2 + 2|d|)u relative, inside CUDA's
//    (HIP's math_api.rst measured 6 ulp on [-10, 10]). Both: e_j within (4 + 3.346|d_j|)u;
//  - S: all terms are positive, so a tree of depth L adds at most gamma_L relative (Higham,
//    Sec. 4.2: gamma_L * sum|e| = gamma_L * S), and the errors of the e_j add, weighted by
//    e_j / S = y_j: W = sum_j y_j (4 + 3.346|d_j|) units;
//  - the reciprocal and the product: 2 units; the store: u_out / u units (0 for fp32, 2^13
//    for fp16, 2^16 for bf16).
// So |y_j - exact| <= u * y_j * (4 + 3.346|d_j| + W + gamma_L / u + 2 + u_out / u). The
// outputs that underflow (y below the smallest normal: an exponential flushed by FTZ, or a
// subnormal fp16 result) are covered by the absolute slack the test adds.
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Core>

using SoftmaxArray = Eigen::Array<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct SoftmaxReference {
  SoftmaxArray y;       // exact softmax (fp64; its own error is ~1e-16 relative)
  SoftmaxArray budget;  // per element: the bound above in units of u
};

//! `x`: the inputs as doubles, row-major; `depth`: L, the deepest summation tree of the two
//! vendors; `store_units`: u_out / u of the output format.
inline SoftmaxReference softmax_reference(const SoftmaxArray& x, std::int64_t depth,
                                          double store_units) {
  constexpr double kU = 0x1p-24;
  constexpr double kExpUnits = 4.0;    // the 2 ulp of __expf near 0
  constexpr double kExpSlope = 3.346;  // 2 * 1.173 (__expf) + 1 (rounding of x - m)
  const double gamma_units = static_cast<double>(depth) / (1.0 - static_cast<double>(depth) * kU);
  SoftmaxReference ref{SoftmaxArray(x.rows(), x.cols()), SoftmaxArray(x.rows(), x.cols())};
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const Eigen::ArrayXd d = (x.row(r) - x.row(r).maxCoeff()).transpose();
    const Eigen::ArrayXd e = d.exp();
    const Eigen::ArrayXd y = e / e.sum();
    const Eigen::ArrayXd exp_units = kExpUnits + kExpSlope * d.abs();
    const double weighted = (y * exp_units).sum();
    ref.y.row(r) = y.transpose();
    ref.budget.row(r) = (y * (exp_units + weighted + gamma_units + 2.0 + store_units)).transpose();
  }
  return ref;
}
