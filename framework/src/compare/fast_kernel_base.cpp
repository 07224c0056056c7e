// The fast kernel built for the x86-64 baseline (SSE2) or whatever the target's default is.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "compare/fast_kernel.hpp"

#define PARITY_KERNEL_NS baseline
#include "compare/fast_kernel_impl.hpp"
#undef PARITY_KERNEL_NS

namespace parity::detail {

FastKernel fast_kernel_baseline(DType dtype, bool denormals_as_zero) {
  return baseline::select(dtype, denormals_as_zero);
}

}  // namespace parity::detail
