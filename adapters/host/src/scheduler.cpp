// The block scheduler: blocks spread over worker threads, threads of a block as fibers.
//
// Every fiber runs the same loop: it claims the next unstarted thread of the running block and
// calls the kernel (drive<F>, where the kernel body is inlined). When a thread must wait (a
// barrier, a warp collective) its fiber is parked with it and execution switches to a fiber that
// can run: a thread made ready by a completed barrier/collective, or an idle fiber that goes on
// starting threads. So a block costs fibers only for the threads that actually wait, and a kernel
// without barriers runs as one plain loop per block. The fiber that sees the last thread of a
// block return claims the next block itself; only when the worker's share of the grid is done
// does control go back to the OS thread's own stack.
//
// Fibers run on guard-paged Boost.Context stacks and are created once per worker and reused for
// every block and launch, so stack allocation is never on the hot path. On x86-64 they switch
// with a few inline instructions (switch_to in scheduler.hpp); elsewhere, or with
// PARITY_SIMT_PORTABLE_SWITCH (CMake option), with Boost.Context's fiber.
#include "scheduler.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include <boost/context/protected_fixedsize_stack.hpp>

#include "func_attributes.hpp"
#include "parity/poison.hpp"

constinit thread_local uint3 threadIdx{0, 0, 0};
constinit thread_local uint3 blockIdx{0, 0, 0};
constinit thread_local dim3 blockDim{1, 1, 1};
constinit thread_local dim3 gridDim{1, 1, 1};
constinit thread_local int warpSize = 32;

namespace parity::simt::detail {
[[noreturn]] void fiber_entry(Fiber* f);
}  // namespace parity::simt::detail

#ifdef PARITY_SIMT_FAST_SWITCH
extern "C" void parity_simt_fiber_start();
extern "C" __attribute__((used)) void parity_simt_fiber_entry(parity::simt::detail::Fiber* f) {
  parity::simt::detail::fiber_entry(f);
}
#endif

namespace parity::simt::detail {

constinit thread_local ThreadContext t_ctx{};

void fiber_main(Worker& w);

namespace {

Fiber* new_fiber_record(Worker& w) {
  constexpr std::size_t kChunk = 128;
  if (w.fiber_chunks.empty() || w.fibers_in_last_chunk == kChunk) {
    w.fiber_chunks.push_back(std::make_unique<Fiber[]>(kChunk));
    w.fibers_in_last_chunk = 0;
  }
  return &w.fiber_chunks.back()[w.fibers_in_last_chunk++];
}

namespace ctx = boost::context;

std::size_t stack_bytes() {
  static const std::size_t bytes = [] {
    std::size_t kib = 64;
#ifdef PARITY_SIMT_ASAN
    kib = 256;  // AddressSanitizer's redzones make frames several times larger
#endif
    if (const char* env = std::getenv("PARITY_SIMT_STACK_KIB")) {
      long v = std::strtol(env, nullptr, 10);
      if (v >= 16) kib = static_cast<std::size_t>(v);
    }
    return kib * 1024;
  }();
  return bytes;
}

//! Stacks are page-aligned, so the hot top frames of all fibers would fall into the same cache
//! sets and evict each other on every switch; each stack therefore starts at a different offset
//! ("colour") below its top.
constexpr std::size_t kColourRange = 16 * 1024;

//! The Boost allocator with colouring, remembering where the stack is (AddressSanitizer needs
//! its bounds).
struct RecordingStack {
  ctx::protected_fixedsize_stack inner;
  Fiber* fiber;
  std::size_t colour = 0;
  ctx::stack_context allocate() {
    ctx::stack_context sc = inner.allocate();
    static thread_local std::size_t counter = 0;
    colour = (counter++ * 1088) % kColourRange;  // 1088 = 17 cache lines: cycles every set
    sc.sp = static_cast<char*>(sc.sp) - colour;
    sc.size -= colour;
    fiber->stack_bottom = static_cast<char*>(sc.sp) - sc.size;
    fiber->stack_size = sc.size;
    return sc;
  }
  void deallocate(ctx::stack_context& sc) noexcept {
    sc.sp = static_cast<char*>(sc.sp) + colour;
    sc.size += colour;
    inner.deallocate(sc);
  }
};

// Process-wide layout of the static __shared__ region.
struct SlotRecord {
  std::size_t offset = 0;
  std::size_t size = 0;
  const char* name = "";                     // the rewriter passes string literals
  std::atomic<std::uint64_t> counted_in{0};  // the launch serial that last counted this slot
};
struct SharedLayout {
  std::mutex mutex;
  std::atomic<std::size_t> used{0};
  std::unique_ptr<SlotRecord[]> slots{new SlotRecord[kMaxSharedSlots]};
  std::atomic<unsigned> count{0};
};
SharedLayout& shared_layout() {
  static SharedLayout* layout = new SharedLayout;  // never destroyed: threads may outlive main
  return *layout;
}

std::mutex& workers_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}
std::vector<Worker*>& all_workers() {
  static std::vector<Worker*>* v = new std::vector<Worker*>;  // keeps workers reachable
  return *v;
}

thread_local Worker* t_worker = nullptr;

#ifdef PARITY_SIMT_FAST_SWITCH
// Where a new fiber starts: switch_to jumps here with the stack pointer at {Fiber*, 0}, 16-byte
// aligned, so the call gives parity_simt_fiber_entry the ABI's alignment.
asm(R"(
    .text
    .globl parity_simt_fiber_start
    .hidden parity_simt_fiber_start
    .type parity_simt_fiber_start, @function
    .p2align 4
parity_simt_fiber_start:
    movq (%rsp), %rdi
    call parity_simt_fiber_entry
    ud2
    .size parity_simt_fiber_start, .-parity_simt_fiber_start
)");

}  // namespace

