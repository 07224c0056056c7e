// BlockLoad / BlockStore (cub/block/block_load.cuh, block_store.cuh; hipcub/block/...) and the
// direct helpers (LoadDirectBlocked, LoadDirectStriped, StoreDirectBlocked,
// StoreDirectStriped). Arrangements as CUB documents them: blocked (thread t holds items
// t*N .. t*N+N-1), striped (item i of thread t is element i*BLOCK_THREADS + t), warp-striped.
// DIRECT, STRIPED and VECTORIZE read and write the items directly (VECTORIZE is DIRECT here:
// no vector loads). TRANSPOSE exchanges through TempStorage with a __syncthreads(), and
// WARP_TRANSPOSE (and _TIMESLICED) through the warp's part of it with a __syncwarp(), so reusing
// the TempStorage without a barrier is a race that race mode reports, as on a GPU it corrupts
// data. With valid_items, items past the end are not read (or written); a load gives them
// oob_default when one is passed and leaves them unchanged otherwise.
#pragma once

#include <source_location>

#include "parity/simt/libs/cub/collective.hpp"

namespace parity::simt::libs::cub {

enum class Movement : unsigned char {
  kDirect,
  kStriped,
  kVectorize,
  kTranspose,
  kWarpTranspose,
  kWarpTransposeTimesliced,
};

//! valid < 0: a full tile (every item is read); the public calls clamp valid_items at 0.
template <class T, int N, class It>
inline void load_blocked(int tid, It it, T (&items)[N], int valid, const T* oob) {
  if (valid < 0) {
    for (int i = 0; i < N; ++i) items[i] = it[tid * N + i];
    return;
  }
  for (int i = 0; i < N; ++i) {
    const int idx = tid * N + i;
    if (idx < valid) {
      items[i] = it[idx];
    } else if (oob) {
      items[i] = *oob;
    }
  }
}
template <int THREADS, class T, int N, class It>
inline void load_striped(int tid, It it, T (&items)[N], int valid, const T* oob) {
  if (valid < 0) {
    for (int i = 0; i < N; ++i) items[i] = it[i * THREADS + tid];
    return;
  }
  for (int i = 0; i < N; ++i) {
    const int idx = i * THREADS + tid;
    if (idx < valid) {
      items[i] = it[idx];
    } else if (oob) {
      items[i] = *oob;
    }
  }
}
template <class T, int N, class It>
inline void store_blocked(int tid, It it, T (&items)[N], int valid) {
  for (int i = 0; i < N; ++i)
    if (valid < 0 || tid * N + i < valid) it[tid * N + i] = items[i];
}
template <int THREADS, class T, int N, class It>
inline void store_striped(int tid, It it, T (&items)[N], int valid) {
  for (int i = 0; i < N; ++i)
    if (valid < 0 || i * THREADS + tid < valid) it[i * THREADS + tid] = items[i];
}

template <class T, int DX, int N, Movement M, int DY, int DZ, Flavor F, bool kStore>
class BlockMoveImpl {
  static constexpr int kThreads = DX * DY * DZ;
  static constexpr bool kExchange = M == Movement::kTranspose || M == Movement::kWarpTranspose ||
                                    M == Movement::kWarpTransposeTimesliced;
  static_assert(N > 0, "ITEMS_PER_THREAD must be greater than 0");

 public:
  struct TempStorage {
    Slots<T, kExchange ? kThreads * N : 1> items;
  };

  BlockMoveImpl()
      : temp_(private_storage<TempStorage>(
            [] {}, kStore ? "BlockStore private TempStorage" : "BlockLoad private TempStorage")) {}
  explicit BlockMoveImpl(TempStorage& temp_storage) : temp_(temp_storage) {}

 protected:
  template <class It>
  void load(It it, T (&items)[N], int valid, const T* oob, const std::source_location& where) {
    check_block<DX, DY, DZ>("BlockLoad", false, where);
    const int tid = linear_tid<DX, DY, DZ>();
    switch (M) {
      case Movement::kDirect:
      case Movement::kVectorize:
        load_blocked(tid, it, items, valid, oob);
        break;
      case Movement::kStriped:
        load_striped<kThreads>(tid, it, items, valid, oob);
        break;
      case Movement::kTranspose:
        load_striped<kThreads>(tid, it, items, valid, oob);
        for (int i = 0; i < N; ++i) temp_.items[i * kThreads + tid] = items[i];
        sync_block(where);
        for (int i = 0; i < N; ++i) items[i] = temp_.items[tid * N + i];
        break;
      case Movement::kWarpTranspose:
      case Movement::kWarpTransposeTimesliced: {
        const int w = warp_lanes(where);
        const int warp = tid / w, lane = tid % w, base = warp * w * N;
        for (int i = 0; i < N; ++i) {
          const int idx = base + i * w + lane;
          if (valid < 0 || idx < valid) {
            items[i] = it[idx];
          } else if (oob) {
            items[i] = *oob;
          }
        }
        for (int i = 0; i < N; ++i) temp_.items[base + i * w + lane] = items[i];
        sync_warp<F>(w, where);
        for (int i = 0; i < N; ++i) items[i] = temp_.items[base + lane * N + i];
        break;
      }
    }
  }

