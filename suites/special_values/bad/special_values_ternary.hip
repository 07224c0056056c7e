// A faulty port, kept to prove parity catches it: fminf / fmaxf replaced by comparisons, as
// MIN / MAX macros and std::min / std::max do (x < y ? x : y). A comparison with NaN is false, so
// min(x, NaN) and max(x, NaN) return the NaN where fminf / fmaxf return x, and the reduction's
// result depends on where the NaN sits; min(-0, +0) returns the second operand.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <climits>

#include "../special_values.hpp"

#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))

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
  out.min[i] = MIN(x, y);
  out.max[i] = MAX(x, y);
  out.clamp[i] = MIN(MAX(x, -1.0f), 1.0f);
  out.via_f16[i] = __half2float(__float2half_rn(x));
  out.via_bf16[i] = static_cast<float>(hip_bfloat16::round_to_bfloat16(x));
  out.via_fp8[i] = e4m3_to_float(float_to_e4m3(x));
  out.to_int_rn[i] = saturating_int(rintf(x));
  out.to_int_rz[i] = saturating_int(truncf(x));
  out.to_int8[i] = static_cast<signed char>(max(-128, min(127, saturating_int(rintf(x)))));
}

__device__ __forceinline__ float wave_max(float v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v = MAX(v, __shfl_xor(v, offset));
  return v;
}

__global__ void row_max_kernel(const float* __restrict__ x, float* __restrict__ row_max, int cols) {
  __shared__ float wave_maxima[32];  // enough for 1024 threads at wave32 (RDNA) too
  const float* row = x + static_cast<size_t>(blockIdx.x) * cols;
  float v = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) v = MAX(v, row[j]);
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
