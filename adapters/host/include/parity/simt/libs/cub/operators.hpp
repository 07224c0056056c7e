// The functors and small types the CUB / hipCUB primitives take: Sum / Max / Min (hipCUB, and
// CUB before 3.0; CUB 3.0 uses cuda::std::plus and cuda::maximum instead), KeyValuePair with
// ArgMax / ArgMin (the first occurrence wins a tie, as in CUB and rocPRIM), DoubleBuffer and
// NullType.
#pragma once

#include <type_traits>

namespace parity::simt::libs::cub {

struct Sum {
  template <class T, class U>
  auto operator()(const T& a, const U& b) const -> decltype(a + b) {
    return a + b;
  }
};
struct Max {
  template <class T>
  T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T>
  T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

template <class K, class V>
struct KeyValuePair {
  using Key = K;
  using Value = V;
  Key key;
  Value value;
  KeyValuePair() = default;
  KeyValuePair(const Key& k, const Value& v) : key(k), value(v) {}
  bool operator!=(const KeyValuePair& b) const { return value != b.value || key != b.key; }
  bool operator==(const KeyValuePair& b) const { return value == b.value && key == b.key; }
};

struct ArgMax {
  template <class T, class O>
  KeyValuePair<O, T> operator()(const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    if ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key))) return b;
    return a;
  }
};
struct ArgMin {
  template <class T, class O>
  KeyValuePair<O, T> operator()(const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    if ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key))) return b;
    return a;
  }
};

//! A pair of device buffers for the sorts that ping-pong between them; Current() holds the
//! result afterwards.
template <class T>
struct DoubleBuffer {
  T* d_buffers[2] = {nullptr, nullptr};
  int selector = 0;
  DoubleBuffer() = default;
  DoubleBuffer(T* current, T* alternate) : d_buffers{current, alternate} {}
  T* Current() { return d_buffers[selector]; }
  T* Alternate() { return d_buffers[selector ^ 1]; }
};

struct NullType {};

}  // namespace parity::simt::libs::cub
