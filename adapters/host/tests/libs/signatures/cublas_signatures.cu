// The covered cuBLAS and cuBLASLt calls with the exact types the real headers declare: each
// line initialises a pointer of the spelled-out type with the function's address, which compiles
// only if an overload of exactly that type exists. Built against the stand-ins (an emulated
// library) and, in the CI preset, by nvcc against the real cublas_v2.h and cublasLt.h: both
// compiling proves the stand-ins' signatures are the real ones.
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define PARITY_SIGNATURE(fn, ...) \
  using type_##fn = __VA_ARGS__;  \
  [[maybe_unused]] const type_##fn signature_##fn = &fn;

namespace cublas_signatures {
using H = cublasHandle_t;
using Op = cublasOperation_t;

PARITY_SIGNATURE(cublasCreate_v2, cublasStatus_t (*)(H*))
PARITY_SIGNATURE(cublasDestroy_v2, cublasStatus_t (*)(H))
PARITY_SIGNATURE(cublasGetVersion_v2, cublasStatus_t (*)(H, int*))
PARITY_SIGNATURE(cublasGetProperty, cublasStatus_t (*)(libraryPropertyType, int*))
PARITY_SIGNATURE(cublasGetCudartVersion, size_t (*)(void))
PARITY_SIGNATURE(cublasSetWorkspace_v2, cublasStatus_t (*)(H, void*, size_t))
PARITY_SIGNATURE(cublasSetStream_v2, cublasStatus_t (*)(H, cudaStream_t))
PARITY_SIGNATURE(cublasGetStream_v2, cublasStatus_t (*)(H, cudaStream_t*))
PARITY_SIGNATURE(cublasGetPointerMode_v2, cublasStatus_t (*)(H, cublasPointerMode_t*))
PARITY_SIGNATURE(cublasSetPointerMode_v2, cublasStatus_t (*)(H, cublasPointerMode_t))
PARITY_SIGNATURE(cublasGetAtomicsMode, cublasStatus_t (*)(H, cublasAtomicsMode_t*))
PARITY_SIGNATURE(cublasSetAtomicsMode, cublasStatus_t (*)(H, cublasAtomicsMode_t))
PARITY_SIGNATURE(cublasGetMathMode, cublasStatus_t (*)(H, cublasMath_t*))
PARITY_SIGNATURE(cublasSetMathMode, cublasStatus_t (*)(H, cublasMath_t))
PARITY_SIGNATURE(cublasGetStatusName, const char* (*)(cublasStatus_t))
PARITY_SIGNATURE(cublasGetStatusString, const char* (*)(cublasStatus_t))
PARITY_SIGNATURE(cublasSgemm_v2,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const float*, const float*, int,
                                    const float*, int, const float*, float*, int))
PARITY_SIGNATURE(cublasDgemm_v2,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const double*, const double*, int,
                                    const double*, int, const double*, double*, int))
PARITY_SIGNATURE(cublasHgemm,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const __half*, const __half*, int,
                                    const __half*, int, const __half*, __half*, int))
PARITY_SIGNATURE(cublasSgemmBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const float*, const float* const[],
                                    int, const float* const[], int, const float*, float* const[],
                                    int, int))
PARITY_SIGNATURE(cublasDgemmBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const double*, const double* const[],
                                    int, const double* const[], int, const double*, double* const[],
                                    int, int))
PARITY_SIGNATURE(cublasHgemmBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const __half*, const __half* const[],
                                    int, const __half* const[], int, const __half*, __half* const[],
                                    int, int))
PARITY_SIGNATURE(cublasSgemmStridedBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const float*, const float*, int,
                                    long long int, const float*, int, long long int, const float*,
                                    float*, int, long long int, int))
PARITY_SIGNATURE(cublasDgemmStridedBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const double*, const double*, int,
                                    long long int, const double*, int, long long int, const double*,
                                    double*, int, long long int, int))
PARITY_SIGNATURE(cublasHgemmStridedBatched,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const __half*, const __half*, int,
                                    long long int, const __half*, int, long long int, const __half*,
                                    __half*, int, long long int, int))
PARITY_SIGNATURE(cublasGemmEx,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const void*, const void*,
                                    cudaDataType, int, const void*, cudaDataType, int, const void*,
                                    void*, cudaDataType, int, cublasComputeType_t,
                                    cublasGemmAlgo_t))
PARITY_SIGNATURE(cublasGemmBatchedEx,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const void*, const void* const[],
                                    cudaDataType, int, const void* const[], cudaDataType, int,
                                    const void*, void* const[], cudaDataType, int, int,
                                    cublasComputeType_t, cublasGemmAlgo_t))
PARITY_SIGNATURE(cublasGemmStridedBatchedEx,
                 cublasStatus_t (*)(H, Op, Op, int, int, int, const void*, const void*,
                                    cudaDataType, int, long long int, const void*, cudaDataType,
                                    int, long long int, const void*, void*, cudaDataType, int,
                                    long long int, int, cublasComputeType_t, cublasGemmAlgo_t))
PARITY_SIGNATURE(cublasSaxpy_v2,
                 cublasStatus_t (*)(H, int, const float*, const float*, int, float*, int))
PARITY_SIGNATURE(cublasDaxpy_v2,
                 cublasStatus_t (*)(H, int, const double*, const double*, int, double*, int))
PARITY_SIGNATURE(cublasSdot_v2,
                 cublasStatus_t (*)(H, int, const float*, int, const float*, int, float*))
PARITY_SIGNATURE(cublasDdot_v2,
                 cublasStatus_t (*)(H, int, const double*, int, const double*, int, double*))
