// The HIP port, for ROCm 5.2 (the compiler CI builds with). fminf / fmaxf keep their meaning
// (OCML's fmin / fmax: a NaN operand is ignored), and so does the reduction, made
// wavefront-generic. Three things are written out where CUDA's behaviour is not HIP's:
//  - float -> int: ROCm implements __float2int_rn / _rz as a C++ cast of rintf / truncf, which
//    is undefined for NaN and out-of-range values (the compiler may fold it to anything), while
//    CUDA's cvt defines NaN -> 0 and saturation. The port spells that out.
//  - int8 clamping happens on the int, as in the original: clamping the float first with
//    fminf / fmaxf would turn NaN into -128 (fmaxf(NaN, -128) is -128), where CUDA gives 0.
//  - fp8: gfx90a has no fp8 instructions and ROCm 5.2 no hip_fp8.h, so the port converts to
//    OCP e4m3 (the checkpoint format, NVIDIA's __nv_fp8_e4m3) in software: saturating, NaN is
//    S.1111.111 (0x7f / 0xff), and -0 exists.
// bf16 is hip_bfloat16 (ROCm 5.2 has no hip_bf16.h): round_to_bfloat16 rounds to nearest even.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <climits>

#include "special_values.hpp"

// CUDA's cvt.rni / cvt.rzi: NaN -> 0, out of range -> INT_MIN / INT_MAX.
__device__ __forceinline__ int saturating_int(float rounded) {
  if (isnan(rounded)) return 0;
  if (rounded >= 2147483648.0f) return INT_MAX;
  if (rounded < -2147483648.0f) return INT_MIN;
  return static_cast<int>(rounded);
}

// OCP e4m3 (bias 7, max 448 = 0x7e, NaN 0x7f), saturating like __NV_SATFINITE: +-inf and
// finite overflow give +-448.
__device__ __forceinline__ unsigned char float_to_e4m3(float v) {
  if (isnan(v)) return 0x7f;
  const unsigned int sign = (__float_as_uint(v) >> 31) << 7;
  const float a = fminf(fabsf(v), 448.0f);
  const unsigned int bits = __float_as_uint(a);
  // Binade of a, never below the smallest normal one (-6): subnormals share its spacing.
  const int exponent = max(static_cast<int>(bits >> 23) - 127, -6);
  const float steps = rintf(ldexpf(a, 3 - exponent));  // exact scaling; ties to even
  // A carry out of the 3 mantissa bits moves into the exponent field, as the encoding requires.
  const int code = ((exponent + 6) << 3) + static_cast<int>(steps);
  return static_cast<unsigned char>(sign | static_cast<unsigned int>(code));
}

__device__ __forceinline__ float e4m3_to_float(unsigned char code) {
  if ((code & 0x7f) == 0x7f) return __uint_as_float(0x7fc00000u);
  const int exponent = (code >> 3) & 0xf;
  const int mantissa = code & 0x7;
  const float magnitude = exponent == 0 ? ldexpf(static_cast<float>(mantissa), -9)
                                        : ldexpf(static_cast<float>(mantissa + 8), exponent - 10);
  return (code & 0x80) ? -magnitude : magnitude;
}

__global__ void special_elementwise_kernel(const float* __restrict__ a, const float* __restrict__ b,
                                           SpecialOutputs out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = a[i];
  const float y = b[i];
  out.min[i] = fminf(x, y);
  out.max[i] = fmaxf(x, y);
  out.clamp[i] = fminf(fmaxf(x, -1.0f), 1.0f);
  out.via_f16[i] = __half2float(__float2half_rn(x));
  out.via_bf16[i] = static_cast<float>(hip_bfloat16::round_to_bfloat16(x));
  out.via_fp8[i] = e4m3_to_float(float_to_e4m3(x));
  out.to_int_rn[i] = saturating_int(rintf(x));
  out.to_int_rz[i] = saturating_int(truncf(x));
  out.to_int8[i] = static_cast<signed char>(max(-128, min(127, saturating_int(rintf(x)))));
}

__device__ __forceinline__ float wave_max(float v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v = fmaxf(v, __shfl_xor(v, offset));
  return v;
}

__global__ void row_max_kernel(const float* __restrict__ x, float* __restrict__ row_max, int cols) {
  __shared__ float wave_maxima[32];  // enough for 1024 threads at wave32 (RDNA) too
  const float* row = x + static_cast<size_t>(blockIdx.x) * cols;
  float v = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) v = fmaxf(v, row[j]);
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = (blockDim.x + warpSize - 1) / warpSize;
  v = wave_max(v);
  if (lane == 0) wave_maxima[wave] = v;
  __syncthreads();
  if (wave == 0) {
    v = lane < waves ? wave_maxima[lane] : -INFINITY;
    v = wave_max(v);
    if (lane == 0) row_max[blockIdx.x] = v;
  }
}

void launch_special_elementwise(parity::Stream stream, const float* a, const float* b,
                                const SpecialOutputs& out, int n) {
  hipLaunchKernelGGL(special_elementwise_kernel, dim3((n + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), a, b, out, n);
}

void launch_row_max(parity::Stream stream, const float* x, float* row_max, int rows, int cols) {
  hipLaunchKernelGGL(row_max_kernel, dim3(rows), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), x, row_max, cols);
}
