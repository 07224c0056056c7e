// Per-block __shared__ storage. The rewriter turns
//   __shared__ float tile[32][33];        into  auto& tile = shared_var<float[32][33], 0>([] {},
//   "tile"); extern __shared__ float dyn[];        into  auto* const dyn = dynamic_shared<float,
//   0>();
// Each declaration site (the lambda's closure type is unique per site and per template
// instantiation) gets a fixed offset in the static region on first use; every worker thread owns
// an arena with that layout, and runs one block at a time, so the reference is per-block storage.
// As on a GPU, nothing initialises it: a block sees whatever the previous block on that worker
// left (race mode reports reads of bytes the block has not written).
#pragma once

#include <cstddef>

#include "parity/simt/context.hpp"

namespace parity::simt::detail {

//! Reserves `size` bytes in the static region (process-wide layout); returns the offset.
std::size_t register_shared(std::size_t size, std::size_t align, const char* name);

template <class T, std::size_t Align, class Tag>
T& shared_var_tagged(const char* name) {
  constexpr std::size_t align = Align > alignof(T) ? Align : alignof(T);
  static const std::size_t offset = register_shared(sizeof(T), align, name);
  return *reinterpret_cast<T*>(t_ctx.shared_static + offset);
}

template <class T, std::size_t Align = 0, class Tag>
T& shared_var(Tag, const char* name) {
  return shared_var_tagged<T, Align, Tag>(name);
}

//! The block's dynamic shared memory (the launch's shmem bytes); every extern __shared__ array
//! of a kernel starts at this same address, as on a GPU. Aligned to 256 bytes.
template <class T, std::size_t Align = 0>
T* dynamic_shared() {
  static_assert(Align <= 256, "parity-simt: dynamic shared memory is aligned to 256 bytes");
  return reinterpret_cast<T*>(t_ctx.shared_dynamic);
}

}  // namespace parity::simt::detail
