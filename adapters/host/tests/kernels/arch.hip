// hipcc's device-pass macros: __HIP_DEVICE_COMPILE__, __gfx942__, __GFX9__ in device code only;
// __AMDGCN_WAVEFRONT_SIZE in both passes; __CUDA_ARCH__ never (hipified code that kept it takes
// its fallback path, as with hipcc).
#include <hip/hip_runtime.h>

#include "launchers.hpp"

__global__ void hip_arch_kernel(int* out) {
  if (threadIdx.x != 0) return;
#if defined(__HIP_DEVICE_COMPILE__)
  out[0] = 1;
#else
  out[0] = 0;
#endif
#if defined(__gfx942__) && defined(__GFX9__) && !defined(__gfx90a__)
  out[1] = 942;
#else
  out[1] = 0;
#endif
  out[2] = __AMDGCN_WAVEFRONT_SIZE;
#ifdef __CUDA_ARCH__
  out[3] = 1;
#else
  out[3] = 0;
#endif
}

namespace simt_test::arch {

ArchReport hip_arch(parity::Stream s, int* out) {
  hipLaunchKernelGGL(hip_arch_kernel, dim3(1), dim3(64), 0, parity::native_handle<hipStream_t>(s),
                     out);
  ArchReport r;
#if defined(__HIP_DEVICE_COMPILE__) || defined(__gfx942__)
  r.launcher_sees_arch = true;
#endif
  r.wavefront_macro = __AMDGCN_WAVEFRONT_SIZE;
  return r;
}

}  // namespace simt_test::arch
