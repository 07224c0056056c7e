// Calls outside the emulated HIP libraries (see refusals.cu): with PARITY_REFUSALS every function
// must fail to compile with a message naming its call; without it, the control compiles.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipcub/hipcub.hpp>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

void hipblas_call(hipblasHandle_t h, float* x, float* y, int n) {
  const float one = 1.0f;
#ifdef PARITY_REFUSALS
  hipblasSgemv(h, HIPBLAS_OP_N, n, n, &one, x, n, y, 1, &one, y, 1);
#else
  hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, x, n, y, n, &one, y, n);
#endif
}

// ROCm 6.x without HIPBLAS_V2: hipblasGemmEx takes the deprecated hipblasDatatype_t, so the
// hipDataType that hipify writes does not convert, as with the real header.
void hipblas_gemm_ex(hipblasHandle_t h, float* x, float* y, int n) {
  const float one = 1.0f;
#ifdef PARITY_REFUSALS
  hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, x, HIP_R_32F, n, y, HIP_R_32F, n,
                &one, y, HIP_R_32F, n, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
#else
  hipblasGemmEx(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, x, HIPBLAS_R_32F, n, y,
                HIPBLAS_R_32F, n, &one, y, HIPBLAS_R_32F, n, HIPBLAS_R_32F, HIPBLAS_GEMM_DEFAULT);
#endif
}

void rocthrust_call(float* x, int n) {
  thrust::device_vector<float> d(x, x + n);
#ifdef PARITY_REFUSALS
  thrust::reduce_by_key(d.begin(), d.end(), d.begin(), d.begin(), d.begin());
#else
  thrust::sort(thrust::hip::par, d.begin(), d.end());
#endif
}

__global__ void hipcub_kernel(float* x) {
#ifdef PARITY_REFUSALS
  using Exchange = hipcub::BlockExchange<float, 128, 4>;
  __shared__ typename Exchange::TempStorage temp;
  (void)temp;
  (void)x;
#else
  using BlockReduce = hipcub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
  x[0] = BlockReduce(temp).Reduce(x[threadIdx.x], hipcub::Sum());
#endif
}
