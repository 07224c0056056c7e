// mlp.cu / mlp.hip, unchanged: what the cases call. Plain C++ types, so one declaration serves
// both sides (docs/bringing-an-existing-kernel.md, step 3).
#pragma once

// kernel 1: cublasSgemm + a bias kernel; kernel 2: cublasLtMatmul with the bias epilogue.
void linear_forward(int kernel_num, float* out, const float* inp, const float* weight,
                    const float* bias, int N, int C, int OC);
// One block of 256 threads per row, summed with cub::BlockReduce / hipcub::BlockReduce.
void row_sum_forward(float* out, const float* inp, int N, int C);
// The file's CPU references, linked from mlp.cu on every backend (REFERENCE_FUNCTIONS).
void linear_forward_cpu(float* out, const float* inp, const float* weight, const float* bias, int N,
                        int C, int OC);
void row_sum_cpu(float* out, const float* inp, int N, int C);
