// The HIP port of the probe: an architecture-conditional device path (probes.hpp).
#include <hip/hip_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

// 32-lane sums inside whatever wavefront: __shfl_xor with width 32.
__device__ std::int32_t warp_sum(std::int32_t v, std::int32_t* path) {
#if defined(__HIP_DEVICE_COMPILE__)
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

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_arch_paths(parity::Stream stream, const std::int32_t* x, std::int32_t* sums,
                       std::int32_t* path, std::int32_t* host_arch, int warps) {
  hipLaunchKernelGGL(arch_paths_kernel, dim3(warps), dim3(32), 0, native(stream), x, sums, path);
#if defined(__HIP_DEVICE_COMPILE__)
  const std::int32_t flag = 1;
#else
  const std::int32_t flag = 0;
#endif
  (void)hipMemcpyAsync(host_arch, &flag, sizeof flag, hipMemcpyHostToDevice, native(stream));
  (void)hipStreamSynchronize(native(stream));
}
