// cuBLAS calls for the BLAS tests (blas_launchers.hpp). Plain CUDA: the emulator builds it
// against parity's stand-ins, and nvcc compiles it against the real cublas_v2.h (the signature
// check of tests/libs/CMakeLists.txt).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "blas_launchers.hpp"
#include "runtime_check.hpp"

namespace {

cublasOperation_t op(int c) {
  switch (c) {
    case 'N':
      return CUBLAS_OP_N;
    case 'T':
      return CUBLAS_OP_T;
    case 'C':
      return CUBLAS_OP_C;
    default:
      return static_cast<cublasOperation_t>(c);
  }
}

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
  if (c == "16F_PEDANTIC") return CUBLAS_COMPUTE_16F_PEDANTIC;
  if (c == "32F_PEDANTIC") return CUBLAS_COMPUTE_32F_PEDANTIC;
  if (c == "32F_FAST_TF32") return CUBLAS_COMPUTE_32F_FAST_TF32;
  if (c == "64F") return CUBLAS_COMPUTE_64F;
  if (c == "32I") return CUBLAS_COMPUTE_32I;
  return CUBLAS_COMPUTE_32F;
}

template <class T>
cublasStatus_t typed(cublasHandle_t h, const blas_test::GemmArgs& g) {
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
      return cublasSgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                       g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                       g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return cublasSgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                g.ldc, g.batch_count);
    return cublasSgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  } else if constexpr (sizeof(T) == 8) {
    if (g.batch == blas_test::Batch::kStrided)
      return cublasDgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                       g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                       g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return cublasDgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                g.ldc, g.batch_count);
    return cublasDgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  } else {
    if (g.batch == blas_test::Batch::kStrided)
      return cublasHgemmStridedBatched(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, g.stride_a, b,
                                       g.ldb, g.stride_b, beta, c, g.ldc, g.stride_c,
                                       g.batch_count);
    if (g.batch == blas_test::Batch::kPointers)
      return cublasHgemmBatched(h, ta, tb, g.m, g.n, g.k, alpha, aa, g.lda, ba, g.ldb, beta, ca,
                                g.ldc, g.batch_count);
    return cublasHgemm(h, ta, tb, g.m, g.n, g.k, alpha, a, g.lda, b, g.ldb, beta, c, g.ldc);
  }
}

cublasStatus_t ex(cublasHandle_t h, const blas_test::GemmArgs& g) {
  const auto ta = op(g.op_a), tb = op(g.op_b);
  const auto at = type(g.a_type), bt = type(g.b_type), ct = type(g.c_type);
  if (g.batch == blas_test::Batch::kStrided)
    return cublasGemmStridedBatchedEx(
        h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, at, g.lda, g.stride_a, g.b, bt, g.ldb, g.stride_b,
        g.beta, g.c, ct, g.ldc, g.stride_c, g.batch_count, compute(g.compute), CUBLAS_GEMM_DEFAULT);
  if (g.batch == blas_test::Batch::kPointers)
    return cublasGemmBatchedEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a_array, at, g.lda, g.b_array,
                               bt, g.ldb, g.beta, g.c_array, ct, g.ldc, g.batch_count,
                               compute(g.compute), CUBLAS_GEMM_DEFAULT);
  return cublasGemmEx(h, ta, tb, g.m, g.n, g.k, g.alpha, g.a, at, g.lda, g.b, bt, g.ldb, g.beta,
                      g.c, ct, g.ldc, compute(g.compute), CUBLAS_GEMM_DEFAULT);
}

blas_test::Result result(cublasStatus_t s) {
  return {static_cast<int>(s), cublasGetStatusName(s)};
}

}  // namespace

