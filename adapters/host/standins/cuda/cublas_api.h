// Stand-in for cuBLAS's cublas_api.h (CUDA 13) in host-emulated builds (parity-simt): the
// types and enums with the toolkit's values, the handle and its settings, and the GEMM family
// (cublas{S,D,H}gemm, cublasGemmEx, their Batched and StridedBatched forms), computed by the
// emulator's reference GEMM with cuBLAS's documented argument checks. Every other cuBLAS call is
// declared as a refusal: using it is a compile error that names it. See docs/vendor-libraries.md
// for what each call guarantees and what it cannot model.
#pragma once

#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <library_types.h>

#include "parity/simt/libs/blas.hpp"
#include "parity/simt/libs/refusal.hpp"

#define CUBLAS_VER_MAJOR 13
#define CUBLAS_VER_MINOR 1
#define CUBLAS_VER_PATCH 0
#define CUBLAS_VER_BUILD 3
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)
#define CUBLASWINAPI
#define CUBLASAPI

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef enum {
  CUBLAS_FILL_MODE_LOWER = 0,
  CUBLAS_FILL_MODE_UPPER = 1,
  CUBLAS_FILL_MODE_FULL = 2
} cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;

typedef enum {
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_ALGO1 = 1,
  CUBLAS_GEMM_ALGO2 = 2,
  CUBLAS_GEMM_ALGO3 = 3,
  CUBLAS_GEMM_ALGO4 = 4,
  CUBLAS_GEMM_ALGO5 = 5,
  CUBLAS_GEMM_ALGO6 = 6,
  CUBLAS_GEMM_ALGO7 = 7,
  CUBLAS_GEMM_ALGO8 = 8,
  CUBLAS_GEMM_ALGO9 = 9,
  CUBLAS_GEMM_ALGO10 = 10,
  CUBLAS_GEMM_ALGO11 = 11,
  CUBLAS_GEMM_ALGO12 = 12,
  CUBLAS_GEMM_ALGO13 = 13,
  CUBLAS_GEMM_ALGO14 = 14,
  CUBLAS_GEMM_ALGO15 = 15,
  CUBLAS_GEMM_ALGO16 = 16,
  CUBLAS_GEMM_ALGO17 = 17,
  CUBLAS_GEMM_ALGO18 = 18,
  CUBLAS_GEMM_ALGO19 = 19,
  CUBLAS_GEMM_ALGO20 = 20,
  CUBLAS_GEMM_ALGO21 = 21,
  CUBLAS_GEMM_ALGO22 = 22,
  CUBLAS_GEMM_ALGO23 = 23,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
  CUBLAS_GEMM_ALGO0_TENSOR_OP = 100,
  CUBLAS_GEMM_ALGO1_TENSOR_OP = 101,
  CUBLAS_GEMM_ALGO2_TENSOR_OP = 102,
  CUBLAS_GEMM_ALGO3_TENSOR_OP = 103,
  CUBLAS_GEMM_ALGO4_TENSOR_OP = 104,
  CUBLAS_GEMM_ALGO5_TENSOR_OP = 105,
  CUBLAS_GEMM_ALGO6_TENSOR_OP = 106,
  CUBLAS_GEMM_ALGO7_TENSOR_OP = 107,
  CUBLAS_GEMM_ALGO8_TENSOR_OP = 108,
  CUBLAS_GEMM_ALGO9_TENSOR_OP = 109,
  CUBLAS_GEMM_ALGO10_TENSOR_OP = 110,
  CUBLAS_GEMM_ALGO11_TENSOR_OP = 111,
  CUBLAS_GEMM_ALGO12_TENSOR_OP = 112,
  CUBLAS_GEMM_ALGO13_TENSOR_OP = 113,
  CUBLAS_GEMM_ALGO14_TENSOR_OP = 114,
  CUBLAS_GEMM_ALGO15_TENSOR_OP = 115,
  CUBLAS_GEMM_AUTOTUNE = 999,
} cublasGemmAlgo_t;

typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_FP32_EMULATED_BF16X9_MATH = 4,
  CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16,
} cublasMath_t;

typedef cudaDataType cublasDataType_t;

typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_32F_EMULATED_16BFX9 = 78,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT = 79,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73,
} cublasComputeType_t;

struct cublasContext;
typedef struct cublasContext* cublasHandle_t;

namespace parity::simt::cublas_detail {

using ::parity::simt::libs::BlasStatus;
using ::parity::simt::libs::BlasVendor;
using ::parity::simt::libs::Element;
using ::parity::simt::libs::GemmCall;
using ::parity::simt::libs::Transpose;

inline cublasStatus_t to_status(BlasStatus s) {
  switch (s) {
    case BlasStatus::kSuccess:
      return CUBLAS_STATUS_SUCCESS;
    case BlasStatus::kNotInitialized:
      return CUBLAS_STATUS_NOT_INITIALIZED;
    case BlasStatus::kAllocFailed:
      return CUBLAS_STATUS_ALLOC_FAILED;
    case BlasStatus::kInvalidValue:
      return CUBLAS_STATUS_INVALID_VALUE;
    case BlasStatus::kArchMismatch:
      return CUBLAS_STATUS_ARCH_MISMATCH;
    case BlasStatus::kMappingError:
      return CUBLAS_STATUS_MAPPING_ERROR;
    case BlasStatus::kExecutionFailed:
      return CUBLAS_STATUS_EXECUTION_FAILED;
    case BlasStatus::kNotSupported:
      return CUBLAS_STATUS_NOT_SUPPORTED;
    case BlasStatus::kInternalError:
    case BlasStatus::kHandleIsNullptr:
    case BlasStatus::kInvalidEnum:
      break;
  }
  return CUBLAS_STATUS_INTERNAL_ERROR;
}

inline ::parity::simt::libs::BlasHandle* handle_of(cublasHandle_t h) {
  return ::parity::simt::libs::find_blas_handle(h, BlasVendor::kCublas);
}

inline cublasStatus_t run(cublasHandle_t h, const GemmCall& call) {
  return to_status(::parity::simt::libs::gemm(h, BlasVendor::kCublas, call));
}

inline bool to_transpose(cublasOperation_t op, Transpose& out) {
  if (op == CUBLAS_OP_N) {
    out = Transpose::kNone;
    return true;
  }
  if (op == CUBLAS_OP_T || op == CUBLAS_OP_C) {
    out = Transpose::kTranspose;  // real types: conjugation changes nothing
    return true;
  }
  return false;
}

//! The common part of every GEMM call.
inline GemmCall make_call(const char* function, cublasOperation_t transa, cublasOperation_t transb,
                          std::int64_t m, std::int64_t n, std::int64_t k, const void* alpha,
                          const void* beta) {
  GemmCall c;
  c.function = function;
  c.op_a_valid = to_transpose(transa, c.op_a);
  c.op_b_valid = to_transpose(transb, c.op_b);
  c.m = m;
  c.n = n;
  c.k = k;
  c.alpha = alpha;
  c.beta = beta;
  return c;
}

//! A typed GEMM (cublasSgemm, cublasDgemm, cublasHgemm): A, B and C of one type, computed in it.
template <class T>
inline GemmCall typed_call(const char* function, cublasOperation_t transa, cublasOperation_t transb,
                           int m, int n, int k, const T* alpha, const void* a, int lda,
                           const void* b, int ldb, const T* beta, const void* c, int ldc) {
  constexpr Element e = std::is_same_v<T, double>  ? Element::kF64
                        : std::is_same_v<T, float> ? Element::kF32
                                                   : Element::kF16;
  GemmCall call = make_call(function, transa, transb, m, n, k, alpha, beta);
  call.scale = e;
  call.compute = e == Element::kF64   ? ::parity::simt::libs::Compute::kF64
                 : e == Element::kF32 ? ::parity::simt::libs::Compute::kF32
                                      : ::parity::simt::libs::Compute::kF16;
  call.a = {a, nullptr, e, lda, 0};
  call.b = {b, nullptr, e, ldb, 0};
  call.c = {c, nullptr, e, ldc, 0};
  return call;
}

inline ::parity::simt::libs::ComputeKind compute_kind(cublasComputeType_t t) {
  using K = ::parity::simt::libs::ComputeKind;
  switch (t) {
    case CUBLAS_COMPUTE_16F:
      return K::k16F;
    case CUBLAS_COMPUTE_16F_PEDANTIC:
      return K::k16FPedantic;
    case CUBLAS_COMPUTE_32F:
      return K::k32F;
    case CUBLAS_COMPUTE_32F_PEDANTIC:
      return K::k32FPedantic;
    case CUBLAS_COMPUTE_32F_FAST_16F:
      return K::k32FFast16F;
    case CUBLAS_COMPUTE_32F_FAST_16BF:
      return K::k32FFast16BF;
    case CUBLAS_COMPUTE_32F_FAST_TF32:
      return K::k32FFastTF32;
    case CUBLAS_COMPUTE_64F:
      return K::k64F;
    case CUBLAS_COMPUTE_64F_PEDANTIC:
      return K::k64FPedantic;
    case CUBLAS_COMPUTE_32I:
      return K::k32I;
    case CUBLAS_COMPUTE_32I_PEDANTIC:
      return K::k32IPedantic;
    default:
      return K::kUnknown;  // the BF16x9 and fixed-point emulations are not emulated
  }
}

inline bool algo_valid(cublasGemmAlgo_t algo) {
  const int a = static_cast<int>(algo);
  return a == -1 || (a >= 0 && a <= 23) || (a >= 99 && a <= 115) || a == 999;
}

//! An Ex GEMM: types from the arguments, validated against cuBLAS's table.
inline GemmCall ex_call(const char* function, cublasOperation_t transa, cublasOperation_t transb,
                        int m, int n, int k, const void* alpha, const void* a, cudaDataType at,
                        int lda, const void* b, cudaDataType bt, int ldb, const void* beta,
                        const void* c, cudaDataType ct, int ldc, cublasComputeType_t compute,
                        cublasGemmAlgo_t algo) {
  GemmCall call = make_call(function, transa, transb, m, n, k, alpha, beta);
  call.a = {a, nullptr, Element::kF32, lda, 0};
  call.b = {b, nullptr, Element::kF32, ldb, 0};
  call.c = {c, nullptr, Element::kF32, ldc, 0};
  call.algo_valid = algo_valid(algo);
  ::parity::simt::libs::resolve_gemm_ex_types(BlasVendor::kCublas, compute_kind(compute), at, bt,
                                              ct, call);
  return call;
}

//! cuBLAS's C++ wrappers for code that still passes a cudaDataType as the compute type.
inline cublasStatus_t migrate_compute_type(cublasHandle_t handle, cudaDataType data_type,
                                           cublasComputeType_t* compute) {
  const auto* h = handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  const bool pedantic = (h->math_mode & 0xf) == CUBLAS_PEDANTIC_MATH;
  switch (data_type) {
    case CUDA_R_32F:
    case CUDA_C_32F:
      *compute = pedantic ? CUBLAS_COMPUTE_32F_PEDANTIC : CUBLAS_COMPUTE_32F;
      return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_64F:
    case CUDA_C_64F:
      *compute = pedantic ? CUBLAS_COMPUTE_64F_PEDANTIC : CUBLAS_COMPUTE_64F;
      return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_16F:
      *compute = pedantic ? CUBLAS_COMPUTE_16F_PEDANTIC : CUBLAS_COMPUTE_16F;
      return CUBLAS_STATUS_SUCCESS;
    case CUDA_R_32I:
      *compute = pedantic ? CUBLAS_COMPUTE_32I_PEDANTIC : CUBLAS_COMPUTE_32I;
      return CUBLAS_STATUS_SUCCESS;
    default:
      return CUBLAS_STATUS_NOT_SUPPORTED;
  }
}

}  // namespace parity::simt::cublas_detail

