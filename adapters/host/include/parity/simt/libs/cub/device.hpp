// DeviceReduce, DeviceScan and DeviceRadixSort (cub/device/*.cuh, hipcub/device/*.hpp) with the
// two-phase temporary-storage protocol: a call with d_temp_storage == nullptr only writes the
// bytes it needs into temp_storage_bytes; a call with less than that returns the dialect's
// InvalidValue error (as CUB's AliasTemporaries and rocPRIM do); a call with enough runs. The
// emulator writes a pattern over the bytes it asked for, so an allocation smaller than the query
// said is an out-of-bounds write (AddressSanitizer reports it) rather than a silent success.
//
// Results: reductions and scans fold the items in index order in the accumulator type
// (op(op(init, x0), x1)...); a GPU reduces in tiles and a tree, so floating-point sums differ in
// the last bits (use a reduction-aware tolerance: docs/vendor-libraries.md). Radix sorts give
// exactly the order CUB and rocPRIM give (radix_key.hpp), stable. The DoubleBuffer forms leave
// the result in the other buffer, flip the selector and overwrite the buffer they read with a
// pattern, as the library may overwrite it too: read Current() afterwards, never assume which.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>
#include <vector>

#include "parity/simt/libs/cub/operators.hpp"
#include "parity/simt/libs/cub/radix_key.hpp"

namespace parity::simt::libs::cub {

//! What a dialect supplies: its error type and values and its stream type.
//! struct Traits { using Error; using Stream; static constexpr Error kSuccess, kInvalidValue;
//!                 static constexpr const char* kNamespace; };
template <class Traits>
struct DeviceCommon {
  using Error = typename Traits::Error;

  //! The two-phase protocol; true when the algorithm should run.
  static bool storage(Error& result, const char* algorithm, void* d_temp_storage,
                      std::size_t& temp_storage_bytes, std::size_t required) {
    result = Traits::kSuccess;
    if (d_temp_storage == nullptr) {
      temp_storage_bytes = required;
      return false;
    }
    if (temp_storage_bytes < required) {
      static std::atomic<int> printed{0};
      if (printed.fetch_add(1) < 20) {
        std::fprintf(stderr,
                     "parity-simt: %s::%s: temp_storage_bytes is %zu, less than the %zu bytes "
                     "the size query (d_temp_storage == nullptr) returns: returning an invalid "
                     "value error\n",
                     Traits::kNamespace, algorithm, temp_storage_bytes, required);
      }
      result = Traits::kInvalidValue;
      return false;
    }
    std::memset(d_temp_storage, 0xA5, required);
    return true;
  }
};

template <class It>
using ValueOf = std::remove_cv_t<std::remove_reference_t<decltype(*std::declval<It&>())>>;

template <class Traits>
struct DeviceReduceImpl {
  using Error = typename Traits::Error;
  using Stream = typename Traits::Stream;
  using Common = DeviceCommon<Traits>;
  static constexpr std::size_t kBytes = 256;

