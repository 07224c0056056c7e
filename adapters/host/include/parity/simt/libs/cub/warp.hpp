// WarpReduce and WarpScan (cub/warp/*.cuh, hipcub/warp/*.hpp): logical warps of
// LOGICAL_WARP_THREADS lanes (a power of two, at most the hardware warp) that reduce or scan
// with real shuffles, so the lanes of a logical warp must all call, as on a GPU (a divergent
// call fails with the emulator's shuffle-mask error). TempStorage is empty: both CUB and
// rocPRIM shuffle for power-of-two logical warps.
#pragma once

#include <source_location>

#include "parity/simt/libs/cub/collective.hpp"
#include "parity/simt/libs/cub/operators.hpp"

namespace parity::simt::libs::cub {

template <class T, int LOGICAL, Flavor F>
class WarpReduceImpl {
  static_assert(LOGICAL > 0 && LOGICAL <= 64 && (LOGICAL & (LOGICAL - 1)) == 0,
                "parity-simt: WarpReduce is emulated for power-of-two LOGICAL_WARP_THREADS up "
                "to the warp size (CUB's shared-memory path for other sizes is not)");

 public:
  struct TempStorage : NoStorage {};

  explicit WarpReduceImpl(TempStorage&) {}

  T Sum(T input, std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    return reduce(input, LOGICAL, op, where);
  }
  T Sum(T input, int valid_items, std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    return reduce(input, valid_items, op, where);
  }
  template <class Op>
  T Reduce(T input, Op op, std::source_location where = std::source_location::current()) {
    return reduce(input, LOGICAL, op, where);
  }
  template <class Op>
  T Reduce(T input, Op op, int valid_items,
           std::source_location where = std::source_location::current()) {
    return reduce(input, valid_items, op, where);
  }

 private:
  template <class Op>
  T reduce(T input, int valid, Op& op, const std::source_location& where) {
    check_logical_warp("WarpReduce", LOGICAL, where);
    return warp_tree_reduce<F>(input, LOGICAL, valid, op, where);
  }
};

template <class T, int LOGICAL, Flavor F>
class WarpScanImpl {
  static_assert(LOGICAL > 0 && LOGICAL <= 64 && (LOGICAL & (LOGICAL - 1)) == 0,
                "parity-simt: WarpScan is emulated for power-of-two LOGICAL_WARP_THREADS up to "
                "the warp size");

 public:
  struct TempStorage : NoStorage {};

  explicit WarpScanImpl(TempStorage&) {}

  void InclusiveSum(T input, T& output,
                    std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    output = inclusive(input, op, where);
  }
  void InclusiveSum(T input, T& output, T& warp_aggregate,
                    std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    output = inclusive(input, op, where);
    warp_aggregate = shfl_idx<F>(output, LOGICAL - 1, LOGICAL, where);
  }
  void ExclusiveSum(T input, T& output,
                    std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    output = exclusive(inclusive(input, op, where), T{}, true, op, where);
  }
  void ExclusiveSum(T input, T& output, T& warp_aggregate,
                    std::source_location where = std::source_location::current()) {
    ::parity::simt::libs::cub::Sum op;
    const T inc = inclusive(input, op, where);
    warp_aggregate = shfl_idx<F>(inc, LOGICAL - 1, LOGICAL, where);
    output = exclusive(inc, T{}, true, op, where);
  }
  template <class Op>
  void InclusiveScan(T input, T& output, Op op,
                     std::source_location where = std::source_location::current()) {
    output = inclusive(input, op, where);
  }
  template <class Op>
  void InclusiveScan(T input, T& output, Op op, T& warp_aggregate,
                     std::source_location where = std::source_location::current()) {
    output = inclusive(input, op, where);
    warp_aggregate = shfl_idx<F>(output, LOGICAL - 1, LOGICAL, where);
  }
  //! Without an initial value lane 0's output is undefined (left unchanged here).
  template <class Op>
  void ExclusiveScan(T input, T& output, Op op,
                     std::source_location where = std::source_location::current()) {
    const T e = exclusive(inclusive(input, op, where), T{}, false, op, where);
    if (logical_lane(LOGICAL) != 0) output = e;
  }
  template <class Op>
  void ExclusiveScan(T input, T& output, T initial_value, Op op,
                     std::source_location where = std::source_location::current()) {
    output = exclusive(inclusive(input, op, where), initial_value, true, op, where);
  }
  template <class Op>
  void ExclusiveScan(T input, T& output, T initial_value, Op op, T& warp_aggregate,
                     std::source_location where = std::source_location::current()) {
    const T inc = inclusive(input, op, where);
    warp_aggregate = shfl_idx<F>(inc, LOGICAL - 1, LOGICAL, where);
    output = exclusive(inc, initial_value, true, op, where);
  }
  T Broadcast(T input, unsigned int src_lane,
              std::source_location where = std::source_location::current()) {
    return shfl_idx<F>(input, static_cast<int>(src_lane), LOGICAL, where);
  }

 private:
  template <class Op>
  T inclusive(T input, Op& op, const std::source_location& where) {
    check_logical_warp("WarpScan", LOGICAL, where);
    return warp_inclusive_scan<F>(input, LOGICAL, op, where);
  }
  //! The exclusive scan from the inclusive one: lane i takes lane i-1's inclusive value,
  //! combined with the initial value on the left; lane 0 takes the initial value.
  template <class Op>
  T exclusive(T inc, T init, bool has_init, Op& op, const std::source_location& where) {
    const T prev = shfl_up<F>(inc, 1, LOGICAL, where);
    if (logical_lane(LOGICAL) == 0) return init;
    return has_init ? op(init, prev) : prev;
  }
};

}  // namespace parity::simt::libs::cub
