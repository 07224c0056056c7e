// The HIP port, for ROCm 5.2 (the compiler CI builds with):
//  - bf16: ROCm 5.2 has no hip_bf16.h (__hip_bfloat16 and __float2bfloat16_rn/_rz came later),
//    so hipify's __nv_bfloat16 becomes the older hip_bfloat16 (hip/hip_bfloat16.h). Its
//    round_to_bfloat16 rounds to nearest even and keeps NaN a NaN; its truncate constructor is
//    round toward zero (again keeping NaN), which is exactly what __float2bfloat16_rz means.
//  - fp16: __float2half_rn rounds to nearest even, but ROCm 5.2's __float2half_rz does too
//    (amd_hip_fp16.h casts to _Float16 for every rounding mode), so the port writes the rz
//    conversion: take the nearest value and step one ulp toward zero where it rounded away.
// No packed bf16 conversion exists in hip_bfloat16, so every element is converted on its own.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "lowp_convert.hpp"

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
    rn[i] = hip_bfloat16::round_to_bfloat16(v.x);
    rn[i + 1] = hip_bfloat16::round_to_bfloat16(v.y);
    rz[i] = hip_bfloat16(v.x, hip_bfloat16::truncate);
    rz[i + 1] = hip_bfloat16(v.y, hip_bfloat16::truncate);
  } else if (i < n) {
    rn[i] = hip_bfloat16::round_to_bfloat16(x[i]);
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
