// The cuBLASLt / hipBLASLt test kernels' entry points (blaslt.cu, blaslt.hip): one matmul call in
// llm.c's shape (descriptor, four layouts with batch count and stride, preference with a
// workspace limit, heuristic query, matmul, epilogue with bias and aux), driven by the tests.
#pragma once

#include <string>
#include <vector>

#include "blas_launchers.hpp"

namespace blaslt_test {

using blas_test::Type;

struct LtArgs {
  int op_a = 'N', op_b = 'N';
  int m = 0, n = 0, k = 0;
  long long lda = 0, ldb = 0, ldc = 0, ldd = 0;
  int batch = 1;  // 1: no batch attributes are set
  long long stride_a = 0, stride_b = 0, stride_c = 0, stride_d = 0;
  Type ab = Type::kF32, cd = Type::kF32;
  std::string compute = "32F";  // "32F", "16F", "64F", "32F_FAST_TF32", "32I"
  Type scale = Type::kF32;
  int epilogue = 1;  // the vendors share the epilogue numbers
  const void* bias = nullptr;
  int bias_type = -1;  // -1: not set
  void* aux = nullptr;
  long long aux_ld = 0;
  int order = 0;  // 0: column-major; 1: row-major (not emulated)
  const void* alpha = nullptr;
  const void* beta = nullptr;
  const void* a = nullptr;
  const void* b = nullptr;
  const void* c = nullptr;
  void* d = nullptr;
  size_t workspace_limit = 1 << 20;
};

struct LtResult {
  std::string heuristic;  // status name of the heuristic query
  int algorithms = -1;    // returnAlgoCount
  std::string matmul;     // status name of the matmul (run even when the query failed)
};

LtResult cuda_lt(const LtArgs& args);
LtResult hip_lt(const LtArgs& args);

//! Descriptor calls without a handle (layouts, matmul descriptors, preferences: every attribute
//! id with sizes 1, 2, 4, 8 and 16, the initial values, size queries, null arguments), one log
//! line each. Built from one script (lt_descriptor_script.inc) against the stand-in
//! (emulated_*) and, where the CUDA toolkit is installed, against libcublasLt (real_*).
std::vector<std::string> emulated_cublaslt_descriptor_script();
std::vector<std::string> real_cublaslt_descriptor_script();

}  // namespace blaslt_test
