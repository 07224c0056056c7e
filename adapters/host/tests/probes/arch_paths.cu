// The CUDA original of the probe: an architecture-conditional device path (probes.hpp).
#include <cuda_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

__device__ std::int32_t warp_sum(std::int32_t v, std::int32_t* path) {
#if __CUDA_ARCH__ >= 800
  *path = 1;
  return static_cast<std::int32_t>(__reduce_add_sync(0xffffffffu, static_cast<unsigned>(v)));
#else
  *path = 0;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
#endif
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

cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}

}  // namespace

void launch_arch_paths(parity::Stream stream, const std::int32_t* x, std::int32_t* sums,
                       std::int32_t* path, std::int32_t* host_arch, int warps) {
  arch_paths_kernel<<<warps, 32, 0, native(stream)>>>(x, sums, path);
#ifdef __CUDA_ARCH__
  const std::int32_t flag = 1;
#else
  const std::int32_t flag = 0;
#endif
  cudaMemcpyAsync(host_arch, &flag, sizeof flag, cudaMemcpyHostToDevice, native(stream));
  cudaStreamSynchronize(native(stream));
}
