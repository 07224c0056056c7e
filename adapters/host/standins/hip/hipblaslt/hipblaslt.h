// Stand-in for hipBLASLt's hipblaslt/hipblaslt.h (ROCm 6.x, AMD platform) in host-emulated
// builds (parity-simt): the twin of cublasLt.h on the same neutral matmul
// (parity/simt/libs/blaslt.hpp), with hipBLASLt's own attribute numbers (HIPBLASLT_MATRIX_LAYOUT_
// BATCH_COUNT is 0 here, 5 in cuBLASLt), its lenient attribute sizes (a buffer at least the
// attribute's size), its statuses (a null descriptor is HIPBLAS_STATUS_NOT_INITIALIZED) and its
// opaque types. The same configurations as cuBLASLt are computed; other hipBLASLt calls are
// compile-time refusals.
#pragma once

#include <cstdint>
#include <iterator>

#include <hip/hip_runtime.h>

#if !PARITY_SIMT_ROCM_AT_LEAST(60000) || PARITY_SIMT_ROCM_AT_LEAST(70000)
#error \
    "parity-simt: the hipBLASLt stand-in follows ROCm 6.x; set PARITY_SIMT_ROCM_VERSION to a 6.x release for emulated code that uses it (docs/vendor-libraries.md)"
#endif
#include <hip/library_types.h>
#include <hipblas-common/hipblas-common.h>
#if defined(LEGACY_HIPBLAS_DIRECT)  // as in the real header (ROCm 6.3+)
#include <hipblas/hipblas.h>
#endif

#include "parity/simt/libs/blaslt.hpp"
#include "parity/simt/libs/refusal.hpp"

#define HIPBLASLT_EXPORT
#define HIPBLASLT_DATATYPE_INVALID static_cast<hipDataType>(255)

typedef enum {
  HIPBLASLT_EPILOGUE_DEFAULT = 1,
  HIPBLASLT_EPILOGUE_RELU = 2,
  HIPBLASLT_EPILOGUE_BIAS = 4,
  HIPBLASLT_EPILOGUE_RELU_BIAS = 6,
  HIPBLASLT_EPILOGUE_GELU = 32,
  HIPBLASLT_EPILOGUE_GELU_BIAS = 36,
  HIPBLASLT_EPILOGUE_GELU_AUX = 160,
  HIPBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  HIPBLASLT_EPILOGUE_DGELU = 192,
  HIPBLASLT_EPILOGUE_DGELU_BGRAD = 208,
  HIPBLASLT_EPILOGUE_BGRADA = 256,
  HIPBLASLT_EPILOGUE_BGRADB = 512
} hipblasLtEpilogue_t;

typedef enum {
  HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 0,
  HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 1,
  HIPBLASLT_MATRIX_LAYOUT_TYPE = 2,
  HIPBLASLT_MATRIX_LAYOUT_ORDER = 3,
  HIPBLASLT_MATRIX_LAYOUT_ROWS = 4,
  HIPBLASLT_MATRIX_LAYOUT_COLS = 5,
  HIPBLASLT_MATRIX_LAYOUT_LD = 6,
} hipblasLtMatrixLayoutAttribute_t;

typedef enum {
  HIPBLASLT_POINTER_MODE_HOST = 0,
  HIPBLASLT_POINTER_MODE_DEVICE = 1,
  HIPBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST = 4,
} hipblasLtPointerMode_t;

typedef enum {
  HIPBLASLT_MATMUL_DESC_TRANSA = 0,
  HIPBLASLT_MATMUL_DESC_TRANSB = 1,
  HIPBLASLT_MATMUL_DESC_EPILOGUE = 2,
  HIPBLASLT_MATMUL_DESC_BIAS_POINTER = 3,
  HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 4,
  HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER = 5,
  HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER = 6,
  HIPBLASLT_MATMUL_DESC_C_SCALE_POINTER = 7,
  HIPBLASLT_MATMUL_DESC_D_SCALE_POINTER = 8,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER = 9,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,
  HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE = 12,
  HIPBLASLT_MATMUL_DESC_POINTER_MODE = 13,
  HIPBLASLT_MATMUL_DESC_AMAX_D_POINTER = 14,
  HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_A_EXT = 100,
  HIPBLASLT_MATMUL_DESC_COMPUTE_INPUT_TYPE_B_EXT,
  HIPBLASLT_MATMUL_DESC_A_SCALE_POINTER_VEC_EXT,
  HIPBLASLT_MATMUL_DESC_B_SCALE_POINTER_VEC_EXT,
  HIPBLASLT_MATMUL_DESC_MAX,
} hipblasLtMatmulDescAttributes_t;