// ----- handle and settings -----
inline cublasStatus_t cublasCreate_v2(cublasHandle_t* handle) {
  if (handle == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *handle = reinterpret_cast<cublasHandle_t>(
      ::parity::simt::libs::create_blas_handle(::parity::simt::libs::BlasVendor::kCublas));
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) {
  return ::parity::simt::libs::destroy_blas_handle(handle,
                                                   ::parity::simt::libs::BlasVendor::kCublas)
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_NOT_INITIALIZED;
}
inline cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int* version) {
  if (::parity::simt::cublas_detail::handle_of(handle) == nullptr)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (version == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value) {
  if (value == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  switch (type) {
    case MAJOR_VERSION:
      *value = CUBLAS_VER_MAJOR;
      return CUBLAS_STATUS_SUCCESS;
    case MINOR_VERSION:
      *value = CUBLAS_VER_MINOR;
      return CUBLAS_STATUS_SUCCESS;
    case PATCH_LEVEL:
      *value = CUBLAS_VER_PATCH;
      return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}
inline size_t cublasGetCudartVersion(void) {
  return CUDART_VERSION;
}
//! cuBLAS requires a workspace aligned to 256 bytes.
inline cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void* workspace,
                                            size_t workspaceSizeInBytes) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (workspace == nullptr ? workspaceSizeInBytes != 0
                           : reinterpret_cast<std::uintptr_t>(workspace) % 256 != 0) {
    return static_cast<cublasStatus_t>(
        ::parity::simt::cublas_detail::to_status(::parity::simt::libs::report(
            ::parity::simt::libs::BlasStatus::kInvalidValue,
            ::parity::simt::libs::BlasVendor::kCublas, "cublasSetWorkspace",
            "the workspace must be aligned to 256 bytes (and a null "
            "workspace must have size 0)")));
  }
  h->workspace = workspace;
  h->workspace_bytes = workspaceSizeInBytes;
  return CUBLAS_STATUS_SUCCESS;
}
//! As in cuBLAS, setting a stream also resets the workspace to the library's default.
inline cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  h->stream = streamId;
  h->workspace = nullptr;
  h->workspace_bytes = 0;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t* streamId) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *streamId = h->stream;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t* mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = static_cast<cublasPointerMode_t>(h->pointer_mode);
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_INVALID_VALUE;
  h->pointer_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t* mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = static_cast<cublasAtomicsMode_t>(h->atomics_mode);
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode != CUBLAS_ATOMICS_NOT_ALLOWED && mode != CUBLAS_ATOMICS_ALLOWED)
    return CUBLAS_STATUS_INVALID_VALUE;
  h->atomics_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t* mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return CUBLAS_STATUS_INVALID_VALUE;
  *mode = static_cast<cublasMath_t>(h->math_mode);
  return CUBLAS_STATUS_SUCCESS;
}
//! The mode is stored and reported back; the emulated GEMMs compute the same either way (TF32 and
//! the BF16x9/fixed-point emulations are not modelled: docs/vendor-libraries.md).
inline cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode) {
  auto* h = ::parity::simt::cublas_detail::handle_of(handle);
  if (h == nullptr) return CUBLAS_STATUS_NOT_INITIALIZED;
  const int base = static_cast<int>(mode) & ~CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
  if (base != 0 && base != 1 && base != 2 && base != 3 && base != 4 && base != 8)
    return CUBLAS_STATUS_INVALID_VALUE;
  h->math_mode = mode;
  return CUBLAS_STATUS_SUCCESS;
}
//! The real library's strings (checked against libcublas by the tests).
inline const char* cublasGetStatusName(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS:
      return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED:
      return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED:
      return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE:
      return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH:
      return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR:
      return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED:
      return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR:
      return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED:
      return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR:
      return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "unrecognized status";
}
inline const char* cublasGetStatusString(cublasStatus_t status) {
  switch (status) {
    case CUBLAS_STATUS_SUCCESS:
      return "success";
    case CUBLAS_STATUS_NOT_INITIALIZED:
      return "the library was not initialized";
    case CUBLAS_STATUS_ALLOC_FAILED:
      return "the resource allocation failed";
    case CUBLAS_STATUS_INVALID_VALUE:
      return "an unsupported value or parameter was passed to the function";
    case CUBLAS_STATUS_ARCH_MISMATCH:
      return "the function requires an architectural feature absent from the device";
    case CUBLAS_STATUS_MAPPING_ERROR:
      return "an access to GPU memory space failed";
    case CUBLAS_STATUS_EXECUTION_FAILED:
      return "the function failed to launch on the GPU";
    case CUBLAS_STATUS_INTERNAL_ERROR:
      return "an internal operation failed";
    case CUBLAS_STATUS_NOT_SUPPORTED:
      return "the requested functionality is not supported";
    case CUBLAS_STATUS_LICENSE_ERROR:
      return "the license check failed";
  }
  return "unrecognized status";
}

