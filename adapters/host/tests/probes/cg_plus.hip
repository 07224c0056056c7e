// cg::reduce and cg::plus are CUDA's (cooperative_groups/reduce.h); no ROCm 5.x or 6.x has
// them. The control reduces with tile shuffles.
#include <hip/hip_runtime.h>  // first: ROCm 5.2's cooperative groups header needs it (6.x does not)
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(float* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = out[threadIdx.x];
#ifdef PARITY_PROBE_CONTROL
  for (int o = 16; o > 0; o /= 2) v += tile.shfl_xor(v, o);
#else
  v = cg::reduce(tile, v, cg::plus<float>());
#endif
  out[threadIdx.x] = v;
}