//! Where a new fiber starts (called by parity_simt_fiber_start).
[[noreturn]] void fiber_entry(Fiber* f) {
  Worker& w = *f->worker;
#ifdef PARITY_SIMT_ASAN
  const void* bottom = nullptr;
  std::size_t size = 0;
  __sanitizer_finish_switch_fiber(nullptr, &bottom, &size);
  w.previous->stack_bottom = bottom;
  w.previous->stack_size = size;
#endif
  fiber_main(w);
  std::abort();  // fiber_main never returns
}

namespace {

Fiber* create_fiber(Worker& w) {
  Fiber* f = new_fiber_record(w);
  f->worker = &w;
  RecordingStack allocator{ctx::protected_fixedsize_stack(stack_bytes() + kColourRange), f};
  f->stack = allocator.allocate();
  // Initial frame: the Fiber for the start routine, and padding that keeps the stack pointer
  // 16-byte aligned.
  auto top = reinterpret_cast<std::uintptr_t>(f->stack.sp) & ~std::uintptr_t{15};
  auto* frame = reinterpret_cast<void**>(top) - 2;
  frame[0] = f;
  frame[1] = nullptr;
  f->sp = frame;
  f->pc = reinterpret_cast<const void*>(&parity_simt_fiber_start);
  f->bp = nullptr;
  return f;
}
#else
Fiber* create_fiber(Worker& w) {
  Fiber* f = new_fiber_record(w);
  f->worker = &w;
  f->context =
      ctx::fiber(std::allocator_arg,
                 RecordingStack{ctx::protected_fixedsize_stack(stack_bytes() + kColourRange), f},
                 [&w](ctx::fiber&& from) {
#ifdef PARITY_SIMT_ASAN
                   const void* bottom = nullptr;
                   std::size_t size = 0;
                   __sanitizer_finish_switch_fiber(nullptr, &bottom, &size);
                   w.previous->stack_bottom = bottom;
                   w.previous->stack_size = size;
#endif
                   w.previous->context = std::move(from);
                   fiber_main(w);
                   return std::move(w.main_fiber.context);
                 });
  return f;
}
#endif

}  // namespace

namespace {

void setup_launch(Worker& w, Launch& l) {
  ThreadContext& c = t_ctx;
  w.launch = &l;
  w.claimed_next = w.claimed_end = 0;
  ::blockDim = l.block;
  ::gridDim = l.grid;
  ::warpSize = l.warp_size;
  c.warp_shift = l.warp_shift;
  c.nthreads = l.nthreads;
  c.dialect = l.site.dialect;
  const unsigned nwarps = (l.nthreads + static_cast<unsigned>(l.warp_size) - 1) >> l.warp_shift;
  w.warps.assign(nwarps, WarpState{});
  c.warps = w.warps.data();
  w.lane_fiber.assign(l.nthreads, nullptr);
  w.lane_call.assign(l.nthreads, nullptr);
  c.shared_dynamic = w.arena;
  c.shared_static = w.arena + kDynamicRegion;
  c.shared_stamps = w.shared_stamps;
  c.in_kernel = true;
  c.race_active = l.race;
  c.worker = &w;
}

void setup_block(Worker& w, std::uint64_t b) {
  ThreadContext& c = t_ctx;
  const Launch& l = *w.launch;
  ::blockIdx.x = static_cast<unsigned>(b % l.grid.x);
  ::blockIdx.y = static_cast<unsigned>((b / l.grid.x) % l.grid.y);
  ::blockIdx.z = static_cast<unsigned>(b / (std::uint64_t{l.grid.x} * l.grid.y));
  c.next_tid = 0;
  c.next_xyz = 0;
  c.collective_waiters = 0;
  c.loop_fast = false;
  c.exited = 0;
  c.barrier_arrived = 0;
  const unsigned ws = static_cast<unsigned>(l.warp_size);
  for (std::size_t i = 0; i < w.warps.size(); ++i) {
    WarpState& warp = w.warps[i];
    const unsigned first = static_cast<unsigned>(i) * ws;
    const unsigned lanes = std::min(ws, l.nthreads - first);
    warp.live_mask = lanes == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lanes) - 1;
    warp.collective_mask = warp.ready_mask = 0;
  }
  c.block_serial = ++w.block_serial;
  // A block's shared memory holds whatever the SM last left there: the poison pattern here
  // (static slots are poisoned when the block first reaches them, shared_first_use).
  if (l.shared_bytes != 0 && poison()) ::parity::poison::fill(c.shared_dynamic, l.shared_bytes);
  w.aborted = false;
  w.block_active = true;
  w.block_linear = b;
  if (l.race) race_begin_block(w);
}

