// The CUDA original: NVIDIA's OCP fp8 types and conversions from cuda_fp8.h, saturating
// (__NV_SATFINITE), warp-32 shuffles for the row maximum.
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include "fp8_codec.hpp"

namespace {

template <class Fp8>
struct Fp8Traits;
template <>
struct Fp8Traits<__nv_fp8_e4m3> {
  static constexpr __nv_fp8_interpretation_t kInterpretation = __NV_E4M3;
  static constexpr float kMax = 448.0f;
};
template <>
struct Fp8Traits<__nv_fp8_e5m2> {
  static constexpr __nv_fp8_interpretation_t kInterpretation = __NV_E5M2;
  static constexpr float kMax = 57344.0f;
};

template <class Fp8>
__device__ __forceinline__ __nv_fp8_storage_t to_fp8(float v) {
  return __nv_cvt_float_to_fp8(v, __NV_SATFINITE, Fp8Traits<Fp8>::kInterpretation);
}

template <class Fp8>
__device__ __forceinline__ float from_fp8(__nv_fp8_storage_t bits) {
  Fp8 v;
  v.__x = bits;
  return static_cast<float>(v);
}

__device__ __forceinline__ float to_float(float v) {
  return v;
}
__device__ __forceinline__ float to_float(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

__device__ __forceinline__ float warp_max(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
  return v;
}

template <class Fp8>
__global__ void quantize_static_kernel(const float* __restrict__ x, const float* __restrict__ scale,
                                       __nv_fp8_storage_t* __restrict__ q, int n) {
  const float inv_scale = 1.0f / *scale;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    q[i] = to_fp8<Fp8>(x[i] * inv_scale);
}

template <class Fp8, class T>
__global__ void quantize_per_row_kernel(const T* __restrict__ x, __nv_fp8_storage_t* __restrict__ q,
                                        float* __restrict__ scales, int cols) {
  __shared__ float warp_amax[32];
  __shared__ float row_scale;
  const T* row = x + static_cast<size_t>(blockIdx.x) * cols;
  __nv_fp8_storage_t* q_row = q + static_cast<size_t>(blockIdx.x) * cols;

  float amax = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) amax = fmaxf(amax, fabsf(to_float(row[j])));
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  amax = warp_max(amax);
  if (lane == 0) warp_amax[warp] = amax;
  __syncthreads();
  if (warp == 0) {
    amax = lane < static_cast<int>(blockDim.x >> 5) ? warp_amax[lane] : 0.0f;
    amax = warp_max(amax);
    if (lane == 0) {
      const float min_scale = 1.0f / (Fp8Traits<Fp8>::kMax * 512.0f);
      row_scale = fmaxf(amax / Fp8Traits<Fp8>::kMax, min_scale);
      scales[blockIdx.x] = row_scale;
    }
  }
  __syncthreads();
  const float scale = row_scale;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    q_row[j] = to_fp8<Fp8>(to_float(row[j]) / scale);
}

template <class Fp8>
__global__ void dequantize_kernel(const __nv_fp8_storage_t* __restrict__ q,
                                  const float* __restrict__ scales, float* __restrict__ y, int rows,
                                  int cols) {
  const long long n = static_cast<long long>(rows) * cols;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    y[i] = from_fp8<Fp8>(q[i]) * scales[i / cols];
}

cudaStream_t native(parity::Stream stream) {
  return parity::native_handle<cudaStream_t>(stream);
}

int grid_for(long long n, int block) {
  const long long blocks = (n + block - 1) / block;
  return static_cast<int>(blocks < 1024 ? (blocks > 0 ? blocks : 1) : 1024);
}

template <class T>
void quantize_per_row(parity::Stream stream, Fp8Kind kind, const T* x, std::uint8_t* q,
                      float* scales, int rows, int cols) {
  if (kind == Fp8Kind::kE4M3)
    quantize_per_row_kernel<__nv_fp8_e4m3><<<rows, 256, 0, native(stream)>>>(x, q, scales, cols);
  else
    quantize_per_row_kernel<__nv_fp8_e5m2><<<rows, 256, 0, native(stream)>>>(x, q, scales, cols);
}

}  // namespace

parity::DType fp8_storage(Fp8Kind kind) {
  return kind == Fp8Kind::kE4M3 ? parity::DType::kFloat8E4M3FN : parity::DType::kFloat8E5M2;
}

// The checkpoint is already in this device's format.
void launch_load_checkpoint(parity::Stream stream, Fp8Kind, const std::uint8_t* ocp_codes,
                            std::uint8_t* codes, int n_codes, const float* ocp_scales,
                            float* scales, int n_scales) {
  if (n_codes > 0)
    cudaMemcpyAsync(codes, ocp_codes, static_cast<size_t>(n_codes), cudaMemcpyDeviceToDevice,
                    native(stream));
  if (n_scales > 0)
    cudaMemcpyAsync(scales, ocp_scales, static_cast<size_t>(n_scales) * sizeof(float),
                    cudaMemcpyDeviceToDevice, native(stream));
}

void launch_quantize_static(parity::Stream stream, Fp8Kind kind, const float* x, const float* scale,
                            std::uint8_t* q, int n) {
  const int grid = grid_for(n, 256);
  if (kind == Fp8Kind::kE4M3)
    quantize_static_kernel<__nv_fp8_e4m3><<<grid, 256, 0, native(stream)>>>(x, scale, q, n);
  else
    quantize_static_kernel<__nv_fp8_e5m2><<<grid, 256, 0, native(stream)>>>(x, scale, q, n);
}

void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const float* x, std::uint8_t* q,
                             float* scales, int rows, int cols) {
  quantize_per_row(stream, kind, x, q, scales, rows, cols);
}

void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const parity::bf16* x,
                             std::uint8_t* q, float* scales, int rows, int cols) {
  quantize_per_row(stream, kind, reinterpret_cast<const __nv_bfloat16*>(x), q, scales, rows, cols);
}

void launch_dequantize(parity::Stream stream, Fp8Kind kind, const std::uint8_t* q,
                       const float* scales, float* y, int rows, int cols) {
  const int grid = grid_for(static_cast<long long>(rows) * cols, 256);
  if (kind == Fp8Kind::kE4M3)
    dequantize_kernel<__nv_fp8_e4m3><<<grid, 256, 0, native(stream)>>>(q, scales, y, rows, cols);
  else
    dequantize_kernel<__nv_fp8_e5m2><<<grid, 256, 0, native(stream)>>>(q, scales, y, rows, cols);
}
