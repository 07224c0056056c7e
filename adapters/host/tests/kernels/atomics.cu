// Device atomics from many blocks (several OS threads).
#include <cuda_runtime.h>

#include "launchers.hpp"

__global__ void histogram_kernel(const int* x, unsigned* bins, int n, int nbins) {
  for (int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += static_cast<int>(gridDim.x * blockDim.x)) {
    atomicAdd(&bins[x[i] % nbins], 1u);
  }
}

__global__ void float_sum_kernel(const float* x, float* sum, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) atomicAdd(sum, x[i]);
}

__global__ void double_sum_kernel(const double* x, double* sum, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) atomicAdd(sum, x[i]);
}

__global__ void atomic_misc_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  atomicMin(&out[0], x[i]);
  atomicMax(&out[1], x[i]);
  atomicAnd(&out[2], ~(1 << (i % 31)));
  atomicOr(&out[3], 1 << (i % 31));
  atomicXor(&out[4], x[i]);
  atomicInc(reinterpret_cast<unsigned*>(&out[5]), 9u);     // counts modulo 10
  atomicDec(reinterpret_cast<unsigned*>(&out[6]), 9u);     // counts down modulo 10
  if (atomicExch(&out[7], 1) == 0) atomicAdd(&out[8], 1);  // exactly one winner
  // A spin lock with atomicCAS / atomicExch around a plain increment. Threads of one block
  // cannot spin here (they share a fiber scheduler that only switches at collectives), so only
  // lane 0 of each block takes the lock, against the other blocks.
  if (threadIdx.x == 0) {
    while (atomicCAS(&out[9], 0, 1) != 0) {
    }
    __threadfence();
    out[10] += 1;
    __threadfence();
    atomicExch(&out[9], 0);
  }
}

namespace simt_test::cuda {

void histogram(parity::Stream s, const int* x, unsigned* bins, int n, int nbins) {
  histogram_kernel<<<64, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(x, bins, n, nbins);
}
void float_sum(parity::Stream s, const float* x, float* sum, int n) {
  float_sum_kernel<<<(n + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(s)>>>(x, sum, n);
}
void double_sum(parity::Stream s, const double* x, double* sum, int n) {
  double_sum_kernel<<<(n + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(s)>>>(x, sum, n);
}
void atomic_misc(parity::Stream s, const int* x, int* out, int n) {
  atomic_misc_kernel<<<(n + 127) / 128, 128, 0, parity::native_handle<cudaStream_t>(s)>>>(x, out,
                                                                                          n);
}

}  // namespace simt_test::cuda