bool start_next_block(Worker& w) {
  Launch& l = *w.launch;
  if (w.claimed_next == w.claimed_end) {
    const std::uint64_t b = l.next_block.fetch_add(l.batch, std::memory_order_relaxed);
    if (b >= l.nblocks) return false;
    w.claimed_next = b;
    w.claimed_end = std::min(b + l.batch, l.nblocks);
  }
  const std::uint64_t b = w.claimed_next++;
  if (b > l.first_failed.load(std::memory_order_relaxed)) {
    w.claimed_next = w.claimed_end;  // later blocks, and every later claim, are moot
    return false;
  }
  setup_block(w, b);
  return true;
}

void finish_block(Worker& w) {
  if (w.launch->race && !w.aborted) {
    std::string report = race_take_report(w);
    if (!report.empty()) {
      w.launch->fail(Status::kLaunchFailure,
                     std::string("kernel '") + w.launch->site.kernel + "' (launched at " +
                         w.launch->site.file + ":" + std::to_string(w.launch->site.line) +
                         "): " + report,
                     w.block_linear);
    }
  }
}

void park(Worker& w, Fiber* self) {
  Fiber* next = pick_next(w);
  if (next == nullptr) {
    // Nothing can run although threads have not returned: a wait nobody can complete.
    abort_block_nothrow(w, Status::kLaunchFailure,
                        "deadlock: " + std::to_string(t_ctx.nthreads - t_ctx.exited) +
                            " threads wait and none can proceed");
    next = pick_next(w);
    if (next == nullptr) next = &w.main_fiber;
  }
  w.idle.push_back(self);
  switch_to(w, next);
}

//! Runs this OS thread's share of the grid; returns when no block is left to claim.
void run_share(Launch& l) {
  Worker& w = this_worker();
  setup_launch(w, l);
  if (start_next_block(w)) switch_to(w, take_idle(w));
  w.launch = nullptr;
  w.block_active = false;
  t_ctx.in_kernel = false;
  t_ctx.race_active = false;
}

int default_worker_count() {
  if (const char* env = std::getenv("PARITY_SIMT_THREADS")) {
    long v = std::strtol(env, nullptr, 10);
    if (v >= 1) return static_cast<int>(std::min(v, 256L));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

std::atomic<int>& worker_setting() {
  static std::atomic<int> count{default_worker_count()};
  return count;
}

//! Spins for up to about 30 microseconds until `done()`; false if it never was. Launches tend
//! to follow each other within microseconds (a test's loop, a multi-kernel op), and waking a
//! thread blocked in the kernel takes 15-20 us here, longer than a small launch runs.
template <class Done>
bool spin_until(Done done) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::microseconds(30);
  for (unsigned i = 1;; ++i) {
    if (done()) return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    if (i % 64 == 0 && std::chrono::steady_clock::now() > give_up) return done();
  }
}

//! Worker threads that help the launching thread; one launch at a time. Both sides spin briefly
//! before blocking on a condition variable (see spin_until).
class Pool {
 public:
  void run(Launch& l, int helpers) {
    std::lock_guard run_lock(run_mutex_);
    {
      std::lock_guard lock(mutex_);
      while (static_cast<int>(threads_.size()) < helpers) {
        const int index = static_cast<int>(threads_.size());
        threads_.emplace_back([this, index] { loop(index); });
      }
      launch_ = &l;
      wanted_ = helpers;
      busy_.store(helpers, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    if (helpers > 0) wake_.notify_all();
    run_share(l);
    if (!spin_until([this] { return busy_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock lock(mutex_);
      done_.wait(lock, [this] { return busy_.load(std::memory_order_acquire) == 0; });
    }
  }

 private:
  void loop(int index) {
    std::uint64_t seen = 0;
    for (;;) {
      spin_until([&] { return generation_.load(std::memory_order_acquire) != seen; });
      Launch* l = nullptr;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen; });
        seen = generation_.load(std::memory_order_relaxed);
        if (index >= wanted_) continue;
        l = launch_;
      }
      run_share(*l);
      if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        // Under the mutex: the launcher checks busy_ under it before it sleeps.
        std::lock_guard lock(mutex_);
        done_.notify_all();
      }
    }
  }

  std::mutex run_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::vector<std::thread> threads_;
  Launch* launch_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};
  int wanted_ = 0;
  std::atomic<int> busy_{0};
};

Pool& pool() {
  static Pool* p = new Pool;  // never destroyed: its threads live until the process exits
  return *p;
}

}  // namespace

// ----- shared memory layout -----

