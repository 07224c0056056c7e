// The CUDA original, written the way warp-level CUDA code usually is: a warp is 32 lanes, so
// lane = threadIdx.x % 32, warp = threadIdx.x / 32, shuffle trees start at offset 16, a warp's
// result reaches all its lanes through __shfl_sync(0xffffffff, v, 0), and 32 shared slots (1024
// threads / 32) carry the warp results into the block reduction. Here a segment is a warp.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <climits>
#include <cmath>

#include "warp_reduce.hpp"

constexpr unsigned kFullMask = 0xffffffffu;

template <class Acc>
struct Partial {
  Acc sum;
  Acc max;
  int argmax;  // smallest index holding max
};

__device__ __forceinline__ float to_acc(float v) {
  return v;
}
__device__ __forceinline__ float to_acc(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ int to_acc(int v) {
  return v;
}

__device__ __forceinline__ Partial<float> identity(float) {
  return {0.0f, -INFINITY, INT_MAX};
}
__device__ __forceinline__ Partial<int> identity(int) {
  return {0, INT_MIN, INT_MAX};
}

// `b` holds higher lanes than `a`. Ties in the maximum go to the smaller index.
template <class Acc>
__device__ __forceinline__ Partial<Acc> combine(Partial<Acc> a, const Partial<Acc>& b) {
  a.sum += b.sum;
  if (b.max > a.max || (b.max == a.max && b.argmax < a.argmax)) {
    a.max = b.max;
    a.argmax = b.argmax;
  }
  return a;
}

// Tree reduction towards lane 0. `lanes` is how many lanes the warp has: the last warp of a
// 1000-thread block has 8, and a lane that does not exist holds no defined value.
template <class Acc>
__device__ Partial<Acc> warp_reduce(Partial<Acc> p, int lane, int lanes) {
  for (int offset = 16; offset > 0; offset >>= 1) {
    const Partial<Acc> other{__shfl_down_sync(kFullMask, p.sum, offset),
                             __shfl_down_sync(kFullMask, p.max, offset),
                             __shfl_down_sync(kFullMask, p.argmax, offset)};
    if (lane + offset < lanes) p = combine(p, other);
  }
  return p;
}

template <class Acc>
__device__ __forceinline__ Partial<Acc> broadcast_lane0(const Partial<Acc>& p) {
  return {__shfl_sync(kFullMask, p.sum, 0), __shfl_sync(kFullMask, p.max, 0),
          __shfl_sync(kFullMask, p.argmax, 0)};
}

template <class T, class Acc>
__global__ void warp_reduce_kernel(const T* __restrict__ x, int n, WarpReduceOutputs<Acc> out) {
  __shared__ Acc warp_sum[32];
  __shared__ Acc warp_max[32];
  __shared__ int warp_argmax[32];

  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int lanes = min(32, static_cast<int>(blockDim.x) - warp * 32);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  Partial<Acc> p = identity(Acc{});
  if (i < n) {
    const Acc v = to_acc(x[i]);
    p = {v, v, i};
  }
  const Partial<Acc> seg = broadcast_lane0(warp_reduce(p, lane, lanes));
  if (i < n && out.seg_sum) {
    out.seg_sum[i] = seg.sum;
    out.seg_max[i] = seg.max;
    out.seg_argmax[i] = seg.argmax;
  }

  if (lane == 0) {
    warp_sum[warp] = seg.sum;
    warp_max[warp] = seg.max;
    warp_argmax[warp] = seg.argmax;
  }
  __syncthreads();

  if (warp == 0) {
    const int warps = (blockDim.x + 31) / 32;
    Partial<Acc> b = identity(Acc{});
    if (lane < warps) b = {warp_sum[lane], warp_max[lane], warp_argmax[lane]};
    b = warp_reduce(b, lane, 32);
    if (lane == 0) {
      out.block_sum[blockIdx.x] = b.sum;
      out.block_max[blockIdx.x] = b.max;
      out.block_argmax[blockIdx.x] = b.argmax;
    }
  }
}

template <class T, class Acc>
static void launch(parity::Stream stream, const T* x, int n, int block_size,
                   const WarpReduceOutputs<Acc>& out) {
  const int grid = (n + block_size - 1) / block_size;
  warp_reduce_kernel<<<grid, block_size, 0, parity::native_handle<cudaStream_t>(stream)>>>(x, n,
                                                                                           out);
}

void launch_warp_reduce(parity::Stream stream, const float* x, int n, int block_size,
                        const WarpReduceOutputs<float>& out) {
  launch(stream, x, n, block_size, out);
}

void launch_warp_reduce(parity::Stream stream, const parity::f16* x, int n, int block_size,
                        const WarpReduceOutputs<float>& out) {
  launch(stream, reinterpret_cast<const __half*>(x), n, block_size, out);
}

void launch_warp_reduce(parity::Stream stream, const std::int32_t* x, int n, int block_size,
                        const WarpReduceOutputs<std::int32_t>& out) {
  launch(stream, x, n, block_size, out);
}
