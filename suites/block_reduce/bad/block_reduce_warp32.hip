// A faulty port, kept to prove parity catches it: the shuffle offsets still start at 16 (the
// CUDA habit) while lane and warp ids come from warpSize. On a 64-wide wavefront lane 0 then
// only ever sees lanes 0..31: every block sum loses the upper half of each wavefront.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "../block_reduce.hpp"

__device__ __forceinline__ float load_as_float(const float* p, int i) { return p[i]; }
__device__ __forceinline__ float load_as_float(const __half* p, int i) {
  return __half2float(p[i]);
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down(v, offset);
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
  hipLaunchKernelGGL(block_reduce_kernel<float>, dim3(grid_size), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream), x, block_sums, n);
}

void launch_block_reduce(parity::Stream stream, const parity::f16* x, float* block_sums, int n,
                         int grid_size, int block_size) {
  hipLaunchKernelGGL(block_reduce_kernel<__half>, dim3(grid_size), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream),
                     reinterpret_cast<const __half*>(x), block_sums, n);
}
