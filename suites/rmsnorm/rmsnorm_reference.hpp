// fp64 reference for rmsnorm, and the first-order error bound of one fp32 implementation (either
// vendor's) per output element, in units of fp32's unit roundoff u = 2^-24. Per row, with
// N = cols, s = sum x^2 / N, r = 1 / sqrt(s + eps) and L the depth of the summation trees:
//  - mean square: the squares are positive, so each square's rounding (u; none when fused into
//    an FMA), the tree (gamma_L, Higham Sec. 4.2) and the division (u) stay relative:
//    e_s = 2u + gamma_L;
//  - rstd: s + eps adds u, the square root halves the relative error, rsqrtf is 2 ulp in CUDA's
//    Programming Guide and in OCML's OCML.md, at most 4u: e_r = (e_s s / (s + eps) + u) / 2
//    + 4u;
//  - y_j = fl(fl(x_j * rstd) * gamma_j): two products, 2u, and the store u_out:
//    |y_j - exact| <= |y_j| (e_r + 2u + u_out).
// A ratio of sums of positive terms: the bound is relative everywhere, even for long rows.
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Core>

using RmsNormArray = Eigen::Array<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct RmsNormReference {
  RmsNormArray y, y_budget;          // [rows, cols]
  Eigen::ArrayXd rstd, rstd_budget;  // [rows]
};

//! Budgets in units of u. `depth`: L; `store_units`: u_out / u of the output format.
inline RmsNormReference rmsnorm_reference(const RmsNormArray& x, const Eigen::ArrayXd& gamma,
                                          double eps, std::int64_t depth, double store_units) {
  constexpr double kU = 0x1p-24;
  const double gamma_units =
      static_cast<double>(depth) / (1.0 - static_cast<double>(depth) * kU);  // gamma_L / u
  RmsNormReference ref{RmsNormArray(x.rows(), x.cols()), RmsNormArray(x.rows(), x.cols()),
                       Eigen::ArrayXd(x.rows()), Eigen::ArrayXd(x.rows())};
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const Eigen::ArrayXd row = x.row(i).transpose();
    const double s = row.square().mean();
    const double r = 1.0 / std::sqrt(s + eps);
    const double e_s = 2.0 + gamma_units;  // units of u
    const double e_r = (e_s * s / (s + eps) + 1.0) / 2.0 + 4.0;
    const Eigen::ArrayXd y = row * r * gamma;
    ref.y.row(i) = y.transpose();
    ref.y_budget.row(i) = (y.abs() * (e_r + 2.0 + store_units)).transpose();
    ref.rstd[i] = r;
    ref.rstd_budget[i] = r * e_r;
  }
  return ref;
}
