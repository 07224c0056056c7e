// The HIP port: what hipify produces, and nothing had to change. HIP has float atomicAdd on
// global and shared memory, and without -munsafe-fp-atomics it is a correctly rounded
// compare-and-swap loop (unsafeAtomicAdd, the hardware float add, may ignore the rounding and
// denormal modes and may have no effect on fine-grained host memory; this port does not use it).
// The order of the additions differs from CUDA's, and from run to run, on both vendors.
#include <hip/hip_runtime.h>

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
    // One correctly rounded subtraction and division (HIP's default, like nvcc's -prec-div=true):
    // the same bin as on NVIDIA.
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
static void zero(void* p, size_t bytes, hipStream_t s) {
  const hipError_t status = hipMemsetAsync(p, 0, bytes, s);
  if (status != hipSuccess)
    throw parity::BackendError(std::string("fp_atomics: hipMemsetAsync failed: ") +
                               hipGetErrorString(status));
}

void launch_scatter_add(parity::Stream stream, const float* w, const std::int32_t* bin, int n,
                        float* out, int bins) {
  const auto s = parity::native_handle<hipStream_t>(stream);
  zero(out, sizeof(float) * static_cast<size_t>(bins), s);
  hipLaunchKernelGGL(scatter_add_kernel, dim3((n + 255) / 256), dim3(256), 0, s, w, bin, n, out);
}

void launch_histogram(parity::Stream stream, const float* x, int n, float lo, float width, int bins,
                      std::uint32_t* counts, float* sums, int grid, int block) {
  const auto s = parity::native_handle<hipStream_t>(stream);
  zero(counts, sizeof(unsigned) * static_cast<size_t>(bins), s);
  zero(sums, sizeof(float) * static_cast<size_t>(bins), s);
  const size_t shared = (sizeof(unsigned) + sizeof(float)) * static_cast<size_t>(bins);
  hipLaunchKernelGGL(histogram_kernel, dim3(grid), dim3(block), shared, s, x, n, lo, width, bins,
                     counts, sums);
}
