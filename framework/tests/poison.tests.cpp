// The poison pattern: the bytes the emulator writes, and which element bits carry it. The oracle
// for the float encodings is written out by hand (IEEE 754 field layouts), not computed from the
// code under test.
#include "parity/poison.hpp"

#include <catch2/catch_test_macros.hpp>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

using namespace parity;

TEST_CASE("poison::fill alternates 0xF6 / 0x7F by address, whatever the start and length",
          "[poison]") {
  std::array<unsigned char, 64> buf{};
  for (std::size_t start = 0; start < 9; ++start) {
    for (std::size_t len : {0u, 1u, 2u, 7u, 8u, 9u, 23u, 40u}) {
      buf.fill(0);
      poison::fill(buf.data() + start, len);
      for (std::size_t i = 0; i < buf.size(); ++i) {
        const auto address = reinterpret_cast<std::uintptr_t>(buf.data() + i);
        const unsigned char expect =
            i >= start && i < start + len ? ((address & 1) ? 0x7F : 0xF6) : 0;
        INFO("start " << start << " len " << len << " byte " << i);
        REQUIRE(buf[i] == expect);
      }
    }
  }
}

TEST_CASE("poisoned memory reads as NaN in every IEEE format and as odd integers", "[poison]") {
  alignas(8) unsigned char mem[16];
  poison::fill(mem, sizeof mem);
  float f;
  double d;
  std::uint16_t h;
  std::int32_t i;
  std::memcpy(&f, mem, 4);
  std::memcpy(&d, mem + 8, 8);
  std::memcpy(&h, mem + 2, 2);
  std::memcpy(&i, mem + 4, 4);
  CHECK(std::isnan(f));
  CHECK(std::isnan(d));
  CHECK(h == 0x7FF6);  // fp16: exponent 0x1F, mantissa 0x3F6; bf16: exponent 0xFF, mantissa 0x76
  CHECK(i == 2146861046);
  CHECK(std::bit_cast<std::uint32_t>(f) == 0x7FF67FF6u);
}

TEST_CASE("poison::carries: the pattern, negated or quieted, and nothing else", "[poison]") {
  // fp32: the pattern, its negation, and what arithmetic (x + 1 on x86) leaves of it.
  CHECK(poison::carries(DType::kFloat32, 0x7FF67FF6u));
  CHECK(poison::carries(DType::kFloat32, 0xFFF67FF6u));
  volatile float p = std::bit_cast<float>(0x7FF67FF6u);
  CHECK(poison::carries(DType::kFloat32, std::bit_cast<std::uint32_t>(p + 1.0f)));
  CHECK(poison::carries(DType::kFloat32, std::bit_cast<std::uint32_t>(-p * 3.0f)));
  // fp64: a signalling NaN whose arithmetic result sets the quiet bit (0x0008'0000'0000'0000).
  CHECK(poison::carries(DType::kFloat64, 0x7FF67FF67FF67FF6ull));
  CHECK(poison::carries(DType::kFloat64, 0x7FFE7FF67FF67FF6ull));
  volatile double q = std::bit_cast<double>(0x7FF67FF67FF67FF6ull);
  CHECK(poison::carries(DType::kFloat64, std::bit_cast<std::uint64_t>(q * 2.0)));
  // fp32 poison converted to double keeps its payload shifted into the top of the mantissa.
  CHECK(poison::carries(DType::kFloat64, std::bit_cast<std::uint64_t>(static_cast<double>(p))));
  CHECK(poison::carries(DType::kFloat16, 0x7FF6u));
  CHECK(poison::carries(DType::kBFloat16, 0xFFF6u));
  CHECK(poison::carries(DType::kInt32, 0x7FF67FF6u));
  CHECK(poison::carries(DType::kUInt16, 0x7FF6u));
  CHECK(poison::carries(DType::kInt64, 0x7FF67FF67FF67FF6ull));
  // Negative controls: the output sentinel, canonical NaNs, neighbours, 8-bit types.
  CHECK_FALSE(poison::carries(DType::kFloat32, 0x7FC0DEADu));  // case.cpp's output sentinel
  CHECK_FALSE(poison::carries(DType::kFloat32, 0x7FC00000u));
  CHECK_FALSE(poison::carries(DType::kFloat32, 0x7FF67FF7u));
  CHECK_FALSE(poison::carries(DType::kFloat64, 0x7FF8000000000000ull));
  CHECK_FALSE(poison::carries(DType::kFloat16, 0x7E00u));
  CHECK_FALSE(poison::carries(DType::kInt32, 0x7FF67FF7u));
  CHECK_FALSE(poison::carries(DType::kUInt8, 0xF6u));
  CHECK_FALSE(poison::carries(DType::kFloat8E4M3FN, 0x7Fu));
}
