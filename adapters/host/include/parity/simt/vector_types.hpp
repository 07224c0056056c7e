// The built-in vector types of CUDA and HIP (float4, int2, uchar4, ...), dim3 and uint3, as plain
// aggregates with the alignment nvcc gives them, so structs that contain them keep their device
// layout. Both dialects share these definitions; HIP's element-wise operators live in
// hip/hip_vector_types.h (a namespace brought in by using-directive, so CUDA code that defines its
// own operator+(float4, float4), as helper_math.h does, sees no clash).
#pragma once

#include <cstddef>
#include <type_traits>

#define PARITY_SIMT_VECTOR_TYPES(T, name, a1, a2, a3, a4)       \
  struct alignas(a1) name##1 {                                  \
    T x;                                                        \
  };                                                            \
  struct alignas(a2) name##2 {                                  \
    T x, y;                                                     \
  };                                                            \
  struct alignas(a3) name##3 {                                  \
    T x, y, z;                                                  \
  };                                                            \
  struct alignas(a4) name##4 {                                  \
    T x, y, z, w;                                               \
  };                                                            \
  inline constexpr name##1 make_##name##1(T x) {                \
    return name##1 {x};                                         \
  }                                                             \
  inline constexpr name##2 make_##name##2(T x, T y) {           \
    return name##2 {x, y};                                      \
  }                                                             \
  inline constexpr name##3 make_##name##3(T x, T y, T z) {      \
    return name##3 {x, y, z};                                   \
  }                                                             \
  inline constexpr name##4 make_##name##4(T x, T y, T z, T w) { \
    return name##4 {x, y, z, w};                                \
  }

PARITY_SIMT_VECTOR_TYPES(signed char, char, 1, 2, 1, 4)
PARITY_SIMT_VECTOR_TYPES(unsigned char, uchar, 1, 2, 1, 4)
PARITY_SIMT_VECTOR_TYPES(short, short, 2, 4, 2, 8)
PARITY_SIMT_VECTOR_TYPES(unsigned short, ushort, 2, 4, 2, 8)
PARITY_SIMT_VECTOR_TYPES(int, int, 4, 8, 4, 16)
PARITY_SIMT_VECTOR_TYPES(unsigned int, uint, 4, 8, 4, 16)
PARITY_SIMT_VECTOR_TYPES(long, long, 8, 16, 8, 16)
PARITY_SIMT_VECTOR_TYPES(unsigned long, ulong, 8, 16, 8, 16)
PARITY_SIMT_VECTOR_TYPES(long long, longlong, 8, 16, 8, 16)
PARITY_SIMT_VECTOR_TYPES(unsigned long long, ulonglong, 8, 16, 8, 16)
PARITY_SIMT_VECTOR_TYPES(float, float, 4, 8, 4, 16)
PARITY_SIMT_VECTOR_TYPES(double, double, 8, 16, 8, 16)

#undef PARITY_SIMT_VECTOR_TYPES

//! Launch geometry: unspecified components are 1. Converts to and from uint3 like CUDA's.
struct dim3 {
  unsigned int x = 1, y = 1, z = 1;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

namespace parity::simt {

//! Element type and component count of a vector type (used by HIP's operators and by tests).
template <class V>
struct VectorTraits {
  static constexpr int kSize = 0;
};
#define PARITY_SIMT_VECTOR_TRAITS(T, name) \
  template <>                              \
  struct VectorTraits<name##1> {           \
    using Element = T;                     \
    static constexpr int kSize = 1;        \
  };                                       \
  template <>                              \
  struct VectorTraits<name##2> {           \
    using Element = T;                     \
    static constexpr int kSize = 2;        \
  };                                       \
  template <>                              \
  struct VectorTraits<name##3> {           \
    using Element = T;                     \
    static constexpr int kSize = 3;        \
  };                                       \
  template <>                              \
  struct VectorTraits<name##4> {           \
    using Element = T;                     \
    static constexpr int kSize = 4;        \
  };
PARITY_SIMT_VECTOR_TRAITS(signed char, char)
PARITY_SIMT_VECTOR_TRAITS(unsigned char, uchar)
PARITY_SIMT_VECTOR_TRAITS(short, short)
PARITY_SIMT_VECTOR_TRAITS(unsigned short, ushort)
PARITY_SIMT_VECTOR_TRAITS(int, int)
PARITY_SIMT_VECTOR_TRAITS(unsigned int, uint)
PARITY_SIMT_VECTOR_TRAITS(long, long)
PARITY_SIMT_VECTOR_TRAITS(unsigned long, ulong)
PARITY_SIMT_VECTOR_TRAITS(long long, longlong)
PARITY_SIMT_VECTOR_TRAITS(unsigned long long, ulonglong)
PARITY_SIMT_VECTOR_TRAITS(float, float)
PARITY_SIMT_VECTOR_TRAITS(double, double)
#undef PARITY_SIMT_VECTOR_TRAITS

template <class V>
concept VectorType = VectorTraits<std::remove_cvref_t<V>>::kSize >
0;

}  // namespace parity::simt

static_assert(sizeof(float4) == 16 && alignof(float4) == 16 && alignof(float2) == 8);
static_assert(sizeof(float3) == 12 && alignof(float3) == 4 && alignof(double2) == 16);
static_assert(sizeof(dim3) == 12);
