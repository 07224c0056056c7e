// BAD PORT (must fail): the sum of squares accumulated in the element type. The port carries its
// own copy of an acc_type trait that maps float to float but has no fp16/bf16 specialization,
// so fp16 rows accumulate in fp16 (each partial sum rounded to 11 bits, and 65504 the largest
// value) and bf16 rows in bf16 (8 bits). fp32 rows are unaffected. A row of 8192 values with an
// RMS of 3 has a sum of squares of about 73700: it overflows fp16, rstd = 1 / sqrt(inf) = 0, and
// the whole row comes out as zeros.
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

template <class T>
struct AccType {
  using type = T;  // the CUDA code base specialized this for __half and __nv_bfloat16 (-> float)
};
template <>
struct AccType<float> {
  using type = float;
};

// Lane 0 ends with the sum of the `lanes` lanes that exist in this wavefront.
template <class Acc>
__device__ __forceinline__ Acc wave_sum(Acc v, int lane, int lanes) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) {
    const float other = __shfl_xor(static_cast<float>(v), offset);
    if ((lane ^ offset) < lanes) v += Acc(other);
  }
  return v;
}

// Every thread of the block gets the block's sum.
template <class Acc>
__device__ Acc block_sum(Acc v, Acc* scratch) {
  const int block = static_cast<int>(blockDim.x);
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = (block + warpSize - 1) / warpSize;
  v = wave_sum(v, lane, min(warpSize, block - wave * warpSize));
  if (lane == 0) scratch[wave] = v;
  __syncthreads();
  if (wave == 0) {
    v = lane < waves ? scratch[lane] : Acc(0.0f);
    v = wave_sum(v, lane, min(warpSize, block));
    if (lane == 0) scratch[kMaxWaves] = v;
  }
  __syncthreads();
  const Acc result = scratch[kMaxWaves];
  __syncthreads();  // the next reduction reuses scratch
  return result;
}

template <class T>
__global__ void rmsnorm_kernel(RmsNormArgs<T> a) {
  __shared__ typename AccType<T>::type scratch[kMaxWaves + 1];
  const T* x = a.x + static_cast<std::size_t>(blockIdx.x) * a.cols;
  T* y = a.y + static_cast<std::size_t>(blockIdx.x) * a.cols;

  using acc_t = typename AccType<T>::type;
  acc_t squares = acc_t(0.0f);
  for (int c = threadIdx.x; c < a.cols; c += blockDim.x) {
    const float v = load(x[c]);
    squares += acc_t(v * v);
  }
  const float rstd = rsqrtf(static_cast<float>(block_sum(squares, scratch)) / static_cast<float>(a.cols) + a.eps);

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
