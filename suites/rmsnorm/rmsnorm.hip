// The HIP port. hipify renames the API; what had to be fixed by hand:
//  - HIP's *_sync shuffles take 64-bit masks (ROCm 5.2 has none): the maskless __shfl_xor.
//  - A CDNA wavefront is 64 lanes: the butterflies span the whole wavefront (offsets
//    warpSize / 2 .. 1) with lane and wavefront ids from warpSize, right on wave64 and wave32.
//  - The sum of squares stays in fp32 for fp16 and bf16 rows, as in the original (an fp16
//    accumulator overflows at 65504: bad/rmsnorm_half_acc.hip).
//  - Blocks of 96 or 160 threads end in a partial wavefront whose missing lanes hold no defined
//    value: a lane combines a partner only if it exists, and lane 0 (whose result is kept) then
//    holds the sum of exactly the lanes that exist.
//  - bf16: ROCm 5.2 has no hip_bf16.h, so __nv_bfloat16 becomes hip_bfloat16 (its float
//    constructor rounds to nearest even like __float2bfloat16_rn).
// The sum is rounded in a different order than CUDA's (64-lane trees, fewer slots) and
// OCML's rsqrtf is not NVIDIA's, so the results differ in their last bits; the test's bound
// covers both.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstddef>

#include "rmsnorm.hpp"

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
__global__ void rmsnorm_kernel(RmsNormArgs<T> a) {
  __shared__ float scratch[kMaxWaves + 1];
  const T* x = a.x + static_cast<std::size_t>(blockIdx.x) * a.cols;
  T* y = a.y + static_cast<std::size_t>(blockIdx.x) * a.cols;

  float squares = 0.0f;
  for (int c = threadIdx.x; c < a.cols; c += blockDim.x) {
    const float v = load(x[c]);
    squares += v * v;
  }
  const float rstd = rsqrtf(block_sum(squares, scratch) / static_cast<float>(a.cols) + a.eps);

  for (int c = threadIdx.x; c < a.cols; c += blockDim.x)
    store(&y[c], load(x[c]) * rstd * load(a.gamma[c]));
  if (threadIdx.x == 0) a.rstd[blockIdx.x] = rstd;
}

template <class T, class Device>
static void launch(parity::Stream stream, const RmsNormArgs<T>& args, int block) {
  const RmsNormArgs<Device> a{reinterpret_cast<const Device*>(args.x),
                              reinterpret_cast<const Device*>(args.gamma),
                              reinterpret_cast<Device*>(args.y),
                              args.rstd,
                              args.rows,
                              args.cols,
                              args.eps};
  hipLaunchKernelGGL(HIP_KERNEL_NAME(rmsnorm_kernel<Device>), dim3(args.rows), dim3(block), 0,
                     parity::native_handle<hipStream_t>(stream), a);
}

void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<float>& args, int block) {
  launch<float, float>(stream, args, block);
}
void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<parity::f16>& args, int block) {
  launch<parity::f16, __half>(stream, args, block);
}
void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<parity::bf16>& args, int block) {
  launch<parity::bf16, hip_bfloat16>(stream, args, block);
}
