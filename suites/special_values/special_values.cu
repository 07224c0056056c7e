// The CUDA original: the device math library's fminf / fmaxf (IEEE minNum / maxNum: a NaN
// operand is ignored), cuda_fp16.h / cuda_bf16.h / cuda_fp8.h conversions, and the cvt
// intrinsics, which define NaN -> 0 and saturate out-of-range values.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include "special_values.hpp"

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
  out.via_bf16[i] = __bfloat162float(__float2bfloat16_rn(x));
  out.via_fp8[i] = static_cast<float>(__nv_fp8_e4m3(x));
  out.to_int_rn[i] = __float2int_rn(x);
  out.to_int_rz[i] = __float2int_rz(x);
  out.to_int8[i] = static_cast<signed char>(max(-128, min(127, __float2int_rn(x))));
}

__device__ __forceinline__ float warp_max(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
  return v;
}

__global__ void row_max_kernel(const float* __restrict__ x, float* __restrict__ row_max, int cols) {
  __shared__ float warp_maxima[32];
  const float* row = x + static_cast<size_t>(blockIdx.x) * cols;
  float v = -INFINITY;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) v = fmaxf(v, row[j]);
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  v = warp_max(v);
  if (lane == 0) warp_maxima[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x >> 5) ? warp_maxima[lane] : -INFINITY;
    v = warp_max(v);
    if (lane == 0) row_max[blockIdx.x] = v;
  }
}

void launch_special_elementwise(parity::Stream stream, const float* a, const float* b,
                                const SpecialOutputs& out, int n) {
  special_elementwise_kernel<<<(n + 255) / 256, 256, 0,
                               parity::native_handle<cudaStream_t>(stream)>>>(a, b, out, n);
}

void launch_row_max(parity::Stream stream, const float* x, float* row_max, int rows, int cols) {
  row_max_kernel<<<rows, 256, 0, parity::native_handle<cudaStream_t>(stream)>>>(x, row_max, cols);
}