namespace blas_test {

Result cuda_gemm(const GemmArgs& g) {
  cublasHandle_t h = nullptr;
  if (!g.null_handle && cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) return {-1, "create failed"};
  cublasStatus_t s;
  if (g.entry == Entry::kEx) {
    s = ex(h, g);
  } else if (g.a_type == Type::kF64) {
    s = typed<double>(h, g);
  } else if (g.a_type == Type::kF16) {
    s = typed<__half>(h, g);
  } else {
    s = typed<float>(h, g);
  }
  if (h != nullptr) cublasDestroy(h);
  return result(s);
}

std::vector<std::pair<std::string, std::string>> cuda_settings() {
  std::vector<std::pair<std::string, std::string>> steps;
  auto step = [&](const char* what, cublasStatus_t s) {
    steps.emplace_back(what, cublasGetStatusName(s));
  };
  cublasHandle_t h = nullptr;
  step("create", cublasCreate(&h));
  int version = 0;
  step("get version", cublasGetVersion(h, &version));
  steps.emplace_back("version", std::to_string(version));
  cudaStream_t stream = nullptr;
  libs_test::require(cudaStreamCreate(&stream), "cudaStreamCreate");
  step("set stream", cublasSetStream(h, stream));
  cudaStream_t got = nullptr;
  step("get stream", cublasGetStream(h, &got));
  steps.emplace_back("stream round trip", got == stream ? "same" : "different");
  step("set math TF32", cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH));
  cublasMath_t math = CUBLAS_DEFAULT_MATH;
  step("get math", cublasGetMathMode(h, &math));
  steps.emplace_back("math", std::to_string(static_cast<int>(math)));
  step("set math pedantic|disallow",
       cublasSetMathMode(
           h, static_cast<cublasMath_t>(CUBLAS_PEDANTIC_MATH |
                                        CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION)));
  step("set math 5 (invalid)", cublasSetMathMode(h, static_cast<cublasMath_t>(5)));
  step("set pointer mode device", cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE));
  cublasPointerMode_t pm = CUBLAS_POINTER_MODE_HOST;
  step("get pointer mode", cublasGetPointerMode(h, &pm));
  steps.emplace_back("pointer mode", std::to_string(static_cast<int>(pm)));
  const int invalid_mode = static_cast<int>(steps.size()) > 0 ? 2 : 0;  // not a constant
  step("set pointer mode 2 (invalid)",
       cublasSetPointerMode(h, static_cast<cublasPointerMode_t>(invalid_mode)));
  void* ws = nullptr;
  libs_test::require(cudaMalloc(&ws, 4096), "cudaMalloc");
  step("set workspace (aligned)", cublasSetWorkspace(h, ws, 4096));
  step("set workspace (misaligned)", cublasSetWorkspace(h, static_cast<char*>(ws) + 16, 1024));
  step("set atomics allowed", cublasSetAtomicsMode(h, CUBLAS_ATOMICS_ALLOWED));
  int major = 0;
  step("get property major", cublasGetProperty(MAJOR_VERSION, &major));
  steps.emplace_back("major", std::to_string(major));
  step("destroy", cublasDestroy(h));
  step("set stream on destroyed handle", cublasSetStream(h, stream));
  step("set stream on null handle", cublasSetStream(nullptr, stream));
  libs_test::require(cudaFree(ws), "cudaFree");
  libs_test::require(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return steps;
}

std::string cuda_status_name(int status) {
  return cublasGetStatusName(static_cast<cublasStatus_t>(status));
}
std::string cuda_status_string(int status) {
  return cublasGetStatusString(static_cast<cublasStatus_t>(status));
}

}  // namespace blas_test

namespace blas_test {

Result cuda_level1(const Level1Args& g) {
  cublasHandle_t h = nullptr;
  if (!g.null_handle) cublasCreate(&h);
  cublasStatus_t s;
  if (g.dbl) {
    auto* x = static_cast<double*>(g.x);
    auto* y = static_cast<double*>(g.y);
    const auto* alpha = static_cast<const double*>(g.alpha);
    s = g.op == 'a'   ? cublasDaxpy(h, g.n, alpha, x, g.incx, y, g.incy)
        : g.op == 'd' ? cublasDdot(h, g.n, x, g.incx, y, g.incy, static_cast<double*>(g.result))
        : g.op == 's' ? cublasDscal(h, g.n, alpha, x, g.incx)
                      : cublasDcopy(h, g.n, x, g.incx, y, g.incy);
  } else {
    auto* x = static_cast<float*>(g.x);
    auto* y = static_cast<float*>(g.y);
    const auto* alpha = static_cast<const float*>(g.alpha);
    s = g.op == 'a'   ? cublasSaxpy(h, g.n, alpha, x, g.incx, y, g.incy)
        : g.op == 'd' ? cublasSdot(h, g.n, x, g.incx, y, g.incy, static_cast<float*>(g.result))
        : g.op == 's' ? cublasSscal(h, g.n, alpha, x, g.incx)
                      : cublasScopy(h, g.n, x, g.incx, y, g.incy);
  }
  if (h != nullptr) cublasDestroy(h);
  return {static_cast<int>(s), cublasGetStatusName(s)};
}

Result cuda_transfer(const TransferArgs& g) {
  const auto s =
      g.matrix
          ? (g.set ? cublasSetMatrix(g.rows, g.cols, g.elem_size, g.src, g.src_step, g.dst,
                                     g.dst_step)
                   : cublasGetMatrix(g.rows, g.cols, g.elem_size, g.src, g.src_step, g.dst,
                                     g.dst_step))
          : (g.set ? cublasSetVector(g.rows, g.elem_size, g.src, g.src_step, g.dst, g.dst_step)
                   : cublasGetVector(g.rows, g.elem_size, g.src, g.src_step, g.dst, g.dst_step));
  return {static_cast<int>(s), cublasGetStatusName(s)};
}

}  // namespace blas_test
