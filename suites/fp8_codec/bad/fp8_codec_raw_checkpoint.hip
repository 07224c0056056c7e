// A faulty port, kept to prove parity catches it: the kernels were moved to gfx942's FNUZ formats
// (224 clamp, per-row scales computed for it), but the OCP checkpoint is loaded
// byte for byte. Every weight then reads as exactly half its value (the FNUZ bias is one higher),
// -0 (0x80) reads as NaN and the OCP NaN codes as +-240. Compare vLLM's
// normalize_e4m3fn_to_e4m3fnuz, which this port forgot to call.
#include <hip/hip_bfloat16.h>
#include <hip/hip_runtime.h>

#include "../fp8_codec.hpp"

namespace {

// FNUZ with kExponent exponent and kMantissa mantissa bits; bias 2^(kExponent - 1).
template <int kExponent, int kMantissa>
struct Fnuz {
  static constexpr int kBias = 1 << (kExponent - 1);
  static constexpr unsigned char kNan = 0x80;
  static constexpr unsigned char kMaxCode = 0x7f;

  // Round to nearest even. `v` is finite or NaN and at most the largest finite value.
  static __device__ __forceinline__ unsigned char encode(float v) {
    if (isnan(v)) return kNan;
    const unsigned int bits = __float_as_uint(v);
    const float a = fabsf(v);
    // Binade of a, but never below the smallest normal one: subnormals share its spacing.
    const int exponent = max(static_cast<int>((bits >> 23) & 0xffu) - 127, 1 - kBias);
    // a / spacing, exact (a power-of-two scaling); rintf rounds half to even.
    const float steps = rintf(ldexpf(a, kMantissa - exponent));
    // For a normal binade steps is in [2^m, 2^(m+1)]; its leading 1 lands in the exponent field,
    // and a carry out of the mantissa moves to the next binade, as the encoding requires.
    int code = ((exponent + kBias - 1) << kMantissa) + static_cast<int>(steps);
    code = min(code, static_cast<int>(kMaxCode));
    // No -0 in FNUZ: 0x80 is NaN, so a negative value that rounds to zero must give +0.
    if ((bits >> 31) != 0u && code != 0) code |= 0x80;
    return static_cast<unsigned char>(code);
  }

  static __device__ __forceinline__ float decode(unsigned char code) {
    if (code == kNan) return __uint_as_float(0x7fc00000u);
    const int exponent = (code >> kMantissa) & ((1 << kExponent) - 1);
    const int mantissa = code & ((1 << kMantissa) - 1);
    const float magnitude =
        exponent == 0
            ? ldexpf(static_cast<float>(mantissa), 1 - kBias - kMantissa)
            : ldexpf(static_cast<float>(mantissa + (1 << kMantissa)), exponent - kBias - kMantissa);
    return (code & 0x80) ? -magnitude : magnitude;
  }
};

// The formats, with the clamp that keeps quantized values inside the OCP range.
struct E4M3Fnuz : Fnuz<4, 3> {
  static constexpr float kMax = 224.0f;  // 448 / 2, not the FNUZ max 240
};
struct E5M2Fnuz : Fnuz<5, 2> {
  static constexpr float kMax = 28672.0f;  // 57344 / 2
};

template <class Format>
__device__ __forceinline__ unsigned char to_fp8(float v) {
  if (!isnan(v)) v = fminf(fmaxf(v, -Format::kMax), Format::kMax);  // fminf would eat a NaN
  return Format::encode(v);
}

__device__ __forceinline__ float to_float(float v) {
  return v;
}
__device__ __forceinline__ float to_float(hip_bfloat16 v) {
  return static_cast<float>(v);
}

__device__ __forceinline__ float wave_max(float v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v = fmaxf(v, __shfl_xor(v, offset));
  return v;
}

// The bug: bytes and scales copied unchanged.
template <int kMantissa>
__global__ void load_checkpoint_kernel(const unsigned char* __restrict__ ocp,
                                       unsigned char* __restrict__ codes, int n_codes,
                                       const float* __restrict__ ocp_scales,
                                       float* __restrict__ scales, int n_scales) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < max(n_codes, n_scales);
       i += gridDim.x * blockDim.x) {
    if (i < n_codes) codes[i] = ocp[i];
    if (i < n_scales) scales[i] = ocp_scales[i];
  }
}

template <class Format>
__global__ void quantize_static_kernel(const float* __restrict__ x, const float* __restrict__ scale,
                                       unsigned char* __restrict__ q, int n) {
  const float inv_scale = 1.0f / *scale;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    q[i] = to_fp8<Format>(x[i] * inv_scale);
}

