// BlockReduce (cub/block/block_reduce.cuh, hipcub/block/block_reduce.hpp): every thread of the
// block calls; the result is valid in thread 0 only (other threads get their partials, as on a
// GPU). Structure, with its real barrier and TempStorage traffic:
//   1. each hardware warp reduces its lanes' inputs with the shuffle tree (warp_tree_reduce);
//   2. lane 0 of each warp stores its warp's aggregate in TempStorage; __syncthreads();
//   3. CUB (BLOCK_REDUCE_WARP_REDUCTIONS): thread 0 folds the warp aggregates in warp order,
//      op(op(w0, w1), w2)...; hipCUB (rocPRIM's using_warp_reduce): the first warp reduces the
//      warp aggregates with the shuffle tree.
// The other algorithm values (RAKING, RAKING_COMMUTATIVE_ONLY) are accepted and computed the
// same way, so for floating point they can differ from the vendors' raking order in the last
// bits. Reusing the TempStorage without a __syncthreads() in between is a race, which race mode
// reports as on a GPU it corrupts the result.
#pragma once

#include <algorithm>
#include <source_location>

#include "parity/simt/libs/cub/collective.hpp"
#include "parity/simt/libs/cub/operators.hpp"

namespace parity::simt::libs::cub {

template <class T, int DX, int DY, int DZ, Flavor F>
class BlockReduceImpl {
  static constexpr int kThreads = DX * DY * DZ;
  static constexpr int kMaxWarps = (kThreads + kNarrowestWarp - 1) / kNarrowestWarp;
  static_assert(kThreads > 0, "BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z must be greater than 0");

 public:
  struct TempStorage {
    Slots<T, kMaxWarps> warp_aggregates;
  };

  BlockReduceImpl()
      : temp_(private_storage<TempStorage>([] {}, "BlockReduce private TempStorage")) {}
  explicit BlockReduceImpl(TempStorage& temp_storage) : temp_(temp_storage) {}

  T Sum(T input, std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    return reduce(input, op, kThreads, true, where);
  }
  T Sum(T input, int num_valid, std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    return reduce(input, op, num_valid, false, where);
  }
  template <int N>
  T Sum(T (&inputs)[N], std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    return reduce(thread_reduce(inputs, op), op, kThreads, true, where);
  }
  template <class Op>
  T Reduce(T input, Op op, std::source_location where = std::source_location::current()) {
    return reduce(input, op, kThreads, true, where);
  }
  template <class Op>
  T Reduce(T input, Op op, int num_valid,
           std::source_location where = std::source_location::current()) {
    return reduce(input, op, num_valid, false, where);
  }
  template <int N, class Op>
  T Reduce(T (&inputs)[N], Op op, std::source_location where = std::source_location::current()) {
    return reduce(thread_reduce(inputs, op), op, kThreads, true, where);
  }

 private:
  //! A thread's own items, folded in order (CUB's and rocPRIM's thread reduction).
  template <int N, class Op>
  static T thread_reduce(T (&inputs)[N], Op& op) {
    T v = inputs[0];
    for (int i = 1; i < N; ++i) v = op(v, inputs[i]);
    return v;
  }

  template <class Op>
  T reduce(T v, Op& op, int num_valid, bool full, const std::source_location& where) {
    check_block<DX, DY, DZ>("BlockReduce", !full, where);
    const int tid = linear_tid<DX, DY, DZ>();
    const int w = warp_width();
    const int warp = tid / w, lane = tid % w;
    const int contributing = full ? kThreads : std::min(num_valid, kThreads);
    const int warp_valid = std::clamp(contributing - warp * w, 0, w);
    v = warp_tree_reduce<F>(v, w, warp_valid, op, where);
    if (lane == 0) temp_.warp_aggregates[warp] = v;
    sync_block(where);
    const int warps = (contributing + w - 1) / w;
    if constexpr (F == Flavor::kCub) {
      if (tid == 0) {
        for (int i = 1; i < warps; ++i) v = op(v, static_cast<T>(temp_.warp_aggregates[i]));
      }
    } else {
      if (warp == 0) {
        T partial = lane < warps ? static_cast<T>(temp_.warp_aggregates[lane]) : v;
        partial = warp_tree_reduce<F>(partial, w, warps, op, where);
        if (lane == 0) v = partial;
      }
    }
    return v;
  }

  TempStorage& temp_;
};

}  // namespace parity::simt::libs::cub
