// The HIP port. hipify leaves __shfl_down_sync(0xffffffff, ...), which does not compile on HIP
// (its _sync masks are 64-bit) and would be wrong on wave64 anyway; the port uses the maskless
// __shfl_down, which covers the whole wavefront, and sizes the shared array for the smallest
// wavefront (32 lanes on RDNA) so 1024-thread blocks fit either way. Block sizes that are not a
// multiple of 64 leave a partial wavefront, which the CUDA original never had to consider.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "block_reduce.hpp"

__device__ __forceinline__ float load_as_float(const float* p, int i) { return p[i]; }
__device__ __forceinline__ float load_as_float(const __half* p, int i) {
  return __half2float(p[i]);
}

// `lanes` is how many lanes of this wavefront exist: a 96-thread block is one full wave64 and one
// half wave, whose missing upper lanes must not be read (their values are undefined on AMD).
__device__ __forceinline__ float warp_sum(float v, int lane, int lanes) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    const float other = __shfl_down(v, offset);
    if (lane + offset < lanes) v += other;
  }
  return v;
}

template <class T>
__global__ void block_reduce_kernel(const T* __restrict__ x, float* __restrict__ block_sums,
                                    int n) {
  __shared__ float warp_sums[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v += load_as_float(x, i);

  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  const int lanes = min(warpSize, static_cast<int>(blockDim.x) - warp * warpSize);
  v = warp_sum(v, lane, lanes);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();

  const int warps = (blockDim.x + warpSize - 1) / warpSize;
  if (warp == 0) {
    v = lane < warps ? warp_sums[lane] : 0.0f;
    v = warp_sum(v, lane, lanes);
    if (lane == 0) block_sums[blockIdx.x] = v;
  }
}

void launch_block_reduce(parity::Stream stream, const float* x, float* block_sums, int n,
                         int grid_size, int block_size) {
  hipLaunchKernelGGL(block_reduce_kernel<float>, dim3(grid_size), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream), x, block_sums, n);
}

void launch_block_reduce(parity::Stream stream, const parity::f16* x, float* block_sums, int n,
                         int grid_size, int block_size) {
  hipLaunchKernelGGL(block_reduce_kernel<__half>, dim3(grid_size), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream),
                     reinterpret_cast<const __half*>(x), block_sums, n);
}
