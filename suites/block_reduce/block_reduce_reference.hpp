// fp64 reference for block_reduce: the same grid-stride assignment of elements to blocks as the
// kernels, summed in double (exact enough: n * 2^-53 relative), plus sum |x| per block, the
// magnitude the reduction error bound gamma_n * sum|x_i| is scaled by.
#pragma once

#include <Eigen/Core>

struct BlockReduceReference {
  Eigen::ArrayXd sums;        // per block
  Eigen::ArrayXd magnitudes;  // per block: sum of |x_i|
  long max_terms = 0;         // largest number of elements one block adds
};

inline BlockReduceReference block_reduce_reference(const Eigen::ArrayXd& x, int grid_size,
                                                   int block_size) {
  BlockReduceReference ref{Eigen::ArrayXd::Zero(grid_size), Eigen::ArrayXd::Zero(grid_size), 0};
  Eigen::ArrayXi terms = Eigen::ArrayXi::Zero(grid_size);
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const auto block = static_cast<Eigen::Index>((i / block_size) % grid_size);
    ref.sums[block] += x[i];
    ref.magnitudes[block] += std::abs(x[i]);
    ++terms[block];
  }
  ref.max_terms = terms.size() ? terms.maxCoeff() : 0;
  return ref;
}
