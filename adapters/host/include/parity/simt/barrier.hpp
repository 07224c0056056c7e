// __syncthreads and its counting forms. A barrier is identified by its source location: threads
// of a block that wait at different __syncthreads() calls, or wait while others have returned,
// are reported as barrier divergence (an error naming the kernel, the block and both places),
// never a hang.
#pragma once

#include <atomic>
#include <source_location>

#include "parity/simt/context.hpp"

namespace parity::simt::detail {

enum class BarrierOp : unsigned char { kSync, kCount, kAnd, kOr };

//! Waits until every thread of the block has arrived; returns the reduction of `predicate` for
//! kCount / kAnd / kOr.
int barrier(BarrierOp op, int predicate, std::source_location where);

//! Fails the running block (the kernel reports cudaErrorLaunchFailure / hipErrorLaunchFailure).
[[noreturn]] void trap(std::source_location where);

}  // namespace parity::simt::detail

[[noreturn]] inline void __trap(std::source_location where = std::source_location::current()) {
  ::parity::simt::detail::trap(where);
}
inline void __brkpt() {}

inline void __syncthreads(std::source_location where = std::source_location::current()) {
  ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kSync, 0, where);
}
inline int __syncthreads_count(int predicate,
                               std::source_location where = std::source_location::current()) {
  return ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kCount, predicate,
                                         where);
}
inline int __syncthreads_and(int predicate,
                             std::source_location where = std::source_location::current()) {
  return ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kAnd, predicate, where);
}
inline int __syncthreads_or(int predicate,
                            std::source_location where = std::source_location::current()) {
  return ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kOr, predicate, where);
}

// Fences: every emulated access is sequentially consistent already (the host's memory model is
// stronger than the GPU's); a seq_cst fence keeps cross-block publication patterns correct.
inline void __threadfence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
inline void __threadfence_block() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
inline void __threadfence_system() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
