// Warp collectives (shuffles, votes, match, __syncwarp) with the launch's warp width. They are
// collective for real: a lane that calls one waits (its fiber suspends) until every lane of its
// warp has either arrived at a collective, reached __syncthreads or returned. The lanes waiting
// at the same call site with the same mask then execute it together, and their mask is checked
// against the lanes that arrived, as each vendor defines the *_sync functions (an error names
// the kernel, block, warp, call site, mask and lanes):
//  - both: every calling lane must be in the mask;
//  - CUDA: every non-exited lane named in the mask must call (lanes that returned, or that the
//    last warp of a block does not have, may be named);
//  - HIP (ROCm 6.2+, amd_warp_sync_functions.h): the mask must equal the lanes that call, so a
//    lane that returned or does not exist may not be named (ROCm's __hip_check_mask traps on it
//    in builds without NDEBUG; release builds ignore the mask).
// A shuffle whose source lane did not take part returns zero on AMD (ds_bpermute) and the
// poison pattern on CUDA, where the value is undefined (parity/poison.hpp).
//
// The dialect headers (cuda_runtime.h, hip/hip_runtime.h) wrap these in the vendor spellings.
#pragma once

#include <cstdint>
#include <cstring>
#include <source_location>
#include <type_traits>

#include "parity/simt/context.hpp"

namespace parity::simt::detail {

enum class WarpOp : unsigned char {
  kShfl,
  kShflUp,
  kShflDown,
  kShflXor,
  kBallot,
  kAny,
  kAll,
  kUni,
  kActiveMask,
  kMatchAny,
  kMatchAll,
  kSyncWarp,
  kReduceAdd,
  kReduceMin,
  kReduceMax,
  kReduceAnd,
  kReduceOr,
  kReduceXor,
};

//! One lane's part in a collective; lives on the lane's stack while it waits.
struct WarpCall {
  WarpOp op;
  bool has_mask;       // the *_sync forms; HIP's maskless forms use the lanes that arrived
  bool is_signed;      // kReduce*: compare as int instead of unsigned
  unsigned size;       // bytes of the value (shuffles, match)
  int arg;             // source lane, delta or lane mask
  int width;           // shuffle segment width
  std::uint64_t mask;  // lanes named by the *_sync mask
  std::source_location where;
  std::uint64_t in[2];   // the lane's value (predicate for votes)
  std::uint64_t out[2];  // the result for this lane
  // A cooperative-groups tile operation: its mask is the tile's lanes, checked as CUDA checks
  // masks in both dialects (ROCm's tiles take no mask argument).
  bool tile = false;
};

//! Blocks until the collective completes; fills call.out.
void warp_collective(WarpCall& call);

const char* warp_op_name(WarpOp op) noexcept;

template <class T>
T shuffle(WarpOp op, bool has_mask, std::uint64_t mask, const T& value, int arg, int width,
          const std::source_location& where, bool tile = false) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 16,
                "parity-simt: shuffles take trivially copyable values of at most 16 bytes");
  WarpCall call{op, has_mask, false, sizeof(T), arg, width, mask, where, {0, 0}, {0, 0}, tile};
  std::memcpy(call.in, &value, sizeof(T));
  warp_collective(call);
  T result;
  std::memcpy(&result, call.out, sizeof(T));
  return result;
}

inline std::uint64_t vote(WarpOp op, bool has_mask, std::uint64_t mask, int predicate,
                          const std::source_location& where, bool tile = false) {
  WarpCall call{op,     has_mask, false, 4, 0, 0, mask, where, {predicate != 0 ? 1u : 0u, 0},
                {0, 0}, tile};
  warp_collective(call);
  return call.out[0];
}

template <class T>
std::uint64_t match(WarpOp op, std::uint64_t mask, const T& value, int* all_equal,
                    const std::source_location& where) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 8,
                "parity-simt: __match_*_sync takes 32- or 64-bit values");
  WarpCall call{op, true, false, sizeof(T), 0, 0, mask, where, {0, 0}, {0, 0}};
  std::memcpy(call.in, &value, sizeof(T));
  warp_collective(call);
  if (all_equal) *all_equal = static_cast<int>(call.out[1]);
  return call.out[0];
}

template <class T>
T reduce(WarpOp op, std::uint64_t mask, T value, const std::source_location& where) {
  static_assert(std::is_integral_v<T> && sizeof(T) == 4, "parity-simt: __reduce_*_sync: 32-bit");
  WarpCall call{op, true, std::is_signed_v<T>, 4, 0, 0, mask, where, {0, 0}, {0, 0}};
  std::memcpy(call.in, &value, sizeof(T));
  warp_collective(call);
  T result;
  std::memcpy(&result, call.out, sizeof(T));
  return result;
}

//! The calling lane's index in its warp.
inline unsigned lane_id() {
  sync_loop_state();
  return t_ctx.tid & static_cast<unsigned>(::warpSize - 1);
}

}  // namespace parity::simt::detail
