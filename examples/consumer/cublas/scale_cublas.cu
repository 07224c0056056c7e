// y = alpha * x through cuBLAS (cublasSscal on the case's stream): a launcher that no emulator
// stand-in covers yet, so its suite runs on the GPU backends only (BACKENDS cuda hip).
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
