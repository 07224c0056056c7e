// fp64 reference for gemm (Eigen): D = alpha * A * B + beta * C in double, and the magnitude
// |alpha| * |A| * |B| + |beta| * |C| that the fp32 error bound is scaled by. The inputs are fp32
// or 16-bit values, exact in double; Eigen's double product has error below
// gamma_k(fp64) * |A||B| (k * 2^-53 relative to the magnitude), negligible beside fp32's.
#pragma once

#include <cmath>
#include <vector>

#include <Eigen/Core>

struct GemmReference {
  std::vector<double> d;          // [m x n], row-major
  std::vector<double> magnitude;  // [m x n], row-major
};

inline GemmReference gemm_reference(const std::vector<double>& a, const std::vector<double>& b,
                                    const std::vector<double>& c, int m, int n, int k, double alpha,
                                    double beta) {
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const Eigen::Map<const Matrix> A(a.data(), m, k);
  const Eigen::Map<const Matrix> B(b.data(), k, n);
  const Eigen::Map<const Matrix> C(c.data(), m, n);
  GemmReference ref{std::vector<double>(static_cast<std::size_t>(m) * n),
                    std::vector<double>(static_cast<std::size_t>(m) * n)};
  Eigen::Map<Matrix> D(ref.d.data(), m, n);
  Eigen::Map<Matrix> M(ref.magnitude.data(), m, n);
  D.noalias() = alpha * (A * B) + beta * C;
  M.noalias() = std::abs(alpha) * (A.cwiseAbs() * B.cwiseAbs()) + std::abs(beta) * C.cwiseAbs();
  return ref;
}
