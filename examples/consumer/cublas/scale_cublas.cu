// y = alpha * x through cuBLAS (cublasSscal on the case's stream). Its suite is kept to the GPU
// backends (BACKENDS cuda hip) to show how such a suite reads; the emulator's stand-ins could run it.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include "scale_cublas.hpp"

void launch_scale_cublas(parity::Stream stream, float alpha, const float* x, float* y, int n) {
  cublasHandle_t handle;
  cublasCreate(&handle);
  cublasSetStream(handle, parity::native_handle<cudaStream_t>(stream));
  cudaMemcpyAsync(y, x, n * sizeof(float), cudaMemcpyDeviceToDevice,
                  parity::native_handle<cudaStream_t>(stream));
  cublasSscal(handle, n, &alpha, y, 1);
  cublasDestroy(handle);
}
