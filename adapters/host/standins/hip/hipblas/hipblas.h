// Stand-in for hipBLAS's hipblas/hipblas.h (ROCm 6.x, hipBLAS 2.x, AMD platform) in
// host-emulated builds (parity-simt): the types and enums with ROCm's values, the handle and its
// settings, and the GEMM family (hipblas{S,D,H}gemm, hipblasGemmEx, their Batched and
// StridedBatched forms), computed by the emulator's reference GEMM with the argument checks of
// hipBLAS on rocBLAS (read from their sources: parity/simt/libs/blas.hpp). As in ROCm 6.x,
// hipblasGemmEx takes hipDataType and hipblasComputeType_t when HIPBLAS_V2 is defined and the
// deprecated hipblasDatatype_t otherwise; hipblasHalf is uint16_t unless HIPBLAS_USE_HIP_HALF is
// defined. Every other hipBLAS call is a compile-time refusal that names it.
#pragma once

#include <cstdint>
#include <type_traits>

#include <hip/hip_runtime.h>

#if !PARITY_SIMT_ROCM_AT_LEAST(60000) || PARITY_SIMT_ROCM_AT_LEAST(70000)
#error \
    "parity-simt: the hipBLAS stand-in follows ROCm 6.x; set PARITY_SIMT_ROCM_VERSION to a 6.x release for emulated code that uses it (docs/vendor-libraries.md)"
#endif
#include <hip/library_types.h>
#include <hipblas-common/hipblas-common.h>

#include "parity/simt/libs/blas.hpp"
#include "parity/simt/libs/refusal.hpp"

#define hipblasVersionMajor 2
#define hipblaseVersionMinor 2
#define hipblasVersionMinor 2
#define hipblasVersionPatch 0
#define hipblasVersionTweak 0
#define HIPBLAS_EXPORT

typedef void* hipblasHandle_t;

#if !defined(HIPBLAS_USE_HIP_HALF)
typedef uint16_t hipblasHalf;
#else
#include <hip/hip_fp16.h>
typedef __half hipblasHalf;
#endif
typedef int8_t hipblasInt8;
typedef int64_t hipblasStride;
#if defined(HIPBLAS_USE_HIP_BFLOAT16)
#include <hip/hip_bfloat16.h>
typedef hip_bfloat16 hipblasBfloat16;
#else
typedef struct hipblasBfloat16 {
  uint16_t data;
} hipblasBfloat16;
#endif

typedef enum {
  HIPBLAS_POINTER_MODE_HOST,
  HIPBLAS_POINTER_MODE_DEVICE,
} hipblasPointerMode_t;

#ifndef HIPBLAS_FILL_MODE_DECLARED
#define HIPBLAS_FILL_MODE_DECLARED
typedef enum {
  HIPBLAS_FILL_MODE_UPPER = 121,
  HIPBLAS_FILL_MODE_LOWER = 122,
  HIPBLAS_FILL_MODE_FULL = 123,
} hipblasFillMode_t;
#endif
#ifndef HIPBLAS_DIAG_TYPE_DECLARED
#define HIPBLAS_DIAG_TYPE_DECLARED
typedef enum { HIPBLAS_DIAG_NON_UNIT = 131, HIPBLAS_DIAG_UNIT = 132 } hipblasDiagType_t;
#endif
#ifndef HIPBLAS_SIDE_MODE_DECLARED
#define HIPBLAS_SIDE_MODE_DECLARED
typedef enum {
  HIPBLAS_SIDE_LEFT = 141,
  HIPBLAS_SIDE_RIGHT = 142,
  HIPBLAS_SIDE_BOTH = 143,
} hipblasSideMode_t;
#endif

typedef enum {
  HIPBLAS_DEFAULT_MATH,
  HIPBLAS_XF32_XDL_MATH,
  HIPBLAS_PEDANTIC_MATH,
  HIPBLAS_TF32_TENSOR_OP_MATH,
  HIPBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION,
  HIPBLAS_TENSOR_OP_MATH,
} hipblasMath_t;