PARITY_SIGNATURE(cublasSscal_v2, cublasStatus_t (*)(H, int, const float*, float*, int))
PARITY_SIGNATURE(cublasDscal_v2, cublasStatus_t (*)(H, int, const double*, double*, int))
PARITY_SIGNATURE(cublasScopy_v2, cublasStatus_t (*)(H, int, const float*, int, float*, int))
PARITY_SIGNATURE(cublasDcopy_v2, cublasStatus_t (*)(H, int, const double*, int, double*, int))
PARITY_SIGNATURE(cublasSetVector, cublasStatus_t (*)(int, int, const void*, int, void*, int))
PARITY_SIGNATURE(cublasGetVector, cublasStatus_t (*)(int, int, const void*, int, void*, int))
PARITY_SIGNATURE(cublasSetMatrix, cublasStatus_t (*)(int, int, int, const void*, int, void*, int))
PARITY_SIGNATURE(cublasGetMatrix, cublasStatus_t (*)(int, int, int, const void*, int, void*, int))

using L = cublasLtHandle_t;
using Layout = cublasLtMatrixLayout_t;
using Desc = cublasLtMatmulDesc_t;
using Pref = cublasLtMatmulPreference_t;
PARITY_SIGNATURE(cublasLtCreate, cublasStatus_t (*)(L*))
PARITY_SIGNATURE(cublasLtDestroy, cublasStatus_t (*)(L))
PARITY_SIGNATURE(cublasLtGetStatusName, const char* (*)(cublasStatus_t))
PARITY_SIGNATURE(cublasLtGetStatusString, const char* (*)(cublasStatus_t))
PARITY_SIGNATURE(cublasLtGetVersion, size_t (*)(void))
PARITY_SIGNATURE(cublasLtGetCudartVersion, size_t (*)(void))
PARITY_SIGNATURE(cublasLtGetProperty, cublasStatus_t (*)(libraryPropertyType, int*))
PARITY_SIGNATURE(cublasLtMatrixLayoutCreate,
                 cublasStatus_t (*)(Layout*, cudaDataType, uint64_t, uint64_t, int64_t))
PARITY_SIGNATURE(cublasLtMatrixLayoutDestroy, cublasStatus_t (*)(Layout))
PARITY_SIGNATURE(cublasLtMatrixLayoutSetAttribute,
                 cublasStatus_t (*)(Layout, cublasLtMatrixLayoutAttribute_t, const void*, size_t))
PARITY_SIGNATURE(cublasLtMatrixLayoutGetAttribute,
                 cublasStatus_t (*)(Layout, cublasLtMatrixLayoutAttribute_t, void*, size_t,
                                    size_t*))
PARITY_SIGNATURE(cublasLtMatmulDescCreate,
                 cublasStatus_t (*)(Desc*, cublasComputeType_t, cudaDataType_t))
PARITY_SIGNATURE(cublasLtMatmulDescDestroy, cublasStatus_t (*)(Desc))
PARITY_SIGNATURE(cublasLtMatmulDescSetAttribute,
                 cublasStatus_t (*)(Desc, cublasLtMatmulDescAttributes_t, const void*, size_t))
PARITY_SIGNATURE(cublasLtMatmulDescGetAttribute,
                 cublasStatus_t (*)(Desc, cublasLtMatmulDescAttributes_t, void*, size_t, size_t*))
PARITY_SIGNATURE(cublasLtMatmulPreferenceCreate, cublasStatus_t (*)(Pref*))
PARITY_SIGNATURE(cublasLtMatmulPreferenceDestroy, cublasStatus_t (*)(Pref))
PARITY_SIGNATURE(cublasLtMatmulPreferenceSetAttribute,
                 cublasStatus_t (*)(Pref, cublasLtMatmulPreferenceAttributes_t, const void*,
                                    size_t))
PARITY_SIGNATURE(cublasLtMatmulPreferenceGetAttribute,
                 cublasStatus_t (*)(Pref, cublasLtMatmulPreferenceAttributes_t, void*, size_t,
                                    size_t*))
PARITY_SIGNATURE(cublasLtMatmulAlgoGetHeuristic,
                 cublasStatus_t (*)(L, Desc, Layout, Layout, Layout, Layout, Pref, int,
                                    cublasLtMatmulHeuristicResult_t[], int*))
PARITY_SIGNATURE(cublasLtMatmul,
                 cublasStatus_t (*)(L, Desc, const void*, const void*, Layout, const void*, Layout,
                                    const void*, const void*, Layout, void*, Layout,
                                    const cublasLtMatmulAlgo_t*, void*, size_t, cudaStream_t))

// The enum values code passes through (a mismatch would silently change a call's meaning).
static_assert(CUBLAS_STATUS_INVALID_VALUE == 7 && CUBLAS_STATUS_NOT_SUPPORTED == 15);
static_assert(CUBLAS_OP_T == 1 && CUBLAS_COMPUTE_32F == 68 && CUBLAS_COMPUTE_32F_FAST_TF32 == 77);
static_assert(CUDA_R_16BF == 14 && CUDA_R_8F_E4M3 == 28 && CUBLAS_GEMM_DEFAULT_TENSOR_OP == 99);
static_assert(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT == 5 && CUBLASLT_MATMUL_DESC_EPILOGUE == 7);
static_assert(CUBLASLT_EPILOGUE_GELU_AUX_BIAS == 164 && CUBLASLT_EPILOGUE_BGRADB == 512);
static_assert(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE == 26 && CUBLASLT_MATMUL_PREF_IMPL_MASK == 12);
static_assert(sizeof(cublasLtMatmulHeuristicResult_t) == 96 && sizeof(cublasLtMatmulAlgo_t) == 64);
}  // namespace cublas_signatures
