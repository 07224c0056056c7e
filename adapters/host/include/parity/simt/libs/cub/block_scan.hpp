// BlockScan (cub/block/block_scan.cuh, hipcub/block/block_scan.hpp): prefix sums and scans over
// the block in thread order (items of a thread in order, threads in rank order). Structure, as
// CUB's BLOCK_SCAN_WARP_SCANS and rocPRIM's warp-scan algorithm:
//   1. each hardware warp scans inclusively with shfl_up (Kogge-Stone, earlier operands left);
//   2. the last lane of each warp stores the warp's aggregate; __syncthreads();
//   3. each thread folds the aggregates of the warps before its own, in warp order, into its
//      warp's prefix (with the initial value or the callback's block prefix on the left).
// With a BlockPrefixCallbackOp, every thread of the first warp calls the callback with the block
// aggregate and lane 0's return value seeds the scan (a second __syncthreads() publishes it).
// BLOCK_SCAN_RAKING (CUB's default) and BLOCK_SCAN_RAKING_MEMOIZE are computed the same way:
// for floating point the association can differ from CUB's raking order in the last bits.
#pragma once

#include <source_location>

#include "parity/simt/libs/cub/collective.hpp"
#include "parity/simt/libs/cub/operators.hpp"

namespace parity::simt::libs::cub {

template <class T, int DX, int DY, int DZ, Flavor F>
class BlockScanImpl {
  static constexpr int kThreads = DX * DY * DZ;
  static constexpr int kMaxWarps = (kThreads + kNarrowestWarp - 1) / kNarrowestWarp;
  static_assert(kThreads > 0, "BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z must be greater than 0");

  struct NoPrefix {
    T operator()(const T& aggregate) const { return aggregate; }
  };

 public:
  struct TempStorage {
    Slots<T, kMaxWarps> warp_aggregates;
    Slots<T, 1> block_prefix;
  };

  BlockScanImpl() : temp_(private_storage<TempStorage>([] {}, "BlockScan private TempStorage")) {}
  explicit BlockScanImpl(TempStorage& temp_storage) : temp_(temp_storage) {}

