// BLAS handles and GEMM validation with each vendor's rules (parity/simt/libs/blas.hpp).
#include "parity/simt/libs/blas.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"

namespace parity::simt::libs {

namespace {

struct Registry {
  std::mutex mutex;
  std::unordered_map<const void*, std::unique_ptr<BlasHandle>> handles;
};
Registry& registry() {
  static Registry* r = new Registry;  // outlives static destructors of user code
  return *r;
}

}  // namespace

BlasHandle* create_blas_handle(BlasVendor vendor) {
  auto handle = std::make_unique<BlasHandle>();
  handle->vendor = vendor;
  BlasHandle* raw = handle.get();
  std::lock_guard lock(registry().mutex);
  registry().handles.emplace(raw, std::move(handle));
  return raw;
}

BlasHandle* find_blas_handle(const void* handle, BlasVendor vendor) noexcept {
  if (handle == nullptr) return nullptr;
  std::lock_guard lock(registry().mutex);
  const auto it = registry().handles.find(handle);
  if (it == registry().handles.end() || it->second->vendor != vendor) return nullptr;
  return it->second.get();
}

bool destroy_blas_handle(const void* handle, BlasVendor vendor) noexcept {
  std::lock_guard lock(registry().mutex);
  const auto it = registry().handles.find(handle);
  if (it == registry().handles.end() || it->second->vendor != vendor) return false;
  registry().handles.erase(it);
  return true;
}

const char* blas_status_name(BlasStatus status, BlasVendor vendor) noexcept {
  const bool cu = vendor == BlasVendor::kCublas;
  switch (status) {
    case BlasStatus::kSuccess:
      return cu ? "CUBLAS_STATUS_SUCCESS" : "HIPBLAS_STATUS_SUCCESS";
    case BlasStatus::kNotInitialized:
      return cu ? "CUBLAS_STATUS_NOT_INITIALIZED" : "HIPBLAS_STATUS_NOT_INITIALIZED";
    case BlasStatus::kAllocFailed:
      return cu ? "CUBLAS_STATUS_ALLOC_FAILED" : "HIPBLAS_STATUS_ALLOC_FAILED";
    case BlasStatus::kInvalidValue:
      return cu ? "CUBLAS_STATUS_INVALID_VALUE" : "HIPBLAS_STATUS_INVALID_VALUE";
    case BlasStatus::kArchMismatch:
      return cu ? "CUBLAS_STATUS_ARCH_MISMATCH" : "HIPBLAS_STATUS_ARCH_MISMATCH";
    case BlasStatus::kMappingError:
      return cu ? "CUBLAS_STATUS_MAPPING_ERROR" : "HIPBLAS_STATUS_MAPPING_ERROR";
    case BlasStatus::kExecutionFailed:
      return cu ? "CUBLAS_STATUS_EXECUTION_FAILED" : "HIPBLAS_STATUS_EXECUTION_FAILED";
    case BlasStatus::kInternalError:
      return cu ? "CUBLAS_STATUS_INTERNAL_ERROR" : "HIPBLAS_STATUS_INTERNAL_ERROR";
    case BlasStatus::kNotSupported:
      return cu ? "CUBLAS_STATUS_NOT_SUPPORTED" : "HIPBLAS_STATUS_NOT_SUPPORTED";
    case BlasStatus::kHandleIsNullptr:
      return "HIPBLAS_STATUS_HANDLE_IS_NULLPTR";
    case BlasStatus::kInvalidEnum:
      return "HIPBLAS_STATUS_INVALID_ENUM";
  }
  return "?";
}

BlasStatus report(BlasStatus status, BlasVendor vendor, const char* function,
                  const std::string& why) {
  static std::atomic<int> printed{0};
  if (status != BlasStatus::kSuccess && printed.fetch_add(1) < 20) {
    std::fprintf(stderr, "parity-simt: %s returns %s: %s\n", function,
                 blas_status_name(status, vendor), why.c_str());
  }
  return status;
}

double read_scalar(const void* p, Element scale) noexcept {
  switch (scale) {
    case Element::kF64: {
      double v;
      std::memcpy(&v, p, 8);
      return v;
    }
    case Element::kF32: {
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case Element::kF16:
    case Element::kBF16: {
      std::uint16_t bits;
      std::memcpy(&bits, p, 2);
      return decode(*float_format(scale == Element::kF16 ? DType::kFloat16 : DType::kBFloat16),
                    bits);
    }
    case Element::kI8:
      return *static_cast<const std::int8_t*>(p);
    case Element::kI32: {
      std::int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
  }
  return 0.0;
}

bool element_from_datatype(int value, Element& out) noexcept {
  switch (value) {
    case 0:
      out = Element::kF32;
      return true;  // *_R_32F
    case 1:
      out = Element::kF64;
      return true;  // *_R_64F
    case 2:
      out = Element::kF16;
      return true;  // *_R_16F
    case 3:
      out = Element::kI8;
      return true;  // *_R_8I
    case 10:
      out = Element::kI32;
      return true;  // *_R_32I
    case 14:
      out = Element::kBF16;
      return true;  // *_R_16BF
    default:
      return false;
  }
}

namespace {

const char* compute_name(BlasVendor v, ComputeKind k) {
  static const char* const cu[] = {
      "CUBLAS_COMPUTE_16F",           "CUBLAS_COMPUTE_16F_PEDANTIC", "CUBLAS_COMPUTE_32F",
      "CUBLAS_COMPUTE_32F_PEDANTIC",  "CUBLAS_COMPUTE_32F_FAST_16F", "CUBLAS_COMPUTE_32F_FAST_16BF",
      "CUBLAS_COMPUTE_32F_FAST_TF32", "CUBLAS_COMPUTE_64F",          "CUBLAS_COMPUTE_64F_PEDANTIC",
      "CUBLAS_COMPUTE_32I",           "CUBLAS_COMPUTE_32I_PEDANTIC", "an unknown compute type"};
  static const char* const hip[] = {
      "HIPBLAS_COMPUTE_16F",           "HIPBLAS_COMPUTE_16F_PEDANTIC",
      "HIPBLAS_COMPUTE_32F",           "HIPBLAS_COMPUTE_32F_PEDANTIC",
      "HIPBLAS_COMPUTE_32F_FAST_16F",  "HIPBLAS_COMPUTE_32F_FAST_16BF",
      "HIPBLAS_COMPUTE_32F_FAST_TF32", "HIPBLAS_COMPUTE_64F",
      "HIPBLAS_COMPUTE_64F_PEDANTIC",  "HIPBLAS_COMPUTE_32I",
      "HIPBLAS_COMPUTE_32I_PEDANTIC",  "an unknown compute type"};
  return (v == BlasVendor::kCublas ? cu : hip)[static_cast<int>(k)];
}

struct Combination {
  Element a, b, c;
};
bool one_of(std::initializer_list<Combination> list, Element a, Element b, Element c) {
  for (const auto& x : list)
    if (x.a == a && x.b == b && x.c == c) return true;
  return false;
}

}  // namespace

void resolve_gemm_ex_types(BlasVendor vendor, ComputeKind kind, int a_raw, int b_raw, int c_raw,
                           GemmCall& call) {
  using E = Element;
  Element a{}, b{}, c{};
  const bool known = element_from_datatype(a_raw, a) && element_from_datatype(b_raw, b) &&
                     element_from_datatype(c_raw, c);
  call.types_supported = false;
  const std::string combo = "A/B/C types (" + std::to_string(a_raw) + ", " + std::to_string(b_raw) +
                            ", " + std::to_string(c_raw) + ") with " + compute_name(vendor, kind);
  if (!known) {
    call.unsupported_reason =
        combo +
        ": a data type that is not one of R_32F, R_64F, R_16F, R_16BF, R_8I, R_32I is not "
        "emulated (complex, fp8 and 4-bit types are not covered: "
        "docs/vendor-libraries.md)";
    return;
  }
  call.a.type = a;
  call.b.type = b;
  call.c.type = c;
  const bool cu = vendor == BlasVendor::kCublas;
  bool ok = false;
  switch (kind) {
    case ComputeKind::k16F:
    case ComputeKind::k16FPedantic:
      ok = (cu || kind == ComputeKind::k16F) && one_of({{E::kF16, E::kF16, E::kF16}}, a, b, c);
      call.compute = Compute::kF16;
      call.scale = E::kF16;
      break;
    case ComputeKind::k32F:
    case ComputeKind::k32FPedantic:
      if (cu) {
        ok = one_of({{E::kI8, E::kI8, E::kF32},
                     {E::kBF16, E::kBF16, E::kBF16},
                     {E::kF16, E::kF16, E::kF16},
                     {E::kBF16, E::kBF16, E::kF32},
                     {E::kF16, E::kF16, E::kF32},
                     {E::kF32, E::kF32, E::kF32}},
                    a, b, c);
      } else {
        ok = kind == ComputeKind::k32F && one_of({{E::kF16, E::kF16, E::kF16},
                                                  {E::kF16, E::kF16, E::kF32},
                                                  {E::kBF16, E::kBF16, E::kBF16},
                                                  {E::kBF16, E::kBF16, E::kF32},
                                                  {E::kF32, E::kF32, E::kF32}},
                                                 a, b, c);
      }
      call.compute = Compute::kF32;
      call.scale = E::kF32;
      break;
    case ComputeKind::k32FFast16F:
    case ComputeKind::k32FFast16BF:
    case ComputeKind::k32FFastTF32:
      // cuBLAS may round the fp32 inputs to fp16, bf16 or TF32 here; the emulator does not
      // (docs/vendor-libraries.md). hipBLAS on AMD supports none of the three.
      ok = cu && one_of({{E::kF32, E::kF32, E::kF32}}, a, b, c);
      call.compute = Compute::kF32;
      call.scale = E::kF32;
      break;
    case ComputeKind::k64F:
    case ComputeKind::k64FPedantic:
      ok = (cu || kind == ComputeKind::k64F) && one_of({{E::kF64, E::kF64, E::kF64}}, a, b, c);
      call.compute = Compute::kF64;
      call.scale = E::kF64;
      break;
    case ComputeKind::k32I:
    case ComputeKind::k32IPedantic:
      ok = (cu || kind == ComputeKind::k32I) && one_of({{E::kI8, E::kI8, E::kI32}}, a, b, c);
      call.compute = Compute::kI32;
      call.scale = E::kI32;
      break;
    case ComputeKind::kUnknown:
      break;
  }
  if (!ok) {
    call.unsupported_reason = combo + " is not a combination " +
                              (cu ? "cublasGemmEx" : "hipblasGemmEx") +
                              " supports (docs/vendor-libraries.md lists them)";
    return;
  }
  call.types_supported = true;
}

namespace {

std::string dims(const char* what, std::int64_t value, const char* rule, std::int64_t bound) {
  return std::string(what) + " (" + std::to_string(value) + ") " + rule + " " +
         std::to_string(bound);
}

const char* op_name(Transpose op, BlasVendor v) {
  if (v == BlasVendor::kCublas) return op == Transpose::kNone ? "CUBLAS_OP_N" : "CUBLAS_OP_T/C";
  return op == Transpose::kNone ? "HIPBLAS_OP_N" : "HIPBLAS_OP_T/C";
}

//! cuBLAS's documented argument checks; kSuccess with `quick` set for an empty problem.
BlasStatus check_cublas(const GemmCall& c, std::string& why, bool& quick) {
  const BlasVendor v = BlasVendor::kCublas;
  if (c.m < 0 || c.n < 0 || c.k < 0 || c.batch < 0) {
    why = "m, n, k" + std::string(c.batched ? " and batchCount" : "") +
          " must not be negative (m=" + std::to_string(c.m) + ", n=" + std::to_string(c.n) +
          ", k=" + std::to_string(c.k) +
          (c.batched ? ", batchCount=" + std::to_string(c.batch) : std::string()) + ")";
    return BlasStatus::kInvalidValue;
  }
  if (!c.op_a_valid || !c.op_b_valid) {
    why = std::string(c.op_a_valid ? "transb" : "transa") +
          " is not CUBLAS_OP_N, CUBLAS_OP_T or CUBLAS_OP_C";
    return BlasStatus::kInvalidValue;
  }
  const std::int64_t rows_a = c.op_a == Transpose::kNone ? c.m : c.k;
  const std::int64_t rows_b = c.op_b == Transpose::kNone ? c.k : c.n;
  if (c.a.ld < std::max<std::int64_t>(1, rows_a)) {
    why = dims("lda", c.a.ld, "< max(1, rows of op(A)) =", std::max<std::int64_t>(1, rows_a)) +
          " for transa = " + op_name(c.op_a, v);
    return BlasStatus::kInvalidValue;
  }
  if (c.b.ld < std::max<std::int64_t>(1, rows_b)) {
    why = dims("ldb", c.b.ld, "< max(1, rows of op(B)) =", std::max<std::int64_t>(1, rows_b)) +
          " for transb = " + op_name(c.op_b, v);
    return BlasStatus::kInvalidValue;
  }
  if (c.c.ld < std::max<std::int64_t>(1, c.m)) {
    why = dims("ldc", c.c.ld, "< max(1, m) =", std::max<std::int64_t>(1, c.m));
    return BlasStatus::kInvalidValue;
  }
  if (c.alpha == nullptr || c.beta == nullptr) {
    why = std::string(c.alpha == nullptr ? "alpha" : "beta") + " is a null pointer";
    return BlasStatus::kInvalidValue;
  }
  if (!c.algo_valid) {
    why = "algo is not one of the cublasGemmAlgo_t values";
    return BlasStatus::kInvalidValue;
  }
  if (!c.types_supported) {
    why = c.unsupported_reason;
    return BlasStatus::kNotSupported;
  }
  if (c.compute == Compute::kI32) {
    // The int8 path as the cuBLAS documentation has long restricted it; kept so that the
    // emulator never accepts what a GPU may refuse.
    const auto aligned = [](const MatrixArg& m) {
      return (reinterpret_cast<std::uintptr_t>(m.data) & 3u) == 0 && m.stride % 4 == 0;
    };
    if (c.a.ld % 4 != 0 || c.b.ld % 4 != 0 || !aligned(c.a) || !aligned(c.b)) {
      why =
          "the int8 path needs lda, ldb and batch strides that are multiples of 4 and 4-byte "
          "aligned A and B (lda=" +
          std::to_string(c.a.ld) + ", ldb=" + std::to_string(c.b.ld) + ")";
      return BlasStatus::kNotSupported;
    }
  }
  quick = c.m == 0 || c.n == 0 || c.batch == 0;
  return BlasStatus::kSuccess;
}

//! hipBLAS 2.x's own checks, made before rocBLAS sees the call (so before the handle check):
//! the type table of hipblasGemmEx_v2, then the enum conversions, which throw.
BlasStatus check_hipblas_enums(const GemmCall& c, std::string& why) {
  if (!c.types_supported) {
    why = c.unsupported_reason;
    return BlasStatus::kNotSupported;
  }
  if (!c.op_a_valid || !c.op_b_valid || !c.algo_valid) {
    why = !c.algo_valid ? "algo is not HIPBLAS_GEMM_DEFAULT"
                        : std::string(c.op_a_valid ? "transB" : "transA") +
                              " is not HIPBLAS_OP_N, HIPBLAS_OP_T or HIPBLAS_OP_C (a CUBLAS_OP_* "
                              "value or a literal left by the port?)";
    return BlasStatus::kInvalidEnum;
  }
  return BlasStatus::kSuccess;
}

//! rocBLAS's gemm argument checks, in the order its sources make them.
BlasStatus check_hipblas(const GemmCall& c, std::string& why, bool& quick) {
  if (c.m < 0 || c.n < 0 || c.k < 0 || c.batch < 0) {
    why = "m, n, k and batch count must not be negative";
    return BlasStatus::kInvalidValue;
  }
  const std::int64_t rows_a = c.op_a == Transpose::kNone ? c.m : c.k;
  const std::int64_t rows_b = c.op_b == Transpose::kNone ? c.k : c.n;
  if (c.a.ld < rows_a) {
    why = dims("lda", c.a.ld, "< rows of op(A) =", rows_a);
    return BlasStatus::kInvalidValue;
  }
  if (c.b.ld < rows_b) {
    why = dims("ldb", c.b.ld, "< rows of op(B) =", rows_b);
    return BlasStatus::kInvalidValue;
  }
  if (c.c.ld < c.m) {
    why = dims("ldc", c.c.ld, "< m =", c.m);
    return BlasStatus::kInvalidValue;
  }
  if (c.m == 0 || c.n == 0 || c.batch == 0) {
    quick = true;
    return BlasStatus::kSuccess;
  }
  if (c.beta == nullptr) {
    why = "beta is a null pointer";
    return BlasStatus::kInvalidValue;
  }
  if (read_scalar(c.beta, c.scale) == 1.0) {
    if (c.k == 0) {
      quick = true;
      return BlasStatus::kSuccess;
    }
    if (c.alpha == nullptr) {
      why = "alpha is a null pointer";
      return BlasStatus::kInvalidValue;
    }
    if (read_scalar(c.alpha, c.scale) == 0.0) {
      quick = true;
      return BlasStatus::kSuccess;
    }
  }
  if (c.alpha == nullptr) {
    why = "alpha is a null pointer";
    return BlasStatus::kInvalidValue;
  }
  return BlasStatus::kSuccess;
}

bool null_matrix(const MatrixArg& m, std::int64_t batch) {
  if (m.batch_pointers == nullptr) return m.data == nullptr;
  for (std::int64_t b = 0; b < batch; ++b)
    if (m.batch_pointers[b] == nullptr) return true;
  return false;
}

}  // namespace

BlasStatus gemm(const void* handle, BlasVendor vendor, const GemmCall& c) {
  std::string why;
  if (vendor == BlasVendor::kHipblas) {
    if (const BlasStatus s = check_hipblas_enums(c, why); s != BlasStatus::kSuccess)
      return report(s, vendor, c.function, why);
  }
  if (find_blas_handle(handle, vendor) == nullptr) {
    return report(BlasStatus::kNotInitialized, vendor, c.function,
                  handle == nullptr ? "the handle is null"
                                    : "the handle was not created by "
                                      "this library or has been destroyed");
  }
  bool quick = false;
  const BlasStatus s =
      vendor == BlasVendor::kCublas ? check_cublas(c, why, quick) : check_hipblas(c, why, quick);
  if (s != BlasStatus::kSuccess) return report(s, vendor, c.function, why);
  if (quick) return BlasStatus::kSuccess;

  const double alpha = read_scalar(c.alpha, c.scale);
  const double beta = read_scalar(c.beta, c.scale);
  const bool reads_ab = c.k > 0 && alpha != 0.0;
  if ((reads_ab && (null_matrix(c.a, c.batch) || null_matrix(c.b, c.batch))) ||
      null_matrix(c.c, c.batch)) {
    return report(BlasStatus::kInvalidValue, vendor, c.function,
                  "a matrix pointer the computation needs is null (on a GPU this faults with an "
                  "illegal address)");
  }

  GemmProblem p;
  p.op_a = c.op_a;
  p.op_b = c.op_b;
  p.m = c.m;
  p.n = c.n;
  p.k = c.k;
  p.batch = c.batch;
  p.a = {c.a.data, c.a.batch_pointers, c.a.type, c.a.ld, c.a.stride};
  p.b = {c.b.data, c.b.batch_pointers, c.b.type, c.b.ld, c.b.stride};
  p.c = {c.c.data, c.c.batch_pointers, c.c.type, c.c.ld, c.c.stride};
  p.d = {const_cast<void*>(c.c.data), const_cast<void* const*>(c.c.batch_pointers), c.c.type,
         c.c.ld, c.c.stride};
  p.compute = c.compute;
  p.scale = c.scale;
  p.alpha = alpha;
  p.beta = beta;
  run_gemm(p);
  return BlasStatus::kSuccess;
}

namespace {

std::int64_t at(std::int64_t i, std::int64_t n, std::int64_t inc) {
  return inc >= 0 ? i * inc : (n - 1 - i) * -inc;
}

template <class T>
void run_level1(const VectorCall& c) {
  const T* x = static_cast<const T*>(c.x);
  T* y = static_cast<T*>(c.y);
  const T alpha = c.alpha ? *static_cast<const T*>(c.alpha) : T{};
  switch (c.op) {
    case Level1::kAxpy:
      for (std::int64_t i = 0; i < c.n; ++i) {
        T& yi = y[at(i, c.n, c.incy)];
        yi = std::fma(alpha, x[at(i, c.n, c.incx)], yi);
      }
      break;
    case Level1::kScal:
      for (std::int64_t i = 0; i < c.n; ++i) {
        T& xi = const_cast<T*>(x)[at(i, c.n, c.incx)];
        xi = alpha * xi;
      }
      break;
    case Level1::kCopy:
      for (std::int64_t i = 0; i < c.n; ++i) y[at(i, c.n, c.incy)] = x[at(i, c.n, c.incx)];
      break;
    case Level1::kDot: {
      T acc = 0;
      for (std::int64_t i = 0; i < c.n; ++i)
        acc = std::fma(x[at(i, c.n, c.incx)], y[at(i, c.n, c.incy)], acc);
      *static_cast<T*>(c.result) = acc;
      break;
    }
  }
}

}  // namespace

BlasStatus level1(const void* handle, BlasVendor vendor, const VectorCall& c) {
  if (find_blas_handle(handle, vendor) == nullptr) {
    return report(BlasStatus::kNotInitialized, vendor, c.function,
                  handle == nullptr ? "the handle is null"
                                    : "the handle was not created by this library or has been "
                                      "destroyed");
  }
  if (c.op == Level1::kDot && c.result == nullptr)
    return report(BlasStatus::kInvalidValue, vendor, c.function, "result is a null pointer");
  if (c.n <= 0) {  // both libraries: a quick return (dot's result is 0)
    if (c.op == Level1::kDot) {
      if (c.type == Element::kF64) {
        *static_cast<double*>(c.result) = 0.0;
      } else {
        *static_cast<float*>(c.result) = 0.0f;
      }
    }
    return BlasStatus::kSuccess;
  }
  const bool needs_alpha = c.op == Level1::kAxpy || c.op == Level1::kScal;
  if (needs_alpha && c.alpha == nullptr)
    return report(BlasStatus::kInvalidValue, vendor, c.function, "alpha is a null pointer");
  if (c.x == nullptr || (c.op != Level1::kScal && c.y == nullptr))
    return report(BlasStatus::kInvalidValue, vendor, c.function,
                  "a vector pointer is null (on a GPU this faults with an illegal address)");
  if (c.type == Element::kF64) {
    run_level1<double>(c);
  } else {
    run_level1<float>(c);
  }
  return BlasStatus::kSuccess;
}

BlasStatus transfer(BlasVendor vendor, const TransferCall& c) {
  const bool cu = vendor == BlasVendor::kCublas;
  auto invalid = [&](const std::string& why) {
    return report(BlasStatus::kInvalidValue, vendor, c.function, why);
  };
  if (c.matrix) {
    if (!cu && (c.rows == 0 || c.cols == 0)) return BlasStatus::kSuccess;
    if (c.rows < 0 || c.cols < 0 || c.elem_size <= 0 || c.src_step <= 0 || c.dst_step <= 0)
      return invalid("rows and cols must not be negative; elemSize, lda and ldb must be positive");
    if (c.rows > c.src_step || c.rows > c.dst_step)
      return invalid("lda and ldb must be at least rows");
  } else {
    if (!cu && c.rows == 0) return BlasStatus::kSuccess;
    if (c.rows < 0 || c.src_step <= 0 || c.dst_step <= 0 || c.elem_size <= 0)
      return invalid("n must not be negative; incx, incy and elemSize must be positive");
  }
  if (c.rows == 0 || c.cols == 0) return BlasStatus::kSuccess;
  if (c.src == nullptr || c.dst == nullptr) return invalid("a pointer is null");
  const auto* src = static_cast<const unsigned char*>(c.src);
  auto* dst = static_cast<unsigned char*>(c.dst);
  const auto size = static_cast<std::size_t>(c.elem_size);
  for (std::int64_t j = 0; j < c.cols; ++j) {
    for (std::int64_t i = 0; i < c.rows; ++i) {
      const std::int64_t s = c.matrix ? i + j * c.src_step : i * c.src_step;
      const std::int64_t d = c.matrix ? i + j * c.dst_step : i * c.dst_step;
      std::memmove(dst + d * c.elem_size, src + s * c.elem_size, size);
    }
  }
  return BlasStatus::kSuccess;
}

}  // namespace parity::simt::libs
