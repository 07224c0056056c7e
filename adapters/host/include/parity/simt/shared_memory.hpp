// Per-block __shared__ storage. The rewriter turns
//   __shared__ float tile[32][33];   into  auto& tile = shared_var<float[32][33], 0>([] {},
//   "tile"); extern __shared__ float dyn[];   into  auto* const dyn = dynamic_shared<float, 0>();
// Each declaration site (the lambda's closure type is unique per site and per template
// instantiation) gets a slot at a fixed offset in the static region on first use; every worker
// thread owns an arena with that layout and runs one block at a time, so the reference is
// per-block storage. The first time a block reaches a declaration, the slot is filled with the
// poison pattern (parity/poison.hpp; PARITY_SIMT_POISON=0 turns that off), as on a GPU nothing
// initialises shared memory, and the first time a launch reaches it, its size counts against the
// target's shared-memory limit (parity/simt/target.hpp).
#pragma once

#include <cstddef>

#include "parity/simt/context.hpp"

namespace parity::simt::detail {

//! A static __shared__ declaration site: its index and its offset in the static region.
struct SharedSlot {
  unsigned id;
  std::size_t offset;
};

//! Reserves `size` bytes in the static region (process-wide layout).
SharedSlot register_shared(std::size_t size, std::size_t align, const char* name);

//! The block's first use of slot `id`: poisons it, counts it against the launch's limit (and
//! fails the block when the limit is exceeded).
void shared_first_use(unsigned id);

template <class T, std::size_t Align, class Tag>
T& shared_var_tagged(const char* name) {
  constexpr std::size_t align = Align > alignof(T) ? Align : alignof(T);
  static const SharedSlot slot = register_shared(sizeof(T), align, name);
  ThreadContext& c = t_ctx;
  if (c.shared_stamps[slot.id] != c.block_serial) [[unlikely]]
    shared_first_use(slot.id);
  return *reinterpret_cast<T*>(c.shared_static + slot.offset);
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
