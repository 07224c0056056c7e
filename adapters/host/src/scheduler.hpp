// Internals of the block scheduler, shared by scheduler.cpp, warp.cpp and race.cpp.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <source_location>
#include <string>
#include <string_view>
#include <vector>

#if defined(__x86_64__) && !defined(PARITY_SIMT_BOOST_SWITCH)
// The fast path: an inline stack switch (see switch_to below).
#define PARITY_SIMT_FAST_SWITCH 1
#include <boost/context/stack_context.hpp>
#else
#include <boost/context/fiber.hpp>
#endif

// AddressSanitizer must be told about every fiber switch (PARITY_SIMT_NO_ASAN_FIBERS turns that
// off, only to demonstrate what goes wrong without it; see docs/host-emulation.md).
#if defined(__SANITIZE_ADDRESS__) && !defined(PARITY_SIMT_NO_ASAN_FIBERS)
#define PARITY_SIMT_ASAN 1
#elif defined(__has_feature) && !defined(PARITY_SIMT_NO_ASAN_FIBERS)
#if __has_feature(address_sanitizer)
#define PARITY_SIMT_ASAN 1
#endif
#endif
#ifdef PARITY_SIMT_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#include "parity/simt/barrier.hpp"
#include "parity/simt/launch.hpp"
#include "parity/simt/runtime_api.hpp"
#include "parity/simt/shared_memory.hpp"
#include "parity/simt/target.hpp"
#include "parity/simt/warp.hpp"

namespace parity::simt::detail {

//! Thrown into the threads of a block that has failed, to unwind their stacks.
struct KernelAbort {};

struct Launch {
  LaunchSite site;
  dim3 grid;
  dim3 block;
  std::size_t shared_bytes = 0;
  void* kernel = nullptr;
  DriveFn drive = nullptr;
  const Target* target = nullptr;   // the GPU the kernel was compiled for
  std::uint64_t serial = 0;         // distinguishes launches (static shared-memory accounting)
  long long max_dynamic_attr = -1;  // cudaFuncAttributeMaxDynamicSharedMemorySize, if set
  std::string max_dynamic_set_at;
  int warp_size = 32;
  unsigned warp_shift = 5;
  unsigned nthreads = 0;
  std::uint64_t nblocks = 0;
  std::uint64_t batch = 1;  // blocks a worker claims at a time
  bool race = false;
  // The one field every worker writes while the grid runs, on a cache line of its own: claiming
  // short blocks one by one bounced it between cores on every block (saxpy on two workers was no
  // faster than on one).
  alignas(64) std::atomic<std::uint64_t> next_block{0};
  //! The lowest failed block so far: blocks above it are not started, blocks below it still
  //! run, so the reported failure is the lowest failing block whatever the timing.
  alignas(64) std::atomic<std::uint64_t> first_failed{~std::uint64_t{0}};
  // Static __shared__ bytes of the slots this launch has reached (each slot counted once).
  std::atomic<std::size_t> static_bytes{0};
  std::mutex mutex;
  std::vector<unsigned> static_slots;  // under mutex
  Status status = Status::kSuccess;
  std::string message;
  std::uint64_t failed_block = ~std::uint64_t{0};

