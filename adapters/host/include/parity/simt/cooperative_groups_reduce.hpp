// cg::reduce and its operators (cooperative_groups/reduce.h in CUDA; ROCm has them from 7.0,
// amd_hip_cooperative_groups_reduce.h, and not at all in 5.x and 6.x, where
// hip_cooperative_groups.h does not include this header).
#pragma once

#include <source_location>

#include "parity/simt/cooperative_groups.hpp"

namespace cooperative_groups {

template <class T>
struct plus {
  T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct less {
  T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <class T>
struct greater {
  T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  T operator()(const T& a, const T& b) const { return a & b; }
};
template <class T>
struct bit_or {
  T operator()(const T& a, const T& b) const { return a | b; }
};
template <class T>
struct bit_xor {
  T operator()(const T& a, const T& b) const { return a ^ b; }
};

//! Every rank of the tile gets op over all ranks (a butterfly).
template <unsigned N, class T, class Op>
T reduce(const thread_block_tile<N>& tile, T value, Op op,
         std::source_location where = std::source_location::current()) {
  for (unsigned offset = N / 2; offset > 0; offset /= 2)
    value = op(value, tile.shfl_xor(value, offset, where));
  return value;
}

}  // namespace cooperative_groups
