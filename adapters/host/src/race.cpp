// Race mode: shared-memory accesses recorded between barriers.
//
// Kernels built with parity_add_emulated_library(... RACE_CHECK) are compiled with
// -fsanitize=thread but linked without the ThreadSanitizer runtime: the compiler's
// instrumentation then calls the __tsan_* functions below for every load and store, and they
// record accesses that fall into the running block's shared memory. Per byte, the shadow keeps
// the last writer and the readers since the last barrier; a write and another thread's access
// to the same byte in the same barrier interval is a race, unless both threads are lanes of one
// warp that synchronised in between (a shuffle, vote or __syncwarp). A read of a byte that no
// thread of the block has written yet is reported too (shared memory starts undefined).
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "scheduler.hpp"

namespace parity::simt::detail {

namespace {

uint3 index_of(unsigned tid) {
  const unsigned bx = ::blockDim.x, by = ::blockDim.y;
  return uint3{tid % bx, (tid / bx) % by, tid / (bx * by)};
}

std::string where_text(const RaceShadow& s, std::size_t cell) {
  if (cell < s.dynamic_bytes) {
    return "dynamic shared memory + " + std::to_string(cell) + " bytes";
  }
  return describe_static_offset(cell - s.dynamic_bytes);
}

void report(RaceShadow& s, std::size_t cell, const std::string& what) {
  if (s.reported) return;
  s.reported = true;
  s.report = what + " (" + where_text(s, cell) + ")";
}

void access(const volatile void* address, std::size_t size, bool write) noexcept {
  ThreadContext& c = t_ctx;
  if (!c.race_active) return;
  Worker& w = *static_cast<Worker*>(c.worker);
  RaceShadow& s = *w.race;
  if (s.reported) return;
  const auto p = reinterpret_cast<std::uintptr_t>(const_cast<const void*>(address));
  const auto base = reinterpret_cast<std::uintptr_t>(c.shared_dynamic);
  if (p < base || p >= base + kDynamicRegion + kStaticRegion) return;
  std::size_t offset = p - base;
  std::size_t cell;
  if (offset < kDynamicRegion) {
    if (offset >= s.dynamic_bytes) return;
    cell = offset;
  } else {
    offset -= kDynamicRegion;
    if (s.dynamic_bytes + offset + size > s.cells.size()) {
      if (offset >= static_shared_used()) return;
      try {
        s.cells.resize(s.dynamic_bytes + static_shared_used() + 16);
      } catch (...) {
        return;
      }
    }
    cell = s.dynamic_bytes + offset;
  }
  const std::int32_t me = static_cast<std::int32_t>(c.tid);
  const unsigned shift = c.warp_shift;
  const std::uint32_t my_sync = c.warps[c.tid >> shift].sync_count;
  // Two lanes of one warp are ordered when the warp synchronised after the earlier access.
  auto ordered = [&](std::int32_t other, std::uint32_t other_sync) {
    return (static_cast<unsigned>(other) >> shift) == (c.tid >> shift) && other_sync != my_sync;
  };
  try {
    for (std::size_t i = 0; i < size && cell + i < s.cells.size(); ++i) {
      RaceShadow::Cell& x = s.cells[cell + i];
      if (x.epoch != s.epoch) {
        x.epoch = s.epoch;
        x.writer = x.reader = -1;
        x.several_readers = false;
      }
      if (write) {
        if (x.writer >= 0 && x.writer != me && !ordered(x.writer, x.writer_sync)) {
          report(s, cell + i,
                 "shared-memory race: thread " + thread_text(::threadIdx) +
                     " writes a byte that thread " +
                     thread_text(index_of(static_cast<unsigned>(x.writer))) +
                     " wrote, with no __syncthreads() in between");
          return;
        }
        if (x.reader >= 0 && (x.reader != me || x.several_readers) &&
            !(x.reader != me && !x.several_readers && ordered(x.reader, x.reader_sync))) {
          const std::int32_t other = x.reader != me ? x.reader : -1;
          report(s, cell + i,
                 "shared-memory race: thread " + thread_text(::threadIdx) + " writes a byte that " +
                     (other >= 0 ? "thread " + thread_text(index_of(static_cast<unsigned>(other)))
                                 : std::string("other threads")) +
                     " read, with no __syncthreads() in between");
          return;
        }
        x.writer = me;
        x.writer_sync = my_sync;
        x.block = s.block;
      } else {
        if (x.block != s.block) {
          report(s, cell + i,
                 "uninitialized shared memory: thread " + thread_text(::threadIdx) +
                     " reads a byte that no thread of this block has written");
          return;
        }
        if (x.writer >= 0 && x.writer != me && !ordered(x.writer, x.writer_sync)) {
          report(s, cell + i,
                 "shared-memory race: thread " + thread_text(::threadIdx) +
                     " reads a byte that thread " +
                     thread_text(index_of(static_cast<unsigned>(x.writer))) +
                     " wrote, with no __syncthreads() in between");
          return;
        }
        if (x.reader < 0) {
          x.reader = me;
          x.reader_sync = my_sync;
        } else if (x.reader != me) {
          x.several_readers = true;
        }
      }
    }
  } catch (...) {
  }
}

//! Atomic read-modify-writes are never races; they only mark the bytes as initialised.
void atomic_access(const volatile void* address, std::size_t size) noexcept {
  ThreadContext& c = t_ctx;
  if (!c.race_active) return;
  Worker& w = *static_cast<Worker*>(c.worker);
  RaceShadow& s = *w.race;
  const auto p = reinterpret_cast<std::uintptr_t>(const_cast<const void*>(address));
  const auto base = reinterpret_cast<std::uintptr_t>(c.shared_dynamic);
  if (p < base || p >= base + kDynamicRegion + kStaticRegion) return;
  std::size_t offset = p - base;
  std::size_t cell = offset;
  if (offset >= kDynamicRegion)
    cell = s.dynamic_bytes + offset - kDynamicRegion;
  else if (offset >= s.dynamic_bytes)
    return;
  if (cell + size > s.cells.size()) {
    try {
      s.cells.resize(s.dynamic_bytes + static_shared_used() + 16);
    } catch (...) {
      return;
    }
  }
  for (std::size_t i = 0; i < size && cell + i < s.cells.size(); ++i)
    s.cells[cell + i].block = s.block;
}

std::mutex& wide_atomic_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}

}  // namespace