// ----- GEMM: C = alpha * op(A) * op(B) + beta * C (column-major) -----
inline cublasStatus_t cublasSgemm_v2(cublasHandle_t handle, cublasOperation_t transa,
                                     cublasOperation_t transb, int m, int n, int k,
                                     const float* alpha, const float* A, int lda, const float* B,
                                     int ldb, const float* beta, float* C, int ldc) {
  return ::parity::simt::cublas_detail::run(
      handle, ::parity::simt::cublas_detail::typed_call("cublasSgemm", transa, transb, m, n, k,
                                                        alpha, A, lda, B, ldb, beta, C, ldc));
}
inline cublasStatus_t cublasDgemm_v2(cublasHandle_t handle, cublasOperation_t transa,
                                     cublasOperation_t transb, int m, int n, int k,
                                     const double* alpha, const double* A, int lda, const double* B,
                                     int ldb, const double* beta, double* C, int ldc) {
  return ::parity::simt::cublas_detail::run(
      handle, ::parity::simt::cublas_detail::typed_call("cublasDgemm", transa, transb, m, n, k,
                                                        alpha, A, lda, B, ldb, beta, C, ldc));
}
//! Computed in fp16 (CUBLAS_COMPUTE_16F): one rounding to fp16 per fused multiply-add.
inline cublasStatus_t cublasHgemm(cublasHandle_t handle, cublasOperation_t transa,
                                  cublasOperation_t transb, int m, int n, int k,
                                  const __half* alpha, const __half* A, int lda, const __half* B,
                                  int ldb, const __half* beta, __half* C, int ldc) {
  return ::parity::simt::cublas_detail::run(
      handle, ::parity::simt::cublas_detail::typed_call("cublasHgemm", transa, transb, m, n, k,
                                                        alpha, A, lda, B, ldb, beta, C, ldc));
}
inline cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa,
                                   cublasOperation_t transb, int m, int n, int k, const void* alpha,
                                   const void* A, cudaDataType Atype, int lda, const void* B,
                                   cudaDataType Btype, int ldb, const void* beta, void* C,
                                   cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                                   cublasGemmAlgo_t algo) {
  return ::parity::simt::cublas_detail::run(
      handle, ::parity::simt::cublas_detail::ex_call("cublasGemmEx", transa, transb, m, n, k, alpha,
                                                     A, Atype, lda, B, Btype, ldb, beta, C, Ctype,
                                                     ldc, computeType, algo));
}

