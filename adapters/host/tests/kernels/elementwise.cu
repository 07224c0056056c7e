// Elementwise kernels: index arithmetic of 1-D and 3-D launches, per-thread parameter copies.
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void saxpy_kernel(float a, const float* __restrict__ x, const float* __restrict__ y,
                             float* __restrict__ out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = a * x[i] + y[i];
}

__global__ void thread_ids_kernel(std::uint32_t* out) {
  const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned linear = block * blockDim.x * blockDim.y * blockDim.z + thread;
  out[linear] = threadIdx.x | threadIdx.y << 4 | threadIdx.z << 8 | blockIdx.x << 12 |
                blockIdx.y << 16 | blockIdx.z << 20;
}

__global__ void param_copies_kernel(int* out, int n) {
  n -= static_cast<int>(threadIdx.x);  // a private copy per thread, as on a GPU
  out[threadIdx.x] = n;
}

namespace simt_test::cuda {

void saxpy(parity::Stream s, float a, const float* x, const float* y, float* out, int n) {
  const int block = 256;
  saxpy_kernel<<<(n + block - 1) / block, block, 0, parity::native_handle<cudaStream_t>(s)>>>(
      a, x, y, out, n);
}

void thread_ids(parity::Stream s, std::uint32_t* out, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz) {
  thread_ids_kernel<<<dim3(gx, gy, gz), dim3(bx, by, bz), 0,
                      parity::native_handle<cudaStream_t>(s)>>>(out);
}

void param_copies(parity::Stream s, int* out, int n, int threads) {
  param_copies_kernel<<<1, threads, 0, parity::native_handle<cudaStream_t>(s)>>>(out, n);
}

}  // namespace simt_test::cuda
