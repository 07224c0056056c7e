// hipBLASLt calls for the BLASLt tests (blaslt_launchers.hpp): the port of blaslt.cu.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>  // hipblasStatusToString: hipblaslt.h does not include it
#include <hipblaslt/hipblaslt.h>

#include "blaslt_launchers.hpp"
#include "runtime_check.hpp"

namespace {

hipDataType type(blas_test::Type t) {
  switch (t) {
    case blas_test::Type::kF32:
      return HIP_R_32F;
    case blas_test::Type::kF64:
      return HIP_R_64F;
    case blas_test::Type::kF16:
      return HIP_R_16F;
    case blas_test::Type::kBF16:
      return HIP_R_16BF;
    case blas_test::Type::kI8:
      return HIP_R_8I;
    case blas_test::Type::kI32:
      return HIP_R_32I;
  }
  return HIP_R_32F;
}

hipblasComputeType_t compute(const std::string& c) {
  if (c == "16F") return HIPBLAS_COMPUTE_16F;
  if (c == "64F") return HIPBLAS_COMPUTE_64F;
  if (c == "32F_FAST_TF32") return HIPBLAS_COMPUTE_32F_FAST_TF32;
  if (c == "32I") return HIPBLAS_COMPUTE_32I;
  return HIPBLAS_COMPUTE_32F;
}

hipblasOperation_t op(int c) {
  return c == 'N' ? HIPBLAS_OP_N : c == 'T' ? HIPBLAS_OP_T : HIPBLAS_OP_C;
}

hipblasLtMatrixLayout_t layout(hipDataType t, long long rows, long long cols, long long ld,
                               int batch, long long stride, int order) {
  hipblasLtMatrixLayout_t l = nullptr;
  hipblasLtMatrixLayoutCreate(&l, t, static_cast<uint64_t>(rows), static_cast<uint64_t>(cols), ld);
  if (batch != 1) {
    hipblasLtMatrixLayoutSetAttribute(l, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch);
    const int64_t s = stride;
    hipblasLtMatrixLayoutSetAttribute(l, HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &s,
                                      sizeof s);
  }
  if (order != 0) {
    const int32_t o = HIPBLASLT_ORDER_ROW;
    hipblasLtMatrixLayoutSetAttribute(l, HIPBLASLT_MATRIX_LAYOUT_ORDER, &o, sizeof o);
  }
  return l;
}

}  // namespace

namespace blaslt_test {

LtResult hip_lt(const LtArgs& g) {
  LtResult r;
  hipblasLtHandle_t handle = nullptr;
  hipblasLtCreate(&handle);
  hipblasLtMatmulDesc_t desc = nullptr;
  hipblasLtMatmulDescCreate(&desc, compute(g.compute), type(g.scale));
  const hipblasOperation_t ta = op(g.op_a), tb = op(g.op_b);
  hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta);
  hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb);
  const auto epilogue = static_cast<hipblasLtEpilogue_t>(g.epilogue);
  hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof epilogue);
  if (g.bias != nullptr)
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_POINTER, &g.bias,
                                    sizeof g.bias);
  if (g.bias_type != -1) {
    const hipDataType bt = type(static_cast<blas_test::Type>(g.bias_type));
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bt, sizeof bt);
  }
  if (g.aux != nullptr) {
    const int64_t ld = g.aux_ld;
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, sizeof ld);
    hipblasLtMatmulDescSetAttribute(desc, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &g.aux,
                                    sizeof g.aux);
  }
  const long long rows_a = g.op_a == 'N' ? g.m : g.k, cols_a = g.op_a == 'N' ? g.k : g.m;
  const long long rows_b = g.op_b == 'N' ? g.k : g.n, cols_b = g.op_b == 'N' ? g.n : g.k;
  hipblasLtMatrixLayout_t la = layout(type(g.ab), rows_a, cols_a, g.lda, g.batch, g.stride_a, 0);
  hipblasLtMatrixLayout_t lb = layout(type(g.ab), rows_b, cols_b, g.ldb, g.batch, g.stride_b, 0);
  hipblasLtMatrixLayout_t lc = layout(type(g.cd), g.m, g.n, g.ldc, g.batch, g.stride_c, 0);
  hipblasLtMatrixLayout_t ld = layout(type(g.cd), g.m, g.n, g.ldd, g.batch, g.stride_d, g.order);
  hipblasLtMatmulPreference_t pref = nullptr;
  hipblasLtMatmulPreferenceCreate(&pref);
  const uint64_t limit = g.workspace_limit;
  hipblasLtMatmulPreferenceSetAttribute(pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &limit,
                                        sizeof limit);
  hipblasLtMatmulHeuristicResult_t heuristic{};
  int returned = 0;
  r.heuristic = hipblasStatusToString(hipblasLtMatmulAlgoGetHeuristic(
      handle, desc, la, lb, lc, ld, pref, 1, &heuristic, &returned));
  r.algorithms = returned;
  void* workspace = nullptr;
  libs_test::require(hipMalloc(&workspace, g.workspace_limit), "hipMalloc");
  r.matmul = hipblasStatusToString(hipblasLtMatmul(
      handle, desc, g.alpha, g.a, la, g.b, lb, g.beta, g.c, lc, g.d, ld,
      returned > 0 ? &heuristic.algo : nullptr, workspace, g.workspace_limit, nullptr));
  libs_test::require(hipFree(workspace), "hipFree");
  hipblasLtMatmulPreferenceDestroy(pref);
  hipblasLtMatrixLayoutDestroy(la);
  hipblasLtMatrixLayoutDestroy(lb);
  hipblasLtMatrixLayoutDestroy(lc);
  hipblasLtMatrixLayoutDestroy(ld);
  hipblasLtMatmulDescDestroy(desc);
  hipblasLtDestroy(handle);
  return r;
}

}  // namespace blaslt_test
