// What the emulated CUB / hipCUB primitives are built from: the block and warp of the calling
// thread as the primitive's template parameters define them, shuffles and barriers of the
// emulator (collective for real, so a misuse fails as it does on a GPU or is caught by race
// mode), and TempStorage as raw shared bytes that the user declares __shared__.
//
// One implementation serves both dialects; a Flavor says whose behaviour a detail follows:
//  - kCub (CUB 3.0, CUDA 13): 32-lane warps, *_sync shuffles over the full warp mask;
//  - kHipcub (hipCUB on rocPRIM, ROCm 6.x): the launch's wavefront width, maskless shuffles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <source_location>
#include <string>
#include <type_traits>

#include "parity/simt/barrier.hpp"
#include "parity/simt/context.hpp"
#include "parity/simt/libs/kernel_failure.hpp"
#include "parity/simt/shared_memory.hpp"
#include "parity/simt/warp.hpp"

namespace parity::simt::libs::cub {

enum class Flavor : std::uint8_t { kCub, kHipcub };

//! The hardware warp of the calling thread: 32 for CUDA sources, the wavefront width for HIP.
inline int warp_width() noexcept {
  return ::warpSize;
}

//! The widest warp any dialect has: TempStorage is sized for the most warps a block can have.
inline constexpr int kNarrowestWarp = 32;

//! The calling thread's rank as CUB computes it from the primitive's block dimensions (not from
//! blockDim): x + y * DX + z * DX * DY, with a dimension of size 1 ignored.
template <int DX, int DY, int DZ>
inline int linear_tid() noexcept {
  return static_cast<int>((DZ == 1 ? 0 : ::threadIdx.z * DX * DY) +
                          (DY == 1 ? 0 : ::threadIdx.y * DX) + ::threadIdx.x);
}

//! The block must have the shape the primitive was instantiated for: a block with more threads
//! writes past the TempStorage, and a dimension the primitive ignores folds threads onto one
//! rank. A 1-D primitive may run in a block with fewer threads where `partial_ok` (a call with
//! num_valid / valid_items covering the threads that exist); anywhere else it would read the
//! partials of threads that do not exist, which on a GPU is whatever the shared memory held.
template <int DX, int DY, int DZ>
inline void check_block(const char* primitive, bool partial_ok, const std::source_location& where) {
  const bool one_d = DY == 1 && DZ == 1 && ::blockDim.y == 1 && ::blockDim.z == 1;
  const bool exact = ::blockDim.x == static_cast<unsigned>(DX) &&
                     ::blockDim.y == static_cast<unsigned>(DY) &&
                     ::blockDim.z == static_cast<unsigned>(DZ);
  if (exact || (partial_ok && one_d && ::blockDim.x <= static_cast<unsigned>(DX))) [[likely]]
    return;
  fail_kernel(std::string(primitive) + " was instantiated for a block of " + std::to_string(DX) +
                  " x " + std::to_string(DY) + " x " + std::to_string(DZ) +
                  " threads but runs in a block of " + std::to_string(::blockDim.x) + " x " +
                  std::to_string(::blockDim.y) + " x " + std::to_string(::blockDim.z) +
                  ": size the primitive to the block" +
                  (DY == 1 && DZ == 1 ? ", or pass num_valid / valid_items for a block with fewer "
                                        "threads"
                                      : ""),
              where);
}

//! __syncthreads() at the primitive's call site.
inline void sync_block(const std::source_location& where) {
  ::parity::simt::detail::barrier(::parity::simt::detail::BarrierOp::kSync, 0, where);
}

//! The lanes of the calling thread's hardware warp.
inline std::uint64_t hardware_warp_mask() noexcept {
  const int w = warp_width();
  return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
}

//! The lanes of the calling thread's logical warp of `width` lanes (CUB's member mask; hipCUB
//! shuffles without a mask).
inline std::uint64_t logical_warp_mask(int width) noexcept {
  const unsigned lane = ::parity::simt::detail::lane_id();
  const std::uint64_t lanes = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  return (lanes << (lane / static_cast<unsigned>(width) * static_cast<unsigned>(width))) &
         hardware_warp_mask();
}

template <Flavor F, class T>
inline T shuffle(::parity::simt::detail::WarpOp op, const T& v, int arg, int width,
                 const std::source_location& where) {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= 16,
                "parity-simt: the emulated CUB / hipCUB warp primitives shuffle trivially "
                "copyable values of at most 16 bytes");
  return ::parity::simt::detail::shuffle(op, F == Flavor::kCub, logical_warp_mask(width), v, arg,
                                         width, where);
}
template <Flavor F, class T>
inline T shfl_down(const T& v, int delta, int width, const std::source_location& where) {
  return shuffle<F>(::parity::simt::detail::WarpOp::kShflDown, v, delta, width, where);
}
template <Flavor F, class T>
inline T shfl_up(const T& v, int delta, int width, const std::source_location& where) {
  return shuffle<F>(::parity::simt::detail::WarpOp::kShflUp, v, delta, width, where);
}
template <Flavor F, class T>
inline T shfl_idx(const T& v, int lane, int width, const std::source_location& where) {
  return shuffle<F>(::parity::simt::detail::WarpOp::kShfl, v, lane, width, where);
}
template <Flavor F>
inline void sync_warp(int width, const std::source_location& where) {
  ::parity::simt::detail::vote(::parity::simt::detail::WarpOp::kSyncWarp, true,
                               logical_warp_mask(width), 0, where);
}

