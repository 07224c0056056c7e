// Force-included into the real HIP compiler's compile check (ParitySuite.cmake) when the ROCm
// installed here is older than 6.2 while the emulator offers a newer HIP API set
// (PARITY_SIMT_ROCM_VERSION, passed in as PARITY_CHECK_ROCM_API). ROCm 6.2 added the *_sync warp
// functions (declared when HIP_ENABLE_WARP_SYNC_BUILTINS is defined; from 7.0 by default, with
// __syncwarp and the __reduce_*_sync reductions), so an older compiler would reject a port that
// is valid for the runners' ROCm. Declared here as that API declares them (a template on the mask
// type whose static_assert refuses anything but a 64-bit integer), on top of the maskless forms:
// the compile check then judges everything else in the port (device code, conversions,
// [[nodiscard]] results) with the real compiler. Only for the compile check: nothing built with it
// runs, and the mask rules themselves are the emulator's to check at run time.
#pragma once

#include <hip/hip_runtime.h>

#include <type_traits>

#if defined(PARITY_CHECK_ROCM_API) && HIP_VERSION < 60200000 &&                      \
    ((PARITY_CHECK_ROCM_API >= 70000 && !defined(HIP_DISABLE_WARP_SYNC_BUILTINS)) || \
     (PARITY_CHECK_ROCM_API >= 60200 && PARITY_CHECK_ROCM_API < 70000 &&             \
      defined(HIP_ENABLE_WARP_SYNC_BUILTINS)))

namespace parity_compile_check {
template <class Mask>
__device__ constexpr void require_64_bit_mask() {
  static_assert(std::is_integral_v<Mask> && sizeof(Mask) == 8,
                "the mask of a *_sync function must be a 64-bit integer (ROCm 6.2+)");
}
}  // namespace parity_compile_check

__device__ inline unsigned long long __activemask() {
  return __ballot(1);
}
template <class Mask, class T>
__device__ inline T __shfl_sync(Mask, T var, int src_lane, int width = warpSize) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __shfl(var, src_lane, width);
}
template <class Mask, class T>
__device__ inline T __shfl_up_sync(Mask, T var, unsigned int delta, int width = warpSize) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __shfl_up(var, delta, width);
}
template <class Mask, class T>
__device__ inline T __shfl_down_sync(Mask, T var, unsigned int delta, int width = warpSize) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __shfl_down(var, delta, width);
}
template <class Mask, class T>
__device__ inline T __shfl_xor_sync(Mask, T var, int lane_mask, int width = warpSize) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __shfl_xor(var, lane_mask, width);
}
template <class Mask>
__device__ inline unsigned long long __ballot_sync(Mask, int predicate) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __ballot(predicate);
}
template <class Mask>
__device__ inline int __any_sync(Mask, int predicate) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __any(predicate);
}
template <class Mask>
__device__ inline int __all_sync(Mask, int predicate) {
  parity_compile_check::require_64_bit_mask<Mask>();
  return __all(predicate);
}
template <class Mask, class T>
__device__ inline unsigned long long __match_any_sync(Mask, T value) {
  parity_compile_check::require_64_bit_mask<Mask>();
  (void)value;
  return __ballot(1);
}
template <class Mask, class T>
__device__ inline unsigned long long __match_all_sync(Mask, T value, int* pred) {
  parity_compile_check::require_64_bit_mask<Mask>();
  (void)value;
  *pred = 1;
  return __ballot(1);
}

#if PARITY_CHECK_ROCM_API >= 70000
__device__ inline void __syncwarp() {}
template <class Mask>
__device__ inline void __syncwarp(Mask) {
  parity_compile_check::require_64_bit_mask<Mask>();
}
#define PARITY_COMPILE_CHECK_REDUCE(name)              \
  template <class Mask, class T>                       \
  __device__ inline T name(Mask, T value) {            \
    parity_compile_check::require_64_bit_mask<Mask>(); \
    return value;                                      \
  }
PARITY_COMPILE_CHECK_REDUCE(__reduce_add_sync)
PARITY_COMPILE_CHECK_REDUCE(__reduce_min_sync)
PARITY_COMPILE_CHECK_REDUCE(__reduce_max_sync)
PARITY_COMPILE_CHECK_REDUCE(__reduce_and_sync)
PARITY_COMPILE_CHECK_REDUCE(__reduce_or_sync)
PARITY_COMPILE_CHECK_REDUCE(__reduce_xor_sync)
#undef PARITY_COMPILE_CHECK_REDUCE
#endif

#endif
