// The CUDA original, written the way CUDA code usually is: full-warp masks, warpSize-based
// lane arithmetic, at most 32 warps per block.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "block_reduce.hpp"

__device__ __forceinline__ float load_as_float(const float* p, int i) { return p[i]; }
__device__ __forceinline__ float load_as_float(const __half* p, int i) {
  return __half2float(p[i]);
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
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
  v = warp_sum(v);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();

  const int warps = (blockDim.x + warpSize - 1) / warpSize;
  if (warp == 0) {
    v = lane < warps ? warp_sums[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) block_sums[blockIdx.x] = v;
  }
}

void launch_block_reduce(parity::Stream stream, const float* x, float* block_sums, int n,
                         int grid_size, int block_size) {
  block_reduce_kernel<<<grid_size, block_size, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      x, block_sums, n);
}

void launch_block_reduce(parity::Stream stream, const parity::f16* x, float* block_sums, int n,
                         int grid_size, int block_size) {
  block_reduce_kernel<<<grid_size, block_size, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      reinterpret_cast<const __half*>(x), block_sums, n);
}