//! The lane of the calling thread in its logical warp of `width` lanes (a power of two).
inline int logical_lane(int width) noexcept {
  return static_cast<int>(::parity::simt::detail::lane_id()) & (width - 1);
}

//! A logical warp cannot be wider than the hardware warp it lives in.
inline void check_logical_warp(const char* primitive, int width,
                               const std::source_location& where) {
  if (width <= warp_width()) [[likely]]
    return;
  fail_kernel(std::string(primitive) + " has logical warps of " + std::to_string(width) +
                  " lanes but the hardware warp has " + std::to_string(warp_width()) +
                  " (code built for wave64 runs on a wave32 device: size it by the device's "
                  "warp)",
              where);
}

//! The tree reduction of a logical warp as CUB's and rocPRIM's shuffle paths do it: offsets
//! 1, 2, 4, ... ascending, lane i combining lane i + offset when that lane holds a valid item;
//! lane 0 ends with op(op(x0, x1), op(x2, x3))...
template <Flavor F, class T, class Op>
inline T warp_tree_reduce(T v, int width, int valid, Op& op, const std::source_location& where) {
  const int lane = logical_lane(width);
  for (int offset = 1; offset < width; offset *= 2) {
    const T other = shfl_down<F>(v, offset, width, where);
    if (lane + offset < valid) v = op(v, other);
  }
  return v;
}

//! The inclusive scan of a logical warp (Kogge-Stone over shfl_up, as CUB's WarpScanShfl):
//! lane i ends with op(x0 ... xi), earlier operands on the left.
template <Flavor F, class T, class Op>
inline T warp_inclusive_scan(T v, int width, Op& op, const std::source_location& where) {
  const int lane = logical_lane(width);
  for (int offset = 1; offset < width; offset *= 2) {
    const T other = shfl_up<F>(v, offset, width, where);
    if (lane >= offset) v = op(other, v);
  }
  return v;
}

//! Raw storage for N values of T in shared memory, as CUB's Uninitialized<T[N]>: trivially
//! constructible (the rewriter places it in the arena without constructing it), accessed with
//! typed loads and stores so that race mode sees every access.
template <class T, int N>
struct Slots {
  alignas(T) unsigned char bytes[sizeof(T) * (N > 0 ? N : 1)];
  T& operator[](int i) { return *std::launder(reinterpret_cast<T*>(bytes) + i); }
  const T& operator[](int i) const { return *std::launder(reinterpret_cast<const T*>(bytes) + i); }
};

//! The TempStorage of a primitive that needs none (direct loads, shuffle-only warp reductions).
struct NoStorage {};

//! A `__shared__ TempStorage` of the primitive's own, for the constructors without one (the
//! lambda makes it one declaration per instantiation, as a __shared__ in the primitive is).
template <class Storage, class Tag>
inline Storage& private_storage(Tag tag, const char* name) {
  return ::parity::simt::detail::shared_var<Storage>(tag, name);
}

}  // namespace parity::simt::libs::cub