  // ----- sums -----
  void ExclusiveSum(T input, T& output,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, true, false, sum(), no_prefix(), where);
  }
  void ExclusiveSum(T input, T& output, T& block_aggregate,
                    std::source_location where = std::source_location::current()) {
    scalar(input, output, block_aggregate, T{}, true, false, sum(), no_prefix(), where);
  }
  template <class PrefixOp>
  void ExclusiveSum(T input, T& output, PrefixOp& prefix_op,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, true, false, sum(), &prefix_op, where);
  }
  void InclusiveSum(T input, T& output,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, false, false, sum(), no_prefix(), where);
  }
  void InclusiveSum(T input, T& output, T& block_aggregate,
                    std::source_location where = std::source_location::current()) {
    scalar(input, output, block_aggregate, T{}, false, false, sum(), no_prefix(), where);
  }
  template <class PrefixOp>
  void InclusiveSum(T input, T& output, PrefixOp& prefix_op,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, false, false, sum(), &prefix_op, where);
  }
  template <int N>
  void ExclusiveSum(T (&input)[N], T (&output)[N],
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, T{}, true, false, sum(), no_prefix(), where);
  }
  template <int N>
  void ExclusiveSum(T (&input)[N], T (&output)[N], T& block_aggregate,
                    std::source_location where = std::source_location::current()) {
    items(input, output, block_aggregate, T{}, true, false, sum(), no_prefix(), where);
  }
  template <int N, class PrefixOp>
  void ExclusiveSum(T (&input)[N], T (&output)[N], PrefixOp& prefix_op,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, T{}, true, false, sum(), &prefix_op, where);
  }
  template <int N>
  void InclusiveSum(T (&input)[N], T (&output)[N],
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, T{}, false, false, sum(), no_prefix(), where);
  }
  template <int N>
  void InclusiveSum(T (&input)[N], T (&output)[N], T& block_aggregate,
                    std::source_location where = std::source_location::current()) {
    items(input, output, block_aggregate, T{}, false, false, sum(), no_prefix(), where);
  }
  template <int N, class PrefixOp>
  void InclusiveSum(T (&input)[N], T (&output)[N], PrefixOp& prefix_op,
                    std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, T{}, false, false, sum(), &prefix_op, where);
  }

  // ----- scans with an operator -----
  template <class Op>
  void ExclusiveScan(T input, T& output, T initial_value, Op op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, initial_value, true, true, op, no_prefix(), where);
  }
  template <class Op>
  void ExclusiveScan(T input, T& output, T initial_value, Op op, T& block_aggregate,
                     std::source_location where = std::source_location::current()) {
    scalar(input, output, block_aggregate, initial_value, true, true, op, no_prefix(), where);
  }
  template <class Op, class PrefixOp>
  void ExclusiveScan(T input, T& output, Op op, PrefixOp& prefix_op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, true, false, op, &prefix_op, where);
  }
  template <class Op>
  void InclusiveScan(T input, T& output, Op op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, false, false, op, no_prefix(), where);
  }
  template <class Op>
  void InclusiveScan(T input, T& output, Op op, T& block_aggregate,
                     std::source_location where = std::source_location::current()) {
    scalar(input, output, block_aggregate, T{}, false, false, op, no_prefix(), where);
  }
  template <class Op, class PrefixOp>
  void InclusiveScan(T input, T& output, Op op, PrefixOp& prefix_op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    scalar(input, output, aggregate, T{}, false, false, op, &prefix_op, where);
  }
  template <int N, class Op>
  void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, Op op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, initial_value, true, true, op, no_prefix(), where);
  }
  template <int N, class Op>
  void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, Op op, T& block_aggregate,
                     std::source_location where = std::source_location::current()) {
    items(input, output, block_aggregate, initial_value, true, true, op, no_prefix(), where);
  }
  template <int N, class Op>
  void InclusiveScan(T (&input)[N], T (&output)[N], Op op,
                     std::source_location where = std::source_location::current()) {
    T aggregate;
    items(input, output, aggregate, T{}, false, false, op, no_prefix(), where);
  }
  template <int N, class Op>
  void InclusiveScan(T (&input)[N], T (&output)[N], Op op, T& block_aggregate,
                     std::source_location where = std::source_location::current()) {
    items(input, output, block_aggregate, T{}, false, false, op, no_prefix(), where);
  }

 private:
  static ::parity::simt::libs::cub::Sum sum() { return {}; }
  static NoPrefix* no_prefix() { return nullptr; }

  //! The scan of one value per thread. `exclusive`: output the exclusive prefix; `seeded`: an
  //! initial value (sums: 0) seeds it; a prefix callback seeds it otherwise.
  template <class Op, class PrefixOp>
  void scalar(T input, T& output, T& aggregate, T init, bool exclusive, bool seeded, Op op,
              PrefixOp* prefix_op, const std::source_location& where) {
    T inclusive, exclusive_value;
    bool has_exclusive = false;
    scan(input, inclusive, exclusive_value, has_exclusive, aggregate, init, seeded, op, prefix_op,
         where);
    if (!exclusive) {
      output = inclusive;
    } else if (has_exclusive) {
      output = exclusive_value;  // thread 0 without a seed: undefined, left unchanged
    }
  }

  //! N items per thread: each thread folds its items, the block scans the thread totals, and
  //! each thread scans its items from its prefix.
  template <int N, class Op, class PrefixOp>
  void items(T (&input)[N], T (&output)[N], T& aggregate, T init, bool exclusive, bool seeded,
             Op op, PrefixOp* prefix_op, const std::source_location& where) {
    T total = input[0];
    for (int i = 1; i < N; ++i) total = op(total, input[i]);
    T inclusive, prefix;
    bool has_prefix = false;
    scan(total, inclusive, prefix, has_prefix, aggregate, init, seeded, op, prefix_op, where);
    T running = prefix;
    for (int i = 0; i < N; ++i) {
      const T x = input[i];
      if (exclusive) output[i] = running;
      running = has_prefix || i > 0 ? op(running, x) : x;
      has_prefix = true;
      if (!exclusive) output[i] = running;
    }
  }

  template <class Op, class PrefixOp>
  void scan(T input, T& inclusive, T& exclusive, bool& has_exclusive, T& aggregate, T init,
            bool seeded, Op& op, PrefixOp* prefix_op, const std::source_location& where) {
    check_block<DX, DY, DZ>("BlockScan", false, where);
    const int tid = linear_tid<DX, DY, DZ>();
    const int w = warp_width();
    const int warp = tid / w, lane = tid % w;
    const int warps = (kThreads + w - 1) / w;
    const int warp_lanes = std::min(w, kThreads - warp * w);
    T warp_inclusive = warp_inclusive_scan<F>(input, w, op, where);
    if (lane == warp_lanes - 1) temp_.warp_aggregates[warp] = warp_inclusive;
    sync_block(where);
    // This warp's prefix from the warps before it, and the block's aggregate.
    T warp_prefix{};
    bool has_warp_prefix = false;
    T total{};
    for (int i = 0; i < warps; ++i) {
      const T a = temp_.warp_aggregates[i];
      total = i == 0 ? a : op(total, a);
      if (i == warp - 1) {
        warp_prefix = total;
        has_warp_prefix = true;
      }
    }
    aggregate = total;
    // The seed: the initial value, or the callback's block prefix.
    bool has_seed = seeded;
    T seed = init;
    if (prefix_op != nullptr) {
      if (warp == 0) {
        const T p = (*prefix_op)(total);
        if (lane == 0) temp_.block_prefix[0] = p;
      }
      sync_block(where);
      seed = temp_.block_prefix[0];
      has_seed = true;
    }
    T prefix = warp_prefix;
    bool has_prefix = has_warp_prefix;
    if (has_seed) {
      prefix = has_prefix ? op(seed, warp_prefix) : seed;
      has_prefix = true;
    }
    inclusive = has_prefix ? op(prefix, warp_inclusive) : warp_inclusive;
    // The exclusive value: the previous lane's inclusive value within the warp.
    const T previous = shfl_up<F>(warp_inclusive, 1, w, where);
    if (lane == 0) {
      has_exclusive = has_prefix;
      exclusive = prefix;
    } else {
      has_exclusive = true;
      exclusive = has_prefix ? op(prefix, previous) : previous;
    }
  }

  TempStorage& temp_;
};

}  // namespace parity::simt::libs::cub
