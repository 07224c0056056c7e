// fp64 reference for attention (Eigen): per (batch, head), S = scale * Q K^T over the visible
// keys, a softmax in double and O = P V, from the same 16-bit inputs (exact in double). Double
// rounding errors are about 2^-53 relative, negligible beside fp32's and the output's.
//
// It also returns, per query row, the two quantities the error analysis of the kernel needs:
//  - weight: sum_j p_j |v_jc| per output element, the magnitude of the P * V sum (>= |O|);
//  - score_magnitude: scale * max_j sum_d |q_d| |k_jd|, a bound on |score| of the row.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Core>

struct AttentionReference {
  std::vector<double> o;                // [heads, seq_q, dim]
  std::vector<double> weight;           // [heads, seq_q, dim]
  std::vector<double> score_magnitude;  // [heads, seq_q]
};

inline AttentionReference attention_reference(const std::vector<double>& q,
                                              const std::vector<double>& k,
                                              const std::vector<double>& v, int heads, int seq_q,
                                              int seq_k, int dim, bool causal) {
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const double scale = 1.0 / std::sqrt(static_cast<double>(dim));
  AttentionReference ref;
  ref.o.resize(static_cast<std::size_t>(heads) * seq_q * dim);
  ref.weight.resize(ref.o.size());
  ref.score_magnitude.resize(static_cast<std::size_t>(heads) * seq_q);
  for (int h = 0; h < heads; ++h) {
    const Eigen::Map<const Matrix> Q(q.data() + static_cast<std::size_t>(h) * seq_q * dim, seq_q,
                                     dim);
    const Eigen::Map<const Matrix> K(k.data() + static_cast<std::size_t>(h) * seq_k * dim, seq_k,
                                     dim);
    const Eigen::Map<const Matrix> V(v.data() + static_cast<std::size_t>(h) * seq_k * dim, seq_k,
                                     dim);
    Eigen::Map<Matrix> O(ref.o.data() + static_cast<std::size_t>(h) * seq_q * dim, seq_q, dim);
    Eigen::Map<Matrix> W(ref.weight.data() + static_cast<std::size_t>(h) * seq_q * dim, seq_q, dim);
    Matrix S = scale * (Q * K.transpose());
    const Matrix A = scale * (Q.cwiseAbs() * K.cwiseAbs().transpose());
    for (int i = 0; i < seq_q; ++i) {
      const int visible = causal ? std::min(seq_k, i + 1 + seq_k - seq_q) : seq_k;
      for (int j = visible; j < seq_k; ++j) S(i, j) = -std::numeric_limits<double>::infinity();
      ref.score_magnitude[static_cast<std::size_t>(h) * seq_q + i] =
          A.row(i).head(visible).maxCoeff();
    }
    const Eigen::VectorXd row_max = S.rowwise().maxCoeff();
    Matrix P = (S.colwise() - row_max).array().exp().matrix();
    const Eigen::VectorXd row_sum = P.rowwise().sum();
    P = row_sum.cwiseInverse().asDiagonal() * P;
    O.noalias() = P * V;
    W.noalias() = P * V.cwiseAbs();
  }
  return ref;
}
