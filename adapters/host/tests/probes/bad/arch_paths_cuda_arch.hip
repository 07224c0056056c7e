// hipify keeps `#if __CUDA_ARCH__ >= 800`, which hipcc never defines: the HIP port silently takes
// the CUDA fallback path (path 0), while the CUDA original ran its device path on the GPU.
#include <hip/hip_runtime.h>

#include <cstdint>

#include "../probes.hpp"

namespace {
__device__ std::int32_t warp_sum(std::int32_t v, std::int32_t* path) {
#if __CUDA_ARCH__ >= 800
  *path = 1;
#else
  *path = 0;
#endif
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor(v, o, 32);
  return v;
}

__global__ void arch_paths_kernel(const std::int32_t* x, std::int32_t* sums, std::int32_t* path) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  std::int32_t p = 0;
  const std::int32_t s = warp_sum(x[i], &p);
  if (i % 32 == 0) {
    sums[i / 32] = s;
    path[i / 32] = p;
  }
}
}  // namespace

void launch_arch_paths(parity::Stream stream, const std::int32_t* x, std::int32_t* sums,
                       std::int32_t* path, std::int32_t* host_arch, int warps) {
  hipLaunchKernelGGL(arch_paths_kernel, dim3(warps), dim3(32), 0,
                     parity::native_handle<hipStream_t>(stream), x, sums, path);
  const std::int32_t flag = 0;
  (void)hipMemcpyAsync(host_arch, &flag, sizeof flag, hipMemcpyHostToDevice,
                 parity::native_handle<hipStream_t>(stream));
  (void)hipStreamSynchronize(parity::native_handle<hipStream_t>(stream));
}