// ----- batched GEMM: arrays of pointers -----
namespace parity::simt::cublas_detail {
template <class T>
inline cublasStatus_t batched(const char* function, cublasHandle_t handle, cublasOperation_t transa,
                              cublasOperation_t transb, int m, int n, int k, const T* alpha,
                              const T* const a[], int lda, const T* const b[], int ldb,
                              const T* beta, T* const c[], int ldc, int batch) {
  GemmCall call = typed_call(function, transa, transb, m, n, k, alpha, nullptr, lda, nullptr, ldb,
                             beta, nullptr, ldc);
  call.batched = true;
  call.batch = batch;
  call.a.batch_pointers = reinterpret_cast<const void* const*>(a);
  call.b.batch_pointers = reinterpret_cast<const void* const*>(b);
  call.c.batch_pointers = reinterpret_cast<const void* const*>(c);
  return run(handle, call);
}
template <class T>
inline cublasStatus_t strided(const char* function, cublasHandle_t handle, cublasOperation_t transa,
                              cublasOperation_t transb, int m, int n, int k, const T* alpha,
                              const T* a, int lda, long long stride_a, const T* b, int ldb,
                              long long stride_b, const T* beta, T* c, int ldc, long long stride_c,
                              int batch) {
  GemmCall call =
      typed_call(function, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  call.batched = true;
  call.batch = batch;
  call.a.stride = stride_a;
  call.b.stride = stride_b;
  call.c.stride = stride_c;
  return run(handle, call);
}
}  // namespace parity::simt::cublas_detail

inline cublasStatus_t cublasSgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const float* alpha, const float* const Aarray[], int lda,
                                         const float* const Barray[], int ldb, const float* beta,
                                         float* const Carray[], int ldc, int batchCount) {
  return ::parity::simt::cublas_detail::batched("cublasSgemmBatched", handle, transa, transb, m, n,
                                                k, alpha, Aarray, lda, Barray, ldb, beta, Carray,
                                                ldc, batchCount);
}
inline cublasStatus_t cublasDgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const double* alpha, const double* const Aarray[], int lda,
                                         const double* const Barray[], int ldb, const double* beta,
                                         double* const Carray[], int ldc, int batchCount) {
  return ::parity::simt::cublas_detail::batched("cublasDgemmBatched", handle, transa, transb, m, n,
                                                k, alpha, Aarray, lda, Barray, ldb, beta, Carray,
                                                ldc, batchCount);
}
inline cublasStatus_t cublasHgemmBatched(cublasHandle_t handle, cublasOperation_t transa,
                                         cublasOperation_t transb, int m, int n, int k,
                                         const __half* alpha, const __half* const Aarray[], int lda,
                                         const __half* const Barray[], int ldb, const __half* beta,
                                         __half* const Carray[], int ldc, int batchCount) {
  return ::parity::simt::cublas_detail::batched("cublasHgemmBatched", handle, transa, transb, m, n,
                                                k, alpha, Aarray, lda, Barray, ldb, beta, Carray,
                                                ldc, batchCount);
}
inline cublasStatus_t cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa,
                                          cublasOperation_t transb, int m, int n, int k,
                                          const void* alpha, const void* const Aarray[],
                                          cudaDataType Atype, int lda, const void* const Barray[],
                                          cudaDataType Btype, int ldb, const void* beta,
                                          void* const Carray[], cudaDataType Ctype, int ldc,
                                          int batchCount, cublasComputeType_t computeType,
                                          cublasGemmAlgo_t algo) {
  auto call = ::parity::simt::cublas_detail::ex_call(
      "cublasGemmBatchedEx", transa, transb, m, n, k, alpha, nullptr, Atype, lda, nullptr, Btype,
      ldb, beta, nullptr, Ctype, ldc, computeType, algo);
  call.batched = true;
  call.batch = batchCount;
  call.a.batch_pointers = Aarray;
  call.b.batch_pointers = Barray;
  call.c.batch_pointers = Carray;
  return ::parity::simt::cublas_detail::run(handle, call);
}

