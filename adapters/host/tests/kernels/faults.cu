// Kernels that are wrong on purpose: the emulator must report them, never hang.
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void divergent_barrier_kernel(int* out) {
  if (threadIdx.x < 16) {
    out[threadIdx.x] = 1;
    __syncthreads();  // only half of the block ever gets here
  }
}

__global__ void two_barriers_kernel(int* out) {
  if (threadIdx.x % 2 == 0) {
    __syncthreads();
    out[threadIdx.x] = 0;
  } else {
    out[threadIdx.x] = 1;
    __syncthreads();
  }
}

__global__ void partial_mask_kernel(int* out) {
  int v = static_cast<int>(threadIdx.x);
  v += __shfl_down_sync(0x0000ffffu, v, 1);  // names lanes 0-15, but all 32 lanes call it
  out[threadIdx.x] = v;
}

__global__ void trap_kernel(int* out) {
  out[threadIdx.x] = 1;
  if (threadIdx.x == 3) __trap();
}

__global__ void two_failing_blocks_kernel(int* out, int bad_low, int bad_high) {
  const int b = static_cast<int>(blockIdx.x);
  if ((b == bad_low || b == bad_high) && threadIdx.x == 5) __trap();
  if (threadIdx.x == 0) out[b] = 1;
}

namespace simt_test::cuda {

void divergent_barrier(parity::Stream s, int* out) {
  divergent_barrier_kernel<<<2, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void two_barriers(parity::Stream s, int* out) {
  two_barriers_kernel<<<1, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void partial_mask_shuffle(parity::Stream s, int* out) {
  partial_mask_kernel<<<1, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void throwing_kernel(parity::Stream s, int* out) {
  trap_kernel<<<1, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void two_failing_blocks(parity::Stream s, int* out, int blocks, int bad_low, int bad_high) {
  two_failing_blocks_kernel<<<blocks, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(
      out, bad_low, bad_high);
}

}  // namespace simt_test::cuda
