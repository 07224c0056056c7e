// The CUDA target's limits (sm_90 here, the default PARITY_SIMT_CUDA_TARGET): dynamic shared
// memory with and without cudaFuncSetAttribute opt-in, static shared memory, grid sizes, and the
// properties the runtime reports.
#include <cuda_runtime.h>

// Real HIP code passes kernels to hipFuncSetAttribute as const void* (and CUDA code often does):
// a function-to-object pointer cast, which -Wpedantic reports.
#pragma GCC diagnostic ignored "-Wpedantic"

#include "launchers.hpp"

__global__ void dynamic_shared_kernel(int* out, int words) {
  extern __shared__ int buf[];
  for (int i = static_cast<int>(threadIdx.x); i < words; i += static_cast<int>(blockDim.x))
    buf[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = buf[words - 1];
}

// 56 KiB of static shared memory: more than CUDA's 48 KiB static limit on every target.
__global__ void static_56k_kernel(int* out) {
  __shared__ int big[14 * 1024];
  big[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = big[threadIdx.x];
}

// 40 KiB static plus the launch's dynamic shared memory.
__global__ void static_40k_dynamic_kernel(int* out) {
  __shared__ int tile[10 * 1024];
  extern __shared__ int dyn[];
  tile[threadIdx.x] = 1;
  dyn[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x] + dyn[threadIdx.x];
}

__global__ void noop_kernel(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = 7;
}

namespace simt_test::limits {
namespace {
cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}
}  // namespace

void cuda_dynamic_shared(parity::Stream s, int* out, std::size_t bytes) {
  dynamic_shared_kernel<<<1, 64, bytes, native(s)>>>(out, static_cast<int>(bytes / sizeof(int)));
}
int cuda_opt_in(std::size_t bytes) {
  return static_cast<int>(cudaFuncSetAttribute(
      dynamic_shared_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}
void cuda_static_56k(parity::Stream s, int* out) {
  static_56k_kernel<<<1, 32, 0, native(s)>>>(out);
}
void cuda_static_40k_dynamic(parity::Stream s, int* out, std::size_t bytes) {
  static_40k_dynamic_kernel<<<1, 32, bytes, native(s)>>>(out);
}
int cuda_static_40k_opt_in(std::size_t bytes) {
  return static_cast<int>(
      cudaFuncSetAttribute(reinterpret_cast<const void*>(&static_40k_dynamic_kernel),
                           cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}
void cuda_grid(parity::Stream s, int* out, unsigned gx, unsigned gy) {
  noop_kernel<<<dim3(gx, gy), 32, 0, native(s)>>>(out);
}
DeviceReport cuda_properties() {
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
  return {p.name,  p.sharedMemPerBlock, static_cast<std::size_t>(optin), p.warpSize, p.major,
          p.minor, p.maxThreadsDim[2]};
}

}  // namespace simt_test::limits
