// The dialect-neutral BLAS library behind the cuBLAS and hipBLAS stand-ins (cublas_v2.h,
// hipblas/hipblas.h): handles and their settings, and GEMM calls validated by the rules of the
// library the dialect stands for, then computed by the reference GEMM (gemm.hpp).
//
// The two libraries validate differently, and the emulator follows each:
//  - cuBLAS (documented): lda < max(1, rows of op(A)) is CUBLAS_STATUS_INVALID_VALUE, and so are
//    negative sizes, a transpose value other than N/T/C and null alpha/beta.
//  - hipBLAS on ROCm 6.x (hipBLAS 2.x converting to rocBLAS, read from their sources): an
//    operation value other than HIPBLAS_OP_N/T/C is HIPBLAS_STATUS_INVALID_ENUM (hipBLAS throws
//    before rocBLAS runs), lda < rows of op(A) (without max(1, .): lda = 0 is valid for m = 0)
//    and negative sizes are HIPBLAS_STATUS_INVALID_VALUE, m = 0 or n = 0 returns success before
//    any pointer is looked at, and beta == 1 with k == 0 or alpha == 0 returns success at once.
// Both: a null handle is NOT_INITIALIZED; a call whose computation would read a null matrix
// pointer is INVALID_VALUE here (a GPU would fault later with an illegal address).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "parity/simt/libs/gemm.hpp"

namespace parity::simt {
struct StreamState;
}

namespace parity::simt::libs {

//! Whose argument rules and status codes apply.
enum class BlasVendor : std::uint8_t { kCublas, kHipblas };

//! The union of both libraries' status values; each dialect maps them to its own numbers.
enum class BlasStatus : std::uint8_t {
  kSuccess,
  kNotInitialized,
  kAllocFailed,
  kInvalidValue,
  kArchMismatch,
  kMappingError,
  kExecutionFailed,
  kInternalError,
  kNotSupported,
  kHandleIsNullptr,  // hipBLAS only
  kInvalidEnum,      // hipBLAS only
};

//! The state behind cublasHandle_t / hipblasHandle_t. Settings are stored as the vendor's raw
//! enum values: the dialect header interprets them.
struct BlasHandle {
  BlasVendor vendor = BlasVendor::kCublas;
  StreamState* stream = nullptr;
  int math_mode = 0;
  int pointer_mode = 0;  // 0: host, 1: device (the same in both libraries)
  int atomics_mode = 0;
  void* workspace = nullptr;
  std::size_t workspace_bytes = 0;
};

BlasHandle* create_blas_handle(BlasVendor vendor);
//! The handle behind an opaque pointer, or nullptr when it is null, destroyed, or not a handle
//! of this vendor.
BlasHandle* find_blas_handle(const void* handle, BlasVendor vendor) noexcept;
//! False when it is not a live handle.
bool destroy_blas_handle(const void* handle, BlasVendor vendor) noexcept;

//! One matrix argument as the API passed it.
struct MatrixArg {
  const void* data = nullptr;
  const void* const* batch_pointers = nullptr;
  Element type = Element::kF32;
  std::int64_t ld = 0;
  std::int64_t stride = 0;
};

//! A GEMM call in neutral form. `op_*_valid` is false when the transpose argument is not one of
//! the library's N/T/C values; `types_supported` false when the type combination is not one the
//! library (or, where it says so in `unsupported_reason`, the emulator) computes.
struct GemmCall {
  const char* function = "";  // the API name, for messages
  bool op_a_valid = true, op_b_valid = true;
  Transpose op_a = Transpose::kNone, op_b = Transpose::kNone;
  std::int64_t m = 0, n = 0, k = 0, batch = 1;
  const void* alpha = nullptr;
  const void* beta = nullptr;
  Element scale = Element::kF32;
  MatrixArg a, b, c;
  Compute compute = Compute::kF32;
  bool types_supported = true;
  bool algo_valid = true;
  std::string unsupported_reason;
  bool batched = false;  // a *Batched / *StridedBatched call (batch count is an argument)
};

//! The compute types of cublasGemmEx / hipblasGemmEx (each dialect maps its enum onto these).
enum class ComputeKind : std::uint8_t {
  k16F,
  k16FPedantic,
  k32F,
  k32FPedantic,
  k32FFast16F,
  k32FFast16BF,
  k32FFastTF32,
  k64F,
  k64FPedantic,
  k32I,
  k32IPedantic,
  kUnknown,
};

//! cudaDataType and hipDataType give the real types the same numbers (CUDA_R_32F = HIP_R_32F = 0,
//! ..., CUDA_R_16BF = HIP_R_16BF = 14). False for a type the emulator does not compute.
bool element_from_datatype(int value, Element& out) noexcept;

//! Sets call.compute, call.scale, the operand types and call.types_supported from the library's
//! table of supported GemmEx combinations (cuBLAS: as documented for cublasGemmEx; hipBLAS: as
//! hipBLAS 2.x's hipblasGemmEx_v2 accepts them).
void resolve_gemm_ex_types(BlasVendor vendor, ComputeKind compute, int a_type, int b_type,
                           int c_type, GemmCall& call);

//! Validates the call as the handle's library does, computes it, and returns the status. A
//! failure prints one line to stderr saying why (the first 20 per process).
BlasStatus gemm(const void* handle, BlasVendor vendor, const GemmCall& call);

//! The Level-1 calls the emulator covers (cublas{S,D}{axpy,dot,scal,copy}, hipblas...): element
//! i of a vector with increment inc is at i * inc, or at (n - 1 - i) * |inc| when inc < 0 (the
//! BLAS convention). axpy computes y = fma(alpha, x, y), scal x = alpha * x, dot folds
//! fma(x[i], y[i], acc) in index order from 0 (a GPU reduces in a tree: the last bits differ).
enum class Level1 : std::uint8_t { kAxpy, kDot, kScal, kCopy };
struct VectorCall {
  const char* function = "";
  Level1 op = Level1::kAxpy;
  Element type = Element::kF32;
  std::int64_t n = 0;
  const void* alpha = nullptr;
  const void* x = nullptr;
  std::int64_t incx = 1;
  void* y = nullptr;
  std::int64_t incy = 1;
  void* result = nullptr;  // dot
};
BlasStatus level1(const void* handle, BlasVendor vendor, const VectorCall& call);

//! cublasSetVector / GetVector / SetMatrix / GetMatrix and their hipBLAS twins: strided copies
//! between host and device memory (both host memory here), with each library's checks.
struct TransferCall {
  const char* function = "";
  bool matrix = false;
  std::int64_t rows = 0;  // vector: n
  std::int64_t cols = 1;
  std::int64_t elem_size = 0;
  const void* src = nullptr;
  std::int64_t src_step = 1;  // vector: incx; matrix: lda
  void* dst = nullptr;
  std::int64_t dst_step = 1;  // vector: incy; matrix: ldb
};
BlasStatus transfer(BlasVendor vendor, const TransferCall& call);

//! Reports a failed call (used by the dialect headers for checks they make themselves).
BlasStatus report(BlasStatus status, BlasVendor vendor, const char* function,
                  const std::string& why);

//! The vendor's spelling of a status ("CUBLAS_STATUS_INVALID_VALUE").
const char* blas_status_name(BlasStatus status, BlasVendor vendor) noexcept;

//! A scale value (alpha, beta) of type `scale` as a double (exact for every scale type).
double read_scalar(const void* p, Element scale) noexcept;

}  // namespace parity::simt::libs