#ifdef HIPBLAS_V2
typedef hipDataType hipblasDatatype_t;
#define HIPBLAS_R_16F HIP_R_16F
#define HIPBLAS_R_32F HIP_R_32F
#define HIPBLAS_R_64F HIP_R_64F
#define HIPBLAS_C_16F HIP_C_16F
#define HIPBLAS_C_32F HIP_C_32F
#define HIPBLAS_C_64F HIP_C_64F
#define HIPBLAS_R_8I HIP_R_8I
#define HIPBLAS_R_8U HIP_R_8U
#define HIPBLAS_R_32I HIP_R_32I
#define HIPBLAS_R_32U HIP_R_32U
#define HIPBLAS_C_8I HIP_C_8I
#define HIPBLAS_C_8U HIP_C_8U
#define HIPBLAS_C_32I HIP_C_32I
#define HIPBLAS_C_32U HIP_C_32U
#define HIPBLAS_R_16B HIP_R_16BF
#define HIPBLAS_C_16B HIP_C_16BF
#define HIPBLAS_DATATYPE_INVALID hipDataType(31)
#else
//! Deprecated since hipBLAS 2.0 (ROCm 6.0); HIPBLAS_V2 replaces it with hipDataType.
typedef enum {
  HIPBLAS_R_16F = 150,
  HIPBLAS_R_32F = 151,
  HIPBLAS_R_64F = 152,
  HIPBLAS_C_16F = 153,
  HIPBLAS_C_32F = 154,
  HIPBLAS_C_64F = 155,
  HIPBLAS_R_8I = 160,
  HIPBLAS_R_8U = 161,
  HIPBLAS_R_32I = 162,
  HIPBLAS_R_32U = 163,
  HIPBLAS_C_8I = 164,
  HIPBLAS_C_8U = 165,
  HIPBLAS_C_32I = 166,
  HIPBLAS_C_32U = 167,
  HIPBLAS_R_16B = 168,
  HIPBLAS_C_16B = 169,
  HIPBLAS_DATATYPE_INVALID = 255,
} hipblasDatatype_t;
#endif

typedef enum { HIPBLAS_GEMM_DEFAULT = 160 } hipblasGemmAlgo_t;
typedef enum { HIPBLAS_ATOMICS_NOT_ALLOWED = 0, HIPBLAS_ATOMICS_ALLOWED = 1 } hipblasAtomicsMode_t;
typedef enum {
  HIPBLAS_GEMM_FLAGS_NONE = 0x0,
  HIPBLAS_GEMM_FLAGS_USE_CU_EFFICIENCY = 0x2,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL = 0x4,
  HIPBLAS_GEMM_FLAGS_CHECK_SOLUTION_INDEX = 0x8,
  HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL_RNZ = 0x10,
} hipblasGemmFlags_t;

