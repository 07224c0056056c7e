// Shared by the project's kernel files, as such headers are: the runtime, cuBLAS and cuBLASLt,
// error checks that end the program, and the library handles a setup function creates.
#pragma once
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define cudaCheck(call) (mlp_cuda_check((call), __FILE__, __LINE__))
#define cublasCheck(call) (mlp_cublas_check((call), __FILE__, __LINE__))

void mlp_cuda_check(cudaError_t error, const char* file, int line) {
  if (error != cudaSuccess) {
    printf("[CUDA ERROR] %s:%d: %s\n", file, line, cudaGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}
void mlp_cublas_check(cublasStatus_t status, const char* file, int line) {
  if (status != CUBLAS_STATUS_SUCCESS) {
    printf("[cuBLAS ERROR] %s:%d: status %d\n", file, line, (int)status);
    exit(EXIT_FAILURE);
  }
}

cublasHandle_t mlp_cublas;
cublasLtHandle_t mlp_cublaslt;
static void* mlp_workspace = NULL;
static const size_t mlp_workspace_size = 4 * 1024 * 1024;

// The handles and the workspace, once per process (main() calls it; so do the suite's cases).
void mlp_setup() {
  if (mlp_cublas != NULL) return;
  cublasCheck(cublasCreate(&mlp_cublas));
  cublasCheck(cublasLtCreate(&mlp_cublaslt));
  cudaCheck(cudaMalloc(&mlp_workspace, mlp_workspace_size));
  // fp32 GEMMs stay fp32 (no TF32), so the CPU reference can judge them tightly.
  cublasCheck(cublasSetMathMode(mlp_cublas, CUBLAS_DEFAULT_MATH));
}
