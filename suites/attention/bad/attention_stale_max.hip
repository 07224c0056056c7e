// A faulty port, kept to prove parity catches it: while "tidying" the online softmax, the
// running max is updated before the rescale factor is computed, so the factor is always
// 2^0 = 1: the running sum and the accumulator keep terms scaled to an older, smaller maximum
// whenever a later key tile raises a row's max. The kernel runs, nothing is NaN or out of range,
// and a row is right exactly when its maximum was already in the first key tile it saw.
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstddef>

#include "../attention.hpp"

namespace {

constexpr int kHeadDim = kAttentionHeadDim;
constexpr int kBlockM = 32;          // query rows per block
constexpr int kBlockN = 32;          // keys per tile
constexpr int kThreadsPerRow = 4;    // a quad of lanes
constexpr int kThreads = kBlockM * kThreadsPerRow;
constexpr int kKeysPerThread = kBlockN / kThreadsPerRow;
constexpr int kColsPerThread = kHeadDim / kThreadsPerRow;

__device__ __forceinline__ float to_float(__half v) {
  return __half2float(v);
}
__device__ __forceinline__ float to_float(hip_bfloat16 v) {
  return static_cast<float>(v);
}
template <class T>
__device__ __forceinline__ T from_float(float v);
template <>
__device__ __forceinline__ __half from_float<__half>(float v) {
  return __float2half_rn(v);
}
template <>
__device__ __forceinline__ hip_bfloat16 from_float<hip_bfloat16>(float v) {
  return hip_bfloat16::round_to_bfloat16(v);
}

// Max and sum over the 4 lanes of a row's quad (xor 1 and 2 stay inside the quad).
__device__ __forceinline__ float quad_max(float v) {
  v = fmaxf(v, __shfl_xor(v, 1));
  return fmaxf(v, __shfl_xor(v, 2));
}
__device__ __forceinline__ float quad_sum(float v) {
  v += __shfl_xor(v, 1);
  return v + __shfl_xor(v, 2);
}

template <class T>
__global__ void __launch_bounds__(kThreads)
    attention_forward_kernel(const T* __restrict__ q, const T* __restrict__ k,
                             const T* __restrict__ v, T* __restrict__ o, int seq_q, int seq_k,
                             float scale_log2, bool causal) {
  __shared__ float q_tile[kBlockM][kHeadDim + 1];  // +1: a quad's rows hit different banks
  __shared__ float k_tile[kBlockN][kHeadDim + 1];
  __shared__ float v_tile[kBlockN][kHeadDim];
  __shared__ float p_tile[kBlockM][kBlockN + 1];

  const int head = blockIdx.y;
  const int q0 = blockIdx.x * kBlockM;
  const int row = threadIdx.x / kThreadsPerRow;
  const int part = threadIdx.x % kThreadsPerRow;
  const int query = q0 + row;
  const T* qh = q + static_cast<size_t>(head) * seq_q * kHeadDim;
  const T* kh = k + static_cast<size_t>(head) * seq_k * kHeadDim;
  const T* vh = v + static_cast<size_t>(head) * seq_k * kHeadDim;

  for (int e = threadIdx.x; e < kBlockM * kHeadDim; e += kThreads) {
    const int r = e / kHeadDim;
    const int c = e % kHeadDim;
    q_tile[r][c] = q0 + r < seq_q ? to_float(qh[static_cast<size_t>(q0 + r) * kHeadDim + c]) : 0.0f;
  }

  float row_max = -INFINITY;  // running max of the row's scaled scores (base 2)
  float row_sum = 0.0f;       // running sum of 2^(score - row_max)
  float acc[kColsPerThread] = {};
  // Causal: the tiles right of the block's last visible key hold nothing for it.
  const int kv_end = causal ? min(seq_k, q0 + kBlockM + seq_k - seq_q) : seq_k;
  for (int k0 = 0; k0 < kv_end; k0 += kBlockN) {
    __syncthreads();  // the previous tile is no longer read (and q_tile is written)
    for (int e = threadIdx.x; e < kBlockN * kHeadDim; e += kThreads) {
      const int r = e / kHeadDim;
      const int c = e % kHeadDim;
      const bool in = k0 + r < seq_k;
      const size_t at = static_cast<size_t>(k0 + r) * kHeadDim + c;
      k_tile[r][c] = in ? to_float(kh[at]) : 0.0f;
      v_tile[r][c] = in ? to_float(vh[at]) : 0.0f;
    }
    __syncthreads();

    // Scores of this thread's keys part, part + 4, ...; invisible keys are -inf.
    float s[kKeysPerThread];
    float tile_max = -INFINITY;
#pragma unroll
    for (int t = 0; t < kKeysPerThread; ++t) {
      const int j = part + t * kThreadsPerRow;
      const int key = k0 + j;
      float dot = 0.0f;
#pragma unroll 16
      for (int c = 0; c < kHeadDim; ++c) dot += q_tile[row][c] * k_tile[j][c];
      const bool visible = key < seq_k && (!causal || key <= query + seq_k - seq_q);
      s[t] = visible ? dot * scale_log2 : -INFINITY;
      tile_max = fmaxf(tile_max, s[t]);
    }
    row_max = fmaxf(row_max, quad_max(tile_max));  // the fault: updated too early
    const float new_max = row_max;
    const float base = new_max == -INFINITY ? 0.0f : new_max;
    const float rescale = exp2f(row_max - base);  // now 2^0 = 1 (0 only for an all -inf row)
    float tile_sum = 0.0f;
#pragma unroll
    for (int t = 0; t < kKeysPerThread; ++t) {
      const float p = exp2f(s[t] - base);
      p_tile[row][part + t * kThreadsPerRow] = p;
      tile_sum += p;
    }
    row_sum = row_sum * rescale + quad_sum(tile_sum);
    row_max = new_max;
#pragma unroll
    for (int c = 0; c < kColsPerThread; ++c) acc[c] *= rescale;
    __syncthreads();  // the quad's p values are in p_tile

    for (int j = 0; j < kBlockN; ++j) {
      const float p = p_tile[row][j];
#pragma unroll
      for (int c = 0; c < kColsPerThread; ++c)
        acc[c] += p * v_tile[j][part * kColsPerThread + c];
    }
  }

  if (query < seq_q) {
    const float inv = 1.0f / row_sum;
    T* out = o + (static_cast<size_t>(head) * seq_q + query) * kHeadDim + part * kColsPerThread;
#pragma unroll
    for (int c = 0; c < kColsPerThread; ++c) out[c] = from_float<T>(acc[c] * inv);
  }
}

template <class T>
void launch(parity::Stream stream, const T* q, const T* k, const T* v, T* o, int batch_heads,
            int seq_q, int seq_k, bool causal) {
  // log2(e) / sqrt(64), rounded once to float on the host: the same value on every backend.
  const float scale_log2 = static_cast<float>(1.4426950408889634 / 8.0);
  const dim3 grid((seq_q + kBlockM - 1) / kBlockM, batch_heads);
  hipLaunchKernelGGL(attention_forward_kernel<T>, grid, dim3(kThreads), 0,
                     parity::native_handle<hipStream_t>(stream), q, k, v, o, seq_q, seq_k,
                     scale_log2, causal);
}

}  // namespace

void launch_attention(parity::Stream stream, const parity::f16* q, const parity::f16* k,
                      const parity::f16* v, parity::f16* o, int batch_heads, int seq_q, int seq_k,
                      bool causal) {
  launch(stream, reinterpret_cast<const __half*>(q), reinterpret_cast<const __half*>(k),
         reinterpret_cast<const __half*>(v), reinterpret_cast<__half*>(o), batch_heads, seq_q,
         seq_k, causal);
}
void launch_attention(parity::Stream stream, const parity::bf16* q, const parity::bf16* k,
                      const parity::bf16* v, parity::bf16* o, int batch_heads, int seq_q, int seq_k,
                      bool causal) {
  launch(stream, reinterpret_cast<const hip_bfloat16*>(q),
         reinterpret_cast<const hip_bfloat16*>(k), reinterpret_cast<const hip_bfloat16*>(v),
         reinterpret_cast<hip_bfloat16*>(o), batch_heads, seq_q, seq_k, causal);
}