  //! Records a failure of block `block_linear`; no higher-numbered block starts. Of the blocks
  //! that fail, the lowest-numbered one is reported.
  void fail(Status s, std::string text, std::uint64_t block_linear);
  //! Marks block `block_linear` failed without a message (when composing one failed).
  void note_failure(std::uint64_t block_linear) noexcept;
};

struct Worker;

struct Fiber {
#ifdef PARITY_SIMT_FAST_SWITCH
  // While suspended: where it resumes (offsets 0, 8 and 16 are used by switch_to's assembly).
  void* sp = nullptr;
  const void* pc = nullptr;
  void* bp = nullptr;
  boost::context::stack_context stack{};
#else
  void* sp = nullptr;             // unused
  boost::context::fiber context;  // valid while the fiber is suspended
#endif
  Worker* worker = nullptr;
  const void* stack_bottom = nullptr;  // AddressSanitizer fiber annotations
  std::size_t stack_size = 0;
  void* fake_stack = nullptr;
};

#ifdef PARITY_SIMT_FAST_SWITCH
static_assert(offsetof(Fiber, sp) == 0 && offsetof(Fiber, pc) == 8 && offsetof(Fiber, bp) == 16,
              "switch_to's assembly addresses these fields by offset");
#endif

//! Race mode's per-worker record of shared-memory accesses (race.cpp).
struct RaceShadow {
  struct Cell {
    std::uint32_t epoch = 0;  // barrier interval of the accesses recorded below
    std::uint32_t block = 0;  // block serial of the last write (0: never written)
    std::int32_t writer = -1;
    std::int32_t reader = -1;
    std::uint32_t writer_sync = 0;
    std::uint32_t reader_sync = 0;
    bool several_readers = false;
  };
  std::vector<Cell> cells;  // dynamic bytes first, then the static region
  std::size_t dynamic_bytes = 0;
  std::uint32_t epoch = 0;
  std::uint32_t block = 0;
  bool reported = false;
  std::string report;
};

//! A FIFO of fibers. A block has at most 1024 threads and each waits in at most one queue at a
//! time, so a fixed ring of 1024 never overflows.
class FiberRing {
 public:
  static constexpr unsigned kCapacity = 1024;
  FiberRing() : slots_(new Fiber*[kCapacity]) {}
  bool empty() const { return head_ == tail_; }
  unsigned size() const { return tail_ - head_; }
  void push(Fiber* f) { slots_[tail_++ & (kCapacity - 1)] = f; }
  Fiber* pop() { return slots_[head_++ & (kCapacity - 1)]; }
  Fiber* peek(unsigned k) const { return slots_[(head_ + k) & (kCapacity - 1)]; }
  void clear() { head_ = tail_ = 0; }
  void swap(FiberRing& other) noexcept {
    slots_.swap(other.slots_);
    std::swap(head_, other.head_);
    std::swap(tail_, other.tail_);
  }

 private:
  std::unique_ptr<Fiber*[]> slots_;
  unsigned head_ = 0;
  unsigned tail_ = 0;
};

//! Everything one OS thread needs to run blocks: its fibers, the running block's queues, its
//! shared-memory arena.
struct Worker {
  Worker();
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  Fiber main_fiber;  // the OS thread's own stack
  Fiber* current = &main_fiber;
  Fiber* previous = nullptr;  // the fiber that switched last (AddressSanitizer, Boost switch)
  // Fibers live in chunks of consecutive records: the switch path reads next->sp, and the
  // hardware prefetcher follows the records of a block's threads when they are adjacent.
  std::vector<std::unique_ptr<Fiber[]>> fiber_chunks;
  std::size_t fibers_in_last_chunk = 0;
  std::vector<Fiber*> idle;
  FiberRing ready;
  FiberRing barrier_waiters;
  std::vector<Fiber*> lane_fiber;    // per thread: its fiber while it waits at a collective
  std::vector<WarpCall*> lane_call;  // per thread: its call while it waits
  std::vector<WarpState> warps;

  Launch* launch = nullptr;
  std::uint64_t claimed_next = 0;  // blocks [claimed_next, claimed_end) are this worker's
  std::uint64_t claimed_end = 0;
  bool block_active = false;
  bool aborted = false;
  std::uint64_t block_linear = 0;

  std::source_location barrier_where;
  BarrierOp barrier_op = BarrierOp::kSync;
  int barrier_accumulator = 0;
  int barrier_result = 0;

