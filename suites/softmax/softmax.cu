// The CUDA original, written as row-softmax kernels usually are: a warp is 32 lanes, the warp
// stage is a butterfly of __shfl_xor_sync(0xffffffff, v, 16 .. 1), one shared slot per warp
// (32 of them for 1024 threads) carries the warp results to the first warp, and the row's
// exponentials use the fast intrinsic __expf after subtracting the row maximum (so that no
// exponential can overflow). The block size is a multiple of 32 (softmax_block), so every warp
// is full.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>

#include "softmax.hpp"

constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ float load(float v) {
  return v;
}
__device__ __forceinline__ float load(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ float load(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

__device__ __forceinline__ void store(float* p, float v) {
  *p = v;
}
__device__ __forceinline__ void store(__half* p, float v) {
  *p = __float2half_rn(v);
}
__device__ __forceinline__ void store(__nv_bfloat16* p, float v) {
  *p = __float2bfloat16_rn(v);
}

struct MaxOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct SumOp {
  __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};

// Every lane ends with the warp's result.
template <class Op>
__device__ __forceinline__ float warp_allreduce(float v, Op op) {
  for (int offset = 16; offset > 0; offset >>= 1) v = op(v, __shfl_xor_sync(kFullMask, v, offset));
  return v;
}

// Every thread of the block gets the block's result. scratch: 32 warp slots + 1 broadcast slot.
template <class Op>
__device__ float block_allreduce(float v, Op op, float identity, float* scratch) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  v = warp_allreduce(v, op);
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / 32) ? scratch[lane] : identity;
    v = warp_allreduce(v, op);
    if (lane == 0) scratch[32] = v;
  }
  __syncthreads();
  const float result = scratch[32];
  __syncthreads();  // the next reduction reuses scratch
  return result;
}

template <class T>
__global__ void softmax_kernel(const T* __restrict__ x, T* __restrict__ y, int cols) {
  __shared__ float scratch[33];
  const T* row_x = x + static_cast<std::size_t>(blockIdx.x) * cols;
  T* row_y = y + static_cast<std::size_t>(blockIdx.x) * cols;

  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, load(row_x[c]));
  m = block_allreduce(m, MaxOp{}, -INFINITY, scratch);

  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += __expf(load(row_x[c]) - m);
  sum = block_allreduce(sum, SumOp{}, 0.0f, scratch);

  const float inv = 1.0f / sum;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    store(&row_y[c], __expf(load(row_x[c]) - m) * inv);
}

template <class T>
static void launch(parity::Stream stream, const T* x, T* y, int rows, int cols) {
  softmax_kernel<<<rows, softmax_block(cols), 0, parity::native_handle<cudaStream_t>(stream)>>>(
      x, y, cols);
}

void launch_softmax(parity::Stream stream, const float* x, float* y, int rows, int cols) {
  launch(stream, x, y, rows, cols);
}

void launch_softmax(parity::Stream stream, const parity::f16* x, parity::f16* y, int rows,
                    int cols) {
  launch(stream, reinterpret_cast<const __half*>(x), reinterpret_cast<__half*>(y), rows, cols);
}

void launch_softmax(parity::Stream stream, const parity::bf16* x, parity::bf16* y, int rows,
                    int cols) {
  launch(stream, reinterpret_cast<const __nv_bfloat16*>(x), reinterpret_cast<__nv_bfloat16*>(y),
         rows, cols);
}
