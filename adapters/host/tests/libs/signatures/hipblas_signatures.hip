// The covered hipBLAS and hipBLASLt calls with the exact types ROCm 6.x's headers declare (with
// HIPBLAS_V2 when PARITY_TEST_HIPBLAS_V2 is defined, the deprecated hipblasDatatype_t API
// otherwise): each line compiles only if an overload of exactly that type exists. Built against
// the stand-ins here; hipcc compiles it against the real hipBLAS headers where they are
// installed (not on Debian: docs/vendor-libraries.md says what was checked by hand).
#ifdef PARITY_TEST_HIPBLAS_V2
#define HIPBLAS_V2
#endif
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>

#define PARITY_SIGNATURE(fn, ...) \
  using type_##fn = __VA_ARGS__;  \
  [[maybe_unused]] const type_##fn signature_##fn = &fn;

namespace hipblas_signatures {
using H = hipblasHandle_t;
using Op = hipblasOperation_t;
using S = hipblasStatus_t;

PARITY_SIGNATURE(hipblasCreate, S (*)(H*))
PARITY_SIGNATURE(hipblasDestroy, S (*)(H))
PARITY_SIGNATURE(hipblasSetStream, S (*)(H, hipStream_t))
PARITY_SIGNATURE(hipblasGetStream, S (*)(H, hipStream_t*))
PARITY_SIGNATURE(hipblasSetPointerMode, S (*)(H, hipblasPointerMode_t))
PARITY_SIGNATURE(hipblasGetPointerMode, S (*)(H, hipblasPointerMode_t*))
PARITY_SIGNATURE(hipblasSetMathMode, S (*)(H, hipblasMath_t))
PARITY_SIGNATURE(hipblasGetMathMode, S (*)(H, hipblasMath_t*))
PARITY_SIGNATURE(hipblasSetAtomicsMode, S (*)(H, hipblasAtomicsMode_t))
PARITY_SIGNATURE(hipblasGetAtomicsMode, S (*)(H, hipblasAtomicsMode_t*))
PARITY_SIGNATURE(hipblasStatusToString, const char* (*)(S))
PARITY_SIGNATURE(hipblasSgemm, S (*)(H, Op, Op, int, int, int, const float*, const float*, int,
                                     const float*, int, const float*, float*, int))
PARITY_SIGNATURE(hipblasDgemm, S (*)(H, Op, Op, int, int, int, const double*, const double*, int,
                                     const double*, int, const double*, double*, int))
PARITY_SIGNATURE(hipblasHgemm,
                 S (*)(H, Op, Op, int, int, int, const hipblasHalf*, const hipblasHalf*, int,
                       const hipblasHalf*, int, const hipblasHalf*, hipblasHalf*, int))
PARITY_SIGNATURE(hipblasSgemmBatched,
                 S (*)(H, Op, Op, int, int, int, const float*, const float* const[], int,
                       const float* const[], int, const float*, float* const[], int, int))
PARITY_SIGNATURE(hipblasSgemmStridedBatched,
                 S (*)(H, Op, Op, int, int, int, const float*, const float*, int, long long,
                       const float*, int, long long, const float*, float*, int, long long, int))
PARITY_SIGNATURE(hipblasHgemmStridedBatched,
                 S (*)(H, Op, Op, int, int, int, const hipblasHalf*, const hipblasHalf*, int,
                       long long, const hipblasHalf*, int, long long, const hipblasHalf*,
                       hipblasHalf*, int, long long, int))
PARITY_SIGNATURE(hipblasSaxpy, S (*)(H, int, const float*, const float*, int, float*, int))
PARITY_SIGNATURE(hipblasDdot, S (*)(H, int, const double*, int, const double*, int, double*))
PARITY_SIGNATURE(hipblasSscal, S (*)(H, int, const float*, float*, int))
PARITY_SIGNATURE(hipblasDcopy, S (*)(H, int, const double*, int, double*, int))
PARITY_SIGNATURE(hipblasSetVector, S (*)(int, int, const void*, int, void*, int))
PARITY_SIGNATURE(hipblasGetMatrix, S (*)(int, int, int, const void*, int, void*, int))
#ifdef HIPBLAS_V2
PARITY_SIGNATURE(hipblasGemmEx_v2,
                 S (*)(H, Op, Op, int, int, int, const void*, const void*, hipDataType, int,
                       const void*, hipDataType, int, const void*, void*, hipDataType, int,
                       hipblasComputeType_t, hipblasGemmAlgo_t))
PARITY_SIGNATURE(hipblasGemmStridedBatchedEx_v2,
                 S (*)(H, Op, Op, int, int, int, const void*, const void*, hipDataType, int,
                       hipblasStride, const void*, hipDataType, int, hipblasStride, const void*,
                       void*, hipDataType, int, hipblasStride, int, hipblasComputeType_t,
                       hipblasGemmAlgo_t))
PARITY_SIGNATURE(hipblasGemmBatchedEx_v2,
                 S (*)(H, Op, Op, int, int, int, const void*, const void*[], hipDataType, int,
                       const void*[], hipDataType, int, const void*, void*[], hipDataType, int, int,
                       hipblasComputeType_t, hipblasGemmAlgo_t))
#else
PARITY_SIGNATURE(hipblasGemmEx,
                 S (*)(H, Op, Op, int, int, int, const void*, const void*, hipblasDatatype_t, int,
                       const void*, hipblasDatatype_t, int, const void*, void*, hipblasDatatype_t,
                       int, hipblasDatatype_t, hipblasGemmAlgo_t))
#endif

using L = hipblasLtHandle_t;
using Layout = hipblasLtMatrixLayout_t;
using Desc = hipblasLtMatmulDesc_t;
using Pref = hipblasLtMatmulPreference_t;
PARITY_SIGNATURE(hipblasLtCreate, S (*)(L*))
PARITY_SIGNATURE(hipblasLtDestroy, S (*)(const L))
PARITY_SIGNATURE(hipblasLtMatrixLayoutCreate,
                 S (*)(Layout*, hipDataType, uint64_t, uint64_t, int64_t))
PARITY_SIGNATURE(hipblasLtMatrixLayoutDestroy, S (*)(const Layout))
PARITY_SIGNATURE(hipblasLtMatrixLayoutSetAttribute,
                 S (*)(Layout, hipblasLtMatrixLayoutAttribute_t, const void*, size_t))
PARITY_SIGNATURE(hipblasLtMatmulDescCreate, S (*)(Desc*, hipblasComputeType_t, hipDataType))
PARITY_SIGNATURE(hipblasLtMatmulDescSetAttribute,
                 S (*)(Desc, hipblasLtMatmulDescAttributes_t, const void*, size_t))
PARITY_SIGNATURE(hipblasLtMatmulPreferenceCreate, S (*)(Pref*))
PARITY_SIGNATURE(hipblasLtMatmulPreferenceSetAttribute,
                 S (*)(Pref, hipblasLtMatmulPreferenceAttributes_t, const void*, size_t))
PARITY_SIGNATURE(hipblasLtMatmulAlgoGetHeuristic,
                 S (*)(L, Desc, Layout, Layout, Layout, Layout, Pref, int,
                       hipblasLtMatmulHeuristicResult_t[], int*))
PARITY_SIGNATURE(hipblasLtMatmul, S (*)(L, Desc, const void*, const void*, Layout, const void*,
                                        Layout, const void*, const void*, Layout, void*, Layout,
                                        const hipblasLtMatmulAlgo_t*, void*, size_t, hipStream_t))

static_assert(HIPBLAS_STATUS_INVALID_VALUE == 3 && HIPBLAS_STATUS_INVALID_ENUM == 10);
static_assert(HIPBLAS_OP_T == 112 && HIPBLAS_COMPUTE_32F == 2 && HIP_R_16BF == 14);
static_assert(HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT == 0 && HIPBLASLT_MATMUL_DESC_EPILOGUE == 2);
static_assert(HIPBLASLT_EPILOGUE_GELU_AUX_BIAS == 164 && HIPBLAS_GEMM_DEFAULT == 160);
}  // namespace hipblas_signatures