  std::byte* arena = nullptr;  // [dynamic region | static region], reserved, committed on touch
  std::uint64_t* shared_stamps = nullptr;  // per static slot: block_serial of its last first use
  std::uint64_t block_serial = 0;
  std::unique_ptr<RaceShadow> race;
};

//! The worker of the calling OS thread (created on first use, never destroyed).
Worker& this_worker();

//! Arena layout: dynamic shared memory first, static __shared__ slots after it. Both are far
//! larger than any target's shared memory (the launch enforces the target's limits).
inline constexpr std::size_t kDynamicRegion = std::size_t{1} << 20;
inline constexpr std::size_t kStaticRegion = std::size_t{63} << 20;
//! Static __shared__ declaration sites (and template instantiations of them) a process may have.
inline constexpr std::size_t kMaxSharedSlots = std::size_t{1} << 16;
//! Bytes of the static region in use (grows as declaration sites are first reached).
std::size_t static_shared_used() noexcept;
//! Name of the static __shared__ variable at `offset` ("tile[+12]"), for race reports.
std::string describe_static_offset(std::size_t offset);

inline bool same_site(const std::source_location& a, const std::source_location& b) noexcept {
  // libstdc++'s source_location is one pointer to static data: equal pointers, same place.
  if (std::memcmp(&a, &b, sizeof a) == 0) return true;
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::string_view(a.file_name()) == b.file_name());
}
std::string site_text(const std::source_location& where);
std::string thread_text(const uint3& idx);

inline void make_ready(Worker& w, Fiber* f) {
  w.ready.push(f);
}

//! Transfers control to `next`, saving the running thread's state in the current fiber; returns
//! when some fiber switches back to it. Inlined into each waiting path, so that every place a
//! fiber can resume is its own jump target (threads parked at one barrier resume at one label).
__attribute__((always_inline)) inline void switch_to(Worker& w, Fiber* next) {
  Fiber* self = w.current;
  // The emulated thread's identity stays in this frame (spilled onto this fiber's stack around
  // the switch), not in another cache line.
  const unsigned x = ::threadIdx.x, y = ::threadIdx.y, z = ::threadIdx.z, tid = t_ctx.tid;
#if defined(PARITY_SIMT_ASAN) || !defined(PARITY_SIMT_FAST_SWITCH)
  // The resumed side finishes the switch on its behalf. Only there: GCC merged this store and
  // the one below into a 16-byte store, and the next fiber's 8-byte load of `current` could not
  // be forwarded from it, which stalled every barrier (30% of its time in perf).
  w.previous = self;
#endif
  w.current = next;
  ++t_ctx.epoch;
#ifdef PARITY_SIMT_ASAN
  __sanitizer_start_switch_fiber(&self->fake_stack, next->stack_bottom, next->stack_size);
#endif
#ifdef PARITY_SIMT_FAST_SWITCH
  // Save this fiber's stack pointer, frame pointer and resume address, load the next fiber's,
  // jump. Every register but those is declared clobbered, so the compiler spills only what is
  // live here, once, instead of a switch routine pushing and popping all callee-saved registers
  // around a call; and threads parked at the same __syncthreads() resume at the same label, so
  // the indirect jump is predicted. rbp travels in the record because it cannot be a clobber
  // when the function keeps a frame pointer (sanitizer builds). The FPU environment (MXCSR,
  // x87 control word) is not switched: all fibers share the rounding mode.
  Fiber* save = self;  // the asm's operands: garbage once another fiber jumps back here
  Fiber* load = next;
  asm volatile(
      "leaq 1f(%%rip), %%rax\n\t"
      "movq %%rsp, 0(%[self])\n\t"
      "movq %%rax, 8(%[self])\n\t"
      "movq %%rbp, 16(%[self])\n\t"
      "movq 16(%[next]), %%rbp\n\t"
      "movq 0(%[next]), %%rsp\n\t"
      "jmpq *8(%[next])\n"
      "1:"
      : [self] "+D"(save), [next] "+S"(load)
      :
      : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "xmm0",
        "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
        "xmm12", "xmm13", "xmm14", "xmm15",
#ifdef __AVX512F__
        "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
        "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6",
        "k7",
#endif
        "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)", "mm0", "mm1", "mm2",
        "mm3", "mm4", "mm5", "mm6", "mm7", "memory", "cc");
#else
  boost::context::fiber from = std::move(next->context).resume();
#endif
#ifdef PARITY_SIMT_ASAN
  const void* bottom = nullptr;
  std::size_t size = 0;
  __sanitizer_finish_switch_fiber(self->fake_stack, &bottom, &size);
  w.previous->stack_bottom = bottom;
  w.previous->stack_size = size;
#endif
#ifndef PARITY_SIMT_FAST_SWITCH
  w.previous->context = std::move(from);
#endif
  ::threadIdx.x = x;
  ::threadIdx.y = y;
  ::threadIdx.z = z;
  t_ctx.tid = tid;
}

