// The dialect-neutral matmul library behind the cuBLASLt and hipBLASLt stand-ins (cublasLt.h,
// hipblaslt/hipblaslt.h): descriptor objects whose attributes each dialect declares in a table
// (id, size, initial value), set and read with that library's size rules, and a matmul that
// validates the layouts and the epilogue and runs the reference GEMM (gemm.hpp).
//
// Attribute sizes: cuBLASLt wants exactly the attribute's size on set and get (a size query is
// buf == nullptr, size 0 and a sizeWritten pointer); hipBLASLt accepts a buffer at least that
// large and copies the attribute's size (its size query reports the size but returns
// HIPBLAS_STATUS_INVALID_VALUE). Both were checked: cuBLASLt against libcublasLt on this machine
// (tests/libs/blaslt_real.tests.cpp), hipBLASLt by reading rocblaslt_auxiliary.cpp (ROCm 6.3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "parity/simt/libs/blas.hpp"
#include "parity/simt/libs/gemm.hpp"

namespace parity::simt::libs {

enum class LtKind : std::uint8_t { kLayout, kMatmulDesc, kPreference };

//! One attribute of a descriptor kind as a library declares it.
struct LtAttribute {
  int id;
  std::uint8_t size;  // bytes: 1, 4 or 8
  std::uint64_t initial;
};

//! A table of attributes: what a dialect passes when it creates an object.
struct LtTable {
  const LtAttribute* attributes;
  std::size_t count;
};

//! A created descriptor: opaque to the dialects, which hand out its address as their
//! cublasLtMatrixLayout_t / hipblasLtMatmulDesc_t / ...
struct LtObject;

LtObject* lt_create(LtKind kind, BlasVendor vendor, LtTable table);
//! The object behind a handle of that kind, or nullptr (null, destroyed, another kind).
LtObject* lt_find(const void* object, LtKind kind) noexcept;
bool lt_destroy(const void* object, LtKind kind) noexcept;

BlasStatus lt_set(LtObject* object, int attribute, const void* buf, std::size_t size);
BlasStatus lt_get(const LtObject* object, int attribute, void* buf, std::size_t size,
                  std::size_t* written);
//! The attribute's value (zero-extended raw bits); the initial value when never set.
std::uint64_t lt_value(const LtObject* object, int attribute) noexcept;
void lt_store(LtObject* object, int attribute, std::uint64_t value) noexcept;

//! The epilogues the emulator computes (cuBLASLt and hipBLASLt share their numbers).
enum class LtEpilogue : std::uint16_t {
  kDefault = 1,
  kRelu = 2,
  kBias = 4,
  kReluBias = 6,
  kGelu = 32,
  kGeluBias = 36,
  kGeluAux = 160,
  kGeluAuxBias = 164,
  kDGelu = 192,
  kBGradB = 512,
};

//! A matrix layout as the matmul sees it.
struct LtMatrix {
  int type = 0;  // the vendor's data-type number (cudaDataType / hipDataType share them)
  bool column_order = true;
  std::int64_t rows = 0, cols = 0, ld = 0;
  std::int64_t batch_count = 1, batch_stride = 0;
};

//! A matmul (or a heuristic query: pointers null) in neutral form.
struct LtCall {
  const char* function = "";
  ComputeKind compute = ComputeKind::kUnknown;
  int scale_type = 0;
  bool op_a_valid = true, op_b_valid = true, op_c_valid = true;
  Transpose op_a = Transpose::kNone, op_b = Transpose::kNone;
  int pointer_mode = 0;  // 0 host, 1 device; others are not emulated
  std::uint32_t epilogue = 1;
  const void* bias = nullptr;
  int bias_type = -1;  // -1: D's type
  void* aux = nullptr;
  int aux_type = -1;  // -1: D's type
  std::int64_t aux_ld = 0, aux_batch_stride = 0;
  bool scaled = false;  // an A/B/C/D scale or amax pointer (fp8 scaling: not emulated)
  LtMatrix a, b, c, d;
  const void* alpha = nullptr;
  const void* beta = nullptr;
  const void* a_data = nullptr;
  const void* b_data = nullptr;
  const void* c_data = nullptr;
  void* d_data = nullptr;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
};

//! Checks the configuration (everything a heuristic query can see) and, unless `config_only`,
//! the data pointers; computes the matmul when `run` is set. A failure prints why once.
BlasStatus lt_matmul(BlasVendor vendor, const LtCall& call, bool config_only, bool run);

//! A handle: cuBLASLt accepts a cublasHandle_t cast to cublasLtHandle_t too.
void* lt_create_handle(BlasVendor vendor);
bool lt_valid_handle(const void* handle, BlasVendor vendor) noexcept;
bool lt_destroy_handle(const void* handle, BlasVendor vendor) noexcept;

}  // namespace parity::simt::libs
