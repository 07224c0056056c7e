// hipBLAS's deprecated hipblasGemmEx API (no HIPBLAS_V2: hipblasDatatype_t for the data and the
// compute type, as ROCm 5.x and ROCm 6.x without HIPBLAS_V2 declare it).
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include "blas_launchers.hpp"

namespace {

hipblasOperation_t op(int c) {
  switch (c) {
    case 'N':
      return HIPBLAS_OP_N;
    case 'T':
      return HIPBLAS_OP_T;
    case 'C':
      return HIPBLAS_OP_C;
    default:
      return static_cast<hipblasOperation_t>(c);
  }
}

hipblasDatatype_t type(blas_test::Type t) {
  switch (t) {
    case blas_test::Type::kF32:
      return HIPBLAS_R_32F;
    case blas_test::Type::kF64:
      return HIPBLAS_R_64F;
    case blas_test::Type::kF16:
      return HIPBLAS_R_16F;
    case blas_test::Type::kBF16:
      return HIPBLAS_R_16B;
    case blas_test::Type::kI8:
      return HIPBLAS_R_8I;
    case blas_test::Type::kI32:
      return HIPBLAS_R_32I;
  }
  return HIPBLAS_R_32F;
}

hipblasDatatype_t compute(const std::string& c) {
  if (c == "16F") return HIPBLAS_R_16F;
  if (c == "64F") return HIPBLAS_R_64F;
  if (c == "32I") return HIPBLAS_R_32I;
  return HIPBLAS_R_32F;
}

}  // namespace

namespace blas_test {

Result hip_gemm_legacy(const GemmArgs& g) {
  hipblasHandle_t h = nullptr;
  if (!g.null_handle && hipblasCreate(&h) != HIPBLAS_STATUS_SUCCESS) return {-1, "create failed"};
  const auto ta = op(g.op_a), tb = op(g.op_b);
  hipblasStatus_t s;
  if (g.batch == Batch::kStrided) {
    s = hipblasGemmStridedBatchedEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, type(g.a_type), g.lda,
                                    g.stride_a, g.b, type(g.b_type), g.ldb, g.stride_b, g.beta, g.c,
                                    type(g.c_type), g.ldc, g.stride_c, g.batch_count,
                                    compute(g.compute), HIPBLAS_GEMM_DEFAULT);
  } else {
    s = hipblasGemmEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, type(g.a_type), g.lda, g.b,
                      type(g.b_type), g.ldb, g.beta, g.c, type(g.c_type), g.ldc, compute(g.compute),
                      HIPBLAS_GEMM_DEFAULT);
  }
  if (h != nullptr) hipblasDestroy(h);
  return {static_cast<int>(s), hipblasStatusToString(s)};
}

}  // namespace blas_test
