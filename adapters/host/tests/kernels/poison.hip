// The same reads on the HIP dialect: a shuffle from a lane that does not exist is defined on AMD
// (ds_bpermute returns 0); shared memory and allocations are as undefined as on NVIDIA.
#include <hip/hip_runtime.h>

#include "launchers.hpp"

// A 48-thread block is one wavefront of 48 lanes: lanes 32-47 read lanes 48-63.
__global__ void hip_shuffle_past_the_block_kernel(int* out) {
  const int v = static_cast<int>(threadIdx.x) + 1000;
  out[threadIdx.x] = __shfl_down(v, 16);
}

__global__ void hip_half_written_lds_kernel(float* out) {
  __shared__ float tile[64];
  if (threadIdx.x < 32) tile[threadIdx.x] = static_cast<float>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

namespace simt_test::poison {

void hip_shuffle_past_the_block(parity::Stream s, int* out) {
  hipLaunchKernelGGL(hip_shuffle_past_the_block_kernel, dim3(1), dim3(48), 0,
                     parity::native_handle<hipStream_t>(s), out);
}
void hip_half_written_lds(parity::Stream s, float* out) {
  hipLaunchKernelGGL(hip_half_written_lds_kernel, dim3(1), dim3(64), 0,
                     parity::native_handle<hipStream_t>(s), out);
}

}  // namespace simt_test::poison
