// The BLAS test kernels' entry points: one data-driven GEMM call per dialect (blas.cu calls
// cuBLAS, blas.hip hipBLAS with HIPBLAS_V2, blas_legacy.hip hipBLAS's deprecated
// hipblasDatatype_t API), so that one test body checks every library against the same oracle.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace blas_test {

enum class Type { kF32, kF64, kF16, kBF16, kI8, kI32 };
//! kTyped: cublas{S,D,H}gemm (the type of A); kEx: cublasGemmEx and its batched forms.
enum class Entry { kTyped, kEx };
enum class Batch { kNone, kStrided, kPointers };

struct GemmArgs {
  Entry entry = Entry::kTyped;
  Batch batch = Batch::kNone;
  int op_a = 'N', op_b = 'N';  // 'N', 'T', 'C'; anything else is passed through unchanged
  int m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  long long stride_a = 0, stride_b = 0, stride_c = 0;
  int batch_count = 1;
  Type a_type = Type::kF32, b_type = Type::kF32, c_type = Type::kF32;
  //! kEx: "16F", "16F_PEDANTIC", "32F", "32F_PEDANTIC", "32F_FAST_TF32", "64F", "32I".
  std::string compute = "32F";
  const void* alpha = nullptr;
  const void* beta = nullptr;
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  const void* const* a_array = nullptr;
  const void* const* b_array = nullptr;
  void* const* c_array = nullptr;
  bool null_handle = false;
};

struct Result {
  int status = -1;
  std::string name;  // the library's own spelling (cublasGetStatusName / hipblasStatusToString)
};

Result cuda_gemm(const GemmArgs& args);
Result hip_gemm(const GemmArgs& args);
Result hip_gemm_legacy(const GemmArgs& args);  // kEx only

//! One Level-1 call: op 'a' axpy, 'd' dot, 's' scal, 'c' copy; fp64 when `dbl`.
struct Level1Args {
  char op = 'a';
  bool dbl = false;
  int n = 0;
  const void* alpha = nullptr;
  void* x = nullptr;
  int incx = 1;
  void* y = nullptr;
  int incy = 1;
  void* result = nullptr;
  bool null_handle = false;
};
Result cuda_level1(const Level1Args& args);
Result hip_level1(const Level1Args& args);

//! Set/GetVector (matrix = false: rows is n, steps are incx/incy) and Set/GetMatrix.
struct TransferArgs {
  bool matrix = false;
  bool set = true;
  int rows = 0, cols = 1, elem_size = 4;
  const void* src = nullptr;
  int src_step = 1;
  void* dst = nullptr;
  int dst_step = 1;
};
Result cuda_transfer(const TransferArgs& args);
Result hip_transfer(const TransferArgs& args);

//! Handle and settings calls in a fixed order: (step, status name).
std::vector<std::pair<std::string, std::string>> cuda_settings();
std::vector<std::pair<std::string, std::string>> hip_settings();

//! cublasGetStatusName / cublasGetStatusString of a raw status value.
std::string cuda_status_name(int status);
std::string cuda_status_string(int status);

}  // namespace blas_test