typedef enum {
  HIPBLASLT_MATMUL_PREF_SEARCH_MODE = 0,
  HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1,
  HIPBLASLT_MATMUL_PREF_MAX = 2
} hipblasLtMatmulPreferenceAttributes_t;

typedef enum {
  HIPBLASLT_ORDER_COL = 0,
  HIPBLASLT_ORDER_ROW = 1,
} hipblasLtOrder_t;

typedef struct {
  uint64_t data[4];
} hipblasLtMatmulDescOpaque_t;
typedef struct {
  uint64_t data[4];
} hipblasLtMatrixLayoutOpaque_t;
typedef struct {
  uint64_t data[5];
} hipblasLtMatmulPreferenceOpaque_t;
typedef void* hipblasLtHandle_t;
typedef hipblasLtMatmulDescOpaque_t* hipblasLtMatmulDesc_t;
typedef hipblasLtMatrixLayoutOpaque_t* hipblasLtMatrixLayout_t;
typedef hipblasLtMatmulPreferenceOpaque_t* hipblasLtMatmulPreference_t;

typedef struct _hipblasLtMatmulAlgo_t {
  uint8_t data[16] = {0};
  size_t max_workspace_bytes = 0;
} hipblasLtMatmulAlgo_t;

typedef struct _hipblasLtMatmulHeuristicResult_t {
  hipblasLtMatmulAlgo_t algo;
  size_t workspaceSize = 0;
  hipblasStatus_t state = HIPBLAS_STATUS_SUCCESS;
  float wavesCount = 1.0;
  int reserved[4];
} hipblasLtMatmulHeuristicResult_t;

namespace parity::simt::hipblaslt_detail {

using ::parity::simt::libs::BlasStatus;
using ::parity::simt::libs::BlasVendor;
using ::parity::simt::libs::LtAttribute;
using ::parity::simt::libs::LtKind;
using ::parity::simt::libs::LtObject;

// hipBLASLt's attributes (hipblaslt.h's data types; rocblaslt_auxiliary.cpp's checks).
inline constexpr LtAttribute kLayout[] = {
    {0, 4, 1}, {1, 8, 0}, {2, 4, 0}, {3, 4, 0}, {4, 8, 0}, {5, 8, 0}, {6, 8, 0},
};
inline constexpr LtAttribute kDesc[] = {
    {0, 4, HIPBLAS_OP_N},
    {1, 4, HIPBLAS_OP_N},
    {2, 4, 1},
    {3, 8, 0},
    {4, 4, 255},
    {5, 8, 0},
    {6, 8, 0},
    {7, 8, 0},
    {8, 8, 0},
    {9, 8, 0},
    {10, 8, 0},
    {11, 8, 0},
    {12, 8, 0},
    {13, 4, 0},
    {14, 8, 0},
    {100, 4, 0},
    {101, 4, 0},
    {102, 8, 0},
    {103, 8, 0},
    // Not hipBLASLt attributes: where the emulator keeps the create-time compute and scale types.
    {-1, 4, 0},
    {-2, 4, 0},
};
inline constexpr LtAttribute kPreference[] = {{0, 4, 0}, {1, 8, 0}};

inline hipblasStatus_t to_status(BlasStatus s) {
  return ::parity::simt::hipblas_detail::to_status(s);
}

inline hipblasStatus_t set(const void* object, LtKind kind, int attr, const void* buf,
                           size_t size) {
  LtObject* o = ::parity::simt::libs::lt_find(object, kind);
  if (o == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (attr < 0) return HIPBLAS_STATUS_INVALID_VALUE;
  return to_status(::parity::simt::libs::lt_set(o, attr, buf, size));
}
inline hipblasStatus_t get(const void* object, LtKind kind, int attr, void* buf, size_t size,
                           size_t* written) {
  const LtObject* o = ::parity::simt::libs::lt_find(object, kind);
  if (o == nullptr) return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (attr < 0) return HIPBLAS_STATUS_INVALID_VALUE;
  return to_status(::parity::simt::libs::lt_get(o, attr, buf, size, written));
}
inline hipblasStatus_t destroy(const void* object, LtKind kind) {
  if (object == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  return ::parity::simt::libs::lt_destroy(object, kind) ? HIPBLAS_STATUS_SUCCESS
                                                        : HIPBLAS_STATUS_NOT_INITIALIZED;
}

inline ::parity::simt::libs::LtMatrix matrix(const LtObject* l) {
  using ::parity::simt::libs::lt_value;
  ::parity::simt::libs::LtMatrix m;
  m.type = static_cast<int>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_TYPE));
  m.column_order = lt_value(l, HIPBLASLT_MATRIX_LAYOUT_ORDER) == HIPBLASLT_ORDER_COL;
  m.rows = static_cast<std::int64_t>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_ROWS));
  m.cols = static_cast<std::int64_t>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_COLS));
  m.ld = static_cast<std::int64_t>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_LD));
  m.batch_count = static_cast<std::int32_t>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_BATCH_COUNT));
  m.batch_stride =
      static_cast<std::int64_t>(lt_value(l, HIPBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET));
  return m;
}