void race_begin_block(Worker& w) {
  if (!w.race) w.race = std::make_unique<RaceShadow>();
  RaceShadow& s = *w.race;
  const std::size_t dynamic = w.launch->shared_bytes;
  const std::size_t total = dynamic + static_shared_used() + 16;
  if (s.dynamic_bytes != dynamic) {
    s.cells.assign(total, RaceShadow::Cell{});
    s.dynamic_bytes = dynamic;
  } else if (s.cells.size() < total) {
    s.cells.resize(total);
  }
  ++s.block;
  ++s.epoch;
  s.reported = false;
  s.report.clear();
}

void race_barrier(Worker& w) {
  if (w.race) ++w.race->epoch;
}

std::string race_take_report(Worker& w) {
  if (!w.race || !w.race->reported) return {};
  return "in block " + thread_text(::blockIdx) + ": " + std::move(w.race->report);
}

}  // namespace parity::simt::detail

// ----- the instrumentation entry points -----

using parity::simt::detail::access;
using parity::simt::detail::atomic_access;

__extension__ typedef __int128 parity_simt_a128;

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}
void __tsan_read_range(void* a, unsigned long n) {
  access(a, n, false);
}
void __tsan_write_range(void* a, unsigned long n) {
  access(a, n, true);
}

#define PARITY_SIMT_TSAN_ACCESS(n)               \
  void __tsan_read##n(void* a) {                 \
    access(a, n, false);                         \
  }                                              \
  void __tsan_write##n(void* a) {                \
    access(a, n, true);                          \
  }                                              \
  void __tsan_unaligned_read##n(const void* a) { \
    access(a, n, false);                         \
  }                                              \
  void __tsan_unaligned_write##n(void* a) {      \
    access(a, n, true);                          \
  }                                              \
  void __tsan_volatile_read##n(void* a) {        \
    access(a, n, false);                         \
  }                                              \
  void __tsan_volatile_write##n(void* a) {       \
    access(a, n, true);                          \
  }
