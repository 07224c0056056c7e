// The HIP port's wavefront code, at the stream's warp size (64 on CDNA, 32 on RDNA).
#include <hip/hip_runtime.h>

#include "launchers.hpp"

__global__ void warp_sums_kernel(const float* x, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  float v = i < n ? x[i] : 0.0f;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  if (i < n && threadIdx.x % warpSize == 0) out[i / warpSize] = v;
}

// The faulty port (pitfalls: the shuffle offsets still start at 16, the CUDA habit, while the
// lane and warp ids come from warpSize): right at warp 32; at warp 64 lane 0 only ever sees
// lanes 0-31, so every wavefront's sum loses lanes 32-63.
__global__ void warp32_sums_kernel(const float* x, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  float v = i < n ? x[i] : 0.0f;
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down(v, offset);
  if (i < n && threadIdx.x % warpSize == 0) out[i / warpSize] = v;
}

__global__ void ballot_count64_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned long long ballot = __ballot(i < n && x[i] > 0);
  if (i < n && threadIdx.x % warpSize == 0) out[i / warpSize] = __popcll(ballot);
}

__global__ void ballot_count32_kernel(const int* x, int* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const unsigned ballot = static_cast<unsigned>(__ballot(i < n && x[i] > 0));  // drops lanes 32+
  if (i < n && threadIdx.x % warpSize == 0) out[i / warpSize] = __popc(ballot);
}

template <class T>
__global__ void saxpy_t(T a, const T* __restrict__ x, const T* __restrict__ y, T* __restrict__ out,
                        int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = a * x[i] + y[i];
}

__global__ void warp_size_kernel(int* out) {
  out[threadIdx.x] = warpSize;
}

// Masks that name lanes which do not execute the call: ROCm requires the mask to equal the lanes
// that execute it. A 96-thread block's second wavefront has lanes 0-31 only.
__global__ void full_mask_partial_wave_kernel(int* out) {
  int v = static_cast<int>(threadIdx.x);
  v += __shfl_down_sync(0xffffffffffffffffull, v, 1);
  out[threadIdx.x] = v;
}
// Lanes 40-63 return first; lanes 0-39 still name all 64.
__global__ void exited_lanes_mask_kernel(int* out) {
  if (threadIdx.x >= 40) return;
  int v = static_cast<int>(threadIdx.x);
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 1);
  out[threadIdx.x] = v;
}
// The fix: the mask of the lanes that are there.
__global__ void active_mask_partial_wave_kernel(int* out) {
  int v = static_cast<int>(threadIdx.x);
  const unsigned long long mask = __activemask();
  v += __shfl_xor_sync(mask, v, 1);
  out[threadIdx.x] = v;
}

namespace simt_test::hip {

namespace {
hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}
}  // namespace

void warp_sums(parity::Stream s, const float* x, float* out, int n) {
  hipLaunchKernelGGL(warp_sums_kernel, dim3((n + 255) / 256), dim3(256), 0, native(s), x, out, n);
}
void warp32_sums(parity::Stream s, const float* x, float* out, int n) {
  hipLaunchKernelGGL(warp32_sums_kernel, dim3((n + 255) / 256), dim3(256), 0, native(s), x, out, n);
}
void ballot_count64(parity::Stream s, const int* x, int* out, int n) {
  hipLaunchKernelGGL(ballot_count64_kernel, dim3((n + 127) / 128), dim3(128), 0, native(s), x, out,
                     n);
}
void ballot_count32(parity::Stream s, const int* x, int* out, int n) {
  hipLaunchKernelGGL(ballot_count32_kernel, dim3((n + 127) / 128), dim3(128), 0, native(s), x, out,
                     n);
}
void saxpy_ggl(parity::Stream s, float a, const float* x, const float* y, float* out, int n) {
  hipLaunchKernelGGL(HIP_KERNEL_NAME(saxpy_t<float>), dim3((n + 63) / 64), dim3(64), 0, native(s),
                     a, x, y, out, n);
}
void saxpy_chevrons(parity::Stream s, float a, const float* x, const float* y, float* out, int n) {
  saxpy_t<<<dim3((n + 63) / 64), dim3(64), 0, native(s)>>>(a, x, y, out, n);
}
void full_mask_partial_wave(parity::Stream s, int* out) {
  hipLaunchKernelGGL(full_mask_partial_wave_kernel, dim3(1), dim3(96), 0, native(s), out);
}
void exited_lanes_mask(parity::Stream s, int* out) {
  hipLaunchKernelGGL(exited_lanes_mask_kernel, dim3(1), dim3(64), 0, native(s), out);
}
void active_mask_partial_wave(parity::Stream s, int* out) {
  hipLaunchKernelGGL(active_mask_partial_wave_kernel, dim3(1), dim3(96), 0, native(s), out);
}
void warp_size(parity::Stream s, int* out) {
  hipLaunchKernelGGL(warp_size_kernel, dim3(1), dim3(4), 0, native(s), out);
}

}  // namespace simt_test::hip