  template <class In, class Out, class NumItems, class Op, class T>
  static Error Reduce(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                      NumItems num_items, Op reduction_op, T init, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::Reduce", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    *d_out = fold(d_in, num_items, reduction_op, init);
    return e;
  }
  template <class In, class Out, class NumItems>
  static Error Sum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                   NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::Sum", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    using T = ValueOf<Out>;
    *d_out = fold(d_in, num_items, ::parity::simt::libs::cub::Sum{}, T{});
    return e;
  }
  template <class In, class Out, class NumItems>
  static Error Min(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                   NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::Min", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    using T = ValueOf<In>;
    *d_out = fold(d_in, num_items, ::parity::simt::libs::cub::Min{}, std::numeric_limits<T>::max());
    return e;
  }
  template <class In, class Out, class NumItems>
  static Error Max(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                   NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::Max", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    using T = ValueOf<In>;
    *d_out =
        fold(d_in, num_items, ::parity::simt::libs::cub::Max{}, std::numeric_limits<T>::lowest());
    return e;
  }
  //! The KeyValuePair form: d_out->key is the index of the first minimum; {1, max} when empty.
  template <class In, class Out>
  static Error ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                      int num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::ArgMin", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    *d_out = arg(d_in, num_items, ::parity::simt::libs::cub::ArgMin{}, true);
    return e;
  }
  template <class In, class Out>
  static Error ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in, Out d_out,
                      int num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::ArgMax", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    *d_out = arg(d_in, num_items, ::parity::simt::libs::cub::ArgMax{}, false);
    return e;
  }
  //! CUB 3.0's form with separate outputs for the extremum and its index.
  template <class In, class ValueOut, class IndexOut>
  static Error ArgMin(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                      ValueOut d_min_out, IndexOut d_index_out, std::int64_t num_items,
                      Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::ArgMin", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    const auto kv = arg(d_in, num_items, ::parity::simt::libs::cub::ArgMin{}, true);
    *d_min_out = kv.value;
    *d_index_out = kv.key;
    return e;
  }
  template <class In, class ValueOut, class IndexOut>
  static Error ArgMax(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                      ValueOut d_max_out, IndexOut d_index_out, std::int64_t num_items,
                      Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::ArgMax", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    const auto kv = arg(d_in, num_items, ::parity::simt::libs::cub::ArgMax{}, false);
    *d_max_out = kv.value;
    *d_index_out = kv.key;
    return e;
  }
  template <class In, class Out, class NumItems, class Op, class Transform, class T>
  static Error TransformReduce(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                               Out d_out, NumItems num_items, Op reduction_op,
                               Transform transform_op, T init, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceReduce::TransformReduce", d_temp_storage, temp_storage_bytes,
                         kBytes))
      return e;
    T acc = init;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(num_items); ++i)
      acc = reduction_op(acc, transform_op(d_in[i]));
    *d_out = acc;
    return e;
  }

 private:
  template <class In, class NumItems, class Op, class T>
  static T fold(In d_in, NumItems num_items, Op op, T init) {
    T acc = init;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(num_items); ++i) acc = op(acc, d_in[i]);
    return acc;
  }
  template <class In, class Op>
  static auto arg(In d_in, std::int64_t num_items, Op op, bool min) {
    using T = ValueOf<In>;
    using KV = KeyValuePair<int, T>;
    if (num_items <= 0)
      return KV(1, min ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest());
    KV acc(0, d_in[0]);
    for (std::int64_t i = 1; i < num_items; ++i)
      acc = op(acc, KV(static_cast<int>(i), static_cast<T>(d_in[i])));
    return acc;
  }
};

template <class Traits>
struct DeviceScanImpl {
  using Error = typename Traits::Error;
  using Stream = typename Traits::Stream;
  using Common = DeviceCommon<Traits>;
  static constexpr std::size_t kBytes = 256;