SharedSlot register_shared(std::size_t size, std::size_t align, const char* name) {
  SharedLayout& layout = shared_layout();
  std::lock_guard lock(layout.mutex);
  std::size_t offset = layout.used.load(std::memory_order_relaxed);
  offset = (offset + align - 1) / align * align;
  const unsigned id = layout.count.load(std::memory_order_relaxed);
  if (offset + size > kStaticRegion || id >= kMaxSharedSlots) {
    std::fprintf(stderr,
                 "parity-simt: static __shared__ variables exceed the emulator's %zu MiB region "
                 "or %zu declarations (declaring '%s', %zu bytes); this is far beyond any GPU's "
                 "shared memory\n",
                 kStaticRegion >> 20, kMaxSharedSlots, name, size);
    std::abort();
  }
  SlotRecord& r = layout.slots[id];
  r.offset = offset;
  r.size = size;
  r.name = name ? name : "";
  layout.count.store(id + 1, std::memory_order_release);
  layout.used.store(offset + size, std::memory_order_release);
  return {id, offset};
}

std::size_t static_shared_used() noexcept {
  return shared_layout().used.load(std::memory_order_acquire);
}

std::string describe_static_offset(std::size_t offset) {
  SharedLayout& layout = shared_layout();
  std::lock_guard lock(layout.mutex);
  const unsigned n = layout.count.load(std::memory_order_acquire);
  for (unsigned i = 0; i < n; ++i) {
    const SlotRecord& s = layout.slots[i];
    if (offset >= s.offset && offset < s.offset + s.size) {
      return "__shared__ " + (*s.name == '\0' ? std::string("variable") : std::string(s.name)) +
             " + " + std::to_string(offset - s.offset) + " bytes";
    }
  }
  return "static shared offset " + std::to_string(offset);
}

// ----- workers -----

void fiber_main(Worker& w) {
  for (;;) {
    Fiber* self = w.current;
    if (w.block_active) w.launch->drive(w.launch->kernel);
    if (w.block_active && t_ctx.exited == t_ctx.nthreads) {
      finish_block(w);
      if (start_next_block(w)) continue;
      w.block_active = false;
    }
    if (!w.block_active) {
      w.idle.push_back(self);
      switch_to(w, &w.main_fiber);
      continue;
    }
    park(w, self);
  }
}

Fiber* take_idle(Worker& w) {
  if (w.idle.empty()) return create_fiber(w);
  Fiber* f = w.idle.back();
  w.idle.pop_back();
  return f;
}

void deadlock(Worker& w) {
  abort_block(w, Status::kLaunchFailure,
              "deadlock: thread " + thread_text(::threadIdx) +
                  " waits and no other thread of the block can proceed");
}

Worker::Worker() {
  void* p = mmap(nullptr, kDynamicRegion + kStaticRegion, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "parity-simt: cannot reserve %zu MiB for shared memory\n",
                 (kDynamicRegion + kStaticRegion) >> 20);
    std::abort();
  }
  arena = static_cast<std::byte*>(p);
  // Zero pages until touched; stamps start at 0, which no block's serial is.
  void* stamps = mmap(nullptr, kMaxSharedSlots * sizeof(std::uint64_t), PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stamps == MAP_FAILED) {
    std::fprintf(stderr, "parity-simt: cannot reserve the shared-memory slot table\n");
    std::abort();
  }
  shared_stamps = static_cast<std::uint64_t*>(stamps);
}

Worker::~Worker() {
  munmap(arena, kDynamicRegion + kStaticRegion);
  munmap(shared_stamps, kMaxSharedSlots * sizeof(std::uint64_t));
}

Worker& this_worker() {
  if (t_worker == nullptr) {
    t_worker = new Worker;
    std::lock_guard lock(workers_mutex());
    all_workers().push_back(t_worker);
  }
  return *t_worker;
}

std::string site_text(const std::source_location& where) {
  std::string file = where.file_name();
  return file + ":" + std::to_string(where.line());
}

std::string thread_text(const uint3& idx) {
  return "(" + std::to_string(idx.x) + "," + std::to_string(idx.y) + "," + std::to_string(idx.z) +
         ")";
}

void Launch::fail(Status s, std::string text, std::uint64_t block_linear) {
  std::lock_guard lock(mutex);
  if (status == Status::kSuccess || block_linear < failed_block) {
    status = s;
    message = std::move(text);
    failed_block = block_linear;
  }
  note_failure(block_linear);
}

void Launch::note_failure(std::uint64_t block_linear) noexcept {
  std::uint64_t seen = first_failed.load(std::memory_order_relaxed);
  while (block_linear < seen &&
         !first_failed.compare_exchange_weak(seen, block_linear, std::memory_order_relaxed)) {
  }
}

