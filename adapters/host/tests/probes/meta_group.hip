// thread_block_tile::meta_group_rank() is in ROCm from 5.7 on; ROCm 5.2 rejects it. The
// control computes the rank by hand.
#include <hip/hip_runtime.h>  // first: ROCm 5.2's cooperative groups header needs it (6.x does not)
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(int* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
#ifdef PARITY_PROBE_CONTROL
  out[threadIdx.x] = static_cast<int>(threadIdx.x / 32);
#else
  out[threadIdx.x] = static_cast<int>(tile.meta_group_rank());
#endif
  (void)tile;
}