  template <class In, class Out, class NumItems>
  static Error InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                            Out d_out, NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceScan::InclusiveSum", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    inclusive(d_in, d_out, num_items, ::parity::simt::libs::cub::Sum{});
    return e;
  }
  template <class Data, class NumItems>
  static Error InclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, Data d_data,
                            NumItems num_items, Stream stream = Stream{}) {
    return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }
  template <class In, class Out, class NumItems>
  static Error ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                            Out d_out, NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceScan::ExclusiveSum", d_temp_storage, temp_storage_bytes, kBytes))
      return e;
    exclusive(d_in, d_out, num_items, ::parity::simt::libs::cub::Sum{}, ValueOf<In>{});
    return e;
  }
  template <class Data, class NumItems>
  static Error ExclusiveSum(void* d_temp_storage, std::size_t& temp_storage_bytes, Data d_data,
                            NumItems num_items, Stream stream = Stream{}) {
    return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }
  template <class In, class Out, class Op, class NumItems>
  static Error InclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                             Out d_out, Op scan_op, NumItems num_items, Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceScan::InclusiveScan", d_temp_storage, temp_storage_bytes,
                         kBytes))
      return e;
    inclusive(d_in, d_out, num_items, scan_op);
    return e;
  }
  template <class In, class Out, class Op, class Init, class NumItems>
  static Error ExclusiveScan(void* d_temp_storage, std::size_t& temp_storage_bytes, In d_in,
                             Out d_out, Op scan_op, Init init_value, NumItems num_items,
                             Stream = Stream{}) {
    Error e;
    if (!Common::storage(e, "DeviceScan::ExclusiveScan", d_temp_storage, temp_storage_bytes,
                         kBytes))
      return e;
    exclusive(d_in, d_out, num_items, scan_op, init_value);
    return e;
  }

 private:
  template <class In, class Out, class NumItems, class Op>
  static void inclusive(In d_in, Out d_out, NumItems num_items, Op op) {
    const auto n = static_cast<std::int64_t>(num_items);
    if (n <= 0) return;
    ValueOf<In> acc = d_in[0];
    d_out[0] = acc;
    for (std::int64_t i = 1; i < n; ++i) {
      acc = op(acc, d_in[i]);
      d_out[i] = acc;
    }
  }
  template <class In, class Out, class NumItems, class Op, class Init>
  static void exclusive(In d_in, Out d_out, NumItems num_items, Op op, Init init) {
    const auto n = static_cast<std::int64_t>(num_items);
    Init acc = init;
    for (std::int64_t i = 0; i < n; ++i) {
      const auto x = d_in[i];  // read before the write: in place is allowed
      d_out[i] = acc;
      acc = op(acc, x);
    }
  }
};

template <class Traits>
struct DeviceRadixSortImpl {
  using Error = typename Traits::Error;
  using Stream = typename Traits::Stream;
  using Common = DeviceCommon<Traits>;

