// fp64 reference for warp_reduce: the same segments (32 threads of a block, the last one shorter
// when the block size is not a multiple of 32) and blocks as the kernels, summed in double (error
// below 1024 * 2^-53 * sum|x|, negligible beside fp32's), maxima with the smallest index, and
// sum |x| per segment and block, the magnitude the summation error bound is scaled by.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include <Eigen/Core>

struct WarpReduceReference {
  Eigen::ArrayXd seg_sum, seg_max, seg_magnitude;  // per element: its segment's result
  Eigen::ArrayXi seg_argmax;
  Eigen::ArrayXd block_sum, block_max, block_magnitude;  // per block
  Eigen::ArrayXi block_argmax;
};

namespace warp_reduce_detail {

struct Group {
  double sum = 0.0;
  double magnitude = 0.0;
  double max = -std::numeric_limits<double>::infinity();
  int argmax = -1;
  void add(double v, int index) {
    sum += v;
    magnitude += std::abs(v);
    if (v > max) {  // indices arrive in increasing order: the first maximum is kept
      max = v;
      argmax = index;
    }
  }
};

}  // namespace warp_reduce_detail

inline WarpReduceReference warp_reduce_reference(const Eigen::ArrayXd& x, int block_size,
                                                 int segment = 32) {
  using warp_reduce_detail::Group;
  const auto n = static_cast<int>(x.size());
  const int grid = (n + block_size - 1) / block_size;
  WarpReduceReference ref;
  ref.seg_sum.resize(n);
  ref.seg_max.resize(n);
  ref.seg_magnitude.resize(n);
  ref.seg_argmax.resize(n);
  ref.block_sum.resize(grid);
  ref.block_max.resize(grid);
  ref.block_magnitude.resize(grid);
  ref.block_argmax.resize(grid);
  for (int b = 0; b < grid; ++b) {
    Group block;
    for (int first = b * block_size; first < std::min(n, (b + 1) * block_size); first += segment) {
      const int last = std::min({n, first + segment, (b + 1) * block_size});
      Group seg;
      for (int i = first; i < last; ++i) {
        seg.add(x[i], i);
        block.add(x[i], i);
      }
      for (int i = first; i < last; ++i) {
        ref.seg_sum[i] = seg.sum;
        ref.seg_max[i] = seg.max;
        ref.seg_magnitude[i] = seg.magnitude;
        ref.seg_argmax[i] = seg.argmax;
      }
    }
    ref.block_sum[b] = block.sum;
    ref.block_max[b] = block.max;
    ref.block_magnitude[b] = block.magnitude;
    ref.block_argmax[b] = block.argmax;
  }
  return ref;
}
