// A minimal cooperative_groups: the block, warp-sized and smaller tiles (tiled_partition<N>)
// with their sync, shuffles and votes, and cg::reduce. Grid-wide groups (this_grid().sync())
// need cooperative launches, which are not emulated.
#pragma once

#include <cstdint>
#include <source_location>

#include "parity/simt/barrier.hpp"
#include "parity/simt/context.hpp"
#include "parity/simt/warp.hpp"

namespace cooperative_groups {

class thread_block {
 public:
  void sync(std::source_location where = std::source_location::current()) const {
    ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kSync, 0, where);
  }
  static unsigned thread_rank() {
    ::parity::simt::detail::sync_loop_state();
    return ::parity::simt::detail::t_ctx.tid;
  }
  static unsigned size() { return ::blockDim.x * ::blockDim.y * ::blockDim.z; }
  static unsigned num_threads() { return size(); }
  static dim3 group_index() { return ::blockIdx; }
  static dim3 thread_index() { return ::threadIdx; }
  static dim3 group_dim() { return ::blockDim; }
  static dim3 dim_threads() { return ::blockDim; }
};

inline thread_block this_thread_block() {
  return {};
}

//! N consecutive lanes of a warp (N a power of two, at most the warp size).
template <unsigned N>
class thread_block_tile {
  static_assert(N > 0 && N <= 64 && (N & (N - 1)) == 0,
                "parity-simt: tiled_partition<N> needs a power of two N <= 64");

 public:
  static constexpr unsigned size() { return N; }
  static constexpr unsigned num_threads() { return N; }
  unsigned thread_rank() const { return ::parity::simt::detail::lane_id() & (N - 1); }
  unsigned meta_group_rank() const { return thread_block::thread_rank() / N; }
  unsigned meta_group_size() const { return (thread_block::size() + N - 1) / N; }

  void sync(std::source_location where = std::source_location::current()) const {
    ::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kSyncWarp, true, mask(), 0, where);
  }
  template <class T>
  T shfl(T var, int src_rank, std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShfl, true, mask(), var,
                                           src_rank, static_cast<int>(N), where);
  }
  template <class T>
  T shfl_down(T var, unsigned delta,
              std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflDown, true, mask(),
                                           var, static_cast<int>(delta), static_cast<int>(N),
                                           where);
  }
  template <class T>
  T shfl_up(T var, unsigned delta,
            std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflUp, true, mask(),
                                           var, static_cast<int>(delta), static_cast<int>(N),
                                           where);
  }
  template <class T>
  T shfl_xor(T var, unsigned lane_mask,
             std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflXor, true, mask(),
                                           var, static_cast<int>(lane_mask), static_cast<int>(N),
                                           where);
  }
  //! Bit r is rank r of this tile.
  unsigned long long ballot(int predicate,
                            std::source_location where = std::source_location::current()) const {
    const std::uint64_t all = ::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kBallot,
                                                           true, mask(), predicate, where);
    return (all >> base()) & (N == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << N) - 1);
  }
  int any(int predicate, std::source_location where = std::source_location::current()) const {
    return static_cast<int>(::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kAny, true,
                                                         mask(), predicate, where));
  }
  int all(int predicate, std::source_location where = std::source_location::current()) const {
    return static_cast<int>(::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kAll, true,
                                                         mask(), predicate, where));
  }

 private:
  static unsigned base() { return ::parity::simt::detail::lane_id() & ~(N - 1); }
  static std::uint64_t mask() {
    return (N == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << N) - 1) << base();
  }
};

template <unsigned N, class Parent>
thread_block_tile<N> tiled_partition(const Parent&) {
  return {};
}

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
