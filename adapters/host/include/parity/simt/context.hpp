// The state of the emulated GPU thread that is running right now on this OS thread, and the
// built-in variables threadIdx, blockIdx, blockDim, gridDim and warpSize; the scheduler swaps the
// per-thread part on every fiber switch. One OS thread runs one block at a time, so the
// per-block part lives here too. All are constinit thread_locals with the initial-exec TLS model:
// reading threadIdx.x costs one %fs-relative load, no TLS wrapper call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parity/simt/vector_types.hpp"

namespace parity::simt {

//! Which vendor's semantics kernel code was written for: decides the warp width of a launch
//! (CUDA: 32; HIP: 64 unless the stream or PARITY_SIMT_HIP_WARP_SIZE says 32) and the widths of
//! ballot masks.
enum class Dialect : std::uint8_t { kCuda, kHip };

namespace detail {

//! Bookkeeping of one warp of the running block; lanes are bits.
struct WarpState {
  // Neither exits nor barrier waits are recorded per lane (that would cost every thread): while
  // threads wait at __syncthreads no thread may have returned (that is barrier divergence), so
  // a started lane that is neither at a collective, nor ready, nor running waits at the barrier
  // if one is in progress and has returned otherwise.
  std::uint64_t live_mask = 0;        // lanes that exist (the last warp may be partial)
  std::uint64_t collective_mask = 0;  // lanes waiting at a warp collective
  std::uint64_t ready_mask = 0;       // lanes released from a wait that have not resumed yet
  std::uint32_t sync_count = 0;       // warp collectives completed so far (race mode)
};

struct ThreadContext {
  // The emulated thread (swapped on fiber switches, with ::threadIdx).
  unsigned tid = 0;  // linear index in the block: x + y * bx + z * bx * by

  // The block this OS thread runs (one at a time), besides ::blockIdx, ::blockDim, ::gridDim
  // and ::warpSize.
  unsigned warp_shift = 5;  // log2(warpSize)
  unsigned nthreads = 0;    // threads per block
  unsigned next_tid = 0;    // the next thread to start
  // Its threadIdx packed x | y << 16 | z << 32: one word, stored and reloaded whole, so that
  // store-to-load forwarding works in the thread loop.
  std::uint64_t next_xyz = 0;
  unsigned exited = 0;      // threads that have returned
  std::uint64_t epoch = 0;  // changes on every fiber switch and when the block is aborted
  // The 1-D thread loop (see drive()) keeps tid / next_tid / exited in registers; while
  // loop_fast is set they are derived from threadIdx.x and these, by sync_loop_state().
  bool loop_fast = false;
  unsigned loop_base_tid = 0;
  unsigned loop_base_exited = 0;
  unsigned barrier_arrived = 0;
  unsigned collective_waiters = 0;  // lanes of the block waiting at warp collectives
  WarpState* warps = nullptr;
  std::byte* shared_dynamic = nullptr;  // extern __shared__ storage of the block
  std::byte* shared_static = nullptr;   // base of the static __shared__ slots
  // Per static __shared__ slot: the block_serial of the block that last reached it (the worker's
  // table); a block's first use poisons the slot and counts it (shared_memory.hpp).
  std::uint64_t* shared_stamps = nullptr;
  std::uint64_t block_serial = 0;  // changes with every block this worker starts
  bool in_kernel = false;
  bool race_active = false;  // race mode records shared-memory accesses of this block
  unsigned math_depth = 0;   // vendor-math perturbation is off while > 0 (vendor_math.hpp)
  Dialect dialect = Dialect::kCuda;
  void* worker = nullptr;  // scheduler-private
};

extern constinit thread_local ThreadContext t_ctx __attribute__((tls_model("initial-exec")));

}  // namespace detail
}  // namespace parity::simt

// The built-in variables are variables, as in CUDA (not macros: a struct member or a
// cudaDeviceProp field named warpSize or blockDim stays legal). The scheduler writes them; kernel
// code must treat them as read-only.
extern constinit thread_local uint3 threadIdx __attribute__((tls_model("initial-exec")));
extern constinit thread_local uint3 blockIdx __attribute__((tls_model("initial-exec")));
extern constinit thread_local dim3 blockDim __attribute__((tls_model("initial-exec")));
extern constinit thread_local dim3 gridDim __attribute__((tls_model("initial-exec")));
extern constinit thread_local int warpSize __attribute__((tls_model("initial-exec")));

namespace parity::simt::detail {

//! Brings tid, next_tid and exited up to date when the 1-D thread loop kept them in registers.
//! Everything that reads them on behalf of the running thread (waits, lane ids, unwinding)
//! calls this first. In that loop every earlier thread has returned without waiting.
inline void sync_loop_state() noexcept {
  ThreadContext& c = t_ctx;
  if (!c.loop_fast) return;
  c.loop_fast = false;
  const unsigned tid = ::threadIdx.x;
  c.tid = tid;
  c.next_tid = tid + 1;
  c.next_xyz = tid + 1;
  c.exited = c.loop_base_exited + (tid - c.loop_base_tid);
}

}  // namespace parity::simt::detail