void abort_block_nothrow(Worker& w, Status status, const std::string& message) noexcept {
  if (w.aborted) return;
  ThreadContext& c = t_ctx;
  w.aborted = true;
  ++c.epoch;  // thread loops must reload: no thread is left to start
  try {
    const Launch& l = *w.launch;
    w.launch->fail(status,
                   std::string("kernel '") + l.site.kernel + "' (launched at " + l.site.file + ":" +
                       std::to_string(l.site.line) + ") failed in block " +
                       thread_text(::blockIdx) + ": " + message,
                   w.block_linear);
  } catch (...) {
    w.launch->note_failure(w.block_linear);
  }
  // Threads not started yet count as returned; waiting threads unwind when resumed.
  c.exited += c.nthreads - c.next_tid;
  c.next_tid = c.nthreads;
  c.barrier_arrived = 0;
  while (!w.barrier_waiters.empty()) w.ready.push(w.barrier_waiters.pop());
  w.barrier_waiters.clear();
  for (std::size_t i = 0; i < w.warps.size(); ++i) {
    WarpState& warp = w.warps[i];
    std::uint64_t waiting = warp.collective_mask;
    while (waiting) {
      const unsigned lane = static_cast<unsigned>(std::countr_zero(waiting));
      waiting &= waiting - 1;
      Fiber* f = w.lane_fiber[(i << c.warp_shift) + lane];
      if (f != w.current) w.ready.push(f);
    }
    warp.collective_mask = 0;
  }
  c.collective_waiters = 0;
}

void abort_block(Worker& w, Status status, const std::string& message) {
  abort_block_nothrow(w, status, message);
  throw KernelAbort{};
}

// ----- thread exit -----

void end_thread_slow() noexcept {
  ThreadContext& c = t_ctx;
  Worker& w = *static_cast<Worker*>(c.worker);
  if (w.aborted) return;
  if (c.barrier_arrived != 0) {
    abort_block_nothrow(w, Status::kLaunchFailure,
                        "barrier divergence: thread " + thread_text(::threadIdx) +
                            " returned while " + std::to_string(c.barrier_arrived) +
                            " thread(s) of the block wait at __syncthreads() (" +
                            site_text(w.barrier_where) +
                            "); every thread must reach every barrier");
    return;
  }
  const unsigned warp_index = c.tid >> c.warp_shift;
  WarpState& warp = c.warps[warp_index];
  if (warp.collective_mask != 0 && warp_settled(c, warp_index)) {
    std::string error;
    try {
      error = resolve_warp(w, warp_index);
    } catch (...) {
      error = "out of memory while completing a warp collective";
    }
    if (!error.empty()) abort_block_nothrow(w, Status::kLaunchFailure, error);
  }
}

void thread_unwound() noexcept {
  sync_loop_state();
  ThreadContext& c = t_ctx;
  Worker& w = *static_cast<Worker*>(c.worker);
  try {
    throw;
  } catch (const KernelAbort&) {
  } catch (const std::exception& e) {
    abort_block_nothrow(w, Status::kLaunchFailure,
                        "thread " + thread_text(::threadIdx) + " threw " + e.what());
  } catch (...) {
    abort_block_nothrow(w, Status::kLaunchFailure,
                        "thread " + thread_text(::threadIdx) + " threw an exception");
  }
  ++c.exited;
}

// ----- barriers -----

namespace {

[[noreturn, gnu::noinline, gnu::cold]] void barrier_after_exit(const std::source_location& where) {
  ThreadContext& c = t_ctx;
  if (!c.in_kernel) {
    std::fprintf(stderr, "parity-simt: __syncthreads() called outside a kernel at %s:%u\n",
                 where.file_name(), where.line());
    std::abort();
  }
  abort_block(*static_cast<Worker*>(c.worker), Status::kLaunchFailure,
              "barrier divergence: thread " + thread_text(::threadIdx) +
                  " waits at __syncthreads() (" + site_text(where) + ") but " +
                  std::to_string(c.exited) +
                  " thread(s) of the block have already returned; every thread must reach "
                  "every barrier");
}

[[noreturn, gnu::noinline, gnu::cold]] void barrier_mismatch(Worker& w,
                                                             const std::source_location& where) {
  abort_block(w, Status::kLaunchFailure,
              "barrier divergence: thread " + thread_text(::threadIdx) + " waits at " +
                  site_text(where) + " while " + std::to_string(t_ctx.barrier_arrived) +
                  " thread(s) wait at " + site_text(w.barrier_where) +
                  "; all threads of a block must wait at the same __syncthreads()");
}

[[gnu::noinline]] void barrier_resolve(Worker& w, unsigned warp_index) {
  if (!warp_settled(t_ctx, warp_index)) return;
  std::string error = resolve_warp(w, warp_index);
  if (!error.empty()) abort_block(w, Status::kLaunchFailure, error);
}

}  // namespace

