#include "parity/poison.hpp"

#include <cstring>

namespace parity::poison {

void fill(void* p, std::size_t bytes) noexcept {
  auto* b = static_cast<std::byte*>(p);
  // Byte by byte up to an 8-byte boundary, then whole words (the word is the pattern at an even,
  // hence also at an 8-aligned, address), then the tail.
  while (bytes > 0 && (reinterpret_cast<std::uintptr_t>(b) & 7) != 0) {
    *b = byte_at(reinterpret_cast<std::uintptr_t>(b));
    ++b;
    --bytes;
  }
  for (; bytes >= 8; bytes -= 8, b += 8) std::memcpy(b, &kWord, 8);
  for (; bytes > 0; --bytes, ++b) *b = byte_at(reinterpret_cast<std::uintptr_t>(b));
}

bool carries(DType dtype, std::uint64_t bits) noexcept {
  // Sign and quiet bit of each IEEE format: arithmetic on a NaN keeps its payload, may set the
  // quiet bit (fp64's pattern is a signalling NaN) and negation flips the sign.
  auto same_nan = [bits](std::uint64_t pattern, std::uint64_t sign, std::uint64_t quiet) {
    const std::uint64_t ignore = sign | quiet;
    return (bits & ~ignore) == (pattern & ~ignore);
  };
  switch (dtype) {
    case DType::kFloat64: {
      constexpr std::uint64_t f32 = kWord & 0xFFFFFFFFu;
      constexpr std::uint64_t widened = (std::uint64_t{0x7FF} << 52) | ((f32 & 0x7FFFFF) << 29);
      return same_nan(kWord, std::uint64_t{1} << 63, std::uint64_t{1} << 51) ||
             same_nan(widened, std::uint64_t{1} << 63, std::uint64_t{1} << 51);
    }
    case DType::kFloat32:
      return same_nan(kWord & 0xFFFFFFFFu, 0x80000000u, 0x00400000u);
    case DType::kFloat16:
      return same_nan(kWord & 0xFFFFu, 0x8000u, 0x0200u);
    case DType::kBFloat16:
      return same_nan(kWord & 0xFFFFu, 0x8000u, 0x0040u);
    case DType::kInt16:
    case DType::kUInt16:
      return bits == (kWord & 0xFFFFu);
    case DType::kInt32:
    case DType::kUInt32:
      return bits == (kWord & 0xFFFFFFFFu);
    case DType::kInt64:
    case DType::kUInt64:
      return bits == kWord;
    default:
      return false;
  }
}

}  // namespace parity::poison
