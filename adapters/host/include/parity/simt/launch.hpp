// Kernel launch: what `kernel<<<grid, block, shmem, stream>>>(args...)` and hipLaunchKernelGGL
// become. The rewriter emits
//   launch_kernel(LaunchSite{...}, LaunchConfig(grid, block, shmem, stream),
//                 [&](auto&... a) { kernel(a...); }, args...);
// The arguments are evaluated once and copied (as the GPU runtimes copy kernel parameters), and
// every emulated thread calls the kernel through the lambda with its own copy of each parameter;
// a call, not a function pointer, so template kernels deduce their arguments as with <<<>>>.
//
// drive<F>() is the loop that runs the threads of a block: it is instantiated per launch site, so
// the kernel body inlines into it, and it runs on a fiber. A thread that reaches a barrier or a
// warp collective suspends that fiber and the loop continues on another one; a kernel without
// barriers therefore runs every thread of a block as a plain loop on one fiber.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "parity/simt/context.hpp"

namespace parity::simt {

struct StreamState;  // runtime_api.hpp

namespace detail {

//! Where a launch is written; names the kernel in every error message.
struct LaunchSite {
  const char* file;
  int line;
  const char* kernel;  // the kernel expression as written, e.g. "reduce<float, 256>"
  Dialect dialect;
  bool instrumented;  // compiled with race-mode instrumentation
  int target_id = 0;  // PARITY_SIMT_TARGET_ID of the launching translation unit (0: the default)
};

//! The execution configuration between <<< and >>>.
struct LaunchConfig {
  dim3 grid;
  dim3 block;
  std::size_t shared_bytes;
  StreamState* stream;
  LaunchConfig(dim3 g, dim3 b, std::size_t shmem = 0, StreamState* s = nullptr)
      : grid(g), block(b), shared_bytes(shmem), stream(s) {}
};

using DriveFn = void (*)(void* kernel);

//! Runs the grid on the worker threads and returns when it is done (launches are synchronous;
//! errors go to the stream and to the calling thread's last error).
void launch(const LaunchSite& site, const LaunchConfig& config, void* kernel, DriveFn drive);

void end_thread_slow() noexcept;

//! Bookkeeping when a thread returns; the slow path runs only while other threads wait (at a
//! barrier: divergence; at a warp collective: this exit may complete it).
inline void end_thread() noexcept {
  ThreadContext& c = t_ctx;
  ++c.exited;
  if ((c.barrier_arrived | c.collective_waiters) != 0) [[unlikely]]
    end_thread_slow();
}

//! A thread left the kernel by an exception: the block was aborted, or kernel code threw.
void thread_unwound() noexcept;

//! Runs threads of the block until none is left to start. While no other fiber runs (the
//! epoch is unchanged) the loop keeps its state in registers and only publishes it, so that
//! consecutive threads do not wait on each other's stores; after a switch it reloads.
template <class F>
void drive(void* kernel) {
  F& f = *static_cast<F*>(kernel);
  ThreadContext& c = t_ctx;
  for (;;) {
    const std::uint64_t epoch = c.epoch;
    unsigned t = c.next_tid;
    const unsigned n = c.nthreads;
    if (t >= n) return;
    if (::blockDim.y == 1 && ::blockDim.z == 1 && !c.race_active) {
      // 1-D blocks: only threadIdx.x changes from thread to thread; the rest of the loop state
      // is derived on demand (sync_loop_state), so the loop is a kernel call and a store.
      c.loop_base_tid = t;
      c.loop_base_exited = c.exited;
      c.loop_fast = true;
      ::threadIdx.y = 0;
      ::threadIdx.z = 0;
      bool left = false;
      for (; t < n; ++t) {
        ::threadIdx.x = t;
        try {
          f();
        } catch (...) {
          thread_unwound();
          left = true;
          break;
        }
        // The thread waited, or something synced the loop state (a barrier it released, a
        // lane id), or other threads wait (its return needs the exit checks): continue on the
        // state in memory.
        if (c.epoch != epoch || !c.loop_fast || (c.barrier_arrived | c.collective_waiters) != 0)
            [[unlikely]] {
          sync_loop_state();
          end_thread();
          left = true;
          break;
        }
      }
      if (left) continue;
      // Every thread returned while no thread waited: no exit checks were due.
      c.loop_fast = false;
      c.exited = c.loop_base_exited + (n - c.loop_base_tid);
      c.tid = n - 1;
      c.next_tid = n;
      c.next_xyz = n;
      return;
    }
    unsigned exited = c.exited;
    std::uint64_t xyz = c.next_xyz;
    const unsigned bx = ::blockDim.x, by = ::blockDim.y;
    for (;;) {
      const auto x = static_cast<unsigned>(xyz & 0xffffu);
      ::threadIdx.x = x;
      ::threadIdx.y = static_cast<unsigned>((xyz >> 16) & 0xffffu);
      ::threadIdx.z = static_cast<unsigned>(xyz >> 32);
      if (x + 1 != bx) [[likely]] {
        xyz += 1;
      } else {
        xyz &= ~std::uint64_t{0xffff};  // x = 0
        xyz += std::uint64_t{1} << 16;  // ++y
        if (((xyz >> 16) & 0xffffu) == by) {
          xyz &= ~(std::uint64_t{0xffff} << 16);
          xyz += std::uint64_t{1} << 32;  // ++z
        }
      }
      // Published before the call: a fiber that continues the loop while this thread waits
      // starts from here.
      c.tid = t;
      c.next_tid = t + 1;
      c.next_xyz = xyz;
      try {
        f();
      } catch (...) {
        thread_unwound();
        break;
      }
      if (c.epoch != epoch) {  // this thread waited: other fibers moved the state on
        end_thread();
        break;
      }
      c.exited = ++exited;
      if ((c.barrier_arrived | c.collective_waiters) != 0) [[unlikely]] {
        end_thread_slow();
        if (c.epoch != epoch) break;
      }
      if (++t >= n) return;
    }
  }
}

template <class Body, class... Args>
void launch_kernel(const LaunchSite& site, const LaunchConfig& config, Body&& body,
                   Args&&... args) {
  std::tuple<std::decay_t<Args>...> params(std::forward<Args>(args)...);
  auto call = [&body, &params] { std::apply(body, params); };
#ifdef PARITY_SIMT_TARGET_ID
  // The target this translation unit was compiled for (parity_add_emulated_library defines it).
  LaunchSite here = site;
  here.target_id = PARITY_SIMT_TARGET_ID;
  launch(here, config, &call, &drive<decltype(call)>);
#else
  launch(site, config, &call, &drive<decltype(call)>);
#endif
}

}  // namespace detail
}  // namespace parity::simt

// Whether this translation unit has race-mode instrumentation (-fsanitize=thread, see
// parity_add_emulated_library(... RACE_CHECK)); recorded in every launch site.
#if defined(__SANITIZE_THREAD__)
#define PARITY_SIMT_INSTRUMENTED true
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PARITY_SIMT_INSTRUMENTED true
#endif
#endif
#ifndef PARITY_SIMT_INSTRUMENTED
#define PARITY_SIMT_INSTRUMENTED false
#endif