// ----- strided batched GEMM -----
inline cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                cublasOperation_t transb, int m, int n, int k,
                                                const float* alpha, const float* A, int lda,
                                                long long int strideA, const float* B, int ldb,
                                                long long int strideB, const float* beta, float* C,
                                                int ldc, long long int strideC, int batchCount) {
  return ::parity::simt::cublas_detail::strided("cublasSgemmStridedBatched", handle, transa, transb,
                                                m, n, k, alpha, A, lda, strideA, B, ldb, strideB,
                                                beta, C, ldc, strideC, batchCount);
}
inline cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                cublasOperation_t transb, int m, int n, int k,
                                                const double* alpha, const double* A, int lda,
                                                long long int strideA, const double* B, int ldb,
                                                long long int strideB, const double* beta,
                                                double* C, int ldc, long long int strideC,
                                                int batchCount) {
  return ::parity::simt::cublas_detail::strided("cublasDgemmStridedBatched", handle, transa, transb,
                                                m, n, k, alpha, A, lda, strideA, B, ldb, strideB,
                                                beta, C, ldc, strideC, batchCount);
}
inline cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa,
                                                cublasOperation_t transb, int m, int n, int k,
                                                const __half* alpha, const __half* A, int lda,
                                                long long int strideA, const __half* B, int ldb,
                                                long long int strideB, const __half* beta,
                                                __half* C, int ldc, long long int strideC,
                                                int batchCount) {
  return ::parity::simt::cublas_detail::strided("cublasHgemmStridedBatched", handle, transa, transb,
                                                m, n, k, alpha, A, lda, strideA, B, ldb, strideB,
                                                beta, C, ldc, strideC, batchCount);
}
inline cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
    const void* alpha, const void* A, cudaDataType Atype, int lda, long long int strideA,
    const void* B, cudaDataType Btype, int ldb, long long int strideB, const void* beta, void* C,
    cudaDataType Ctype, int ldc, long long int strideC, int batchCount,
    cublasComputeType_t computeType, cublasGemmAlgo_t algo) {
  auto call = ::parity::simt::cublas_detail::ex_call("cublasGemmStridedBatchedEx", transa, transb,
                                                     m, n, k, alpha, A, Atype, lda, B, Btype, ldb,
                                                     beta, C, Ctype, ldc, computeType, algo);
  call.batched = true;
  call.batch = batchCount;
  call.a.stride = strideA;
  call.b.stride = strideB;
  call.c.stride = strideC;
  return ::parity::simt::cublas_detail::run(handle, call);
}

