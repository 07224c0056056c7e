// Runtime element types. Names and meanings follow ml_dtypes / numpy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace parity {

enum class DType : std::uint8_t {
  kFloat64,
  kFloat32,
  kFloat16,
  kBFloat16,
  kFloat8E4M3FN,    // OCP E4M3: bias 7, max 448, NaN 0x7F/0xFF, no inf (NVIDIA __nv_fp8_e4m3)
  kFloat8E4M3FNUZ,  // AMD gfx942: bias 8, max 240, NaN only 0x80, no inf, no -0
  kFloat8E5M2,      // OCP E5M2: bias 15, max 57344, IEEE-like inf/NaN (NVIDIA __nv_fp8_e5m2)
  kFloat8E5M2FNUZ,  // AMD gfx942: bias 16, max 57344, NaN only 0x80, no inf, no -0
  kFloat8E8M0FNU,   // OCP MX block scale: unsigned power of two 2^(e-127), NaN 0xFF
  kFloat4E2M1FN,    // OCP MXFP4 element: max 6, no inf/NaN; stored one value per byte (low nibble)
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kBool,
  kComplex64,
  kComplex128,
};

enum class DTypeKind : std::uint8_t { kFloat, kSignedInt, kUnsignedInt, kBool, kComplex };

//! Every DType, in declaration order (for exhaustive tests and tables).
std::span<const DType> all_dtypes();

//! The ml_dtypes name, e.g. "float8_e4m3fnuz", "bfloat16", "bool", "complex64".
std::string_view name(DType dtype);

//! Parses an ml_dtypes name; also accepts the short aliases f64 f32 f16 bf16 (nothing else).
std::optional<DType> parse_dtype(std::string_view text);

//! Storage bytes per element (float4_e2m1fn: 1, one value per byte).
std::size_t size_bytes(DType dtype);

DTypeKind kind(DType dtype);
inline bool is_floating(DType d) { return kind(d) == DTypeKind::kFloat; }
inline bool is_complex(DType d) { return kind(d) == DTypeKind::kComplex; }
inline bool is_integral(DType d) {
  auto k = kind(d);
  return k == DTypeKind::kSignedInt || k == DTypeKind::kUnsignedInt || k == DTypeKind::kBool;
}

//! For complex dtypes, the dtype of one component; otherwise the dtype itself.
DType component_dtype(DType dtype);

}  // namespace parity
