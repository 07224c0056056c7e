// The CUDA original, a two-pass layernorm as it is usually written: the block sums the row,
// divides by cols, then sums the squares of the centred values (the textbook-stable variance),
// with rsqrtf for the scale. A warp is 32 lanes: butterflies of __shfl_xor_sync(0xffffffff, v,
// 16 .. 1), one shared slot per warp, the first warp reduces the slots. The block size is a
// multiple of 32 (every warp is full).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>

#include "layernorm.hpp"

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

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(kFullMask, v, offset);
  return v;
}

// Every thread of the block gets the block's sum. scratch: 32 warp slots + 1 broadcast slot.
__device__ float block_sum(float v, float* scratch) {
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  v = warp_sum(v);
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / 32) ? scratch[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) scratch[32] = v;
  }
  __syncthreads();
  const float result = scratch[32];
  __syncthreads();  // the next reduction reuses scratch
  return result;
}

template <class T>
__global__ void layernorm_kernel(LayerNormArgs<T> a) {
  __shared__ float scratch[33];
  const T* x = a.x + static_cast<std::size_t>(blockIdx.x) * a.cols;
  T* y = a.y + static_cast<std::size_t>(blockIdx.x) * a.cols;

  float sum = 0.0f;
  for (int c = threadIdx.x; c < a.cols; c += blockDim.x) sum += load(x[c]);
  const float mean = block_sum(sum, scratch) / static_cast<float>(a.cols);

  float squares = 0.0f;
  for (int c = threadIdx.x; c < a.cols; c += blockDim.x) {
    const float d = load(x[c]) - mean;
    squares += d * d;
  }
  const float var = block_sum(squares, scratch) / static_cast<float>(a.cols);
  const float rstd = rsqrtf(var + a.eps);

  for (int c = threadIdx.x; c < a.cols; c += blockDim.x)
    store(&y[c], (load(x[c]) - mean) * rstd * load(a.gamma[c]) + load(a.beta[c]));
  if (threadIdx.x == 0) {
    a.mean[blockIdx.x] = mean;
    a.rstd[blockIdx.x] = rstd;
  }
}

template <class T, class Device>
static void launch(parity::Stream stream, const LayerNormArgs<T>& args, int block) {
  const LayerNormArgs<Device> a{reinterpret_cast<const Device*>(args.x),
                                reinterpret_cast<const Device*>(args.gamma),
                                reinterpret_cast<const Device*>(args.beta),
                                reinterpret_cast<Device*>(args.y),
                                args.mean,
                                args.rstd,
                                args.rows,
                                args.cols,
                                args.eps};
  layernorm_kernel<<<args.rows, block, 0, parity::native_handle<cudaStream_t>(stream)>>>(a);
}

void launch_layernorm(parity::Stream stream, const LayerNormArgs<float>& args, int block) {
  launch<float, float>(stream, args, block);
}
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::f16>& args, int block) {
  launch<parity::f16, __half>(stream, args, block);
}
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::bf16>& args, int block) {
  launch<parity::bf16, __nv_bfloat16>(stream, args, block);
}