// ----- cuBLAS's C++ overloads for a cudaDataType compute type (older code) -----
inline cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa,
                                   cublasOperation_t transb, int m, int n, int k, const void* alpha,
                                   const void* A, cudaDataType Atype, int lda, const void* B,
                                   cudaDataType Btype, int ldb, const void* beta, void* C,
                                   cudaDataType Ctype, int ldc, cudaDataType computeType,
                                   cublasGemmAlgo_t algo) {
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  const cublasStatus_t s =
      ::parity::simt::cublas_detail::migrate_compute_type(handle, computeType, &compute);
  if (s != CUBLAS_STATUS_SUCCESS) return s;
  return cublasGemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C,
                      Ctype, ldc, compute, algo);
}
inline cublasStatus_t cublasGemmBatchedEx(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
    const void* alpha, const void* const Aarray[], cudaDataType Atype, int lda,
    const void* const Barray[], cudaDataType Btype, int ldb, const void* beta, void* const Carray[],
    cudaDataType Ctype, int ldc, int batchCount, cudaDataType computeType, cublasGemmAlgo_t algo) {
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  const cublasStatus_t s =
      ::parity::simt::cublas_detail::migrate_compute_type(handle, computeType, &compute);
  if (s != CUBLAS_STATUS_SUCCESS) return s;
  return cublasGemmBatchedEx(handle, transa, transb, m, n, k, alpha, Aarray, Atype, lda, Barray,
                             Btype, ldb, beta, Carray, Ctype, ldc, batchCount, compute, algo);
}
inline cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
    const void* alpha, const void* A, cudaDataType Atype, int lda, long long int strideA,
    const void* B, cudaDataType Btype, int ldb, long long int strideB, const void* beta, void* C,
    cudaDataType Ctype, int ldc, long long int strideC, int batchCount, cudaDataType computeType,
    cublasGemmAlgo_t algo) {
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  const cublasStatus_t s =
      ::parity::simt::cublas_detail::migrate_compute_type(handle, computeType, &compute);
  if (s != CUBLAS_STATUS_SUCCESS) return s;
  return cublasGemmStridedBatchedEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, strideA,
                                    B, Btype, ldb, strideB, beta, C, Ctype, ldc, strideC,
                                    batchCount, compute, algo);
}

// ----- Level 1 (axpy, dot, scal, copy) and the host/device transfers -----
namespace parity::simt::cublas_detail {
template <class T>
inline cublasStatus_t level1(const char* function, ::parity::simt::libs::Level1 op,
                             cublasHandle_t handle, int n, const T* alpha, const T* x, int incx,
                             T* y, int incy, T* result) {
  ::parity::simt::libs::VectorCall c;
  c.function = function;
  c.op = op;
  c.type = std::is_same_v<T, double> ? Element::kF64 : Element::kF32;
  c.n = n;
  c.alpha = alpha;
  c.x = x;
  c.incx = incx;
  c.y = y;
  c.incy = incy;
  c.result = result;
  return to_status(::parity::simt::libs::level1(handle, BlasVendor::kCublas, c));
}
inline cublasStatus_t transfer(const char* function, bool matrix, int rows, int cols, int elem_size,
                               const void* src, int src_step, void* dst, int dst_step) {
  ::parity::simt::libs::TransferCall c{function, matrix,   rows, cols,    elem_size,
                                       src,      src_step, dst,  dst_step};
  return to_status(::parity::simt::libs::transfer(BlasVendor::kCublas, c));
}
}  // namespace parity::simt::cublas_detail

