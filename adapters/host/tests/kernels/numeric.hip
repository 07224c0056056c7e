// AMD number formats and HIP's vector operators.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp8.h>
#include <hip/hip_runtime.h>

#include "launchers.hpp"

__global__ void hip_conversions_kernel(const float* x, std::uint16_t* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float v = x[i];
  std::uint16_t* o = out + 8 * i;
  o[0] = __hip_cvt_float_to_fp8(v, __HIP_SATFINITE, __HIP_E4M3_FNUZ);
  o[1] = __hip_cvt_float_to_fp8(v, __HIP_NOSAT, __HIP_E4M3_FNUZ);
  o[2] = __hip_cvt_float_to_fp8(v, __HIP_SATFINITE, __HIP_E5M2_FNUZ);
  o[3] = __hip_cvt_float_to_fp8(v, __HIP_NOSAT, __HIP_E5M2_FNUZ);
  const __hip_fp8_e4m3_fnuz constructed = v;  // implicit, and saturating
  o[4] = constructed.__x;
  o[5] = hip_bfloat16(v).data;
  o[6] = hip_bfloat16(v, hip_bfloat16::truncate).data;
  o[7] = 0;
}

__global__ void vector_ops_kernel(const float4* a, const float4* b, float4* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = a[i] * 2.0f + b[i] - a[i] / 4.0f;
}

namespace simt_test::hip {

void conversions(parity::Stream s, const float* x, std::uint16_t* out, int n) {
  hipLaunchKernelGGL(hip_conversions_kernel, dim3((n + 63) / 64), dim3(64), 0,
                     parity::native_handle<hipStream_t>(s), x, out, n);
}
void vector_ops(parity::Stream s, const float4* a, const float4* b, float4* out, int n) {
  hipLaunchKernelGGL(vector_ops_kernel, dim3((n + 63) / 64), dim3(64), 0,
                     parity::native_handle<hipStream_t>(s), a, b, out, n);
}

}  // namespace simt_test::hip