  template <class K, class V, class NumItems>
  static Error SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* d_keys_in,
                         K* d_keys_out, const V* d_values_in, V* d_values_out, NumItems num_items,
                         int begin_bit = 0, int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return sort("DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes, d_keys_in,
                d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit, false);
  }
  template <class K, class V, class NumItems>
  static Error SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                   const K* d_keys_in, K* d_keys_out, const V* d_values_in,
                                   V* d_values_out, NumItems num_items, int begin_bit = 0,
                                   int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return sort("DeviceRadixSort::SortPairsDescending", d_temp_storage, temp_storage_bytes,
                d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit,
                true);
  }
  template <class K, class NumItems>
  static Error SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes, const K* d_keys_in,
                        K* d_keys_out, NumItems num_items, int begin_bit = 0,
                        int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return sort("DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes, d_keys_in,
                d_keys_out, static_cast<const NullType*>(nullptr), static_cast<NullType*>(nullptr),
                num_items, begin_bit, end_bit, false);
  }
  template <class K, class NumItems>
  static Error SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                  const K* d_keys_in, K* d_keys_out, NumItems num_items,
                                  int begin_bit = 0, int end_bit = sizeof(K) * 8,
                                  Stream = Stream{}) {
    return sort("DeviceRadixSort::SortKeysDescending", d_temp_storage, temp_storage_bytes,
                d_keys_in, d_keys_out, static_cast<const NullType*>(nullptr),
                static_cast<NullType*>(nullptr), num_items, begin_bit, end_bit, true);
  }
  template <class K, class V, class NumItems>
  static Error SortPairs(void* d_temp_storage, std::size_t& temp_storage_bytes,
                         DoubleBuffer<K>& d_keys, DoubleBuffer<V>& d_values, NumItems num_items,
                         int begin_bit = 0, int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return ping_pong("DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes, d_keys,
                     &d_values, num_items, begin_bit, end_bit, false);
  }
  template <class K, class V, class NumItems>
  static Error SortPairsDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                   DoubleBuffer<K>& d_keys, DoubleBuffer<V>& d_values,
                                   NumItems num_items, int begin_bit = 0,
                                   int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return ping_pong("DeviceRadixSort::SortPairsDescending", d_temp_storage, temp_storage_bytes,
                     d_keys, &d_values, num_items, begin_bit, end_bit, true);
  }
  template <class K, class NumItems>
  static Error SortKeys(void* d_temp_storage, std::size_t& temp_storage_bytes,
                        DoubleBuffer<K>& d_keys, NumItems num_items, int begin_bit = 0,
                        int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return ping_pong("DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes, d_keys,
                     static_cast<DoubleBuffer<NullType>*>(nullptr), num_items, begin_bit, end_bit,
                     false);
  }
  template <class K, class NumItems>
  static Error SortKeysDescending(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                  DoubleBuffer<K>& d_keys, NumItems num_items, int begin_bit = 0,
                                  int end_bit = sizeof(K) * 8, Stream = Stream{}) {
    return ping_pong("DeviceRadixSort::SortKeysDescending", d_temp_storage, temp_storage_bytes,
                     d_keys, static_cast<DoubleBuffer<NullType>*>(nullptr), num_items, begin_bit,
                     end_bit, true);
  }

 private:
  //! The stable order of the items' digits (radix_key.hpp).
  template <class K>
  static std::vector<std::int64_t> order(const K* keys, std::int64_t n, int begin_bit, int end_bit,
                                         bool descending) {
    std::vector<std::int64_t> idx(static_cast<std::size_t>(n));
    std::iota(idx.begin(), idx.end(), std::int64_t{0});
    std::stable_sort(idx.begin(), idx.end(), [&](std::int64_t a, std::int64_t b) {
      const auto da = RadixKey<K>::digits(keys[a], begin_bit, end_bit);
      const auto db = RadixKey<K>::digits(keys[b], begin_bit, end_bit);
      return descending ? db < da : da < db;
    });
    return idx;
  }

  template <class K, class V, class NumItems>
  static Error sort(const char* name, void* d_temp_storage, std::size_t& temp_storage_bytes,
                    const K* keys_in, K* keys_out, const V* values_in, V* values_out,
                    NumItems num_items, int begin_bit, int end_bit, bool descending) {
    const auto n = static_cast<std::int64_t>(num_items);
    constexpr std::size_t value_bytes = std::is_same_v<V, NullType> ? 0 : sizeof(V);
    const std::size_t required =
        256 + static_cast<std::size_t>(std::max<std::int64_t>(n, 0)) * (sizeof(K) + value_bytes);
    Error e;
    if (!Common::storage(e, name, d_temp_storage, temp_storage_bytes, required)) return e;
    const auto idx = order(keys_in, n, begin_bit, end_bit, descending);
    std::vector<K> keys(idx.size());
    for (std::size_t i = 0; i < idx.size(); ++i) keys[i] = keys_in[idx[i]];
    if constexpr (!std::is_same_v<V, NullType>) {
      std::vector<V> values(idx.size());
      for (std::size_t i = 0; i < idx.size(); ++i) values[i] = values_in[idx[i]];
      std::copy(values.begin(), values.end(), values_out);
    }
    std::copy(keys.begin(), keys.end(), keys_out);
    return e;
  }

  template <class K, class V, class NumItems>
  static Error ping_pong(const char* name, void* d_temp_storage, std::size_t& temp_storage_bytes,
                         DoubleBuffer<K>& keys, DoubleBuffer<V>* values, NumItems num_items,
                         int begin_bit, int end_bit, bool descending) {
    const auto n = static_cast<std::int64_t>(num_items);
    Error e;
    if (!Common::storage(e, name, d_temp_storage, temp_storage_bytes, 256)) return e;
    const auto idx = order(keys.Current(), n, begin_bit, end_bit, descending);
    K* from = keys.Current();
    K* to = keys.Alternate();
    for (std::size_t i = 0; i < idx.size(); ++i) to[i] = from[idx[i]];
    std::memset(static_cast<void*>(from), 0xA5, idx.size() * sizeof(K));
    keys.selector ^= 1;
    if constexpr (!std::is_same_v<V, NullType>) {
      V* vfrom = values->Current();
      V* vto = values->Alternate();
      for (std::size_t i = 0; i < idx.size(); ++i) vto[i] = vfrom[idx[i]];
      std::memset(static_cast<void*>(vfrom), 0xA5, idx.size() * sizeof(V));
      values->selector ^= 1;
    }
    return e;
  }
};

}  // namespace parity::simt::libs::cub
