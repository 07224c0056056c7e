// A faulty port, kept to prove parity catches it: the "packed 16-bit math" optimisation. CDNA
// executes two fp16 FMAs per lane per cycle (v_pk_fma_f16), so the port stages fp16 and bf16
// tiles in shared memory as they are and accumulates in the input type: every partial sum is
// rounded to 11 (fp16) or 8 (bf16) significant bits instead of 24. fp32 inputs are unaffected.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstddef>

#include "../gemm.hpp"

namespace {

constexpr int kTileM = 32;     // rows of D per block
constexpr int kTileN = 32;     // columns of D per block
constexpr int kTileK = 16;     // depth of one shared-memory stage
constexpr int kThreadsM = 8;   // the block's 64 threads as 8 x 8 ...
constexpr int kThreadsN = 8;
constexpr int kThreads = kThreadsM * kThreadsN;
constexpr int kMicroM = kTileM / kThreadsM;  // ... each owning a 4 x 4 micro-tile, strided by 8
constexpr int kMicroN = kTileN / kThreadsN;  // so that neighbouring threads read neighbouring banks

__device__ __forceinline__ float to_float(float v) {
  return v;
}
__device__ __forceinline__ float to_float(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ float to_float(hip_bfloat16 v) {
  return static_cast<float>(v);
}

__device__ __forceinline__ float zero_as(float) {
  return 0.0f;
}
__device__ __forceinline__ __half zero_as(__half) {
  return __float2half(0.0f);
}
__device__ __forceinline__ hip_bfloat16 zero_as(hip_bfloat16) {
  return hip_bfloat16(0.0f);
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    gemm_kernel(int m, int n, int k, float alpha, const T* __restrict__ a,
                const T* __restrict__ b, float beta, const float* __restrict__ c,
                float* __restrict__ d) {
  // The fault: tiles and accumulators in T.
  __shared__ T a_tile[kTileK][kTileM + 1];
  __shared__ T b_tile[kTileK][kTileN];

  const int tx = threadIdx.x % kThreadsN;
  const int ty = threadIdx.x / kThreadsN;
  const int row0 = blockIdx.y * kTileM;
  const int col0 = blockIdx.x * kTileN;

  T acc[kMicroM][kMicroN];
#pragma unroll
  for (int i = 0; i < kMicroM; ++i)
#pragma unroll
    for (int j = 0; j < kMicroN; ++j) acc[i][j] = zero_as(T{});
  for (int k0 = 0; k0 < k; k0 += kTileK) {
    // Stage the next 32 x 16 slice of A and 16 x 32 slice of B, reading along rows (coalesced).
    // Elements outside the matrices are 0: they add exact zeros to the accumulators.
    for (int e = threadIdx.x; e < kTileM * kTileK; e += kThreads) {
      const int r = e / kTileK;
      const int kk = e % kTileK;
      const int gr = row0 + r;
      const int gk = k0 + kk;
      a_tile[kk][r] = (gr < m && gk < k) ? a[static_cast<size_t>(gr) * k + gk] : zero_as(T{});
    }
    for (int e = threadIdx.x; e < kTileK * kTileN; e += kThreads) {
      const int kk = e / kTileN;
      const int cc = e % kTileN;
      const int gk = k0 + kk;
      const int gc = col0 + cc;
      b_tile[kk][cc] = (gk < k && gc < n) ? b[static_cast<size_t>(gk) * n + gc] : zero_as(T{});
    }
    __syncthreads();

#pragma unroll
    for (int kk = 0; kk < kTileK; ++kk) {
      T av[kMicroM];
      T bv[kMicroN];
#pragma unroll
      for (int i = 0; i < kMicroM; ++i) av[i] = a_tile[kk][ty + i * kThreadsM];
#pragma unroll
      for (int j = 0; j < kMicroN; ++j) bv[j] = b_tile[kk][tx + j * kThreadsN];
#pragma unroll
      for (int i = 0; i < kMicroM; ++i)
#pragma unroll
        for (int j = 0; j < kMicroN; ++j) acc[i][j] += av[i] * bv[j];
    }
    __syncthreads();  // the tiles are overwritten by the next stage
  }

#pragma unroll
  for (int i = 0; i < kMicroM; ++i) {
    const int r = row0 + ty + i * kThreadsM;
#pragma unroll
    for (int j = 0; j < kMicroN; ++j) {
      const int col = col0 + tx + j * kThreadsN;
      if (r < m && col < n) {
        const size_t at = static_cast<size_t>(r) * n + col;
        const float sum = to_float(acc[i][j]);
        d[at] = beta == 0.0f ? alpha * sum : alpha * sum + beta * c[at];
      }
    }
  }
}

template <class T>
void launch(parity::Stream stream, int m, int n, int k, float alpha, const T* a, const T* b,
            float beta, const float* c, float* d) {
  const dim3 grid((n + kTileN - 1) / kTileN, (m + kTileM - 1) / kTileM);
  hipLaunchKernelGGL(gemm_kernel<T>, grid, dim3(kThreads), 0,
                     parity::native_handle<hipStream_t>(stream), m, n, k, alpha, a, b, beta, c, d);
}

}  // namespace

void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const float* a,
                 const float* b, float beta, const float* c, float* d) {
  launch(stream, m, n, k, alpha, a, b, beta, c, d);
}
void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const parity::f16* a,
                 const parity::f16* b, float beta, const float* c, float* d) {
  launch(stream, m, n, k, alpha, reinterpret_cast<const __half*>(a),
         reinterpret_cast<const __half*>(b), beta, c, d);
}
void launch_gemm(parity::Stream stream, int m, int n, int k, float alpha, const parity::bf16* a,
                 const parity::bf16* b, float beta, const float* c, float* d) {
  launch(stream, m, n, k, alpha, reinterpret_cast<const hip_bfloat16*>(a),
         reinterpret_cast<const hip_bfloat16*>(b), beta, c, d);
}
