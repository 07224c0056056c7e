// Device atomics on std::atomic_ref: blocks run on several OS threads, so global-memory atomics
// are real atomics; threads of one block share an OS thread, so they never contend. Every
// operation is sequentially consistent (stronger than the GPU's relaxed device atomics).
// The _block and _system scopes are the same operation.
#pragma once

#include <atomic>
#include <cmath>

namespace parity::simt::detail {

template <class T>
T atomic_cas_loop_min(T* address, T value) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load();
  while (value < old && !ref.compare_exchange_weak(old, value)) {
  }
  return old;
}
template <class T>
T atomic_cas_loop_max(T* address, T value) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load();
  while (old < value && !ref.compare_exchange_weak(old, value)) {
  }
  return old;
}

}  // namespace parity::simt::detail

#define PARITY_SIMT_ATOMIC_ARITH(T)                       \
  inline T atomicAdd(T* address, T value) {               \
    return std::atomic_ref<T>(*address).fetch_add(value); \
  }                                                       \
  inline T atomicExch(T* address, T value) {              \
    return std::atomic_ref<T>(*address).exchange(value);  \
  }
PARITY_SIMT_ATOMIC_ARITH(int)
PARITY_SIMT_ATOMIC_ARITH(unsigned int)
PARITY_SIMT_ATOMIC_ARITH(unsigned long long)
PARITY_SIMT_ATOMIC_ARITH(float)
PARITY_SIMT_ATOMIC_ARITH(double)
#undef PARITY_SIMT_ATOMIC_ARITH

#define PARITY_SIMT_ATOMIC_INT(T)                                         \
  inline T atomicSub(T* address, T value) {                               \
    return std::atomic_ref<T>(*address).fetch_sub(value);                 \
  }                                                                       \
  inline T atomicAnd(T* address, T value) {                               \
    return std::atomic_ref<T>(*address).fetch_and(value);                 \
  }                                                                       \
  inline T atomicOr(T* address, T value) {                                \
    return std::atomic_ref<T>(*address).fetch_or(value);                  \
  }                                                                       \
  inline T atomicXor(T* address, T value) {                               \
    return std::atomic_ref<T>(*address).fetch_xor(value);                 \
  }                                                                       \
  inline T atomicCAS(T* address, T compare, T value) {                    \
    std::atomic_ref<T>(*address).compare_exchange_strong(compare, value); \
    return compare;                                                       \
  }
PARITY_SIMT_ATOMIC_INT(int)
PARITY_SIMT_ATOMIC_INT(unsigned int)
PARITY_SIMT_ATOMIC_INT(unsigned long long)
#undef PARITY_SIMT_ATOMIC_INT

#define PARITY_SIMT_ATOMIC_MINMAX(T)                                    \
  inline T atomicMin(T* address, T value) {                             \
    return ::parity::simt::detail::atomic_cas_loop_min(address, value); \
  }                                                                     \
  inline T atomicMax(T* address, T value) {                             \
    return ::parity::simt::detail::atomic_cas_loop_max(address, value); \
  }
PARITY_SIMT_ATOMIC_MINMAX(int)
PARITY_SIMT_ATOMIC_MINMAX(unsigned int)
PARITY_SIMT_ATOMIC_MINMAX(long long)
PARITY_SIMT_ATOMIC_MINMAX(unsigned long long)
#undef PARITY_SIMT_ATOMIC_MINMAX

inline unsigned short atomicCAS(unsigned short* address, unsigned short compare,
                                unsigned short value) {
  std::atomic_ref<unsigned short>(*address).compare_exchange_strong(compare, value);
  return compare;
}

//! ((old >= value) ? 0 : old + 1), as CUDA defines it.
inline unsigned int atomicInc(unsigned int* address, unsigned int value) {
  std::atomic_ref<unsigned int> ref(*address);
  unsigned int old = ref.load();
  while (!ref.compare_exchange_weak(old, old >= value ? 0u : old + 1u)) {
  }
  return old;
}
//! (((old == 0) || (old > value)) ? value : old - 1), as CUDA defines it.
inline unsigned int atomicDec(unsigned int* address, unsigned int value) {
  std::atomic_ref<unsigned int> ref(*address);
  unsigned int old = ref.load();
  while (!ref.compare_exchange_weak(old, (old == 0u || old > value) ? value : old - 1u)) {
  }
  return old;
}

// Scoped variants (sm_60+): the same operations.
#define PARITY_SIMT_SCOPED(name)                            \
  template <class... A>                                     \
  inline auto name##_block(A... a)->decltype(name(a...)) {  \
    return name(a...);                                      \
  }                                                         \
  template <class... A>                                     \
  inline auto name##_system(A... a)->decltype(name(a...)) { \
    return name(a...);                                      \
  }
PARITY_SIMT_SCOPED(atomicAdd)
PARITY_SIMT_SCOPED(atomicSub)
PARITY_SIMT_SCOPED(atomicExch)
PARITY_SIMT_SCOPED(atomicMin)
PARITY_SIMT_SCOPED(atomicMax)
PARITY_SIMT_SCOPED(atomicInc)
PARITY_SIMT_SCOPED(atomicDec)
PARITY_SIMT_SCOPED(atomicCAS)
PARITY_SIMT_SCOPED(atomicAnd)
PARITY_SIMT_SCOPED(atomicOr)
PARITY_SIMT_SCOPED(atomicXor)
#undef PARITY_SIMT_SCOPED
