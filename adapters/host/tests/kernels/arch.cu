// __CUDA_ARCH__ as nvcc defines it: 900 in device code (sm_90, the default target), undefined in
// the launcher; a __host__ __device__ function that tests it runs its device path in kernels and
// refuses host callers.
#include <cuda_runtime.h>

#include "launchers.hpp"

#define FULL_MASK 0xffffffffu
#if __CUDA_ARCH__ >= 800
#define ARCH_IS_AMPERE_PLUS 1  // namespace scope, definitions only: the host pass's value
#endif
// A macro that tests the architecture, used only by device code: the device value.
#define ARCH_TIMES_TWO (__CUDA_ARCH__ * 2)

__host__ __device__ int path_of_hd() {
#ifdef __CUDA_ARCH__
  return 1;  // device
#else
  return 0;  // host
#endif
}

__device__ int sum_warp(int v) {
#if __CUDA_ARCH__ >= 800
  return static_cast<int>(__reduce_add_sync(FULL_MASK, static_cast<unsigned>(v)));
#else
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL_MASK, v, o);
  return __shfl_sync(FULL_MASK, v, 0) * 1000;  // the old path answers differently on purpose
#endif
}

__global__ void arch_kernel(int* out) {
  const int s = sum_warp(1);
  if (threadIdx.x == 0) {
#ifdef __CUDA_ARCH__
    out[0] = __CUDA_ARCH__;
#else
    out[0] = -1;
#endif
    out[1] = s;
    out[2] = path_of_hd();
    out[3] = ARCH_TIMES_TWO;
  }
}

namespace simt_test::arch {

ArchReport cuda_arch(parity::Stream s, int* out) {
  arch_kernel<<<1, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(out);
  ArchReport r;
#ifdef __CUDA_ARCH__
  r.launcher_sees_arch = true;
#endif
#ifdef ARCH_IS_AMPERE_PLUS
  r.namespace_macro = true;
#endif
  return r;
}
int cuda_path_of_hd_from_host() {
  return path_of_hd();
}

}  // namespace simt_test::arch
