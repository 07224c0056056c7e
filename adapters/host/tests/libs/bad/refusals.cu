// Calls outside the emulated CUDA libraries. With PARITY_REFUSALS every function below must fail
// to compile with a message naming its call (check_refusals.cmake looks for each message in one
// compiler run); without it, the same functions with covered calls must compile (the control).
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cub/cub.cuh>
#include <cuda/std/functional>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

#ifdef PARITY_REFUSALS
#include <cublas.h>  // the legacy API: an #error
#endif

void cublas_call(cublasHandle_t h, float* x, float* y, int n) {
  const float one = 1.0f;
#ifdef PARITY_REFUSALS
  cublasSgemv(h, CUBLAS_OP_N, n, n, &one, x, n, y, 1, &one, y, 1);
#else
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, x, n, y, n, &one, y, n);
#endif
}

void cublaslt_call(cublasLtHandle_t lt, float* x, float* y, int n) {
  const float one = 1.0f;
#ifdef PARITY_REFUSALS
  cublasLtMatrixTransform(lt, nullptr, &one, x, nullptr, &one, y, nullptr, y, nullptr, nullptr);
#else
  cublasLtMatrixLayout_t layout = nullptr;
  cublasLtMatrixLayoutCreate(&layout, CUDA_R_32F, n, n, n);
  (void)lt;
  (void)one;
  (void)x;
  (void)y;
#endif
}

void cub_device_call(float* x, float* y, int n) {
  size_t bytes = 0;
#ifdef PARITY_REFUSALS
  cub::DeviceSelect::If(nullptr, bytes, x, y, &n, n, [](float v) { return v > 0; });
#else
  cub::DeviceReduce::Sum(nullptr, bytes, x, y, n);
#endif
}

void thrust_call(float* x, int n) {
  thrust::device_vector<float> d(x, x + n);
#ifdef PARITY_REFUSALS
  thrust::unique(d.begin(), d.end());
#else
  thrust::sort(d.begin(), d.end());
#endif
}

__global__ void cub_sum_kernel(float* x) {
  using BlockReduce = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
#ifdef PARITY_REFUSALS
  x[0] = BlockReduce(temp).Reduce(x[threadIdx.x], cub::Sum());
#else
  x[0] = BlockReduce(temp).Reduce(x[threadIdx.x], cuda::std::plus<>{});
#endif
}

#ifdef PARITY_REFUSALS
__global__ void cub_block_kernel() {
  using Histogram = cub::BlockHistogram<unsigned char, 128, 4, 256>;
  __shared__ typename Histogram::TempStorage temp;
  (void)temp;
}
#endif
