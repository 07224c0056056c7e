#include "parity/dtype.hpp"

#include <array>
#include <string>

#include "parity/error.hpp"

namespace parity {
namespace {

struct DTypeInfo {
  DType dtype;
  std::string_view name;  // ml_dtypes / numpy name
  std::size_t size;
  DTypeKind kind;
  DType component;
};

using K = DTypeKind;
// Rows are in DType order: kInfo[static_cast<int>(dtype)] describes dtype.
constexpr std::array<DTypeInfo, 21> kInfo = {{
    {DType::kFloat64, "float64", 8, K::kFloat, DType::kFloat64},
    {DType::kFloat32, "float32", 4, K::kFloat, DType::kFloat32},
    {DType::kFloat16, "float16", 2, K::kFloat, DType::kFloat16},
    {DType::kBFloat16, "bfloat16", 2, K::kFloat, DType::kBFloat16},
    {DType::kFloat8E4M3FN, "float8_e4m3fn", 1, K::kFloat, DType::kFloat8E4M3FN},
    {DType::kFloat8E4M3FNUZ, "float8_e4m3fnuz", 1, K::kFloat, DType::kFloat8E4M3FNUZ},
    {DType::kFloat8E5M2, "float8_e5m2", 1, K::kFloat, DType::kFloat8E5M2},
    {DType::kFloat8E5M2FNUZ, "float8_e5m2fnuz", 1, K::kFloat, DType::kFloat8E5M2FNUZ},
    {DType::kFloat8E8M0FNU, "float8_e8m0fnu", 1, K::kFloat, DType::kFloat8E8M0FNU},
    {DType::kFloat4E2M1FN, "float4_e2m1fn", 1, K::kFloat, DType::kFloat4E2M1FN},
    {DType::kInt8, "int8", 1, K::kSignedInt, DType::kInt8},
    {DType::kInt16, "int16", 2, K::kSignedInt, DType::kInt16},
    {DType::kInt32, "int32", 4, K::kSignedInt, DType::kInt32},
    {DType::kInt64, "int64", 8, K::kSignedInt, DType::kInt64},
    {DType::kUInt8, "uint8", 1, K::kUnsignedInt, DType::kUInt8},
    {DType::kUInt16, "uint16", 2, K::kUnsignedInt, DType::kUInt16},
    {DType::kUInt32, "uint32", 4, K::kUnsignedInt, DType::kUInt32},
    {DType::kUInt64, "uint64", 8, K::kUnsignedInt, DType::kUInt64},
    {DType::kBool, "bool", 1, K::kBool, DType::kBool},
    {DType::kComplex64, "complex64", 8, K::kComplex, DType::kFloat32},
    {DType::kComplex128, "complex128", 16, K::kComplex, DType::kFloat64},
}};

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < kInfo.size(); ++i)
    if (static_cast<std::size_t>(kInfo[i].dtype) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kInfo rows must follow the DType declaration order");
static_assert(static_cast<std::size_t>(DType::kComplex128) + 1 == kInfo.size(),
              "a DType was added: give it a row in kInfo");

constexpr std::array<DType, kInfo.size()> kAll = [] {
  std::array<DType, kInfo.size()> all{};
  for (std::size_t i = 0; i < kInfo.size(); ++i) all[i] = kInfo[i].dtype;
  return all;
}();

const DTypeInfo& info(DType dtype) {
  const auto i = static_cast<std::size_t>(dtype);
  if (i >= kInfo.size())
    throw UsageError("invalid DType value " + std::to_string(i) +
                     ": it is not one of parity::all_dtypes() (uninitialised or corrupt?)");
  return kInfo[i];
}

}  // namespace

std::span<const DType> all_dtypes() {
  return kAll;
}

std::string_view name(DType dtype) {
  return info(dtype).name;
}

std::optional<DType> parse_dtype(std::string_view text) {
  for (const auto& row : kInfo)
    if (row.name == text) return row.dtype;
  if (text == "f64") return DType::kFloat64;
  if (text == "f32") return DType::kFloat32;
  if (text == "f16") return DType::kFloat16;
  if (text == "bf16") return DType::kBFloat16;
  return std::nullopt;
}

std::size_t size_bytes(DType dtype) {
  return info(dtype).size;
}

DTypeKind kind(DType dtype) {
  return info(dtype).kind;
}

DType component_dtype(DType dtype) {
  return info(dtype).component;
}

}  // namespace parity
