// Stand-in for hipblas-common/hipblas-common.h in host-emulated builds (parity-simt): the status,
// operation and compute-type enums that hipBLAS and hipBLASLt share, with ROCm's values. (ROCm
// 6.3 moved them here from hipblas.h; earlier releases declare them in hipblas.h itself.) Also
// their conversions to the neutral BLAS library (parity/simt/libs/blas.hpp), which the hipBLAS and
// hipBLASLt stand-ins share: hipblaslt/hipblaslt.h includes only this header, as the real one does.
#pragma once

#include <hip/hip_runtime.h>

#include "parity/simt/libs/blas.hpp"

typedef enum {
  HIPBLAS_STATUS_SUCCESS = 0,
  HIPBLAS_STATUS_NOT_INITIALIZED = 1,
  HIPBLAS_STATUS_ALLOC_FAILED = 2,
  HIPBLAS_STATUS_INVALID_VALUE = 3,
  HIPBLAS_STATUS_MAPPING_ERROR = 4,
  HIPBLAS_STATUS_EXECUTION_FAILED = 5,
  HIPBLAS_STATUS_INTERNAL_ERROR = 6,
  HIPBLAS_STATUS_NOT_SUPPORTED = 7,
  HIPBLAS_STATUS_ARCH_MISMATCH = 8,
  HIPBLAS_STATUS_HANDLE_IS_NULLPTR = 9,
  HIPBLAS_STATUS_INVALID_ENUM = 10,
  HIPBLAS_STATUS_UNKNOWN = 11,
} hipblasStatus_t;

#ifndef HIPBLAS_OPERATION_DECLARED
#define HIPBLAS_OPERATION_DECLARED
typedef enum {
  HIPBLAS_OP_N = 111,
  HIPBLAS_OP_T = 112,
  HIPBLAS_OP_C = 113,
} hipblasOperation_t;
#endif

typedef enum {
  HIPBLAS_COMPUTE_16F = 0,
  HIPBLAS_COMPUTE_16F_PEDANTIC = 1,
  HIPBLAS_COMPUTE_32F = 2,
  HIPBLAS_COMPUTE_32F_PEDANTIC = 3,
  HIPBLAS_COMPUTE_32F_FAST_16F = 4,
  HIPBLAS_COMPUTE_32F_FAST_16BF = 5,
  HIPBLAS_COMPUTE_32F_FAST_TF32 = 6,
  HIPBLAS_COMPUTE_64F = 7,
  HIPBLAS_COMPUTE_64F_PEDANTIC = 8,
  HIPBLAS_COMPUTE_32I = 9,
  HIPBLAS_COMPUTE_32I_PEDANTIC = 10,
} hipblasComputeType_t;

namespace parity::simt::hipblas_detail {

using ::parity::simt::libs::BlasStatus;
using ::parity::simt::libs::BlasVendor;
using ::parity::simt::libs::ComputeKind;
using ::parity::simt::libs::Element;
using ::parity::simt::libs::GemmCall;
using ::parity::simt::libs::Transpose;

inline hipblasStatus_t to_status(BlasStatus s) {
  switch (s) {
    case BlasStatus::kSuccess:
      return HIPBLAS_STATUS_SUCCESS;
    case BlasStatus::kNotInitialized:
      return HIPBLAS_STATUS_NOT_INITIALIZED;
    case BlasStatus::kAllocFailed:
      return HIPBLAS_STATUS_ALLOC_FAILED;
    case BlasStatus::kInvalidValue:
      return HIPBLAS_STATUS_INVALID_VALUE;
    case BlasStatus::kArchMismatch:
      return HIPBLAS_STATUS_ARCH_MISMATCH;
    case BlasStatus::kMappingError:
      return HIPBLAS_STATUS_MAPPING_ERROR;
    case BlasStatus::kExecutionFailed:
      return HIPBLAS_STATUS_EXECUTION_FAILED;
    case BlasStatus::kInternalError:
      return HIPBLAS_STATUS_INTERNAL_ERROR;
    case BlasStatus::kNotSupported:
      return HIPBLAS_STATUS_NOT_SUPPORTED;
    case BlasStatus::kHandleIsNullptr:
      return HIPBLAS_STATUS_HANDLE_IS_NULLPTR;
    case BlasStatus::kInvalidEnum:
      return HIPBLAS_STATUS_INVALID_ENUM;
  }
  return HIPBLAS_STATUS_UNKNOWN;
}

inline bool to_transpose(hipblasOperation_t op, Transpose& out) {
  if (op == HIPBLAS_OP_N) {
    out = Transpose::kNone;
    return true;
  }
  if (op == HIPBLAS_OP_T || op == HIPBLAS_OP_C) {
    out = Transpose::kTranspose;
    return true;
  }
  return false;
}

inline ComputeKind compute_kind(hipblasComputeType_t t) {
  switch (t) {
    case HIPBLAS_COMPUTE_16F:
      return ComputeKind::k16F;
    case HIPBLAS_COMPUTE_16F_PEDANTIC:
      return ComputeKind::k16FPedantic;
    case HIPBLAS_COMPUTE_32F:
      return ComputeKind::k32F;
    case HIPBLAS_COMPUTE_32F_PEDANTIC:
      return ComputeKind::k32FPedantic;
    case HIPBLAS_COMPUTE_32F_FAST_16F:
      return ComputeKind::k32FFast16F;
    case HIPBLAS_COMPUTE_32F_FAST_16BF:
      return ComputeKind::k32FFast16BF;
    case HIPBLAS_COMPUTE_32F_FAST_TF32:
      return ComputeKind::k32FFastTF32;
    case HIPBLAS_COMPUTE_64F:
      return ComputeKind::k64F;
    case HIPBLAS_COMPUTE_64F_PEDANTIC:
      return ComputeKind::k64FPedantic;
    case HIPBLAS_COMPUTE_32I:
      return ComputeKind::k32I;
    case HIPBLAS_COMPUTE_32I_PEDANTIC:
      return ComputeKind::k32IPedantic;
  }
  return ComputeKind::kUnknown;
}

}  // namespace parity::simt::hipblas_detail
