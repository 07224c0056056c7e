// Stand-in for HIP's hip/hip_cooperative_groups.h (parity-simt host builds): the members ROCm
// has in the release PARITY_SIMT_ROCM_VERSION names (see parity/simt/cooperative_groups.hpp).
#pragma once

#include "hip/hip_runtime.h"
#include "parity/simt/cooperative_groups.hpp"

#if PARITY_SIMT_ROCM_AT_LEAST(70000)
#include "parity/simt/cooperative_groups_reduce.hpp"
#else
// cg::reduce and its operators are CUDA's cooperative_groups/reduce.h; ROCm has them from 7.0.
namespace cooperative_groups {
#define PARITY_SIMT_CG_NO_REDUCE                                                       \
  "parity-simt (" PARITY_SIMT_API_SET                                                  \
  "): cooperative groups: cg::reduce and its operators "                               \
  "(cg::plus, cg::less, ...) are not in ROCm before 7.0: reduce with tile.shfl_xor / " \
  "tile.shfl_down, or set PARITY_SIMT_ROCM_VERSION=7.0 if your runners have it"
template <class... Args>
auto reduce(Args&&...) {  // deduced: the message comes at the call (see device_api.def)
  static_assert(::parity::simt::detail::kUnavailable<Args...>, PARITY_SIMT_CG_NO_REDUCE);
  return 0;
}
#define PARITY_SIMT_CG_NO_OPERATOR(name)                                              \
  template <class T>                                                                  \
  struct name {                                                                       \
    static_assert(::parity::simt::detail::kUnavailable<T>, PARITY_SIMT_CG_NO_REDUCE); \
  };
PARITY_SIMT_CG_NO_OPERATOR(plus)
PARITY_SIMT_CG_NO_OPERATOR(less)
PARITY_SIMT_CG_NO_OPERATOR(greater)
PARITY_SIMT_CG_NO_OPERATOR(bit_and)
PARITY_SIMT_CG_NO_OPERATOR(bit_or)
PARITY_SIMT_CG_NO_OPERATOR(bit_xor)
#undef PARITY_SIMT_CG_NO_OPERATOR
#undef PARITY_SIMT_CG_NO_REDUCE
}  // namespace cooperative_groups
#endif