namespace parity::simt::hipblas_detail {

using ::parity::simt::libs::BlasStatus;
using ::parity::simt::libs::BlasVendor;
using ::parity::simt::libs::ComputeKind;
using ::parity::simt::libs::Element;
using ::parity::simt::libs::GemmCall;
using ::parity::simt::libs::Transpose;

inline ::parity::simt::libs::BlasHandle* handle_of(hipblasHandle_t h) {
  return ::parity::simt::libs::find_blas_handle(h, BlasVendor::kHipblas);
}

inline hipblasStatus_t run(hipblasHandle_t h, const GemmCall& call) {
  return to_status(::parity::simt::libs::gemm(h, BlasVendor::kHipblas, call));
}

inline GemmCall make_call(const char* function, hipblasOperation_t transa,
                          hipblasOperation_t transb, std::int64_t m, std::int64_t n, std::int64_t k,
                          const void* alpha, const void* beta) {
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

template <class T>
inline GemmCall typed_call(const char* function, hipblasOperation_t transa,
                           hipblasOperation_t transb, int m, int n, int k, const T* alpha,
                           const void* a, int lda, const void* b, int ldb, const T* beta,
                           const void* c, int ldc) {
  static_assert(sizeof(T) == 8 || sizeof(T) == 4 || sizeof(T) == 2);
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

//! The deprecated hipblasDatatype_t numbers (150, 151, ...) as hipDataType numbers (-1: none).
inline int legacy_to_datatype(int legacy) {
  switch (legacy) {
    case 150:
      return HIP_R_16F;
    case 151:
      return HIP_R_32F;
    case 152:
      return HIP_R_64F;
    case 160:
      return HIP_R_8I;
    case 162:
      return HIP_R_32I;
    case 168:
      return HIP_R_16BF;
    default:
      return -1;
  }
}
//! A deprecated hipblasDatatype_t compute type as the compute type it names.
inline ComputeKind legacy_compute_kind(int legacy) {
  switch (legacy) {
    case 150:
      return ComputeKind::k16F;
    case 151:
      return ComputeKind::k32F;
    case 152:
      return ComputeKind::k64F;
    case 162:
      return ComputeKind::k32I;
    default:
      return ComputeKind::kUnknown;
  }
}

inline GemmCall ex_call(const char* function, hipblasOperation_t transa, hipblasOperation_t transb,
                        int m, int n, int k, const void* alpha, const void* a, int at, int lda,
                        const void* b, int bt, int ldb, const void* beta, const void* c, int ct,
                        int ldc, ComputeKind compute, hipblasGemmAlgo_t algo) {
  GemmCall call = make_call(function, transa, transb, m, n, k, alpha, beta);
  call.a = {a, nullptr, Element::kF32, lda, 0};
  call.b = {b, nullptr, Element::kF32, ldb, 0};
  call.c = {c, nullptr, Element::kF32, ldc, 0};
  call.algo_valid = algo == HIPBLAS_GEMM_DEFAULT;
  ::parity::simt::libs::resolve_gemm_ex_types(BlasVendor::kHipblas, compute, at, bt, ct, call);
  return call;
}

template <class T>
inline hipblasStatus_t batched(const char* function, hipblasHandle_t handle,
                               hipblasOperation_t transa, hipblasOperation_t transb, int m, int n,
                               int k, const T* alpha, const T* const a[], int lda,
                               const T* const b[], int ldb, const T* beta, T* const c[], int ldc,
                               int batch) {
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
inline hipblasStatus_t strided(const char* function, hipblasHandle_t handle,
                               hipblasOperation_t transa, hipblasOperation_t transb, int m, int n,
                               int k, const T* alpha, const T* a, int lda, long long stride_a,
                               const T* b, int ldb, long long stride_b, const T* beta, T* c,
                               int ldc, long long stride_c, int batch) {
  GemmCall call =
      typed_call(function, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  call.batched = true;
  call.batch = batch;
  call.a.stride = stride_a;
  call.b.stride = stride_b;
  call.c.stride = stride_c;
  return run(handle, call);
}
inline hipblasStatus_t ex_batched(GemmCall call, hipblasHandle_t handle, const void* const a[],
                                  const void* const b[], void* const c[], int batch) {
  call.batched = true;
  call.batch = batch;
  call.a.batch_pointers = a;
  call.b.batch_pointers = b;
  call.c.batch_pointers = c;
  return run(handle, call);
}
inline hipblasStatus_t ex_strided(GemmCall call, hipblasHandle_t handle, hipblasStride sa,
                                  hipblasStride sb, hipblasStride sc, int batch) {
  call.batched = true;
  call.batch = batch;
  call.a.stride = sa;
  call.b.stride = sb;
  call.c.stride = sc;
  return run(handle, call);
}

}  // namespace parity::simt::hipblas_detail

// ----- handle and settings -----
inline hipblasStatus_t hipblasCreate(hipblasHandle_t* handle) {
  if (handle == nullptr) return HIPBLAS_STATUS_HANDLE_IS_NULLPTR;
  *handle = ::parity::simt::libs::create_blas_handle(::parity::simt::libs::BlasVendor::kHipblas);
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasDestroy(hipblasHandle_t handle) {
  return ::parity::simt::libs::destroy_blas_handle(handle,
                                                   ::parity::simt::libs::BlasVendor::kHipblas)
             ? HIPBLAS_STATUS_SUCCESS
             : HIPBLAS_STATUS_NOT_INITIALIZED;
}
inline hipblasStatus_t hipblasSetStream(hipblasHandle_t handle, hipStream_t streamId) {
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->stream = streamId;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasGetStream(hipblasHandle_t handle, hipStream_t* streamId) {
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (streamId == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *streamId = h->stream;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasSetPointerMode(hipblasHandle_t handle, hipblasPointerMode_t mode) {
  if (mode != HIPBLAS_POINTER_MODE_HOST && mode != HIPBLAS_POINTER_MODE_DEVICE)
    return HIPBLAS_STATUS_INVALID_ENUM;
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->pointer_mode = mode;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasGetPointerMode(hipblasHandle_t handle, hipblasPointerMode_t* mode) {
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *mode = static_cast<hipblasPointerMode_t>(h->pointer_mode);
  return HIPBLAS_STATUS_SUCCESS;
}
//! On AMD only HIPBLAS_DEFAULT_MATH and HIPBLAS_XF32_XDL_MATH exist (the others are cuBLAS
//! modes: HIPBLAS_STATUS_NOT_SUPPORTED, as hipBLAS returns). XF32 is stored, not modelled.
inline hipblasStatus_t hipblasSetMathMode(hipblasHandle_t handle, hipblasMath_t mode) {
  namespace d = ::parity::simt::hipblas_detail;
  if (mode != HIPBLAS_DEFAULT_MATH && mode != HIPBLAS_XF32_XDL_MATH)
    return d::to_status(::parity::simt::libs::report(
        d::BlasStatus::kNotSupported, d::BlasVendor::kHipblas, "hipblasSetMathMode",
        "hipBLAS on AMD has HIPBLAS_DEFAULT_MATH and HIPBLAS_XF32_XDL_MATH only; the other modes "
        "(HIPBLAS_TF32_TENSOR_OP_MATH, which hipify makes of CUBLAS_TF32_TENSOR_OP_MATH, ...) are "
        "cuBLAS's: use HIPBLAS_XF32_XDL_MATH (gfx942) or HIPBLAS_DEFAULT_MATH"));
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->math_mode = mode;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasGetMathMode(hipblasHandle_t handle, hipblasMath_t* mode) {
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (mode == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *mode = static_cast<hipblasMath_t>(h->math_mode);
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasSetAtomicsMode(hipblasHandle_t handle,
                                             hipblasAtomicsMode_t atomics_mode) {
  if (atomics_mode != HIPBLAS_ATOMICS_NOT_ALLOWED && atomics_mode != HIPBLAS_ATOMICS_ALLOWED)
    return HIPBLAS_STATUS_INVALID_ENUM;
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  h->atomics_mode = atomics_mode;
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasGetAtomicsMode(hipblasHandle_t handle,
                                             hipblasAtomicsMode_t* atomics_mode) {
  auto* h = ::parity::simt::hipblas_detail::handle_of(handle);
  if (h == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (atomics_mode == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *atomics_mode = static_cast<hipblasAtomicsMode_t>(h->atomics_mode);
  return HIPBLAS_STATUS_SUCCESS;
}
inline const char* hipblasStatusToString(hipblasStatus_t status) {
  switch (status) {
    case HIPBLAS_STATUS_SUCCESS:
      return "HIPBLAS_STATUS_SUCCESS";
    case HIPBLAS_STATUS_NOT_INITIALIZED:
      return "HIPBLAS_STATUS_NOT_INITIALIZED";
    case HIPBLAS_STATUS_ALLOC_FAILED:
      return "HIPBLAS_STATUS_ALLOC_FAILED";
    case HIPBLAS_STATUS_INVALID_VALUE:
      return "HIPBLAS_STATUS_INVALID_VALUE";
    case HIPBLAS_STATUS_MAPPING_ERROR:
      return "HIPBLAS_STATUS_MAPPING_ERROR";
    case HIPBLAS_STATUS_EXECUTION_FAILED:
      return "HIPBLAS_STATUS_EXECUTION_FAILED";
    case HIPBLAS_STATUS_INTERNAL_ERROR:
      return "HIPBLAS_STATUS_INTERNAL_ERROR";
    case HIPBLAS_STATUS_NOT_SUPPORTED:
      return "HIPBLAS_STATUS_NOT_SUPPORTED";
    case HIPBLAS_STATUS_ARCH_MISMATCH:
      return "HIPBLAS_STATUS_ARCH_MISMATCH";
    case HIPBLAS_STATUS_HANDLE_IS_NULLPTR:
      return "HIPBLAS_STATUS_HANDLE_IS_NULLPTR";
    case HIPBLAS_STATUS_INVALID_ENUM:
      return "HIPBLAS_STATUS_INVALID_ENUM";
    case HIPBLAS_STATUS_UNKNOWN:
      return "HIPBLAS_STATUS_UNKNOWN";
  }
  return "<undefined hipblasStatus_t value>";
}

// ----- GEMM: C = alpha * op(A) * op(B) + beta * C (column-major) -----
inline hipblasStatus_t hipblasSgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                                    hipblasOperation_t transB, int m, int n, int k,
                                    const float* alpha, const float* AP, int lda, const float* BP,
                                    int ldb, const float* beta, float* CP, int ldc) {
  return ::parity::simt::hipblas_detail::run(
      handle, ::parity::simt::hipblas_detail::typed_call("hipblasSgemm", transA, transB, m, n, k,
                                                         alpha, AP, lda, BP, ldb, beta, CP, ldc));
}
inline hipblasStatus_t hipblasDgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                                    hipblasOperation_t transB, int m, int n, int k,
                                    const double* alpha, const double* AP, int lda,
                                    const double* BP, int ldb, const double* beta, double* CP,
                                    int ldc) {
  return ::parity::simt::hipblas_detail::run(
      handle, ::parity::simt::hipblas_detail::typed_call("hipblasDgemm", transA, transB, m, n, k,
                                                         alpha, AP, lda, BP, ldb, beta, CP, ldc));
}
inline hipblasStatus_t hipblasHgemm(hipblasHandle_t handle, hipblasOperation_t transA,
                                    hipblasOperation_t transB, int m, int n, int k,
                                    const hipblasHalf* alpha, const hipblasHalf* AP, int lda,
                                    const hipblasHalf* BP, int ldb, const hipblasHalf* beta,
                                    hipblasHalf* CP, int ldc) {
  return ::parity::simt::hipblas_detail::run(
      handle, ::parity::simt::hipblas_detail::typed_call("hipblasHgemm", transA, transB, m, n, k,
                                                         alpha, AP, lda, BP, ldb, beta, CP, ldc));
}

inline hipblasStatus_t hipblasSgemmBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                           hipblasOperation_t transB, int m, int n, int k,
                                           const float* alpha, const float* const AP[], int lda,
                                           const float* const BP[], int ldb, const float* beta,
                                           float* const CP[], int ldc, int batchCount) {
  return ::parity::simt::hipblas_detail::batched("hipblasSgemmBatched", handle, transA, transB, m,
                                                 n, k, alpha, AP, lda, BP, ldb, beta, CP, ldc,
                                                 batchCount);
}
inline hipblasStatus_t hipblasDgemmBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                           hipblasOperation_t transB, int m, int n, int k,
                                           const double* alpha, const double* const AP[], int lda,
                                           const double* const BP[], int ldb, const double* beta,
                                           double* const CP[], int ldc, int batchCount) {
  return ::parity::simt::hipblas_detail::batched("hipblasDgemmBatched", handle, transA, transB, m,
                                                 n, k, alpha, AP, lda, BP, ldb, beta, CP, ldc,
                                                 batchCount);
}
inline hipblasStatus_t hipblasHgemmBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                           hipblasOperation_t transB, int m, int n, int k,
                                           const hipblasHalf* alpha, const hipblasHalf* const AP[],
                                           int lda, const hipblasHalf* const BP[], int ldb,
                                           const hipblasHalf* beta, hipblasHalf* const CP[],
                                           int ldc, int batchCount) {
  return ::parity::simt::hipblas_detail::batched("hipblasHgemmBatched", handle, transA, transB, m,
                                                 n, k, alpha, AP, lda, BP, ldb, beta, CP, ldc,
                                                 batchCount);
}
inline hipblasStatus_t hipblasSgemmStridedBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                                  hipblasOperation_t transB, int m, int n, int k,
                                                  const float* alpha, const float* AP, int lda,
                                                  long long strideA, const float* BP, int ldb,
                                                  long long strideB, const float* beta, float* CP,
                                                  int ldc, long long strideC, int batchCount) {
  return ::parity::simt::hipblas_detail::strided("hipblasSgemmStridedBatched", handle, transA,
                                                 transB, m, n, k, alpha, AP, lda, strideA, BP, ldb,
                                                 strideB, beta, CP, ldc, strideC, batchCount);
}
inline hipblasStatus_t hipblasDgemmStridedBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                                  hipblasOperation_t transB, int m, int n, int k,
                                                  const double* alpha, const double* AP, int lda,
                                                  long long strideA, const double* BP, int ldb,
                                                  long long strideB, const double* beta, double* CP,
                                                  int ldc, long long strideC, int batchCount) {
  return ::parity::simt::hipblas_detail::strided("hipblasDgemmStridedBatched", handle, transA,
                                                 transB, m, n, k, alpha, AP, lda, strideA, BP, ldb,
                                                 strideB, beta, CP, ldc, strideC, batchCount);
}
inline hipblasStatus_t hipblasHgemmStridedBatched(hipblasHandle_t handle, hipblasOperation_t transA,
                                                  hipblasOperation_t transB, int m, int n, int k,
                                                  const hipblasHalf* alpha, const hipblasHalf* AP,
                                                  int lda, long long strideA, const hipblasHalf* BP,
                                                  int ldb, long long strideB,
                                                  const hipblasHalf* beta, hipblasHalf* CP, int ldc,
                                                  long long strideC, int batchCount) {
  return ::parity::simt::hipblas_detail::strided("hipblasHgemmStridedBatched", handle, transA,
                                                 transB, m, n, k, alpha, AP, lda, strideA, BP, ldb,
                                                 strideB, beta, CP, ldc, strideC, batchCount);
}

// ----- the Ex family: hipDataType + hipblasComputeType_t (the *_v2 names; HIPBLAS_V2) -----
inline hipblasStatus_t hipblasGemmEx_v2(hipblasHandle_t handle, hipblasOperation_t transA,
                                        hipblasOperation_t transB, int m, int n, int k,
                                        const void* alpha, const void* A, hipDataType aType,
                                        int lda, const void* B, hipDataType bType, int ldb,
                                        const void* beta, void* C, hipDataType cType, int ldc,
                                        hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  return ::parity::simt::hipblas_detail::run(
      handle,
      ::parity::simt::hipblas_detail::ex_call(
          "hipblasGemmEx", transA, transB, m, n, k, alpha, A, aType, lda, B, bType, ldb, beta, C,
          cType, ldc, ::parity::simt::hipblas_detail::compute_kind(computeType), algo));
}
inline hipblasStatus_t hipblasGemmBatchedEx_v2(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, int m, int n,
    int k, const void* alpha, const void* A[], hipDataType aType, int lda, const void* B[],
    hipDataType bType, int ldb, const void* beta, void* C[], hipDataType cType, int ldc,
    int batchCount, hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  return ::parity::simt::hipblas_detail::ex_batched(
      ::parity::simt::hipblas_detail::ex_call(
          "hipblasGemmBatchedEx", transA, transB, m, n, k, alpha, nullptr, aType, lda, nullptr,
          bType, ldb, beta, nullptr, cType, ldc,
          ::parity::simt::hipblas_detail::compute_kind(computeType), algo),
      handle, A, B, C, batchCount);
}
inline hipblasStatus_t hipblasGemmStridedBatchedEx_v2(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, int m, int n,
    int k, const void* alpha, const void* A, hipDataType aType, int lda, hipblasStride strideA,
    const void* B, hipDataType bType, int ldb, hipblasStride strideB, const void* beta, void* C,
    hipDataType cType, int ldc, hipblasStride strideC, int batchCount,
    hipblasComputeType_t computeType, hipblasGemmAlgo_t algo) {
  return ::parity::simt::hipblas_detail::ex_strided(
      ::parity::simt::hipblas_detail::ex_call(
          "hipblasGemmStridedBatchedEx", transA, transB, m, n, k, alpha, A, aType, lda, B, bType,
          ldb, beta, C, cType, ldc, ::parity::simt::hipblas_detail::compute_kind(computeType),
          algo),
      handle, strideA, strideB, strideC, batchCount);
}

#ifdef HIPBLAS_V2
#define hipblasGemmEx hipblasGemmEx_v2
#define hipblasGemmBatchedEx hipblasGemmBatchedEx_v2
#define hipblasGemmStridedBatchedEx hipblasGemmStridedBatchedEx_v2
#else
// ----- the deprecated Ex family: hipblasDatatype_t for the data and the compute type -----
inline hipblasStatus_t hipblasGemmEx(hipblasHandle_t handle, hipblasOperation_t transA,
                                     hipblasOperation_t transB, int m, int n, int k,
                                     const void* alpha, const void* A, hipblasDatatype_t aType,
                                     int lda, const void* B, hipblasDatatype_t bType, int ldb,
                                     const void* beta, void* C, hipblasDatatype_t cType, int ldc,
                                     hipblasDatatype_t computeType, hipblasGemmAlgo_t algo) {
  using namespace ::parity::simt::hipblas_detail;
  return run(handle,
             ex_call("hipblasGemmEx", transA, transB, m, n, k, alpha, A, legacy_to_datatype(aType),
                     lda, B, legacy_to_datatype(bType), ldb, beta, C, legacy_to_datatype(cType),
                     ldc, legacy_compute_kind(computeType), algo));
}
inline hipblasStatus_t hipblasGemmBatchedEx(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, int m, int n,
    int k, const void* alpha, const void* A[], hipblasDatatype_t aType, int lda, const void* B[],
    hipblasDatatype_t bType, int ldb, const void* beta, void* C[], hipblasDatatype_t cType, int ldc,
    int batchCount, hipblasDatatype_t computeType, hipblasGemmAlgo_t algo) {
  using namespace ::parity::simt::hipblas_detail;
  return ex_batched(
      ex_call("hipblasGemmBatchedEx", transA, transB, m, n, k, alpha, nullptr,
              legacy_to_datatype(aType), lda, nullptr, legacy_to_datatype(bType), ldb, beta,
              nullptr, legacy_to_datatype(cType), ldc, legacy_compute_kind(computeType), algo),
      handle, A, B, C, batchCount);
}
inline hipblasStatus_t hipblasGemmStridedBatchedEx(
    hipblasHandle_t handle, hipblasOperation_t transA, hipblasOperation_t transB, int m, int n,
    int k, const void* alpha, const void* A, hipblasDatatype_t aType, int lda,
    hipblasStride strideA, const void* B, hipblasDatatype_t bType, int ldb, hipblasStride strideB,
    const void* beta, void* C, hipblasDatatype_t cType, int ldc, hipblasStride strideC,
    int batchCount, hipblasDatatype_t computeType, hipblasGemmAlgo_t algo) {
  using namespace ::parity::simt::hipblas_detail;
  return ex_strided(
      ex_call("hipblasGemmStridedBatchedEx", transA, transB, m, n, k, alpha, A,
              legacy_to_datatype(aType), lda, B, legacy_to_datatype(bType), ldb, beta, C,
              legacy_to_datatype(cType), ldc, legacy_compute_kind(computeType), algo),
      handle, strideA, strideB, strideC, batchCount);
}
#endif

// ----- Level 1 (axpy, dot, scal, copy) and the host/device transfers -----
namespace parity::simt::hipblas_detail {
template <class T>
inline hipblasStatus_t level1(const char* function, ::parity::simt::libs::Level1 op,
                              hipblasHandle_t handle, int n, const T* alpha, const T* x, int incx,
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
  return to_status(::parity::simt::libs::level1(handle, BlasVendor::kHipblas, c));
}
inline hipblasStatus_t transfer(const char* function, bool matrix, int rows, int cols,
                                int elem_size, const void* src, int src_step, void* dst,
                                int dst_step) {
  ::parity::simt::libs::TransferCall c{function, matrix,   rows, cols,    elem_size,
                                       src,      src_step, dst,  dst_step};
  return to_status(::parity::simt::libs::transfer(BlasVendor::kHipblas, c));
}
}  // namespace parity::simt::hipblas_detail

#define PARITY_HIPBLAS_LEVEL1(P, T)                                                               \
  inline hipblasStatus_t hipblas##P##axpy(hipblasHandle_t handle, int n, const T* alpha,          \
                                          const T* x, int incx, T* y, int incy) {                 \
    return ::parity::simt::hipblas_detail::level1<T>("hipblas" #P "axpy",                         \
                                                     ::parity::simt::libs::Level1::kAxpy, handle, \
                                                     n, alpha, x, incx, y, incy, nullptr);        \
  }                                                                                               \
  inline hipblasStatus_t hipblas##P##dot(hipblasHandle_t handle, int n, const T* x, int incx,     \
                                         const T* y, int incy, T* result) {                       \
    return ::parity::simt::hipblas_detail::level1<T>(                                             \
        "hipblas" #P "dot", ::parity::simt::libs::Level1::kDot, handle, n, nullptr, x, incx,      \
        const_cast<T*>(y), incy, result);                                                         \
  }                                                                                               \
  inline hipblasStatus_t hipblas##P##scal(hipblasHandle_t handle, int n, const T* alpha, T* x,    \
                                          int incx) {                                             \
    return ::parity::simt::hipblas_detail::level1<T>("hipblas" #P "scal",                         \
                                                     ::parity::simt::libs::Level1::kScal, handle, \
                                                     n, alpha, x, incx, nullptr, 1, nullptr);     \
  }                                                                                               \
  inline hipblasStatus_t hipblas##P##copy(hipblasHandle_t handle, int n, const T* x, int incx,    \
                                          T* y, int incy) {                                       \
    return ::parity::simt::hipblas_detail::level1<T>("hipblas" #P "copy",                         \
                                                     ::parity::simt::libs::Level1::kCopy, handle, \
                                                     n, nullptr, x, incx, y, incy, nullptr);      \
  }
// parity-covers: hipblasSaxpy hipblasDaxpy hipblasSdot hipblasDdot hipblasSscal hipblasDscal
// parity-covers: hipblasScopy hipblasDcopy
PARITY_HIPBLAS_LEVEL1(S, float)
PARITY_HIPBLAS_LEVEL1(D, double)
#undef PARITY_HIPBLAS_LEVEL1

inline hipblasStatus_t hipblasSetVector(int n, int elemSize, const void* x, int incx, void* y,
                                        int incy) {
  return ::parity::simt::hipblas_detail::transfer("hipblasSetVector", false, n, 1, elemSize, x,
                                                  incx, y, incy);
}
inline hipblasStatus_t hipblasGetVector(int n, int elemSize, const void* x, int incx, void* y,
                                        int incy) {
  return ::parity::simt::hipblas_detail::transfer("hipblasGetVector", false, n, 1, elemSize, x,
                                                  incx, y, incy);
}
inline hipblasStatus_t hipblasSetMatrix(int rows, int cols, int elemSize, const void* AP, int lda,
                                        void* BP, int ldb) {
  return ::parity::simt::hipblas_detail::transfer("hipblasSetMatrix", true, rows, cols, elemSize,
                                                  AP, lda, BP, ldb);
}
inline hipblasStatus_t hipblasGetMatrix(int rows, int cols, int elemSize, const void* AP, int lda,
                                        void* BP, int ldb) {
  return ::parity::simt::hipblas_detail::transfer("hipblasGetMatrix", true, rows, cols, elemSize,
                                                  AP, lda, BP, ldb);
}

// ----- everything else in hipBLAS: a compile-time refusal naming the call -----
#define PARITY_SIMT_REFUSE(name) PARITY_SIMT_NOT_COVERED_FUNCTION(name, "hipBLAS")
#include "parity/simt/libs/hipblas_uncovered.inc"
#undef PARITY_SIMT_REFUSE
