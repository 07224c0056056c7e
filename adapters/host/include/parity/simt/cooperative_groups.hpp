// A minimal cooperative_groups: the block, warp-sized and smaller tiles (tiled_partition<N>)
// with their sync, shuffles and votes (cg::reduce is in cooperative_groups_reduce.hpp). Grid-wide
// groups (this_grid().sync()) need cooperative launches, which are not emulated.
//
// Members that one vendor or release lacks are refused at compile time with a message (the
// dialect header that includes this one has set PARITY_SIMT_DIALECT_* and the API set):
//   thread_block::group_dim()            CUDA; ROCm >= 5.7
//   thread_block::num_threads(), tile::num_threads()   CUDA; ROCm >= 7.0
//   thread_block::dim_threads()          CUDA only (ROCm 6.x has group_dim)
//   tile::meta_group_rank/size()         CUDA; ROCm >= 5.7 (amd_hip_cooperative_groups.h)
#pragma once

#include <cstdint>
#include <source_location>

#include "parity/simt/barrier.hpp"
#include "parity/simt/context.hpp"
#include "parity/simt/dialect/spelling.hpp"
#include "parity/simt/warp.hpp"

#if defined(PARITY_SIMT_DIALECT_CUDA) || PARITY_SIMT_ROCM_AT_LEAST(50700)
#define PARITY_SIMT_CG_META_GROUP 1
#else
#define PARITY_SIMT_CG_META_GROUP 0
#endif
#if defined(PARITY_SIMT_DIALECT_CUDA) || PARITY_SIMT_ROCM_AT_LEAST(70000)
#define PARITY_SIMT_CG_NUM_THREADS 1
#else
#define PARITY_SIMT_CG_NUM_THREADS 0
#endif
//! A member this dialect and release lack: any use fails to compile, naming it.
#define PARITY_SIMT_CG_REFUSE(ret, name, why)                                                     \
  template <class Unavailable = void>                                                             \
  auto name() const {                                                                             \
    static_assert(::parity::simt::detail::kUnavailable<Unavailable>,                              \
                  "parity-simt (" PARITY_SIMT_API_SET "): cooperative groups: " #name "() " why); \
    return ret{};                                                                                 \
  }

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
  static dim3 group_index() { return ::blockIdx; }
  static dim3 thread_index() { return ::threadIdx; }
#if PARITY_SIMT_CG_NUM_THREADS
  static unsigned num_threads() {
    return size();
  }
#else
  PARITY_SIMT_CG_REFUSE(unsigned, num_threads, "is not in ROCm before 7.0: use size()")
#endif
#if PARITY_SIMT_CG_META_GROUP
  static dim3 group_dim() {
    return ::blockDim;
  }
#else
  PARITY_SIMT_CG_REFUSE(dim3, group_dim, "is not in ROCm before 5.7: use blockDim")
#endif
#ifdef PARITY_SIMT_DIALECT_CUDA
  static dim3 dim_threads() {
    return ::blockDim;
  }
#else
  PARITY_SIMT_CG_REFUSE(dim3, dim_threads, "is CUDA-only: ROCm's thread_block has group_dim()")
#endif
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
#if PARITY_SIMT_CG_NUM_THREADS
  static constexpr unsigned num_threads() {
    return N;
  }
#else
  PARITY_SIMT_CG_REFUSE(unsigned, num_threads, "is not in ROCm before 7.0: use size()")
#endif
  unsigned thread_rank() const {
    return ::parity::simt::detail::lane_id() & (N - 1);
  }
#if PARITY_SIMT_CG_META_GROUP
  unsigned meta_group_rank() const {
    return thread_block::thread_rank() / N;
  }
  unsigned meta_group_size() const {
    return (thread_block::size() + N - 1) / N;
  }
#else
  PARITY_SIMT_CG_REFUSE(unsigned, meta_group_rank,
                        "is not in ROCm before 5.7: use thread_rank() / tile size")
  PARITY_SIMT_CG_REFUSE(unsigned, meta_group_size,
                        "is not in ROCm before 5.7: compute it from the block size")
#endif

  void sync(std::source_location where = std::source_location::current()) const {
    ::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kSyncWarp, true, mask(), 0, where,
                                 true);
  }
  template <class T>
  T shfl(T var, int src_rank, std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShfl, true, mask(), var,
                                           src_rank, static_cast<int>(N), where, true);
  }
  template <class T>
  T shfl_down(T var, unsigned delta,
              std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflDown, true, mask(),
                                           var, static_cast<int>(delta), static_cast<int>(N), where,
                                           true);
  }
  template <class T>
  T shfl_up(T var, unsigned delta,
            std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflUp, true, mask(),
                                           var, static_cast<int>(delta), static_cast<int>(N), where,
                                           true);
  }
  template <class T>
  T shfl_xor(T var, unsigned lane_mask,
             std::source_location where = std::source_location::current()) const {
    return ::parity::simt::detail::shuffle(::parity::simt::detail::WarpOp::kShflXor, true, mask(),
                                           var, static_cast<int>(lane_mask), static_cast<int>(N),
                                           where, true);
  }
  //! Bit r is rank r of this tile.
  unsigned long long ballot(int predicate,
                            std::source_location where = std::source_location::current()) const {
    const std::uint64_t all = ::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kBallot,
                                                           true, mask(), predicate, where, true);
    return (all >> base()) & (N == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << N) - 1);
  }
  int any(int predicate, std::source_location where = std::source_location::current()) const {
    return static_cast<int>(::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kAny, true,
                                                         mask(), predicate, where, true));
  }
  int all(int predicate, std::source_location where = std::source_location::current()) const {
    return static_cast<int>(::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kAll, true,
                                                         mask(), predicate, where, true));
  }

 private:
  static unsigned base() {
    return ::parity::simt::detail::lane_id() & ~(N - 1);
  }
  static std::uint64_t mask() {
    return (N == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << N) - 1) << base();
  }
};

template <unsigned N, class Parent>
thread_block_tile<N> tiled_partition(const Parent&) {
  return {};
}

}  // namespace cooperative_groups

#undef PARITY_SIMT_CG_REFUSE