inline bool op(std::uint64_t raw, ::parity::simt::libs::Transpose& out) {
  return ::parity::simt::hipblas_detail::to_transpose(
      static_cast<hipblasOperation_t>(static_cast<int>(raw)), out);
}

inline bool make_call(const char* function, hipblasLtMatmulDesc_t desc, hipblasLtMatrixLayout_t a,
                      hipblasLtMatrixLayout_t b, hipblasLtMatrixLayout_t c,
                      hipblasLtMatrixLayout_t d, ::parity::simt::libs::LtCall& call) {
  using ::parity::simt::libs::lt_find;
  using ::parity::simt::libs::lt_value;
  const LtObject* o = lt_find(desc, LtKind::kMatmulDesc);
  const LtObject* la = lt_find(a, LtKind::kLayout);
  const LtObject* lb = lt_find(b, LtKind::kLayout);
  const LtObject* lc = lt_find(c, LtKind::kLayout);
  const LtObject* ld = lt_find(d, LtKind::kLayout);
  if (o == nullptr || la == nullptr || lb == nullptr || lc == nullptr || ld == nullptr)
    return false;
  call.function = function;
  call.compute = ::parity::simt::hipblas_detail::compute_kind(
      static_cast<hipblasComputeType_t>(static_cast<int>(lt_value(o, -1))));
  call.scale_type = static_cast<int>(lt_value(o, -2));
  call.op_a_valid = op(lt_value(o, HIPBLASLT_MATMUL_DESC_TRANSA), call.op_a);
  call.op_b_valid = op(lt_value(o, HIPBLASLT_MATMUL_DESC_TRANSB), call.op_b);
  call.pointer_mode = static_cast<int>(lt_value(o, HIPBLASLT_MATMUL_DESC_POINTER_MODE));
  call.epilogue = static_cast<std::uint32_t>(lt_value(o, HIPBLASLT_MATMUL_DESC_EPILOGUE));
  call.bias = reinterpret_cast<const void*>(lt_value(o, HIPBLASLT_MATMUL_DESC_BIAS_POINTER));
  const int bias_type = static_cast<int>(lt_value(o, HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE));
  call.bias_type = bias_type == 255 ? -1 : bias_type;
  call.aux = reinterpret_cast<void*>(lt_value(o, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER));
  call.aux_type = -1;  // hipBLASLt has no aux data-type attribute: the aux buffer is of D's type
  call.aux_ld = static_cast<std::int64_t>(lt_value(o, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD));
  call.aux_batch_stride =
      static_cast<std::int64_t>(lt_value(o, HIPBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE));
  call.scaled = false;
  for (int attr : {5, 6, 7, 8, 9, 14, 102, 103})
    call.scaled = call.scaled || lt_value(o, attr) != 0;
  call.a = matrix(la);
  call.b = matrix(lb);
  call.c = matrix(lc);
  call.d = matrix(ld);
  return true;
}

}  // namespace parity::simt::hipblaslt_detail

