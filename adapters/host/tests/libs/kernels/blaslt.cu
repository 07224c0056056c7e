// cuBLASLt calls for the BLASLt tests (blaslt_launchers.hpp), in llm.c's shape: one descriptor,
// four layouts with batch count and stride, a preference with a workspace limit, the heuristic
// query, then the matmul.
#include <cublasLt.h>
#include <cuda_runtime.h>

#include "blaslt_launchers.hpp"
#include "lt_descriptor_script.inc"
#include "runtime_check.hpp"

namespace {

cudaDataType type(blas_test::Type t) {
  switch (t) {
    case blas_test::Type::kF32:
      return CUDA_R_32F;
    case blas_test::Type::kF64:
      return CUDA_R_64F;
    case blas_test::Type::kF16:
      return CUDA_R_16F;
    case blas_test::Type::kBF16:
      return CUDA_R_16BF;
    case blas_test::Type::kI8:
      return CUDA_R_8I;
    case blas_test::Type::kI32:
      return CUDA_R_32I;
  }
  return CUDA_R_32F;
}

cublasComputeType_t compute(const std::string& c) {
  if (c == "16F") return CUBLAS_COMPUTE_16F;
  if (c == "64F") return CUBLAS_COMPUTE_64F;
  if (c == "32F_FAST_TF32") return CUBLAS_COMPUTE_32F_FAST_TF32;
  if (c == "32I") return CUBLAS_COMPUTE_32I;
  return CUBLAS_COMPUTE_32F;
}

cublasOperation_t op(int c) {
  return c == 'N' ? CUBLAS_OP_N : c == 'T' ? CUBLAS_OP_T : CUBLAS_OP_C;
}

cublasLtMatrixLayout_t layout(cudaDataType t, long long rows, long long cols, long long ld,
                              int batch, long long stride, int order) {
  cublasLtMatrixLayout_t l = nullptr;
  cublasLtMatrixLayoutCreate(&l, t, static_cast<uint64_t>(rows), static_cast<uint64_t>(cols), ld);
  if (batch != 1) {
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof batch);
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
                                     sizeof stride);
  }
  if (order != 0) {
    const int32_t o = CUBLASLT_ORDER_ROW;
    cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &o, sizeof o);
  }
  return l;
}

}  // namespace

namespace blaslt_test {

LtResult cuda_lt(const LtArgs& g) {
  LtResult r;
  cublasLtHandle_t handle = nullptr;
  cublasLtCreate(&handle);
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatmulDescCreate(&desc, compute(g.compute), type(g.scale));
  const cublasOperation_t ta = op(g.op_a), tb = op(g.op_b);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb);
  const auto epilogue = static_cast<cublasLtEpilogue_t>(g.epilogue);
  cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof epilogue);
  if (g.bias != nullptr)
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &g.bias, sizeof g.bias);
  if (g.bias_type != -1) {
    const cudaDataType bt = type(static_cast<blas_test::Type>(g.bias_type));
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &bt, sizeof bt);
  }
  if (g.aux != nullptr) {
    const int64_t ld = g.aux_ld;
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &ld, sizeof ld);
    cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &g.aux,
                                   sizeof g.aux);
  }
  const long long rows_a = g.op_a == 'N' ? g.m : g.k, cols_a = g.op_a == 'N' ? g.k : g.m;
  const long long rows_b = g.op_b == 'N' ? g.k : g.n, cols_b = g.op_b == 'N' ? g.n : g.k;
  cublasLtMatrixLayout_t la = layout(type(g.ab), rows_a, cols_a, g.lda, g.batch, g.stride_a, 0);
  cublasLtMatrixLayout_t lb = layout(type(g.ab), rows_b, cols_b, g.ldb, g.batch, g.stride_b, 0);
  cublasLtMatrixLayout_t lc = layout(type(g.cd), g.m, g.n, g.ldc, g.batch, g.stride_c, 0);
  cublasLtMatrixLayout_t ld = layout(type(g.cd), g.m, g.n, g.ldd, g.batch, g.stride_d, g.order);
  cublasLtMatmulPreference_t pref = nullptr;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                       &g.workspace_limit, sizeof g.workspace_limit);
  cublasLtMatmulHeuristicResult_t heuristic{};
  int returned = 0;
  r.heuristic = cublasLtGetStatusName(
      cublasLtMatmulAlgoGetHeuristic(handle, desc, la, lb, lc, ld, pref, 1, &heuristic, &returned));
  r.algorithms = returned;
  void* workspace = nullptr;
  libs_test::require(cudaMalloc(&workspace, g.workspace_limit), "cudaMalloc");
  r.matmul = cublasLtGetStatusName(cublasLtMatmul(
      handle, desc, g.alpha, g.a, la, g.b, lb, g.beta, g.c, lc, g.d, ld,
      returned > 0 ? &heuristic.algo : nullptr, workspace, g.workspace_limit, nullptr));
  libs_test::require(cudaFree(workspace), "cudaFree");
  cublasLtMatmulPreferenceDestroy(pref);
  cublasLtMatrixLayoutDestroy(la);
  cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(lc);
  cublasLtMatrixLayoutDestroy(ld);
  cublasLtMatmulDescDestroy(desc);
  cublasLtDestroy(handle);
  return r;
}

std::vector<std::string> emulated_cublaslt_descriptor_script() {
  return script();
}

}  // namespace blaslt_test
