// Stand-in for HIP's hip/hip_vector_types.h (parity-simt host builds): HIP's vector types
// support element-wise arithmetic (float4 + float4, float4 * 2.0f, ...). The types are the ones
// CUDA code sees (parity/simt/vector_types.hpp); the operators live in a namespace brought in by
// a using-directive, so only HIP sources have them.
#pragma once

#include "parity/simt/vector_types.hpp"

namespace parity::simt::hip_vector_ops {

template <VectorType V, class F>
constexpr V elementwise(const V& a, const V& b, F f) {
  constexpr int n = VectorTraits<V>::kSize;
  V r{};
  r.x = f(a.x, b.x);
  if constexpr (n > 1) r.y = f(a.y, b.y);
  if constexpr (n > 2) r.z = f(a.z, b.z);
  if constexpr (n > 3) r.w = f(a.w, b.w);
  return r;
}
#define PARITY_SIMT_HIP_VECTOR_OP(op)                                        \
  template <VectorType V>                                                    \
  constexpr V operator op(const V& a, const V& b) {                          \
    return elementwise(a, b, [](auto x, auto y) {                            \
      return static_cast<typename VectorTraits<V>::Element>(x op y);         \
    });                                                                      \
  }                                                                          \
  template <VectorType V>                                                    \
  constexpr V operator op(const V& a, typename VectorTraits<V>::Element s) { \
    return elementwise(a, a, [s](auto x, auto) {                             \
      return static_cast<typename VectorTraits<V>::Element>(x op s);         \
    });                                                                      \
  }                                                                          \
  template <VectorType V>                                                    \
  constexpr V operator op(typename VectorTraits<V>::Element s, const V& a) { \
    return elementwise(a, a, [s](auto x, auto) {                             \
      return static_cast<typename VectorTraits<V>::Element>(s op x);         \
    });                                                                      \
  }                                                                          \
  template <VectorType V>                                                    \
  constexpr V& operator op##=(V& a, const V& b) {                            \
    return a = a op b;                                                       \
  }                                                                          \
  template <VectorType V>                                                    \
  constexpr V& operator op##=(V& a, typename VectorTraits<V>::Element s) {   \
    return a = a op s;                                                       \
  }
PARITY_SIMT_HIP_VECTOR_OP(+)
PARITY_SIMT_HIP_VECTOR_OP(-)
PARITY_SIMT_HIP_VECTOR_OP(*)
PARITY_SIMT_HIP_VECTOR_OP(/)
#undef PARITY_SIMT_HIP_VECTOR_OP

template <VectorType V>
constexpr V operator-(const V& a) {
  return elementwise(
      a, a, [](auto x, auto) { return static_cast<typename VectorTraits<V>::Element>(-x); });
}
template <VectorType V>
constexpr bool operator==(const V& a, const V& b) {
  constexpr int n = VectorTraits<V>::kSize;
  bool eq = a.x == b.x;
  if constexpr (n > 1) eq = eq && a.y == b.y;
  if constexpr (n > 2) eq = eq && a.z == b.z;
  if constexpr (n > 3) eq = eq && a.w == b.w;
  return eq;
}

}  // namespace parity::simt::hip_vector_ops

using namespace ::parity::simt::hip_vector_ops;
