// A faulty port, kept to prove parity catches it: hipify's output of the CUDA original with only
// the compile errors fixed (HIP's *_sync forms reject 32-bit masks, so the maskless __shfl_up and
// __ballot are used). The warp-32 lane arithmetic is harmless here (a scan from offset 1 to 16
// stays inside its 32 lanes), but __ballot returns one bit per lane of the 64-lane wavefront and
// the `unsigned` it is stored in keeps lanes 0-31 only: both halves of every wavefront count the
// lower half's votes, so block counts, offsets and positions are wrong.
#include <hip/hip_runtime.h>

#include "../scan_compact.hpp"

// hipcc does not warn about the 64-to-32-bit truncation below (-Wshorten-64-to-32 is not on by
// default); parity's -Wconversion would, and the port must compile to show its wrong numbers.
#pragma GCC diagnostic ignored "-Wconversion"

// Lane l ends with v_0 + ... + v_l (Hillis-Steele over the warp).
__device__ __forceinline__ int warp_inclusive_scan(int v, int lane) {
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int up = __shfl_up(v, offset);
    if (lane >= offset) v += up;
  }
  return v;
}

// Inclusive scan over the block (every thread calls it); *total receives the block's sum.
__device__ int block_inclusive_scan(int v, int* total) {
  __shared__ int warp_totals[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int warps = (blockDim.x + 31) / 32;
  v = warp_inclusive_scan(v, lane);
  // The last lane of a warp holds its total; the last warp of a 1000-thread block ends at lane 7.
  if (lane == 31 || threadIdx.x == blockDim.x - 1) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    const int t = warp_inclusive_scan(lane < warps ? warp_totals[lane] : 0, lane);
    warp_totals[lane] = t;
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  *total = warp_totals[warps - 1];
  __syncthreads();  // the slots are reused by the next call
  return v;
}

__global__ void block_scan_kernel(const int* __restrict__ x, int* __restrict__ y,
                                  int* __restrict__ block_totals, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int total = 0;
  const int v = block_inclusive_scan(i < n ? x[i] : 0, &total);
  if (i < n) y[i] = v;
  if (threadIdx.x == 0) block_totals[blockIdx.x] = total;
}

// Pass 1: how many elements of each block are kept.
template <class T>
__global__ void count_kernel(const T* __restrict__ x, T threshold, int n,
                             int* __restrict__ block_kept) {
  __shared__ int warp_kept[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int warps = (blockDim.x + 31) / 32;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool keep = i < n && x[i] > threshold;
  const unsigned ballot = __ballot(keep);
  if (lane == 0) warp_kept[warp] = __popc(ballot);
  __syncthreads();
  if (threadIdx.x == 0) {
    int kept = 0;
    for (int w = 0; w < warps; ++w) kept += warp_kept[w];
    block_kept[blockIdx.x] = kept;
  }
}

// Pass 2 (one block): exclusive prefix of the block counts, in chunks of blockDim.x.
__global__ void offsets_kernel(const int* __restrict__ block_kept, int* __restrict__ block_offset,
                               int* __restrict__ kept_total, int blocks) {
  int carry = 0;
  for (int first = 0; first < blocks; first += blockDim.x) {
    const int b = first + threadIdx.x;
    const int kept = b < blocks ? block_kept[b] : 0;
    int chunk_total = 0;
    const int inclusive = block_inclusive_scan(kept, &chunk_total);
    if (b < blocks) block_offset[b] = carry + inclusive - kept;
    carry += chunk_total;
  }
  if (threadIdx.x == 0) *kept_total = carry;
}

// Pass 3: every element's position. A kept element goes after the kept elements of the blocks
// before (block_offset) and of its own block before it; a rejected one after all kept elements
// and the rejected elements before it.
template <class T>
__global__ void scatter_kernel(const T* __restrict__ x, T threshold, int n,
                               const int* __restrict__ block_offset,
                               const int* __restrict__ kept_total, T* __restrict__ values,
                               int* __restrict__ source) {
  __shared__ int warp_prefix[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  const int warps = (blockDim.x + 31) / 32;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool keep = i < n && x[i] > threshold;
  const unsigned ballot = __ballot(keep);
  const int rank = __popc(ballot & ((1u << lane) - 1));  // kept lanes below this one
  if (lane == 0) warp_prefix[warp] = __popc(ballot);
  __syncthreads();
  if (warp == 0) {
    const int count = lane < warps ? warp_prefix[lane] : 0;
    const int inclusive = warp_inclusive_scan(count, lane);
    if (lane < warps) warp_prefix[lane] = inclusive - count;
  }
  __syncthreads();
  if (i < n) {
    const int kept_before = warp_prefix[warp] + rank;  // in this block
    const int block_first = blockIdx.x * blockDim.x;
    const int pos = keep ? block_offset[blockIdx.x] + kept_before
                         : *kept_total + (block_first - block_offset[blockIdx.x]) +
                               (static_cast<int>(threadIdx.x) - kept_before);
    // The positions come from counts other threads computed: never write past the end.
    if (pos < n) {
      values[pos] = x[i];
      source[pos] = i;
    }
  }
}

void launch_block_scan(parity::Stream stream, const std::int32_t* x, std::int32_t* y,
                       std::int32_t* block_totals, int n, int block_size) {
  const int grid = (n + block_size - 1) / block_size;
  hipLaunchKernelGGL(block_scan_kernel, dim3(grid), dim3(block_size), 0,
                     parity::native_handle<hipStream_t>(stream), x, y, block_totals, n);
}

template <class T>
static void partition(parity::Stream stream, const T* x, T threshold, int n, int block_size,
                      const PartitionOutputs<T>& out) {
  const auto s = parity::native_handle<hipStream_t>(stream);
  const int grid = (n + block_size - 1) / block_size;
  hipLaunchKernelGGL(count_kernel<T>, dim3(grid), dim3(block_size), 0, s, x, threshold, n,
                     out.block_kept);
  hipLaunchKernelGGL(offsets_kernel, dim3(1), dim3(1024), 0, s, out.block_kept, out.block_offset,
                     out.kept_total, grid);
  hipLaunchKernelGGL(scatter_kernel<T>, dim3(grid), dim3(block_size), 0, s, x, threshold, n,
                     out.block_offset, out.kept_total, out.values, out.source);
}

void launch_partition(parity::Stream stream, const std::int32_t* x, std::int32_t threshold, int n,
                      int block_size, const PartitionOutputs<std::int32_t>& out) {
  partition(stream, x, threshold, n, block_size, out);
}

void launch_partition(parity::Stream stream, const float* x, float threshold, int n, int block_size,
                      const PartitionOutputs<float>& out) {
  partition(stream, x, threshold, n, block_size, out);
}
