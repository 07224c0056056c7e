// hipBLAS calls for the BLAS tests (blas_launchers.hpp), with the ROCm 6.x HIPBLAS_V2 API
// (hipDataType and hipblasComputeType_t in hipblasGemmEx): the port of blas.cu.
#define HIPBLAS_V2
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include "blas_launchers.hpp"
#include "runtime_check.hpp"

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
  if (c == "16F_PEDANTIC") return HIPBLAS_COMPUTE_16F_PEDANTIC;
  if (c == "32F_PEDANTIC") return HIPBLAS_COMPUTE_32F_PEDANTIC;
  if (c == "32F_FAST_TF32") return HIPBLAS_COMPUTE_32F_FAST_TF32;
  if (c == "64F") return HIPBLAS_COMPUTE_64F;
  if (c == "32I") return HIPBLAS_COMPUTE_32I;
  return HIPBLAS_COMPUTE_32F;
}

template <class T>
hipblasStatus_t typed(hipblasHandle_t h, const blas_test::GemmArgs& g) {
  const T* alpha = static_cast<const T*>(g.alpha);
  const T* beta = static_cast<const T*>(g.beta);
  const auto ta = op(g.op_a), tb = op(g.op_b);
  const T* a = static_cast<const T*>(g.a);
  const T* b = static_cast<const T*>(g.b);
  T* c = static_cast<T*>(g.c);
  const auto aa = reinterpret_cast<const T* const*>(g.a_array);
  const auto ba = reinterpret_cast<const T* const*>(g.b_array);
  const auto ca = reinterpret_cast<T* const*>(g.c_array);
  if constexpr (sizeof(T) == 4) {
    if (g.batch == blas_test::Batch::kStrided)
      return hipblasSgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                        g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                        g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return hipblasSgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                 g.ldc, g.batch_count);
    return hipblasSgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  } else if constexpr (sizeof(T) == 8) {
    if (g.batch == blas_test::Batch::kStrided)
      return hipblasDgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                        g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                        g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return hipblasDgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                 g.ldc, g.batch_count);
    return hipblasDgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  } else {
    if (g.batch == blas_test::Batch::kStrided)
      return hipblasHgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                        g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                        g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return hipblasHgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                 g.ldc, g.batch_count);
    return hipblasHgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  }
}

hipblasStatus_t ex(hipblasHandle_t h, const blas_test::GemmArgs& g) {
  const auto ta = op(g.op_a), tb = op(g.op_b);
  const auto at = type(g.a_type), bt = type(g.b_type), ct = type(g.c_type);
  if (g.batch == blas_test::Batch::kStrided)
    return hipblasGemmStridedBatchedEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, at, g.lda,
                                       g.stride_a, g.b, bt, g.ldb, g.stride_b, g.beta, g.c, ct,
                                       g.ldc, g.stride_c, g.batch_count, compute(g.compute),
                                       HIPBLAS_GEMM_DEFAULT);
  if (g.batch == blas_test::Batch::kPointers)
    return hipblasGemmBatchedEx(
        h, ta, tb, g.m, g.n, g.k, g.alpha, const_cast<const void**>(g.a_array), at, g.lda,
        const_cast<const void**>(g.b_array), bt, g.ldb, g.beta, const_cast<void**>(g.c_array), ct,
        g.ldc, g.batch_count, compute(g.compute), HIPBLAS_GEMM_DEFAULT);
  return hipblasGemmEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, at, g.lda, g.b, bt, g.ldb, g.beta,
                       g.c, ct, g.ldc, compute(g.compute), HIPBLAS_GEMM_DEFAULT);
}

}  // namespace