inline hipblasStatus_t hipblasLtCreate(hipblasLtHandle_t* handle) {
  if (handle == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *handle = ::parity::simt::libs::lt_create_handle(::parity::simt::libs::BlasVendor::kHipblas);
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtDestroy(const hipblasLtHandle_t handle) {
  return ::parity::simt::libs::lt_destroy_handle(handle, ::parity::simt::libs::BlasVendor::kHipblas)
             ? HIPBLAS_STATUS_SUCCESS
             : HIPBLAS_STATUS_NOT_INITIALIZED;
}

inline hipblasStatus_t hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t* matLayout,
                                                   hipDataType type, uint64_t rows, uint64_t cols,
                                                   int64_t ld) {
  using namespace ::parity::simt::hipblaslt_detail;
  if (matLayout == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  LtObject* o = ::parity::simt::libs::lt_create(LtKind::kLayout, BlasVendor::kHipblas,
                                                {kLayout, std::size(kLayout)});
  ::parity::simt::libs::lt_store(o, HIPBLASLT_MATRIX_LAYOUT_TYPE, static_cast<std::uint32_t>(type));
  ::parity::simt::libs::lt_store(o, HIPBLASLT_MATRIX_LAYOUT_ROWS, rows);
  ::parity::simt::libs::lt_store(o, HIPBLASLT_MATRIX_LAYOUT_COLS, cols);
  ::parity::simt::libs::lt_store(o, HIPBLASLT_MATRIX_LAYOUT_LD, static_cast<std::uint64_t>(ld));
  *matLayout = reinterpret_cast<hipblasLtMatrixLayout_t>(o);
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatrixLayoutDestroy(const hipblasLtMatrixLayout_t matLayout) {
  return ::parity::simt::hipblaslt_detail::destroy(matLayout,
                                                   ::parity::simt::libs::LtKind::kLayout);
}
inline hipblasStatus_t hipblasLtMatrixLayoutSetAttribute(hipblasLtMatrixLayout_t matLayout,
                                                         hipblasLtMatrixLayoutAttribute_t attr,
                                                         const void* buf, size_t sizeInBytes) {
  return ::parity::simt::hipblaslt_detail::set(matLayout, ::parity::simt::libs::LtKind::kLayout,
                                               attr, buf, sizeInBytes);
}
inline hipblasStatus_t hipblasLtMatrixLayoutGetAttribute(hipblasLtMatrixLayout_t matLayout,
                                                         hipblasLtMatrixLayoutAttribute_t attr,
                                                         void* buf, size_t sizeInBytes,
                                                         size_t* sizeWritten) {
  return ::parity::simt::hipblaslt_detail::get(matLayout, ::parity::simt::libs::LtKind::kLayout,
                                               attr, buf, sizeInBytes, sizeWritten);
}

inline hipblasStatus_t hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t* matmulDesc,
                                                 hipblasComputeType_t computeType,
                                                 hipDataType scaleType) {
  using namespace ::parity::simt::hipblaslt_detail;
  if (matmulDesc == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  LtObject* o = ::parity::simt::libs::lt_create(LtKind::kMatmulDesc, BlasVendor::kHipblas,
                                                {kDesc, std::size(kDesc)});
  ::parity::simt::libs::lt_store(o, -1, static_cast<std::uint32_t>(computeType));
  ::parity::simt::libs::lt_store(o, -2, static_cast<std::uint32_t>(scaleType));
  *matmulDesc = reinterpret_cast<hipblasLtMatmulDesc_t>(o);
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatmulDescDestroy(const hipblasLtMatmulDesc_t matmulDesc) {
  return ::parity::simt::hipblaslt_detail::destroy(matmulDesc,
                                                   ::parity::simt::libs::LtKind::kMatmulDesc);
}
inline hipblasStatus_t hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t matmulDesc,
                                                       hipblasLtMatmulDescAttributes_t attr,
                                                       const void* buf, size_t sizeInBytes) {
  return ::parity::simt::hipblaslt_detail::set(
      matmulDesc, ::parity::simt::libs::LtKind::kMatmulDesc, attr, buf, sizeInBytes);
}
inline hipblasStatus_t hipblasLtMatmulDescGetAttribute(hipblasLtMatmulDesc_t matmulDesc,
                                                       hipblasLtMatmulDescAttributes_t attr,
                                                       void* buf, size_t sizeInBytes,
                                                       size_t* sizeWritten) {
  return ::parity::simt::hipblaslt_detail::get(
      matmulDesc, ::parity::simt::libs::LtKind::kMatmulDesc, attr, buf, sizeInBytes, sizeWritten);
}

inline hipblasStatus_t hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t* pref) {
  using namespace ::parity::simt::hipblaslt_detail;
  if (pref == nullptr) return HIPBLAS_STATUS_INVALID_VALUE;
  *pref = reinterpret_cast<hipblasLtMatmulPreference_t>(::parity::simt::libs::lt_create(
      LtKind::kPreference, BlasVendor::kHipblas, {kPreference, std::size(kPreference)}));
  return HIPBLAS_STATUS_SUCCESS;
}
inline hipblasStatus_t hipblasLtMatmulPreferenceDestroy(const hipblasLtMatmulPreference_t pref) {
  return ::parity::simt::hipblaslt_detail::destroy(pref, ::parity::simt::libs::LtKind::kPreference);
}
inline hipblasStatus_t hipblasLtMatmulPreferenceSetAttribute(
    hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t attr, const void* buf,
    size_t sizeInBytes) {
  return ::parity::simt::hipblaslt_detail::set(pref, ::parity::simt::libs::LtKind::kPreference,
                                               attr, buf, sizeInBytes);
}
inline hipblasStatus_t hipblasLtMatmulPreferenceGetAttribute(
    hipblasLtMatmulPreference_t pref, hipblasLtMatmulPreferenceAttributes_t attr, void* buf,
    size_t sizeInBytes, size_t* sizeWritten) {
  return ::parity::simt::hipblaslt_detail::get(pref, ::parity::simt::libs::LtKind::kPreference,
                                               attr, buf, sizeInBytes, sizeWritten);
}

inline hipblasStatus_t hipblasLtMatmulAlgoGetHeuristic(
    hipblasLtHandle_t handle, hipblasLtMatmulDesc_t matmulDesc, hipblasLtMatrixLayout_t Adesc,
    hipblasLtMatrixLayout_t Bdesc, hipblasLtMatrixLayout_t Cdesc, hipblasLtMatrixLayout_t Ddesc,
    hipblasLtMatmulPreference_t pref, int requestedAlgoCount,
    hipblasLtMatmulHeuristicResult_t heuristicResultsArray[], int* returnAlgoCount) {
  using namespace ::parity::simt::hipblaslt_detail;
  if (!::parity::simt::libs::lt_valid_handle(handle, BlasVendor::kHipblas))
    return HIPBLAS_STATUS_NOT_INITIALIZED;
  if (returnAlgoCount != nullptr) *returnAlgoCount = 0;
  ::parity::simt::libs::LtCall call;
  if (!make_call("hipblasLtMatmulAlgoGetHeuristic", matmulDesc, Adesc, Bdesc, Cdesc, Ddesc, call) ||
      ::parity::simt::libs::lt_find(pref, LtKind::kPreference) == nullptr ||
      requestedAlgoCount < 1 || heuristicResultsArray == nullptr || returnAlgoCount == nullptr)
    return HIPBLAS_STATUS_INVALID_VALUE;
  const hipblasStatus_t s =
      to_status(::parity::simt::libs::lt_matmul(BlasVendor::kHipblas, call, true, false));
  if (s != HIPBLAS_STATUS_SUCCESS) return s;
  heuristicResultsArray[0] = hipblasLtMatmulHeuristicResult_t{};
  heuristicResultsArray[0].algo.data[0] = 1;
  heuristicResultsArray[0].workspaceSize = 0;
  heuristicResultsArray[0].state = HIPBLAS_STATUS_SUCCESS;
  heuristicResultsArray[0].wavesCount = 1.0f;
  *returnAlgoCount = 1;
  return HIPBLAS_STATUS_SUCCESS;
}

inline hipblasStatus_t hipblasLtMatmul(hipblasLtHandle_t handle, hipblasLtMatmulDesc_t matmulDesc,
                                       const void* alpha, const void* A,
                                       hipblasLtMatrixLayout_t Adesc, const void* B,
                                       hipblasLtMatrixLayout_t Bdesc, const void* beta,
                                       const void* C, hipblasLtMatrixLayout_t Cdesc, void* D,
                                       hipblasLtMatrixLayout_t Ddesc,
                                       const hipblasLtMatmulAlgo_t* algo, void* workspace,
                                       size_t workspaceSizeInBytes, hipStream_t stream) {
  using namespace ::parity::simt::hipblaslt_detail;
  (void)algo;
  (void)stream;
  if (!::parity::simt::libs::lt_valid_handle(handle, BlasVendor::kHipblas))
    return HIPBLAS_STATUS_NOT_INITIALIZED;
  ::parity::simt::libs::LtCall call;
  if (!make_call("hipblasLtMatmul", matmulDesc, Adesc, Bdesc, Cdesc, Ddesc, call))
    return HIPBLAS_STATUS_INVALID_VALUE;
  call.alpha = alpha;
  call.beta = beta;
  call.a_data = A;
  call.b_data = B;
  call.c_data = C;
  call.d_data = D;
  call.workspace = workspace;
  call.workspace_bytes = workspaceSizeInBytes;
  return to_status(::parity::simt::libs::lt_matmul(BlasVendor::kHipblas, call, false, true));
}

// ----- everything else in hipBLASLt: a compile-time refusal naming the call -----
#define PARITY_SIMT_REFUSE(name) PARITY_SIMT_NOT_COVERED_FUNCTION(name, "hipBLASLt")
#include "parity/simt/libs/hipblaslt_uncovered.inc"
#undef PARITY_SIMT_REFUSE
