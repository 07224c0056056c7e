// The CUDA original: float atomicAdd straight into global memory for the scatter-add, and the
// usual privatized histogram (dynamic shared memory, shared atomics, one merge per block).
#include <cuda_runtime.h>

#include <string>

#include "fp_atomics.hpp"
#include "parity/error.hpp"

__global__ void scatter_add_kernel(const float* __restrict__ w, const int* __restrict__ bin, int n,
                                   float* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&out[bin[i]], w[i]);
}

__global__ void histogram_kernel(const float* __restrict__ x, int n, float lo, float width,
                                 int bins, unsigned* counts, float* sums) {
  extern __shared__ unsigned char smem[];
  unsigned* block_counts = reinterpret_cast<unsigned*>(smem);
  float* block_sums = reinterpret_cast<float*>(block_counts + bins);
  for (int b = threadIdx.x; b < bins; b += blockDim.x) {
    block_counts[b] = 0;
    block_sums[b] = 0.0f;
  }
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float v = x[i];
    // One correctly rounded subtraction and division (nvcc's default -prec-div=true): the bin is
    // the same on every GPU.
    const int b = min(max(static_cast<int>(floorf((v - lo) / width)), 0), bins - 1);
    atomicAdd(&block_counts[b], 1u);
    atomicAdd(&block_sums[b], v);
  }
  __syncthreads();

  for (int b = threadIdx.x; b < bins; b += blockDim.x) {
    if (block_counts[b] != 0) {
      atomicAdd(&counts[b], block_counts[b]);
      atomicAdd(&sums[b], block_sums[b]);
    }
  }
}

// A launcher's only error channel is an exception: a failed memset names itself.
static void zero(void* p, size_t bytes, cudaStream_t s) {
  const cudaError_t status = cudaMemsetAsync(p, 0, bytes, s);
  if (status != cudaSuccess)
    throw parity::BackendError(std::string("fp_atomics: cudaMemsetAsync failed: ") +
                               cudaGetErrorString(status));
}

void launch_scatter_add(parity::Stream stream, const float* w, const std::int32_t* bin, int n,
                        float* out, int bins) {
  const auto s = parity::native_handle<cudaStream_t>(stream);
  zero(out, sizeof(float) * static_cast<size_t>(bins), s);
  scatter_add_kernel<<<(n + 255) / 256, 256, 0, s>>>(w, bin, n, out);
}

void launch_histogram(parity::Stream stream, const float* x, int n, float lo, float width, int bins,
                      std::uint32_t* counts, float* sums, int grid, int block) {
  const auto s = parity::native_handle<cudaStream_t>(stream);
  zero(counts, sizeof(unsigned) * static_cast<size_t>(bins), s);
  zero(sums, sizeof(float) * static_cast<size_t>(bins), s);
  const size_t shared = (sizeof(unsigned) + sizeof(float)) * static_cast<size_t>(bins);
  histogram_kernel<<<grid, block, shared, s>>>(x, n, lo, width, bins, counts, sums);
}
