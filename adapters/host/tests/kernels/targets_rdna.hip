// Built for gfx1100 (TARGET gfx1100 in CMakeLists.txt): an RDNA3 device, wave32.
#include <hip/hip_runtime.h>

#include "launchers.hpp"

__global__ void rdna_kernel(int* out) {
  if (threadIdx.x != 0) return;
  out[0] = warpSize;
  out[1] = __AMDGCN_WAVEFRONT_SIZE;
#if defined(__gfx1100__) && defined(__GFX11__) && !defined(__GFX9__)
  out[2] = 1100;
#else
  out[2] = 0;
#endif
}

namespace simt_test::targets {

void rdna(parity::Stream s, int* out) {
  hipLaunchKernelGGL(rdna_kernel, dim3(1), dim3(64), 0, parity::native_handle<hipStream_t>(s), out);
}
int rdna_warp_size_reported() {
  hipDeviceProp_t p;
  if (hipGetDeviceProperties(&p, 0) != hipSuccess) return -1;
  return p.warpSize;
}

}  // namespace simt_test::targets
