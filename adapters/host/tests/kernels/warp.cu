// Warp collectives at CUDA's warp size, 32.
#include <cuda_runtime.h>

#include "launchers.hpp"

constexpr unsigned kFull = 0xffffffffu;

__global__ void segment_sums_kernel(const int* x, int* out, int n, int width) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  int v = i < n ? x[i] : 0;
  for (int offset = width / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(kFull, v, static_cast<unsigned>(offset), width);
  if (i < n && i % width == 0) out[i / width] = v;
}

__global__ void warp_scan_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned lane = threadIdx.x % warpSize;
  int v = i < n ? x[i] : 0;
  for (unsigned d = 1; d < 32; d *= 2) {
    const int up = __shfl_up_sync(kFull, v, d);
    if (lane >= d) v += up;
  }
  if (i < n) out[i] = v;
}

__global__ void butterfly_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  int v = i < n ? x[i] : 0;
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(kFull, v, mask);
  if (i < n) out[i] = v;
}

__global__ void broadcast_kernel(const int* x, int* out, int n, int src) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int v = __shfl_sync(kFull, i < n ? x[i] : -1, src);
  if (i < n) out[i] = v;
}

__global__ void compact_kernel(const int* x, int* out, int* count, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned lane = threadIdx.x % 32;
  const bool keep = i < n && x[i] > 0;
  const unsigned ballot = __ballot_sync(kFull, keep);
  const int total = __popc(ballot);
  int base = 0;
  if (lane == 0 && total > 0) base = atomicAdd(count, total);
  base = __shfl_sync(kFull, base, 0);
  if (keep) out[base + __popc(ballot & ((1u << lane) - 1u))] = x[i];
}

__global__ void votes_kernel(const int* x, unsigned* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int p = i < n && x[i] != 0;
  const unsigned any = static_cast<unsigned>(__any_sync(kFull, p));
  const unsigned all = static_cast<unsigned>(__all_sync(kFull, p));
  const unsigned ballot = __ballot_sync(kFull, p);
  if (i < n) {
    out[3 * i] = any;
    out[3 * i + 1] = all;
    out[3 * i + 2] = ballot;
  }
}

__global__ void match_any_kernel(const int* x, unsigned* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned m = __match_any_sync(kFull, i < n ? x[i] : -1);
  if (i < n) out[i] = m;
}

__global__ void active_mask_kernel(unsigned* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  unsigned m = 0;
  if (threadIdx.x % 2 == 1) m = __activemask();
  if (i < n) out[i] = m;
}

__global__ void barrier_votes_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int p = i < n && x[i] != 0;
  const int count = __syncthreads_count(p);
  const int all = __syncthreads_and(p);
  const int any = __syncthreads_or(p);
  if (threadIdx.x == 0) {
    out[3 * blockIdx.x] = count;
    out[3 * blockIdx.x + 1] = all;
    out[3 * blockIdx.x + 2] = any;
  }
}

__global__ void reduce_add_kernel(const unsigned* x, unsigned* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned total = __reduce_add_sync(kFull, i < n ? x[i] : 0u);
  if (i < n && threadIdx.x % 32 == 0) out[i / 32] = total;
}

namespace simt_test::cuda {

namespace {
cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}
unsigned blocks_for(int n, int block) {
  return static_cast<unsigned>((n + block - 1) / block);
}
}  // namespace

void segment_sums(parity::Stream s, const int* x, int* out, int n, int width) {
  segment_sums_kernel<<<blocks_for(n, 128), 128, 0, native(s)>>>(x, out, n, width);
}
void warp_scan(parity::Stream s, const int* x, int* out, int n) {
  warp_scan_kernel<<<blocks_for(n, 64), 64, 0, native(s)>>>(x, out, n);
}
void butterfly_sums(parity::Stream s, const int* x, int* out, int n) {
  butterfly_kernel<<<blocks_for(n, 96), 96, 0, native(s)>>>(x, out, n);
}
void broadcast(parity::Stream s, const int* x, int* out, int n, int src) {
  broadcast_kernel<<<blocks_for(n, 64), 64, 0, native(s)>>>(x, out, n, src);
}
void compact_positive(parity::Stream s, const int* x, int* out, int* count, int n) {
  compact_kernel<<<blocks_for(n, 256), 256, 0, native(s)>>>(x, out, count, n);
}
void votes(parity::Stream s, const int* x, unsigned* out, int n) {
  votes_kernel<<<blocks_for(n, 64), 64, 0, native(s)>>>(x, out, n);
}
void match_any(parity::Stream s, const int* x, unsigned* out, int n) {
  match_any_kernel<<<blocks_for(n, 32), 32, 0, native(s)>>>(x, out, n);
}
void active_mask_odd(parity::Stream s, unsigned* out, int n) {
  active_mask_kernel<<<blocks_for(n, 64), 64, 0, native(s)>>>(out, n);
}
void barrier_votes(parity::Stream s, const int* x, int* out, int n, int block) {
  barrier_votes_kernel<<<blocks_for(n, block), block, 0, native(s)>>>(x, out, n);
}
void reduce_add(parity::Stream s, const unsigned* x, unsigned* out, int n) {
  reduce_add_kernel<<<blocks_for(n, 64), 64, 0, native(s)>>>(x, out, n);
}

}  // namespace simt_test::cuda
