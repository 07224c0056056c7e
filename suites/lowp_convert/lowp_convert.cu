// The CUDA original: cuda_bf16.h / cuda_fp16.h intrinsics, round-to-nearest through the packed
// pair conversions, round-toward-zero element by element.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "lowp_convert.hpp"

__global__ void convert_bf16_kernel(const float* __restrict__ x, __nv_bfloat16* __restrict__ rn,
                                    __nv_bfloat16* __restrict__ rz, int n) {
  const int pair = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 2 * pair;
  if (i + 1 < n) {
    const float2 v = reinterpret_cast<const float2*>(x)[pair];
    reinterpret_cast<__nv_bfloat162*>(rn)[pair] = __float22bfloat162_rn(v);
    rz[i] = __float2bfloat16_rz(v.x);
    rz[i + 1] = __float2bfloat16_rz(v.y);
  } else if (i < n) {
    rn[i] = __float2bfloat16_rn(x[i]);
    rz[i] = __float2bfloat16_rz(x[i]);
  }
}

__global__ void convert_f16_kernel(const float* __restrict__ x, __half* __restrict__ rn,
                                   __half* __restrict__ rz, int n) {
  const int pair = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 2 * pair;
  if (i + 1 < n) {
    const float2 v = reinterpret_cast<const float2*>(x)[pair];
    reinterpret_cast<__half2*>(rn)[pair] = __float22half2_rn(v);
    rz[i] = __float2half_rz(v.x);
    rz[i + 1] = __float2half_rz(v.y);
  } else if (i < n) {
    rn[i] = __float2half_rn(x[i]);
    rz[i] = __float2half_rz(x[i]);
  }
}

void launch_convert_bf16(parity::Stream stream, const float* x, parity::bf16* rn, parity::bf16* rz,
                         int n) {
  const int pairs = (n + 1) / 2;
  convert_bf16_kernel<<<(pairs + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      x, reinterpret_cast<__nv_bfloat16*>(rn), reinterpret_cast<__nv_bfloat16*>(rz), n);
}

void launch_convert_f16(parity::Stream stream, const float* x, parity::f16* rn, parity::f16* rz,
                        int n) {
  const int pairs = (n + 1) / 2;
  convert_f16_kernel<<<(pairs + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      x, reinterpret_cast<__half*>(rn), reinterpret_cast<__half*>(rz), n);
}
