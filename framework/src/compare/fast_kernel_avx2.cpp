// The fast kernel built for AVX2 (chosen at run time when the CPU has it), so that a portable
// build still runs the hot loop 8 floats wide. FMA stays off: see fast_kernel_impl.hpp.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "compare/fast_kernel.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>  // before the target pragma: only the kernel is built for AVX2

#define PARITY_AVX2_KERNEL 1
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#define PARITY_KERNEL_NS avx2
#define PARITY_KERNEL_AVX 1
#include "compare/fast_kernel_impl.hpp"
#undef PARITY_KERNEL_AVX
#undef PARITY_KERNEL_NS
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

namespace parity::detail {

FastKernel fast_kernel(DType dtype, bool denormals_as_zero) {
#ifdef PARITY_AVX2_KERNEL
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
  if (has_avx2) return avx2::select(dtype, denormals_as_zero);
#endif
  return fast_kernel_baseline(dtype, denormals_as_zero);
}

}  // namespace parity::detail