//! An idle fiber (created when none is left) to start more threads of the block.
Fiber* take_idle(Worker& w);

//! The next fiber to run: a ready thread first (finishes what started, keeps warps together),
//! else a fresh driver when threads remain to be started.
inline Fiber* pick_next(Worker& w) {
  if (!w.ready.empty()) {
    Fiber* next = w.ready.pop();
#ifdef PARITY_SIMT_FAST_SWITCH
    // The fiber after it resumes one switch from now: start loading its stack top (the spills
    // the switch reloads first), which a block's hundreds of fibers have pushed out of L1.
    if (!w.ready.empty()) {
      const char* sp = static_cast<const char*>(w.ready.peek(0)->sp);
      __builtin_prefetch(sp);
      __builtin_prefetch(sp + 64);
      __builtin_prefetch(sp + 128);
    }
#endif
    return next;
  }
  if (w.block_active && t_ctx.next_tid < t_ctx.nthreads) return take_idle(w);
  return nullptr;
}

[[noreturn]] void deadlock(Worker& w);

//! Suspends the running thread until another switch resumes it; throws KernelAbort when the
//! block failed meanwhile.
__attribute__((always_inline)) inline void suspend(Worker& w) {
  Fiber* next = pick_next(w);
  if (next == nullptr) [[unlikely]]
    deadlock(w);
  switch_to(w, next);
  if (w.aborted) [[unlikely]]
    throw KernelAbort{};
}

//! Fails the block: records the message (prefixed with kernel and block), makes every waiting
//! thread ready so it unwinds, and starts no further thread.
void abort_block_nothrow(Worker& w, Status status, const std::string& message) noexcept;
[[noreturn]] void abort_block(Worker& w, Status status, const std::string& message);

//! Whether every lane of the warp has started and none is ready to run: then each lane is
//! blocked or has returned (the running thread is blocked or returning when this is asked).
inline bool warp_settled(const ThreadContext& c, unsigned warp_index) {
  const unsigned end = (warp_index + 1) << c.warp_shift;
  return c.next_tid >= (end < c.nthreads ? end : c.nthreads) && c.warps[warp_index].ready_mask == 0;
}

//! A thread resumed from a wait: it no longer counts as ready.
inline void lane_resumed(ThreadContext& c) {
  c.warps[c.tid >> c.warp_shift].ready_mask &=
      ~(std::uint64_t{1} << (c.tid & static_cast<unsigned>(::warpSize - 1)));
}

//! Runs the collectives of warp `warp_index` whose lanes have all arrived; returns an error
//! message when a mask does not match the lanes that called.
std::string resolve_warp(Worker& w, unsigned warp_index);

//! The wavefront width a stream was created with (create_stream(w)), else 0 (runtime.cpp).
int stream_warp_override(StreamState* stream) noexcept;

//! Records a failed launch on its stream, the device and the calling thread (runtime.cpp).
void report_kernel_failure(StreamState* stream, Status status, const std::string& message);

// Race mode hooks (race.cpp).
void race_begin_block(Worker& w);
void race_barrier(Worker& w);
std::string race_take_report(Worker& w);

}  // namespace parity::simt::detail
