// The order radix sorts give keys (CUB 3.0's and rocPRIM's, the same): keys are compared as
// unsigned bit patterns after a "twiddle" (signed integers: the sign bit flipped; floating point
// including __half and bfloat16: negative values all bits flipped, positive ones the sign bit),
// with -0.0 and +0.0 treated as the same key, only bits [begin_bit, end_bit) taking part, and
// equal keys keeping their input order (the sorts are stable). NaNs sort by their bits: positive
// NaNs after +inf, negative NaNs before -inf.
#pragma once

#include <bit>
#include <climits>
#include <cstdint>
#include <type_traits>

namespace parity::simt::libs::cub {

template <std::size_t Bytes>
struct UnsignedOf;
template <>
struct UnsignedOf<1> {
  using type = std::uint8_t;
};
template <>
struct UnsignedOf<2> {
  using type = std::uint16_t;
};
template <>
struct UnsignedOf<4> {
  using type = std::uint32_t;
};
template <>
struct UnsignedOf<8> {
  using type = std::uint64_t;
};

template <class K>
struct RadixKey {
  static_assert(std::is_trivially_copyable_v<K> &&
                    (sizeof(K) == 1 || sizeof(K) == 2 || sizeof(K) == 4 || sizeof(K) == 8),
                "parity-simt: radix-sort keys are integers or floating-point values of 1, 2, 4 "
                "or 8 bytes");
  using Bits = typename UnsignedOf<sizeof(K)>::type;
  static constexpr bool kFloat = !std::is_integral_v<K>;  // float, double, __half, bfloat16
  static constexpr Bits kSign = Bits(Bits(1) << (sizeof(K) * CHAR_BIT - 1));

  static Bits twiddle(const K& key) {
    Bits b = std::bit_cast<Bits>(key);
    if constexpr (kFloat) {
      if (b == kSign) b = 0;  // -0.0 is +0.0
      b = (b & kSign) ? Bits(~b) : Bits(b ^ kSign);
    } else if constexpr (std::is_signed_v<K>) {
      b = Bits(b ^ kSign);
    }
    return b;
  }
  //! The bits that take part.
  static Bits digits(const K& key, int begin_bit, int end_bit) {
    const int width = end_bit - begin_bit;
    if (width <= 0) return 0;
    const Bits b = Bits(twiddle(key) >> begin_bit);
    return width >= static_cast<int>(sizeof(K) * CHAR_BIT) ? b : Bits(b & ((Bits(1) << width) - 1));
  }
};

}  // namespace parity::simt::libs::cub
