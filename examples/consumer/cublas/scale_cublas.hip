// scale_cublas.cu hipified: hipBLAS in place of cuBLAS.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#include "scale_cublas.hpp"

void launch_scale_cublas(parity::Stream stream, float alpha, const float* x, float* y, int n) {
  hipblasHandle_t handle;
  hipblasCreate(&handle);
  hipblasSetStream(handle, parity::native_handle<hipStream_t>(stream));
  hipMemcpyAsync(y, x, n * sizeof(float), hipMemcpyDeviceToDevice,
                 parity::native_handle<hipStream_t>(stream));
  hipblasSscal(handle, n, &alpha, y, 1);
  hipblasDestroy(handle);
}
