// The CUDA original: a register-blocked shared-memory GEMM as it is written before anyone
// reaches for tensor cores (or when the shapes are too odd for them). 16-bit inputs are widened
// to fp32 when a tile is staged in shared memory, so every product and every sum is fp32; nvcc
// contracts `acc += a * b` into an FMA (--fmad=true, its default).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>

#include "gemm.hpp"

namespace {

constexpr int kTileM = 32;    // rows of D per block
constexpr int kTileN = 32;    // columns of D per block
constexpr int kTileK = 16;    // depth of one shared-memory stage
constexpr int kThreadsM = 8;  // the block's 64 threads as 8 x 8 ...
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
__device__ __forceinline__ float to_float(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    gemm_kernel(int m, int n, int k, float alpha, const T* __restrict__ a, const T* __restrict__ b,
                float beta, const float* __restrict__ c, float* __restrict__ d) {
  __shared__ float a_tile[kTileK][kTileM + 1];  // transposed: a column of A is a row here
  __shared__ float b_tile[kTileK][kTileN];

  const int tx = threadIdx.x % kThreadsN;
  const int ty = threadIdx.x / kThreadsN;
  const int row0 = blockIdx.y * kTileM;
  const int col0 = blockIdx.x * kTileN;

  float acc[kMicroM][kMicroN] = {};
  for (int k0 = 0; k0 < k; k0 += kTileK) {
    // Stage the next 32 x 16 slice of A and 16 x 32 slice of B, reading along rows (coalesced).
    // Elements outside the matrices are 0: they add exact zeros to the accumulators.
    for (int e = threadIdx.x; e < kTileM * kTileK; e += kThreads) {
      const int r = e / kTileK;
      const int kk = e % kTileK;
      const int gr = row0 + r;
      const int gk = k0 + kk;
      a_tile[kk][r] = (gr < m && gk < k) ? to_float(a[static_cast<size_t>(gr) * k + gk]) : 0.0f;
    }
    for (int e = threadIdx.x; e < kTileK * kTileN; e += kThreads) {
      const int kk = e / kTileN;
      const int cc = e % kTileN;
      const int gk = k0 + kk;
      const int gc = col0 + cc;
      b_tile[kk][cc] = (gk < k && gc < n) ? to_float(b[static_cast<size_t>(gk) * n + gc]) : 0.0f;
    }
    __syncthreads();

#pragma unroll
    for (int kk = 0; kk < kTileK; ++kk) {
      float av[kMicroM];
      float bv[kMicroN];
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
        d[at] = beta == 0.0f ? alpha * acc[i][j] : alpha * acc[i][j] + beta * c[at];
      }
    }
  }
}

template <class T>
void launch(parity::Stream stream, int m, int n, int k, float alpha, const T* a, const T* b,
            float beta, const float* c, float* d) {
  const dim3 grid((n + kTileN - 1) / kTileN, (m + kTileM - 1) / kTileM);
  gemm_kernel<T><<<grid, kThreads, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      m, n, k, alpha, a, b, beta, c, d);
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
  launch(stream, m, n, k, alpha, reinterpret_cast<const __nv_bfloat16*>(a),
         reinterpret_cast<const __nv_bfloat16*>(b), beta, c, d);
}
