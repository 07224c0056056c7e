// The HIP port, for ROCm 5.2 (the compiler CI builds with). It must keep fp32 subnormals as the
// original does. hipcc's default for gfx90a keeps them (.amdhsa_float_denorm_mode_32 3 in the
// assembly; ROCm 5.2's -ffast-math alone leaves it so), so the port needs no flag, and must not
// get -fgpu-flush-denormals-to-zero, which sets that mode to 0 (see bad/denormals_ftz.hip).
// ROCm 5.2 has no hip_bf16.h: hipify's __nv_bfloat16 becomes the older hip_bfloat16, whose
// float conversion is a shift (it keeps subnormals) and whose round_to_bfloat16 rounds to
// nearest even, subnormals included.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include "denormals.hpp"

namespace {

__device__ __forceinline__ float to_float(float v) {
  return v;
}
__device__ __forceinline__ float to_float(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ float to_float(hip_bfloat16 v) {
  return static_cast<float>(v);
}

template <class T>
struct Store;
template <>
struct Store<float> {
  __device__ static float from(float v) { return v; }
};
template <>
struct Store<__half> {
  __device__ static __half from(float v) { return __float2half_rn(v); }
};
template <>
struct Store<hip_bfloat16> {
  __device__ static hip_bfloat16 from(float v) { return hip_bfloat16::round_to_bfloat16(v); }
};

template <class T>
__global__ void unscale_kernel(const T* __restrict__ g, T* __restrict__ out, float inv_scale,
                               int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Store<T>::from(to_float(g[i]) * inv_scale);
}

template <class T>
__global__ void tiny_ops_kernel(const T* __restrict__ x, const T* __restrict__ y,
                                T* __restrict__ sum, T* __restrict__ rescaled, float scale, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float xi = to_float(x[i]);
  sum[i] = Store<T>::from(xi + to_float(y[i]));
  rescaled[i] = Store<T>::from(xi * scale);
}

template <class T, class P>
void unscale(parity::Stream stream, const P* g, P* out, float inv_scale, int n) {
  hipLaunchKernelGGL(unscale_kernel<T>, dim3((n + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), reinterpret_cast<const T*>(g),
                     reinterpret_cast<T*>(out), inv_scale, n);
}

template <class T, class P>
void tiny_ops(parity::Stream stream, const P* x, const P* y, P* sum, P* rescaled, float scale,
              int n) {
  hipLaunchKernelGGL(tiny_ops_kernel<T>, dim3((n + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), reinterpret_cast<const T*>(x),
                     reinterpret_cast<const T*>(y), reinterpret_cast<T*>(sum),
                     reinterpret_cast<T*>(rescaled), scale, n);
}

}  // namespace

void launch_unscale(parity::Stream stream, const float* g, float* out, float inv_scale, int n) {
  unscale<float>(stream, g, out, inv_scale, n);
}
void launch_unscale(parity::Stream stream, const parity::f16* g, parity::f16* out, float inv_scale,
                    int n) {
  unscale<__half>(stream, g, out, inv_scale, n);
}
void launch_unscale(parity::Stream stream, const parity::bf16* g, parity::bf16* out,
                    float inv_scale, int n) {
  unscale<hip_bfloat16>(stream, g, out, inv_scale, n);
}

void launch_tiny_ops(parity::Stream stream, const float* x, const float* y, float* sum,
                     float* rescaled, float scale, int n) {
  tiny_ops<float>(stream, x, y, sum, rescaled, scale, n);
}
void launch_tiny_ops(parity::Stream stream, const parity::f16* x, const parity::f16* y,
                     parity::f16* sum, parity::f16* rescaled, float scale, int n) {
  tiny_ops<__half>(stream, x, y, sum, rescaled, scale, n);
}
void launch_tiny_ops(parity::Stream stream, const parity::bf16* x, const parity::bf16* y,
                     parity::bf16* sum, parity::bf16* rescaled, float scale, int n) {
  tiny_ops<hip_bfloat16>(stream, x, y, sum, rescaled, scale, n);
}
