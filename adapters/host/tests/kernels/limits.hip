// The HIP target's limits (gfx942 here, the default PARITY_SIMT_HIP_TARGET): 64 KiB of LDS per
// workgroup, with or without hipFuncSetAttribute, and the 32-bit global size of a dispatch.
#include <hip/hip_runtime.h>

// Real HIP code passes kernels to hipFuncSetAttribute as const void* (and CUDA code often does):
// a function-to-object pointer cast, which -Wpedantic reports.
#pragma GCC diagnostic ignored "-Wpedantic"

#include "launchers.hpp"

__global__ void lds_kernel(int* out, int words) {
  extern __shared__ int buf[];
  for (int i = static_cast<int>(threadIdx.x); i < words; i += static_cast<int>(blockDim.x))
    buf[i] = i;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = buf[words - 1];
}

// 72 KiB of static LDS: more than the workgroup has.
__global__ void lds_static_72k_kernel(int* out) {
  __shared__ int big[18 * 1024];
  big[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = big[threadIdx.x];
}

__global__ void lds_static_40k_dynamic_kernel(int* out) {
  __shared__ int tile[10 * 1024];
  extern __shared__ int dyn[];
  tile[threadIdx.x] = 1;
  dyn[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x] + dyn[threadIdx.x];
}

__global__ void hip_noop_kernel(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) out[0] = 7;
}

namespace simt_test::limits {
namespace {
hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}
}  // namespace

void hip_lds(parity::Stream s, int* out, std::size_t bytes) {
  hipLaunchKernelGGL(lds_kernel, dim3(1), dim3(64), bytes, native(s), out,
                     static_cast<int>(bytes / sizeof(int)));
}
int hip_set_max_lds(std::size_t bytes) {
  return static_cast<int>(hipFuncSetAttribute(reinterpret_cast<const void*>(lds_kernel),
                                              hipFuncAttributeMaxDynamicSharedMemorySize,
                                              static_cast<int>(bytes)));
}
void hip_lds_static_72k(parity::Stream s, int* out) {
  hipLaunchKernelGGL(lds_static_72k_kernel, dim3(1), dim3(64), 0, native(s), out);
}
void hip_lds_static_40k_dynamic(parity::Stream s, int* out, std::size_t bytes) {
  hipLaunchKernelGGL(lds_static_40k_dynamic_kernel, dim3(1), dim3(64), bytes, native(s), out);
}
void hip_grid(parity::Stream s, int* out, unsigned gx, unsigned bx) {
  hipLaunchKernelGGL(hip_noop_kernel, dim3(gx), dim3(bx), 0, native(s), out);
}
DeviceReport hip_properties() {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, 0) != hipSuccess) return {};
  return {p.gcnArchName, p.sharedMemPerBlock, p.sharedMemPerBlock, p.warpSize, p.major,
          p.minor,       p.maxThreadsDim[2]};
}

}  // namespace simt_test::limits