PARITY_SIMT_TSAN_ACCESS(1)
PARITY_SIMT_TSAN_ACCESS(2)
PARITY_SIMT_TSAN_ACCESS(4)
PARITY_SIMT_TSAN_ACCESS(8)
PARITY_SIMT_TSAN_ACCESS(16)
#undef PARITY_SIMT_TSAN_ACCESS

// Atomics: executed sequentially consistent, whatever order the instrumentation passes.
#define PARITY_SIMT_TSAN_ATOMIC(bits, T)                                                    \
  T __tsan_atomic##bits##_load(const volatile T* a, int) {                                  \
    return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                            \
  }                                                                                         \
  void __tsan_atomic##bits##_store(volatile T* a, T v, int) {                               \
    atomic_access(a, sizeof(T));                                                            \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                               \
  }                                                                                         \
  T __tsan_atomic##bits##_exchange(volatile T* a, T v, int) {                               \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_add(volatile T* a, T v, int) {                              \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                      \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_sub(volatile T* a, T v, int) {                              \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                      \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_and(volatile T* a, T v, int) {                              \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                      \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_or(volatile T* a, T v, int) {                               \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                       \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_xor(volatile T* a, T v, int) {                              \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                      \
  }                                                                                         \
  T __tsan_atomic##bits##_fetch_nand(volatile T* a, T v, int) {                             \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                     \
  }                                                                                         \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* c, T v, int, int) {   \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
  }                                                                                         \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* c, T v, int, int) {     \
    atomic_access(a, sizeof(T));                                                            \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
  }                                                                                         \
  T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T c, T v, int, int) {         \
    atomic_access(a, sizeof(T));                                                            \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);       \
    return c;                                                                               \
  }
PARITY_SIMT_TSAN_ATOMIC(8, char)
PARITY_SIMT_TSAN_ATOMIC(16, short)
PARITY_SIMT_TSAN_ATOMIC(32, int)
PARITY_SIMT_TSAN_ATOMIC(64, long long)
#undef PARITY_SIMT_TSAN_ATOMIC

// 128-bit atomics would need libatomic; kernels hardly use them, so a lock serves.
#define PARITY_SIMT_TSAN_ATOMIC128(name, expr)                                               \
  parity_simt_a128 __tsan_atomic128_##name(volatile parity_simt_a128* a, parity_simt_a128 v, \
                                           int) {                                            \
    std::lock_guard lock(parity::simt::detail::wide_atomic_mutex());                         \
    parity_simt_a128 old = *a;                                                               \
    *a = (expr);                                                                             \
    return old;                                                                              \
  }
PARITY_SIMT_TSAN_ATOMIC128(exchange, v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_add, old + v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_sub, old - v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_and, old& v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_or, old | v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_xor, old ^ v)
PARITY_SIMT_TSAN_ATOMIC128(fetch_nand, ~(old& v))
#undef PARITY_SIMT_TSAN_ATOMIC128
parity_simt_a128 __tsan_atomic128_load(const volatile parity_simt_a128* a, int) {
  std::lock_guard lock(parity::simt::detail::wide_atomic_mutex());
  return *a;
}
void __tsan_atomic128_store(volatile parity_simt_a128* a, parity_simt_a128 v, int) {
  std::lock_guard lock(parity::simt::detail::wide_atomic_mutex());
  *a = v;
}
int __tsan_atomic128_compare_exchange_strong(volatile parity_simt_a128* a, parity_simt_a128* c,
                                             parity_simt_a128 v, int, int) {
  std::lock_guard lock(parity::simt::detail::wide_atomic_mutex());
  if (*a == *c) {
    *a = v;
    return 1;
  }
  *c = *a;
  return 0;
}
int __tsan_atomic128_compare_exchange_weak(volatile parity_simt_a128* a, parity_simt_a128* c,
                                           parity_simt_a128 v, int, int) {
  return __tsan_atomic128_compare_exchange_strong(a, c, v, 0, 0);
}
parity_simt_a128 __tsan_atomic128_compare_exchange_val(volatile parity_simt_a128* a,
                                                       parity_simt_a128 c, parity_simt_a128 v, int,
                                                       int) {
  __tsan_atomic128_compare_exchange_strong(a, &c, v, 0, 0);
  return c;
}
void __tsan_atomic_thread_fence(int) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __tsan_atomic_signal_fence(int) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

}  // extern "C"
