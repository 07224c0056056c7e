// The HIP port. hipify renames the API, but three things had to be fixed by hand:
//  - HIP's *_sync shuffles take 64-bit masks (and ROCm 5.2 has none), so the maskless __shfl*
//    forms are used.
//  - The segments are 32 elements by contract (one CUDA warp), but a shuffle's default width is
//    the 64-lane wavefront on CDNA: the broadcast from lane 0 would hand lanes 32-63 the other
//    segment's result. Every segment shuffle passes width 32, and the segment lane stays
//    threadIdx.x % 32 on purpose.
//  - The block stage reduces the (at most 32) segment slots over the first wavefront with the
//    default width, written for any warpSize; the wavefront may be partial (a 32-thread block on
//    wave64), and lanes that do not exist are never read.
// Both stages combine the same values in the same order as the original, so every output is
// bit-identical to CUDA's on any wavefront width.
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <climits>
#include <cmath>

#include "warp_reduce.hpp"

constexpr int kSegment = 32;

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

// Tree reduction towards lane 0 of each `width`-lane segment, of which `lanes` lanes exist.
template <class Acc>
__device__ Partial<Acc> reduce(Partial<Acc> p, int lane, int lanes, int width) {
  for (int offset = width / 2; offset > 0; offset /= 2) {
    const Partial<Acc> other{__shfl_down(p.sum, offset, width), __shfl_down(p.max, offset, width),
                             __shfl_down(p.argmax, offset, width)};
    if (lane + offset < lanes) p = combine(p, other);
  }
  return p;
}

template <class Acc>
__device__ __forceinline__ Partial<Acc> broadcast_segment_lane0(const Partial<Acc>& p) {
  return {__shfl(p.sum, 0, kSegment), __shfl(p.max, 0, kSegment), __shfl(p.argmax, 0, kSegment)};
}

template <class T, class Acc>
__global__ void warp_reduce_kernel(const T* __restrict__ x, int n, WarpReduceOutputs<Acc> out) {
  __shared__ Acc segment_sum[1024 / kSegment];
  __shared__ Acc segment_max[1024 / kSegment];
  __shared__ int segment_argmax[1024 / kSegment];

  const int block = static_cast<int>(blockDim.x);
  const int seg_lane = threadIdx.x % kSegment;
  const int segment = threadIdx.x / kSegment;
  const int seg_lanes = min(kSegment, block - segment * kSegment);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;

  Partial<Acc> p = identity(Acc{});
  if (i < n) {
    const Acc v = to_acc(x[i]);
    p = {v, v, i};
  }
  const Partial<Acc> seg = broadcast_segment_lane0(reduce(p, seg_lane, seg_lanes, kSegment));
  if (i < n && out.seg_sum) {
    out.seg_sum[i] = seg.sum;
    out.seg_max[i] = seg.max;
    out.seg_argmax[i] = seg.argmax;
  }

  if (seg_lane == 0) {
    segment_sum[segment] = seg.sum;
    segment_max[segment] = seg.max;
    segment_argmax[segment] = seg.argmax;
  }
  __syncthreads();

  if (static_cast<int>(threadIdx.x) < warpSize) {
    const int lane = threadIdx.x;
    const int segments = (block + kSegment - 1) / kSegment;
    Partial<Acc> b = identity(Acc{});
    if (lane < segments) b = {segment_sum[lane], segment_max[lane], segment_argmax[lane]};
    b = reduce(b, lane, min(warpSize, block), warpSize);
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
  hipLaunchKernelGGL(HIP_KERNEL_NAME(warp_reduce_kernel<T, Acc>), dim3(grid), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream), x, n, out);
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