int barrier(BarrierOp op, int predicate, std::source_location where) {
  sync_loop_state();
  ThreadContext& c = t_ctx;
  if (!c.in_kernel || c.exited != 0) [[unlikely]]
    barrier_after_exit(where);
  Worker& w = *static_cast<Worker*>(c.worker);
  if (c.barrier_arrived == 0) {
    w.barrier_where = where;
    w.barrier_op = op;
    w.barrier_accumulator = op == BarrierOp::kAnd ? 1 : 0;
  } else if (op != w.barrier_op || !same_site(where, w.barrier_where)) [[unlikely]] {
    barrier_mismatch(w, where);
  }
  if (op != BarrierOp::kSync) {
    const int p = predicate != 0 ? 1 : 0;
    if (op == BarrierOp::kCount)
      w.barrier_accumulator += p;
    else if (op == BarrierOp::kAnd)
      w.barrier_accumulator &= p;
    else
      w.barrier_accumulator |= p;
  }
  if (++c.barrier_arrived == c.nthreads) {
    // Everyone is here: release. Nothing else can be ready (every thread waited here), so the
    // waiters simply become the ready queue.
    w.barrier_result = w.barrier_accumulator;
    c.barrier_arrived = 0;
    if (w.ready.empty()) {
      w.ready.swap(w.barrier_waiters);
    } else {
      while (!w.barrier_waiters.empty()) w.ready.push(w.barrier_waiters.pop());
    }
    w.barrier_waiters.clear();
    // Every other thread waited here: all of them are ready now.
    for (WarpState& warp : w.warps) warp.ready_mask = warp.live_mask;
    lane_resumed(c);
    if (c.race_active) race_barrier(w);
    return w.barrier_result;
  }
  if (c.collective_waiters != 0) [[unlikely]]
    barrier_resolve(w, c.tid >> c.warp_shift);
  w.barrier_waiters.push(w.current);
  suspend(w);
  lane_resumed(c);
  return w.barrier_result;
}

void trap(std::source_location where) {
  sync_loop_state();
  ThreadContext& c = t_ctx;
  if (!c.in_kernel) {
    std::fprintf(stderr, "parity-simt: __trap() outside a kernel at %s:%u\n", where.file_name(),
                 where.line());
    std::abort();
  }
  abort_block(
      *static_cast<Worker*>(c.worker), Status::kLaunchFailure,
      "thread " + thread_text(::threadIdx) + " executed __trap() (" + site_text(where) + ")");
}

// ----- launches -----