  template <class It>
  void store(It it, T (&items)[N], int valid, const std::source_location& where) {
    check_block<DX, DY, DZ>("BlockStore", false, where);
    const int tid = linear_tid<DX, DY, DZ>();
    switch (M) {
      case Movement::kDirect:
      case Movement::kVectorize:
        store_blocked(tid, it, items, valid);
        break;
      case Movement::kStriped:
        store_striped<kThreads>(tid, it, items, valid);
        break;
      case Movement::kTranspose: {
        for (int i = 0; i < N; ++i) temp_.items[tid * N + i] = items[i];
        sync_block(where);
        T striped[N];
        for (int i = 0; i < N; ++i) striped[i] = temp_.items[i * kThreads + tid];
        store_striped<kThreads>(tid, it, striped, valid);
        break;
      }
      case Movement::kWarpTranspose:
      case Movement::kWarpTransposeTimesliced: {
        const int w = warp_lanes(where);
        const int warp = tid / w, lane = tid % w, base = warp * w * N;
        for (int i = 0; i < N; ++i) temp_.items[base + lane * N + i] = items[i];
        sync_warp<F>(w, where);
        for (int i = 0; i < N; ++i) {
          const int idx = base + i * w + lane;
          if (valid < 0 || idx < valid) it[idx] = static_cast<T>(temp_.items[base + i * w + lane]);
        }
        break;
      }
    }
  }

 private:
  //! The warp exchanges need whole warps (CUB static_asserts BLOCK_THREADS % 32 == 0; on AMD the
  //! wavefront width is a property of the device, so the emulator checks at run time).
  static int warp_lanes(const std::source_location& where) {
    const int w = warp_width();
    if (kThreads % w != 0) {
      fail_kernel(std::string(kStore ? "BlockStore" : "BlockLoad") +
                      " with WARP_TRANSPOSE needs a block of whole warps: " +
                      std::to_string(kThreads) + " threads, warps of " + std::to_string(w),
                  where);
    }
    return w;
  }

  TempStorage& temp_;
};

template <class T, int DX, int N, Movement M, int DY, int DZ, Flavor F>
class BlockLoadImpl : public BlockMoveImpl<T, DX, N, M, DY, DZ, F, false> {
  using Base = BlockMoveImpl<T, DX, N, M, DY, DZ, F, false>;

 public:
  using Base::Base;
  using typename Base::TempStorage;

  template <class It>
  void Load(It block_it, T (&items)[N],
            std::source_location where = std::source_location::current()) {
    this->load(block_it, items, -1, nullptr, where);
  }
  template <class It>
  void Load(It block_it, T (&items)[N], int valid_items,
            std::source_location where = std::source_location::current()) {
    this->load(block_it, items, valid_items < 0 ? 0 : valid_items, nullptr, where);
  }
  template <class It, class Default>
  void Load(It block_it, T (&items)[N], int valid_items, Default oob_default,
            std::source_location where = std::source_location::current()) {
    const T oob = static_cast<T>(oob_default);
    this->load(block_it, items, valid_items < 0 ? 0 : valid_items, &oob, where);
  }
};

template <class T, int DX, int N, Movement M, int DY, int DZ, Flavor F>
class BlockStoreImpl : public BlockMoveImpl<T, DX, N, M, DY, DZ, F, true> {
  using Base = BlockMoveImpl<T, DX, N, M, DY, DZ, F, true>;

 public:
  using Base::Base;
  using typename Base::TempStorage;

  template <class It>
  void Store(It block_it, T (&items)[N],
             std::source_location where = std::source_location::current()) {
    this->store(block_it, items, -1, where);
  }
  template <class It>
  void Store(It block_it, T (&items)[N], int valid_items,
             std::source_location where = std::source_location::current()) {
    this->store(block_it, items, valid_items < 0 ? 0 : valid_items, where);
  }
};

}  // namespace parity::simt::libs::cub