template <class Format, class T>
__global__ void quantize_per_row_kernel(const T* __restrict__ x, unsigned char* __restrict__ q,
                                        float* __restrict__ scales, int cols) {
  __shared__ float wave_amax[32];  // enough for 1024 threads at wave32 (RDNA) too
  __shared__ float row_scale;
  const T* row = x + static_cast<size_t>(blockIdx.x) * cols;
  unsigned char* q_row = q + static_cast<size_t>(blockIdx.x) * cols;

  float amax = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) amax = fmaxf(amax, fabsf(to_float(row[j])));
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = (blockDim.x + warpSize - 1) / warpSize;
  amax = wave_max(amax);
  if (lane == 0) wave_amax[wave] = amax;
  __syncthreads();
  if (wave == 0) {
    amax = lane < waves ? wave_amax[lane] : 0.0f;
    amax = wave_max(amax);
    if (lane == 0) {
      const float min_scale = 1.0f / (Format::kMax * 512.0f);
      row_scale = fmaxf(amax / Format::kMax, min_scale);
      scales[blockIdx.x] = row_scale;
    }
  }
  __syncthreads();
  const float scale = row_scale;
  for (int j = threadIdx.x; j < cols; j += blockDim.x)
    q_row[j] = to_fp8<Format>(to_float(row[j]) / scale);
}

template <class Format>
__global__ void dequantize_kernel(const unsigned char* __restrict__ q,
                                  const float* __restrict__ scales, float* __restrict__ y, int rows,
                                  int cols) {
  const long long n = static_cast<long long>(rows) * cols;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    y[i] = Format::decode(q[i]) * scales[i / cols];
}

hipStream_t native(parity::Stream stream) {
  return parity::native_handle<hipStream_t>(stream);
}

int grid_for(long long n, int block) {
  const long long blocks = (n + block - 1) / block;
  return static_cast<int>(blocks < 1024 ? (blocks > 0 ? blocks : 1) : 1024);
}

template <class T>
void quantize_per_row(parity::Stream stream, Fp8Kind kind, const T* x, std::uint8_t* q,
                      float* scales, int rows, int cols) {
  if (kind == Fp8Kind::kE4M3)
    hipLaunchKernelGGL(HIP_KERNEL_NAME(quantize_per_row_kernel<E4M3Fnuz, T>), dim3(rows), dim3(256),
                       0, native(stream), x, q, scales, cols);
  else
    hipLaunchKernelGGL(HIP_KERNEL_NAME(quantize_per_row_kernel<E5M2Fnuz, T>), dim3(rows), dim3(256),
                       0, native(stream), x, q, scales, cols);
}

}  // namespace

parity::DType fp8_storage(Fp8Kind kind) {
  return kind == Fp8Kind::kE4M3 ? parity::DType::kFloat8E4M3FNUZ : parity::DType::kFloat8E5M2FNUZ;
}

void launch_load_checkpoint(parity::Stream stream, Fp8Kind kind, const std::uint8_t* ocp_codes,
                            std::uint8_t* codes, int n_codes, const float* ocp_scales,
                            float* scales, int n_scales) {
  const int grid = grid_for(n_codes > n_scales ? n_codes : n_scales, 256);
  if (kind == Fp8Kind::kE4M3)
    hipLaunchKernelGGL(load_checkpoint_kernel<3>, dim3(grid), dim3(256), 0, native(stream),
                       ocp_codes, codes, n_codes, ocp_scales, scales, n_scales);
  else
    hipLaunchKernelGGL(load_checkpoint_kernel<2>, dim3(grid), dim3(256), 0, native(stream),
                       ocp_codes, codes, n_codes, ocp_scales, scales, n_scales);
}

void launch_quantize_static(parity::Stream stream, Fp8Kind kind, const float* x, const float* scale,
                            std::uint8_t* q, int n) {
  const int grid = grid_for(n, 256);
  if (kind == Fp8Kind::kE4M3)
    hipLaunchKernelGGL(quantize_static_kernel<E4M3Fnuz>, dim3(grid), dim3(256), 0, native(stream),
                       x, scale, q, n);
  else
    hipLaunchKernelGGL(quantize_static_kernel<E5M2Fnuz>, dim3(grid), dim3(256), 0, native(stream),
                       x, scale, q, n);
}

void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const float* x, std::uint8_t* q,
                             float* scales, int rows, int cols) {
  quantize_per_row(stream, kind, x, q, scales, rows, cols);
}

void launch_quantize_per_row(parity::Stream stream, Fp8Kind kind, const parity::bf16* x,
                             std::uint8_t* q, float* scales, int rows, int cols) {
  quantize_per_row(stream, kind, reinterpret_cast<const hip_bfloat16*>(x), q, scales, rows, cols);
}

void launch_dequantize(parity::Stream stream, Fp8Kind kind, const std::uint8_t* q,
                       const float* scales, float* y, int rows, int cols) {
  const int grid = grid_for(static_cast<long long>(rows) * cols, 256);
  if (kind == Fp8Kind::kE4M3)
    hipLaunchKernelGGL(dequantize_kernel<E4M3Fnuz>, dim3(grid), dim3(256), 0, native(stream), q,
                       scales, y, rows, cols);
  else
    hipLaunchKernelGGL(dequantize_kernel<E5M2Fnuz>, dim3(grid), dim3(256), 0, native(stream), q,
                       scales, y, rows, cols);
}