namespace {

std::uint64_t next_launch_serial() {
  static std::atomic<std::uint64_t> serial{0};
  return serial.fetch_add(1, std::memory_order_relaxed) + 1;
}

int launch_hip_warp_size(StreamState* stream, const Target& t) {
  if (const int w = stream_warp_override(stream); w != 0) return w;
  if (const int w = hip_warp_override(); w != 0) return w;
  return t.warp_size;
}

std::string kib(std::size_t bytes) {
  const std::size_t whole = bytes / 1024, rest = bytes % 1024;
  return std::to_string(bytes) + " bytes (" + std::to_string(whole) +
         (rest == 0 ? "" : "." + std::to_string(rest * 10 / 1024)) + " KiB)";
}

//! How far a CUDA original can go, for the messages of AMD targets: "the CUDA original can opt
//! in to up to 227 KiB per block on sm_90".
std::string cuda_counterpart() {
  const Target& c = current_target(Dialect::kCuda);
  return "A CUDA original can opt in to up to " + std::to_string(c.shared_per_block_optin / 1024) +
         " KiB per block on " + std::string(c.name) + "; ";
}

//! Why `bytes` of dynamic shared memory cannot be launched on `t`, or "".
std::string check_dynamic_shared(const LaunchSite& site, const Target& t, std::size_t bytes,
                                 const std::optional<FuncAttributes>& attributes) {
  if (bytes <= t.shared_per_block && (attributes ? attributes->max_dynamic_shared < 0 : true))
    return {};
  const std::string name(t.name);
  if (!t.optin) {
    if (bytes <= t.shared_per_block) return {};
    return kib(bytes) + " of dynamic shared memory (LDS) exceed " + name + "'s " +
           kib(t.shared_per_block) + " per workgroup (" + std::string(t.product) +
           "): ROCm fails this launch with hipErrorInvalidValue, and on AMD GPUs no attribute "
           "raises the LDS ceiling. " +
           cuda_counterpart() + name + " has no opt-in: tile the kernel or cut its shared memory";
  }
  const long long attr = attributes ? attributes->max_dynamic_shared : -1;
  if (attr < 0) {
    if (bytes <= t.shared_per_block) return {};
    std::string why = kib(bytes) + " of dynamic shared memory exceed the " +
                      kib(t.shared_per_block) + " a block may use on " + name +
                      " without opt-in: the CUDA runtime fails this launch with "
                      "cudaErrorInvalidValue. ";
    if (bytes > t.shared_per_block_optin)
      return why + "Even with cudaFuncSetAttribute " + name + " allows at most " +
             kib(t.shared_per_block_optin) + " per block: tile the kernel or cut its shared memory";
    return why + "The original must call cudaFuncSetAttribute(" + site.kernel +
           ", cudaFuncAttributeMaxDynamicSharedMemorySize, " + std::to_string(bytes) +
           ") before the launch (" + name + " allows up to " + kib(t.shared_per_block_optin) + ")";
  }
  if (bytes <= static_cast<std::size_t>(attr)) return {};
  return kib(bytes) + " of dynamic shared memory exceed the " +
         kib(static_cast<std::size_t>(attr)) +
         " that cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, ...) set "
         "for this kernel at " +
         attributes->set_at +
         ": the CUDA runtime fails this launch with cudaErrorInvalidValue; raise the attribute "
         "to at least the launch's size";
}

//! Why the static shared memory the launch has reached so far (plus its dynamic shared memory)
//! cannot run on the target, or "".
std::string check_static_shared(const Launch& l, std::size_t static_bytes) {
  const Target& t = *l.target;
  const std::string name(t.name), kernel = std::string("kernel '") + l.site.kernel + "'";
  const std::size_t dynamic = l.shared_bytes;
  if (static_bytes > t.static_shared_max) {
    if (t.optin)
      return "static __shared__ memory of " + kernel + " reaches " + kib(static_bytes) +
             "; CUDA caps static shared memory at " + kib(t.static_shared_max) +
             " per block on every target (ptxas refuses the kernel: \"uses too much shared "
             "data\"): allocate beyond that as dynamic shared memory (extern __shared__) with "
             "cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, ...)";
    return "static __shared__ memory of " + kernel + " reaches " + kib(static_bytes) +
           ", more than " + name + "'s " + kib(t.static_shared_max) + " of LDS per workgroup (" +
           std::string(t.product) +
           "): the AMD compiler refuses the kernel (\"local memory ... "
           "exceeds limit\"). " +
           cuda_counterpart() + name + " has no opt-in: tile the kernel or cut its shared memory";
  }
  const std::size_t total = static_bytes + dynamic;
  if (!t.optin) {
    if (total <= t.shared_per_block) return {};
    return "static __shared__ " + kib(static_bytes) + " + dynamic " + kib(dynamic) + " = " +
           kib(total) + " of LDS for " + kernel + " exceed " + name + "'s " +
           kib(t.shared_per_block) + " per workgroup (" + std::string(t.product) +
           "): the launch fails on the GPU. " + cuda_counterpart() + name +
           " has no opt-in: tile the kernel or cut its shared memory";
  }
  if (l.max_dynamic_attr < 0) {
    if (total <= t.shared_per_block) return {};
    return "static __shared__ " + kib(static_bytes) + " + dynamic " + kib(dynamic) + " = " +
           kib(total) + " for " + kernel + " exceed the " + kib(t.shared_per_block) +
           " a block may use on " + name +
           " without opt-in: the CUDA runtime fails this launch with cudaErrorInvalidValue; "
           "opt in with cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, " +
           std::to_string(dynamic) + ") (" + name + " allows static + dynamic up to " +
           kib(t.shared_per_block_optin) + ")";
  }
  const std::size_t attr = static_cast<std::size_t>(l.max_dynamic_attr);
  if (static_bytes + attr <= t.shared_per_block_optin) return {};
  return "cudaFuncSetAttribute(..., cudaFuncAttributeMaxDynamicSharedMemorySize, " +
         std::to_string(attr) + ") at " + l.max_dynamic_set_at + " for " + kernel +
         " succeeded here but fails on " + name + " with cudaErrorInvalidValue: with " +
         kib(static_bytes) + " of static shared memory at most " +
         kib(t.shared_per_block_optin - static_bytes) + " can be opted in (" +
         kib(t.shared_per_block_optin) + " per block)";
}

}  // namespace

void shared_first_use(unsigned id) {
  ThreadContext& c = t_ctx;
  c.shared_stamps[id] = c.block_serial;
  SharedLayout& layout = shared_layout();
  SlotRecord& slot = layout.slots[id];
  if (poison()) ::parity::poison::fill(c.shared_static + slot.offset, slot.size);
  if (!c.in_kernel) return;
  Worker& w = *static_cast<Worker*>(c.worker);
  Launch& l = *w.launch;
  if (slot.counted_in.exchange(l.serial, std::memory_order_relaxed) == l.serial) return;
  const std::size_t total =
      l.static_bytes.fetch_add(slot.size, std::memory_order_relaxed) + slot.size;
  {
    std::lock_guard lock(l.mutex);
    l.static_slots.push_back(id);
  }
  std::string why = check_static_shared(l, total);
  if (why.empty()) return;
  std::string parts;
  {
    std::lock_guard lock(l.mutex);
    for (unsigned s : l.static_slots) {
      parts += parts.empty() ? " (" : ", ";
      parts += std::string(layout.slots[s].name) + " " + std::to_string(layout.slots[s].size);
    }
  }
  if (!parts.empty()) why += "; static slots:" + parts + ")";
  abort_block(w, Status::kInvalidValue, why);
}

