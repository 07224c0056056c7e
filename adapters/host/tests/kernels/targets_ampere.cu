// Built for sm_80 (TARGET sm_80 in CMakeLists.txt): A100's limits and __CUDA_ARCH__ 800.
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void ampere_kernel(int* out) {
  extern __shared__ int buf[];
  buf[threadIdx.x] = static_cast<int>(threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[0] = __CUDA_ARCH__;
    out[1] = buf[1];
  }
}

namespace simt_test::targets {

int ampere_opt_in(std::size_t bytes) {
  return static_cast<int>(cudaFuncSetAttribute(
      ampere_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}
void ampere(parity::Stream s, int* out, std::size_t bytes) {
  ampere_kernel<<<1, 64, bytes, parity::native_handle<cudaStream_t>(s)>>>(out);
}
std::size_t ampere_optin_reported() {
  int v = 0;
  cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  return static_cast<std::size_t>(v);
}

}  // namespace simt_test::targets
