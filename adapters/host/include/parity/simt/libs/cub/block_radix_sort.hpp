// BlockRadixSort (cub/block/block_radix_sort.cuh, hipcub/block/block_radix_sort.hpp): the block's
// keys (and values) sorted in the order of radix_key.hpp, stable, over bits [begin_bit,
// end_bit). Computed collectively through TempStorage: every thread publishes its items, a
// __syncthreads(), every thread ranks its own items against all keys, a __syncthreads(), scatters
// them to their ranks, a __syncthreads(), and reads its result (blocked, or striped for the
// *BlockedToStriped forms). The result is the one CUB's digit passes give; the TempStorage size
// and the number of barriers are not.
#pragma once

#include <source_location>

#include "parity/simt/libs/cub/collective.hpp"
#include "parity/simt/libs/cub/operators.hpp"
#include "parity/simt/libs/cub/radix_key.hpp"

namespace parity::simt::libs::cub {

template <class K, int DX, int N, class V, int DY, int DZ, Flavor F>
class BlockRadixSortImpl {
  static constexpr int kThreads = DX * DY * DZ;
  static constexpr int kItems = kThreads * N;
  static constexpr bool kPairs = !std::is_same_v<V, NullType>;
  using Key = RadixKey<K>;
  using ValueArray = std::conditional_t<kPairs, V, char>[N];

 public:
  struct TempStorage {
    Slots<K, kItems> keys;
    Slots<std::conditional_t<kPairs, V, char>, kPairs ? kItems : 1> values;
  };

  BlockRadixSortImpl()
      : temp_(private_storage<TempStorage>([] {}, "BlockRadixSort private TempStorage")) {}
  explicit BlockRadixSortImpl(TempStorage& temp_storage) : temp_(temp_storage) {}

  void Sort(K (&keys)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
            std::source_location where = std::source_location::current()) {
    sort(keys, nullptr, begin_bit, end_bit, false, false, where);
  }
  template <class U = V, class = std::enable_if_t<!std::is_same_v<U, NullType>>>
  void Sort(K (&keys)[N], U (&values)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
            std::source_location where = std::source_location::current()) {
    sort(keys, &values, begin_bit, end_bit, false, false, where);
  }
  void SortDescending(K (&keys)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
                      std::source_location where = std::source_location::current()) {
    sort(keys, nullptr, begin_bit, end_bit, true, false, where);
  }
  template <class U = V, class = std::enable_if_t<!std::is_same_v<U, NullType>>>
  void SortDescending(K (&keys)[N], U (&values)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
                      std::source_location where = std::source_location::current()) {
    sort(keys, &values, begin_bit, end_bit, true, false, where);
  }
  void SortBlockedToStriped(K (&keys)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
                            std::source_location where = std::source_location::current()) {
    sort(keys, nullptr, begin_bit, end_bit, false, true, where);
  }
  template <class U = V, class = std::enable_if_t<!std::is_same_v<U, NullType>>>
  void SortBlockedToStriped(K (&keys)[N], U (&values)[N], int begin_bit = 0,
                            int end_bit = sizeof(K) * 8,
                            std::source_location where = std::source_location::current()) {
    sort(keys, &values, begin_bit, end_bit, false, true, where);
  }
  void SortDescendingBlockedToStriped(
      K (&keys)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
      std::source_location where = std::source_location::current()) {
    sort(keys, nullptr, begin_bit, end_bit, true, true, where);
  }
  template <class U = V, class = std::enable_if_t<!std::is_same_v<U, NullType>>>
  void SortDescendingBlockedToStriped(
      K (&keys)[N], U (&values)[N], int begin_bit = 0, int end_bit = sizeof(K) * 8,
      std::source_location where = std::source_location::current()) {
    sort(keys, &values, begin_bit, end_bit, true, true, where);
  }

 private:
  void sort(K (&keys)[N], ValueArray* values, int begin_bit, int end_bit, bool descending,
            bool striped, const std::source_location& where) {
    check_block<DX, DY, DZ>("BlockRadixSort", false, where);
    const int tid = linear_tid<DX, DY, DZ>();
    for (int i = 0; i < N; ++i) temp_.keys[tid * N + i] = keys[i];
    sync_block(where);
    int rank[N];
    for (int i = 0; i < N; ++i) {
      const int me = tid * N + i;
      const auto mine = Key::digits(keys[i], begin_bit, end_bit);
      int r = 0;
      for (int j = 0; j < kItems; ++j) {
        const auto other = Key::digits(static_cast<K>(temp_.keys[j]), begin_bit, end_bit);
        const bool before = descending ? other > mine : other < mine;
        if (before || (other == mine && j < me)) ++r;
      }
      rank[i] = r;
    }
    sync_block(where);
    for (int i = 0; i < N; ++i) {
      temp_.keys[rank[i]] = keys[i];
      if constexpr (kPairs) {
        if (values) temp_.values[rank[i]] = (*values)[i];
      }
    }
    sync_block(where);
    for (int i = 0; i < N; ++i) {
      const int from = striped ? i * kThreads + tid : tid * N + i;
      keys[i] = temp_.keys[from];
      if constexpr (kPairs) {
        if (values) (*values)[i] = temp_.values[from];
      }
    }
  }

  TempStorage& temp_;
};

}  // namespace parity::simt::libs::cub