void launch(const LaunchSite& site, const LaunchConfig& config, void* kernel, DriveFn drive) {
  auto invalid = [&](Status s, const std::string& why) {
    fail(s, std::string("cannot launch kernel '") + site.kernel + "' at " + site.file + ":" +
                std::to_string(site.line) + ": " + why);
  };
  if (t_ctx.in_kernel) {
    invalid(Status::kNotSupported,
            "launching from device code (dynamic parallelism) is not "
            "emulated");
    return;
  }
  const dim3 g = config.grid, b = config.block;
  const std::uint64_t nthreads = std::uint64_t{b.x} * b.y * b.z;
  const std::uint64_t nblocks = std::uint64_t{g.x} * g.y * g.z;
  auto dims = [](dim3 d) {
    return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
  };
  if (nthreads == 0 || nblocks == 0) {
    invalid(Status::kInvalidConfiguration,
            "grid " + dims(g) + " or block " + dims(b) + " has a zero dimension");
    return;
  }
  const Target* found = site.target_id != 0 ? find_target(site.target_id) : nullptr;
  const Target& t = found != nullptr ? *found : current_target(site.dialect);
  auto on = [&t] { return std::string(t.name) + " (" + std::string(t.product) + ")"; };
  if (nthreads > static_cast<std::uint64_t>(t.max_threads_per_block) || b.x > t.max_block[0] ||
      b.y > t.max_block[1] || b.z > t.max_block[2]) {
    invalid(Status::kInvalidConfiguration,
            "block " + dims(b) + " has " + std::to_string(nthreads) + " threads; " + on() +
                " allows at most " + std::to_string(t.max_threads_per_block) +
                " threads per block and a block of at most " +
                dims(dim3(t.max_block[0], t.max_block[1], t.max_block[2])));
    return;
  }
  if (g.x > t.max_grid[0] || g.y > t.max_grid[1] || g.z > t.max_grid[2]) {
    invalid(Status::kInvalidConfiguration,
            "grid " + dims(g) + " exceeds " + on() + "'s maximum grid " +
                dims(dim3(t.max_grid[0], t.max_grid[1], t.max_grid[2])));
    return;
  }
  if (t.global_size_32bit) {
    // ROCm (clr) refuses a dispatch whose work-items per dimension do not fit 32 bits.
    constexpr std::uint64_t kMax = 0xffffffffu;
    if (std::uint64_t{g.x} * b.x > kMax || std::uint64_t{g.y} * b.y > kMax ||
        std::uint64_t{g.z} * b.z > kMax) {
      invalid(Status::kInvalidConfiguration,
              "grid " + dims(g) + " times block " + dims(b) +
                  " exceeds 2^32 - 1 work-items in a dimension, which ROCm refuses "
                  "(hipErrorInvalidConfiguration); the CUDA original's grid may be larger: "
                  "loop over the data in the kernel (a grid-stride loop)");
      return;
    }
  }
  const std::optional<FuncAttributes> attributes = find_func_attributes(site.dialect, site.kernel);
  const long long max_dynamic_attr = attributes ? attributes->max_dynamic_shared : -1;
  if (std::string why = check_dynamic_shared(site, t, config.shared_bytes, attributes);
      !why.empty()) {
    invalid(Status::kInvalidValue, why);
    return;
  }
  Launch l;
  l.site = site;
  l.grid = g;
  l.block = b;
  l.shared_bytes = config.shared_bytes;
  l.kernel = kernel;
  l.drive = drive;
  l.target = &t;
  l.serial = next_launch_serial();
  l.max_dynamic_attr = max_dynamic_attr;
  if (attributes) l.max_dynamic_set_at = attributes->set_at;
  l.warp_size = site.dialect == Dialect::kCuda ? 32 : launch_hip_warp_size(config.stream, t);
  l.warp_shift = static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(l.warp_size)));
  l.nthreads = static_cast<unsigned>(nthreads);
  l.nblocks = nblocks;
  l.race = race_check() && site.instrumented;
  if (race_check() && !site.instrumented) {
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true)) {
      std::fprintf(stderr,
                   "parity-simt: race check requested, but kernel '%s' (%s:%d) was compiled "
                   "without instrumentation: build it with parity_add_emulated_library(... "
                   "RACE_CHECK)\n",
                   site.kernel, site.file, site.line);
    }
  }
  const int workers = worker_count();
  const int helpers =
      static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(workers), nblocks)) - 1;
  // Batches small enough that every worker gets about 16 of them (load balance), at most 64
  // blocks (so that a failure stops the grid soon).
  l.batch =
      std::clamp<std::uint64_t>(nblocks / (static_cast<std::uint64_t>(helpers + 1) * 16), 1, 64);
  pool().run(l, helpers);
  if (l.status != Status::kSuccess) report_kernel_failure(config.stream, l.status, l.message);
}

// ----- settings -----

}  // namespace parity::simt::detail

namespace parity::simt {

int worker_count() noexcept {
  return detail::worker_setting().load(std::memory_order_relaxed);
}

void set_worker_count(int count) {
  detail::worker_setting().store(std::max(1, std::min(count, 256)), std::memory_order_relaxed);
}

}  // namespace parity::simt