namespace blas_test {

Result hip_gemm(const GemmArgs& g) {
  hipblasHandle_t h = nullptr;
  if (!g.null_handle && hipblasCreate(&h) != HIPBLAS_STATUS_SUCCESS) return {-1, "create failed"};
  hipblasStatus_t s;
  if (g.entry == Entry::kEx) {
    s = ex(h, g);
  } else if (g.a_type == Type::kF64) {
    s = typed<double>(h, g);
  } else if (g.a_type == Type::kF16) {
    s = typed<hipblasHalf>(h, g);
  } else {
    s = typed<float>(h, g);
  }
  if (h != nullptr) hipblasDestroy(h);
  return {static_cast<int>(s), hipblasStatusToString(s)};
}

std::vector<std::pair<std::string, std::string>> hip_settings() {
  std::vector<std::pair<std::string, std::string>> steps;
  auto step = [&](const char* what, hipblasStatus_t s) {
    steps.emplace_back(what, hipblasStatusToString(s));
  };
  hipblasHandle_t h = nullptr;
  step("create", hipblasCreate(&h));
  step("create into null", hipblasCreate(nullptr));
  hipStream_t stream = nullptr;
  libs_test::require(hipStreamCreate(&stream), "hipStreamCreate");
  step("set stream", hipblasSetStream(h, stream));
  hipStream_t got = nullptr;
  step("get stream", hipblasGetStream(h, &got));
  steps.emplace_back("stream round trip", got == stream ? "same" : "different");
  step("set math XF32", hipblasSetMathMode(h, HIPBLAS_XF32_XDL_MATH));
  hipblasMath_t math = HIPBLAS_DEFAULT_MATH;
  step("get math", hipblasGetMathMode(h, &math));
  steps.emplace_back("math", std::to_string(static_cast<int>(math)));
  step("set math TF32 (a cuBLAS mode)", hipblasSetMathMode(h, HIPBLAS_TF32_TENSOR_OP_MATH));
  step("set pointer mode device", hipblasSetPointerMode(h, HIPBLAS_POINTER_MODE_DEVICE));
  hipblasPointerMode_t pm = HIPBLAS_POINTER_MODE_HOST;
  step("get pointer mode", hipblasGetPointerMode(h, &pm));
  steps.emplace_back("pointer mode", std::to_string(static_cast<int>(pm)));
  const int invalid_mode = static_cast<int>(steps.size()) > 0 ? 2 : 0;  // not a constant
  step("set pointer mode 2 (invalid)",
       hipblasSetPointerMode(h, static_cast<hipblasPointerMode_t>(invalid_mode)));
  step("set atomics allowed", hipblasSetAtomicsMode(h, HIPBLAS_ATOMICS_ALLOWED));
  step("destroy", hipblasDestroy(h));
  step("set stream on null handle", hipblasSetStream(nullptr, stream));
  libs_test::require(hipStreamDestroy(stream), "hipStreamDestroy");
  return steps;
}

}  // namespace blas_test

namespace blas_test {

Result hip_level1(const Level1Args& g) {
  hipblasHandle_t h = nullptr;
  if (!g.null_handle) hipblasCreate(&h);
  hipblasStatus_t s;
  if (g.dbl) {
    auto* x = static_cast<double*>(g.x);
    auto* y = static_cast<double*>(g.y);
    const auto* alpha = static_cast<const double*>(g.alpha);
    s = g.op == 'a'   ? hipblasDaxpy(h, g.n, alpha, x, g.incx, y, g.incy)
        : g.op == 'd' ? hipblasDdot(h, g.n, x, g.incx, y, g.incy, static_cast<double*>(g.result))
        : g.op == 's' ? hipblasDscal(h, g.n, alpha, x, g.incx)
                      : hipblasDcopy(h, g.n, x, g.incx, y, g.incy);
  } else {
    auto* x = static_cast<float*>(g.x);
    auto* y = static_cast<float*>(g.y);
    const auto* alpha = static_cast<const float*>(g.alpha);
    s = g.op == 'a'   ? hipblasSaxpy(h, g.n, alpha, x, g.incx, y, g.incy)
        : g.op == 'd' ? hipblasSdot(h, g.n, x, g.incx, y, g.incy, static_cast<float*>(g.result))
        : g.op == 's' ? hipblasSscal(h, g.n, alpha, x, g.incx)
                      : hipblasScopy(h, g.n, x, g.incx, y, g.incy);
  }
  if (h != nullptr) hipblasDestroy(h);
  return {static_cast<int>(s), hipblasStatusToString(s)};
}

Result hip_transfer(const TransferArgs& g) {
  const auto s =
      g.matrix
          ? (g.set ? hipblasSetMatrix(g.rows, g.cols, g.elem_size, g.src, g.src_step, g.dst,
                                      g.dst_step)
                   : hipblasGetMatrix(g.rows, g.cols, g.elem_size, g.src, g.src_step, g.dst,
                                      g.dst_step))
          : (g.set ? hipblasSetVector(g.rows, g.elem_size, g.src, g.src_step, g.dst, g.dst_step)
                   : hipblasGetVector(g.rows, g.elem_size, g.src, g.src_step, g.dst, g.dst_step));
  return {static_cast<int>(s), hipblasStatusToString(s)};
}

}  // namespace blas_test
