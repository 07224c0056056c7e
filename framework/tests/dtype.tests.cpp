#include "parity/dtype.hpp"

#include <catch2/catch_test_macros.hpp>
#include <set>
#include <string>

#include "parity/error.hpp"

namespace {

using parity::DType;
using parity::DTypeKind;

// Expected facts, written out independently of the implementation's table (numpy itemsize, kind).
struct Expected {
  DType dtype;
  const char* name;
  std::size_t size;
  DTypeKind kind;
};
constexpr Expected kExpected[] = {
    {DType::kFloat64, "float64", 8, DTypeKind::kFloat},
    {DType::kFloat32, "float32", 4, DTypeKind::kFloat},
    {DType::kFloat16, "float16", 2, DTypeKind::kFloat},
    {DType::kBFloat16, "bfloat16", 2, DTypeKind::kFloat},
    {DType::kFloat8E4M3FN, "float8_e4m3fn", 1, DTypeKind::kFloat},
    {DType::kFloat8E4M3FNUZ, "float8_e4m3fnuz", 1, DTypeKind::kFloat},
    {DType::kFloat8E5M2, "float8_e5m2", 1, DTypeKind::kFloat},
    {DType::kFloat8E5M2FNUZ, "float8_e5m2fnuz", 1, DTypeKind::kFloat},
    {DType::kFloat8E8M0FNU, "float8_e8m0fnu", 1, DTypeKind::kFloat},
    {DType::kFloat4E2M1FN, "float4_e2m1fn", 1, DTypeKind::kFloat},
    {DType::kInt8, "int8", 1, DTypeKind::kSignedInt},
    {DType::kInt16, "int16", 2, DTypeKind::kSignedInt},
    {DType::kInt32, "int32", 4, DTypeKind::kSignedInt},
    {DType::kInt64, "int64", 8, DTypeKind::kSignedInt},
    {DType::kUInt8, "uint8", 1, DTypeKind::kUnsignedInt},
    {DType::kUInt16, "uint16", 2, DTypeKind::kUnsignedInt},
    {DType::kUInt32, "uint32", 4, DTypeKind::kUnsignedInt},
    {DType::kUInt64, "uint64", 8, DTypeKind::kUnsignedInt},
    {DType::kBool, "bool", 1, DTypeKind::kBool},
    {DType::kComplex64, "complex64", 8, DTypeKind::kComplex},
    {DType::kComplex128, "complex128", 16, DTypeKind::kComplex},
};

TEST_CASE("all_dtypes lists every DType once in declaration order", "[dtype]") {
  const auto all = parity::all_dtypes();
  REQUIRE(all.size() == std::size(kExpected));
  for (std::size_t i = 0; i < all.size(); ++i) {
    CHECK(all[i] == kExpected[i].dtype);
    CHECK(static_cast<std::size_t>(all[i]) == i);
  }
}

TEST_CASE("names sizes and kinds", "[dtype]") {
  std::set<std::string> names;
  for (const auto& e : kExpected) {
    INFO(e.name);
    CHECK(parity::name(e.dtype) == e.name);
    CHECK(parity::size_bytes(e.dtype) == e.size);
    CHECK(parity::kind(e.dtype) == e.kind);
    CHECK(parity::is_floating(e.dtype) == (e.kind == DTypeKind::kFloat));
    CHECK(parity::is_complex(e.dtype) == (e.kind == DTypeKind::kComplex));
    CHECK(parity::is_integral(e.dtype) ==
          (e.kind == DTypeKind::kSignedInt || e.kind == DTypeKind::kUnsignedInt ||
           e.kind == DTypeKind::kBool));
    names.insert(e.name);
  }
  CHECK(names.size() == std::size(kExpected));
}

TEST_CASE("every name round-trips through parse_dtype", "[dtype]") {
  for (DType d : parity::all_dtypes()) {
    INFO(parity::name(d));
    const auto parsed = parity::parse_dtype(parity::name(d));
    REQUIRE(parsed.has_value());
    CHECK(*parsed == d);
  }
}

TEST_CASE("short aliases", "[dtype]") {
  CHECK(parity::parse_dtype("f64") == DType::kFloat64);
  CHECK(parity::parse_dtype("f32") == DType::kFloat32);
  CHECK(parity::parse_dtype("f16") == DType::kFloat16);
  CHECK(parity::parse_dtype("bf16") == DType::kBFloat16);
}

TEST_CASE("bad names are rejected", "[dtype][negative]") {
  for (const char* bad : {"",
                          "Float32",
                          "FLOAT32",
                          "float",
                          "half",
                          "fp16",
                          "fp32",
                          "f8",
                          "e4m3",
                          "float8",
                          "float8_e4m3",
                          "float8_e4m3fnu",
                          "float8_e8m0",
                          "float4",
                          "int",
                          "uint",
                          "complex",
                          "complex32",
                          "double",
                          " float32",
                          "float32 ",
                          "float32\n",
                          "i32",
                          "u8",
                          "b16"}) {
    INFO('"' << bad << '"');
    CHECK_FALSE(parity::parse_dtype(bad).has_value());
  }
}

TEST_CASE("component dtypes", "[dtype]") {
  CHECK(parity::component_dtype(DType::kComplex64) == DType::kFloat32);
  CHECK(parity::component_dtype(DType::kComplex128) == DType::kFloat64);
  for (DType d : parity::all_dtypes()) {
    if (parity::is_complex(d)) {
      CHECK(parity::size_bytes(d) == 2 * parity::size_bytes(parity::component_dtype(d)));
    } else {
      CHECK(parity::component_dtype(d) == d);
    }
  }
}

TEST_CASE("an invalid enum value is a UsageError", "[dtype][negative]") {
  const auto invalid = static_cast<DType>(200);
  CHECK_THROWS_AS(parity::name(invalid), parity::UsageError);
  CHECK_THROWS_AS(parity::size_bytes(invalid), parity::UsageError);
  CHECK_THROWS_AS(parity::kind(invalid), parity::UsageError);
}

}  // namespace