#define PARITY_CUBLAS_LEVEL1(P, T)                                                               \
  inline cublasStatus_t cublas##P##axpy_v2(cublasHandle_t handle, int n, const T* alpha,         \
                                           const T* x, int incx, T* y, int incy) {               \
    return ::parity::simt::cublas_detail::level1<T>("cublas" #P "axpy",                          \
                                                    ::parity::simt::libs::Level1::kAxpy, handle, \
                                                    n, alpha, x, incx, y, incy, nullptr);        \
  }                                                                                              \
  inline cublasStatus_t cublas##P##dot_v2(cublasHandle_t handle, int n, const T* x, int incx,    \
                                          const T* y, int incy, T* result) {                     \
    return ::parity::simt::cublas_detail::level1<T>(                                             \
        "cublas" #P "dot", ::parity::simt::libs::Level1::kDot, handle, n, nullptr, x, incx,      \
        const_cast<T*>(y), incy, result);                                                        \
  }                                                                                              \
  inline cublasStatus_t cublas##P##scal_v2(cublasHandle_t handle, int n, const T* alpha, T* x,   \
                                           int incx) {                                           \
    return ::parity::simt::cublas_detail::level1<T>("cublas" #P "scal",                          \
                                                    ::parity::simt::libs::Level1::kScal, handle, \
                                                    n, alpha, x, incx, nullptr, 1, nullptr);     \
  }                                                                                              \
  inline cublasStatus_t cublas##P##copy_v2(cublasHandle_t handle, int n, const T* x, int incx,   \
                                           T* y, int incy) {                                     \
    return ::parity::simt::cublas_detail::level1<T>("cublas" #P "copy",                          \
                                                    ::parity::simt::libs::Level1::kCopy, handle, \
                                                    n, nullptr, x, incx, y, incy, nullptr);      \
  }
// parity-covers: cublasSaxpy_v2 cublasDaxpy_v2 cublasSdot_v2 cublasDdot_v2 cublasSscal_v2
// parity-covers: cublasDscal_v2 cublasScopy_v2 cublasDcopy_v2
PARITY_CUBLAS_LEVEL1(S, float)
PARITY_CUBLAS_LEVEL1(D, double)
#undef PARITY_CUBLAS_LEVEL1

inline cublasStatus_t cublasSetVector(int n, int elemSize, const void* x, int incx, void* devicePtr,
                                      int incy) {
  return ::parity::simt::cublas_detail::transfer("cublasSetVector", false, n, 1, elemSize, x, incx,
                                                 devicePtr, incy);
}
inline cublasStatus_t cublasGetVector(int n, int elemSize, const void* x, int incx, void* y,
                                      int incy) {
  return ::parity::simt::cublas_detail::transfer("cublasGetVector", false, n, 1, elemSize, x, incx,
                                                 y, incy);
}
inline cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void* A, int lda,
                                      void* B, int ldb) {
  return ::parity::simt::cublas_detail::transfer("cublasSetMatrix", true, rows, cols, elemSize, A,
                                                 lda, B, ldb);
}
inline cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void* A, int lda,
                                      void* B, int ldb) {
  return ::parity::simt::cublas_detail::transfer("cublasGetMatrix", true, rows, cols, elemSize, A,
                                                 lda, B, ldb);
}

// ----- everything else in cuBLAS: a compile-time refusal naming the call -----
#define PARITY_SIMT_REFUSE(name) PARITY_SIMT_NOT_COVERED_FUNCTION(name, "cuBLAS")
#include "parity/simt/libs/cublas_uncovered.inc"
#undef PARITY_SIMT_REFUSE
