// fp64 reference for layernorm, and the first-order error bound of one fp32 two-pass
// implementation (either vendor's) per output element, in units of fp32's unit roundoff
// u = 2^-24. Per row, with N = cols, mu = sum x / N, c_j = x_j - mu, v = sum c^2 / N,
// r = 1 / sqrt(v + eps), A = sum |x| / N, and L the depth of the kernels' summation trees:
//  - mean: the tree sum is within gamma_L * sum|x| (Higham, Sec. 4.2), the division adds u|mu|:
//    E_mu = gamma_L * A + u|mu|;
//  - variance (two passes, the centred values squared): the squares are positive, so each term's
//    own errors (d_j = fl(x_j - mean): 2u after squaring; the square: u) and the tree (gamma_L)
//    stay relative, plus u for the division. The error of the mean enters as
//    sum (c_j - E_mu)^2 = sum c_j^2 + N E_mu^2 (the cross term sums to 0): E_mu^2 / v relative.
//    e_v = 4u + gamma_L + E_mu^2 / v;
//  - rstd: v + eps adds u; the square root halves the relative error; rsqrtf is 2 ulp in CUDA's
//    Programming Guide and in OCML's OCML.md, at most 4u relative:
//    e_r = (e_v * v / (v + eps) + u) / 2 + 4u;
//  - y_j = fl(fl(fl(x_j - mean) * rstd) * gamma_j) + beta_j: the centred value is off by
//    E_mu + u|c_j|, the scale by e_r, the two products and the sum add 2u |c_j r gamma_j| and
//    u|y_j| (fused into FMAs by either compiler: fewer roundings, still inside), and the store
//    u_out|y_j|.
// |y_j - exact| <= |gamma_j| r (E_mu + u|c_j|) + |c_j r gamma_j| (e_r + 2u) + (u + u_out)|y_j|.
// For a mean of 1000 and a spread of 1 the first term dominates: the cancellation in x - mean
// turns the mean's rounding into an absolute error of the output, which no port avoids.
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Core>

using LayerNormArray = Eigen::Array<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

struct LayerNormReference {
  LayerNormArray y, y_budget;        // [rows, cols]
  Eigen::ArrayXd mean, mean_budget;  // [rows]
  Eigen::ArrayXd rstd, rstd_budget;  // [rows]
};

//! Budgets in units of u. `depth`: L; `store_units`: u_out / u of the output format.
inline LayerNormReference layernorm_reference(const LayerNormArray& x, const Eigen::ArrayXd& gamma,
                                              const Eigen::ArrayXd& beta, double eps,
                                              std::int64_t depth, double store_units) {
  constexpr double kU = 0x1p-24;
  const auto rows = x.rows();
  const auto cols = x.cols();
  const double gamma_l = static_cast<double>(depth) * kU / (1.0 - static_cast<double>(depth) * kU);
  LayerNormReference ref{LayerNormArray(rows, cols), LayerNormArray(rows, cols),
                         Eigen::ArrayXd(rows),       Eigen::ArrayXd(rows),
                         Eigen::ArrayXd(rows),       Eigen::ArrayXd(rows)};
  for (Eigen::Index i = 0; i < rows; ++i) {
    const Eigen::ArrayXd row = x.row(i).transpose();
    const double mu = row.mean();
    const Eigen::ArrayXd c = row - mu;
    const double v = c.square().mean();
    const double r = 1.0 / std::sqrt(v + eps);
    const double e_mu = gamma_l * row.abs().mean() + kU * std::abs(mu);
    const double e_v = 4.0 * kU + gamma_l + e_mu * e_mu / v;
    const double e_r = (e_v * v / (v + eps) + kU) / 2.0 + 4.0 * kU;
    const Eigen::ArrayXd scaled = c * r * gamma;  // exact (x - mean) * rstd * gamma
    const Eigen::ArrayXd y = scaled + beta;
    ref.y.row(i) = y.transpose();
    ref.y_budget.row(i) =
        ((gamma.abs() * r * (e_mu + kU * c.abs()) + scaled.abs() * (e_r + 2.0 * kU)) / kU +
         (1.0 + store_units) * y.abs())
            .transpose();
    ref.mean[i] = mu;
    ref.mean_budget[i] = e_mu / kU;
    ref.rstd[i] = r;
    ref.rstd_budget[i] = r * e_r / kU;
  }
  return ref;
}
