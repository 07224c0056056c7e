// A faulty port, kept to prove parity catches it: bf16 "round to nearest" written as the
// well-known bit trick without its rounding increment, keeping the upper half of the float
// (bits >> 16). That is truncation: in about half of the elements one ulp short, always toward
// zero, and a NaN whose payload is in the low half becomes inf (ck_tile's default conversion,
// CK_TILE_FLOAT_TO_BFLOAT16_TRUNCATE, and hip_bfloat16's truncate_t have the same bias).
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "../lowp_convert.hpp"

// The bug: truncation where round-to-nearest-even is meant.
__device__ __forceinline__ hip_bfloat16 float2bfloat16_rn(float f) {
  hip_bfloat16 h;
  h.data = static_cast<unsigned short>(__float_as_uint(f) >> 16);
  return h;
}

__device__ __forceinline__ __half float2half_rz(float f) {
  const __half h = __float2half_rn(f);
  // Exact, NaN, or already rounded toward zero: nothing to do.
  if (!(fabsf(__half2float(h)) > fabsf(f))) return h;
  // One step toward zero in sign-magnitude (inf becomes the largest finite value, as rz does).
  return __ushort_as_half(static_cast<unsigned short>(__half_as_ushort(h) - 1u));
}

__global__ void convert_bf16_kernel(const float* __restrict__ x, hip_bfloat16* __restrict__ rn,
                                    hip_bfloat16* __restrict__ rz, int n) {
  const int pair = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 2 * pair;
  if (i + 1 < n) {
    const float2 v = reinterpret_cast<const float2*>(x)[pair];
    rn[i] = float2bfloat16_rn(v.x);
    rn[i + 1] = float2bfloat16_rn(v.y);
    rz[i] = hip_bfloat16(v.x, hip_bfloat16::truncate);
    rz[i + 1] = hip_bfloat16(v.y, hip_bfloat16::truncate);
  } else if (i < n) {
    rn[i] = float2bfloat16_rn(x[i]);
    rz[i] = hip_bfloat16(x[i], hip_bfloat16::truncate);
  }
}

__global__ void convert_f16_kernel(const float* __restrict__ x, __half* __restrict__ rn,
                                   __half* __restrict__ rz, int n) {
  const int pair = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = 2 * pair;
  if (i + 1 < n) {
    const float2 v = reinterpret_cast<const float2*>(x)[pair];
    reinterpret_cast<__half2*>(rn)[pair] = __float22half2_rn(v);
    rz[i] = float2half_rz(v.x);
    rz[i + 1] = float2half_rz(v.y);
  } else if (i < n) {
    rn[i] = __float2half_rn(x[i]);
    rz[i] = float2half_rz(x[i]);
  }
}

void launch_convert_bf16(parity::Stream stream, const float* x, parity::bf16* rn, parity::bf16* rz,
                         int n) {
  const int pairs = (n + 1) / 2;
  hipLaunchKernelGGL(convert_bf16_kernel, dim3((pairs + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), x,
                     reinterpret_cast<hip_bfloat16*>(rn), reinterpret_cast<hip_bfloat16*>(rz), n);
}

void launch_convert_f16(parity::Stream stream, const float* x, parity::f16* rn, parity::f16* rz,
                        int n) {
  const int pairs = (n + 1) / 2;
  hipLaunchKernelGGL(convert_f16_kernel, dim3((pairs + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), x, reinterpret_cast<__half*>(rn),
                     reinterpret_cast<__half*>(rz), n);
}
