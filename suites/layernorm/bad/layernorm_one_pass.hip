// BAD PORT (must fail): the variance in one pass, E[x^2] - E[x]^2, "to save a sweep over the
// row": the block sums x and x^2 together, then subtracts. When the mean is large against the
// spread (|mean| / stddev = 1000 in the [large_mean] case), both terms are about mean^2 and their
// difference cancels catastrophically: the fp32 rounding of sum(x^2) alone is of the order of
// the variance itself (Chan, Golub & LeVeque, "Algorithms for computing the sample variance").
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstddef>

#include "layernorm.hpp"

constexpr int kMaxWaves = 1024 / 32;  // wave32 (RDNA) needs the most slots

__device__ __forceinline__ float load(float v) {
  return v;
}
__device__ __forceinline__ float load(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ float load(hip_bfloat16 v) {
  return static_cast<float>(v);
}

__device__ __forceinline__ void store(float* p, float v) {
  *p = v;
}
__device__ __forceinline__ void store(__half* p, float v) {
  *p = __float2half_rn(v);
}
__device__ __forceinline__ void store(hip_bfloat16* p, float v) {
  *p = hip_bfloat16(v);
}

// Lane 0 ends with the sum of the `lanes` lanes that exist in this wavefront.
__device__ __forceinline__ float wave_sum(float v, int lane, int lanes) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    const float other = __shfl_xor(v, offset);
    if ((lane ^ offset) < lanes) v += other;
  }
  return v;
}

// Every thread of the block gets the block's sum.
__device__ float block_sum(float v, float* scratch) {
  const int block = static_cast<int>(blockDim.x);
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = (block + warpSize - 1) / warpSize;
  v = wave_sum(v, lane, min(warpSize, block - wave * warpSize));
  if (lane == 0) scratch[wave] = v;
  __syncthreads();
  if (wave == 0) {
    v = lane < waves ? scratch[lane] : 0.0f;
    v = wave_sum(v, lane, min(warpSize, block));
    if (lane == 0) scratch[kMaxWaves] = v;
  }
  __syncthreads();
  const float result = scratch[kMaxWaves];
  __syncthreads();  // the next reduction reuses scratch
  return result;
}

template <class T>
__global__ void layernorm_kernel(LayerNormArgs<T> a) {
  __shared__ float scratch[kMaxWaves + 1];
  const T* x = a.x + static_cast<std::size_t>(blockIdx.x) * a.cols;
  T* y = a.y + static_cast<std::size_t>(blockIdx.x) * a.cols;

  float sum = 0.0f;
  float squares = 0.0f;
  for (int c = threadIdx.x; c < a.cols; c += blockDim.x) {
    const float v = load(x[c]);
    sum += v;
    squares += v * v;
  }
  const float mean = block_sum(sum, scratch) / static_cast<float>(a.cols);
  const float var = block_sum(squares, scratch) / static_cast<float>(a.cols) - mean * mean;
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
  hipLaunchKernelGGL(HIP_KERNEL_NAME(layernorm_kernel<Device>), dim3(args.rows), dim3(block), 0,
                     parity::native_handle<hipStream_t>(stream), a);
}

void launch_layernorm(parity::Stream stream, const LayerNormArgs<float>& args, int block) {
  launch<float, float>(stream, args, block);
}
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::f16>& args, int block) {
  launch<parity::f16, __half>(stream, args, block);
}
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::bf16>& args, int block) {
  launch<parity::bf16, hip_bfloat16>(stream, args, block);
}
