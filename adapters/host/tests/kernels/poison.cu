// Reads a GPU leaves undefined, on the CUDA dialect: never-written shared memory, a shuffle from
// a lane that does not exist, a fresh allocation. The emulator gives them the poison pattern.
#include <cuda_runtime.h>

#include "launchers.hpp"

// Only the first half of the tile is written; every thread reads its own element.
__global__ void half_written_shared_kernel(float* out) {
  __shared__ float tile[64];
  if (threadIdx.x < 32) tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

// A 48-thread block: its second warp has lanes 0-15 only, so lane l reads lane l + 16, which
// does not exist for every lane of that warp. The full mask is legal in CUDA (those lanes count as
// exited); the value is undefined.
__global__ void shuffle_past_the_block_kernel(int* out) {
  const int v = static_cast<int>(threadIdx.x) + 1000;
  out[threadIdx.x] = __shfl_down_sync(0xffffffffu, v, 16);
}

namespace simt_test::poison {

void cuda_half_written_shared(parity::Stream s, float* out) {
  half_written_shared_kernel<<<1, 64, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
void cuda_shuffle_past_the_block(parity::Stream s, int* out) {
  shuffle_past_the_block_kernel<<<1, 48, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
}
std::uint32_t cuda_fresh_allocation_word() {
  std::uint32_t* p = nullptr;
  cudaMalloc(&p, 64);
  std::uint32_t word = 0;
  cudaMemcpy(&word, p + 3, sizeof word, cudaMemcpyDeviceToHost);
  cudaFree(p);
  return word;
}

}  // namespace simt_test::poison
