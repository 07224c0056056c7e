// The poison pattern: what the host emulator puts where a GPU leaves memory or a value undefined
// (fresh shared memory / LDS, fresh device allocations, a CUDA shuffle from a lane that did not
// take part), so that reading it is visible in the results instead of looking like zeros. Defined
// once, here: the emulator writes it (parity/simt), the comparator recognises it in a failing
// output and says so in the verdict (hint "poison").
//
// The bytes alternate 0xF6 at even and 0x7F at odd addresses, so every aligned element reads the
// same value whatever its size: 0x7FF6 (fp16, bf16: NaN), 0x7FF67FF6 (fp32: NaN),
// 0x7FF67FF6'7FF67FF6 (fp64: NaN), and as integers 32758, 2146861046, ... which no index or count
// is by accident.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parity/dtype.hpp"

namespace parity::poison {

//! The pattern as one little-endian 64-bit word (any 2-byte aligned slice of it is the pattern).
inline constexpr std::uint64_t kWord = 0x7FF67FF67FF67FF6ull;

//! The pattern's byte at `address` (0xF6 at even, 0x7F at odd addresses).
constexpr std::byte byte_at(std::uintptr_t address) noexcept {
  return (address & 1) != 0 ? std::byte{0x7F} : std::byte{0xF6};
}

//! Fills [p, p + bytes) with the pattern, phased by address.
void fill(void* p, std::size_t bytes) noexcept;

//! Whether an element of `dtype` (a component dtype for complex values) with these bits carries
//! the poison: the pattern itself, for floats also with the sign flipped or the NaN quieted (as
//! arithmetic on a poisoned value leaves it), and fp32 poison widened to fp64. 8-bit types and
//! bool are never reported (a byte of the pattern is a plausible value there).
bool carries(DType dtype, std::uint64_t bits) noexcept;

}  // namespace parity::poison
