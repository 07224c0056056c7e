// Kernels for race mode (compiled with RACE_CHECK): shared-memory races and their absence.
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void reduce_missing_sync_kernel(const float* x, float* sums, int n) {
  __shared__ float partial[128];
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * 128 + t);
  partial[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (t < stride) partial[t] += partial[t + stride];
    // missing __syncthreads(): the next round reads what another thread may not have written
  }
  if (t == 0) sums[blockIdx.x] = partial[0];
}

__global__ void reduce_synced_kernel(const float* x, float* sums, int n) {
  __shared__ float partial[128];
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * 128 + t);
  partial[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride >>= 1) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) sums[blockIdx.x] = partial[0];
}

__global__ void read_uninitialized_kernel(float* out) {
  __shared__ float tile[64];
  if (threadIdx.x < 32) tile[threadIdx.x] = 1.0f;  // the upper half is never written
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

__global__ void warp_synchronous_kernel(const int* x, int* out, int n) {
  __shared__ int buffer[64];
  const unsigned t = threadIdx.x;
  const int i = static_cast<int>(blockIdx.x * 64 + t);
  buffer[t] = i < n ? x[i] : 0;
  __syncwarp();
  // Each lane reads its neighbour within the warp: ordered by __syncwarp, not by a barrier.
  const int neighbour = buffer[t ^ 1];
  __syncwarp();
  buffer[t] = neighbour;
  __syncwarp();
  if (i < n) out[i] = buffer[t];
}

__global__ void atomics_in_shared_kernel(int* out, int n) {
  __shared__ int counter;
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  atomicAdd(&counter, 1);
  __syncthreads();
  if (threadIdx.x == 0 && static_cast<int>(blockIdx.x) < n) out[blockIdx.x] = counter;
}

namespace simt_test::race {

void reduce_missing_sync(parity::Stream s, const float* x, float* sums, int n) {
  reduce_missing_sync_kernel<<<(n + 127) / 128, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(
      x, sums, n);
}
void reduce_synced(parity::Stream s, const float* x, float* sums, int n) {
  reduce_synced_kernel<<<(n + 127) / 128, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(x, sums,
                                                                                            n);
}
void read_uninitialized(parity::Stream s, float* out) {
  read_uninitialized_kernel<<<1, 64, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void warp_synchronous(parity::Stream s, const int* x, int* out, int n) {
  warp_synchronous_kernel<<<(n + 63) / 64, 64, 0, parity::native_handle<cudaStream_t>(s)>>>(x, out,
                                                                                            n);
}
void atomics_in_shared(parity::Stream s, int* out, int n) {
  atomics_in_shared_kernel<<<n, 96, 0, parity::native_handle<cudaStream_t>(s)>>>(out, n);
}

}  // namespace simt_test::race
