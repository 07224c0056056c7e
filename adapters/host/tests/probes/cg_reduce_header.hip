// A hipified file keeps CUDA's #include <cooperative_groups/reduce.h>: ROCm has no such header
// (cg::reduce came with ROCm 7.0, in hip_cooperative_groups.h). The emulated HIP build must not
// pull CUDA's stand-in in (which would bring 32-bit *_sync overloads with it). The control drops
// the include and reduces with the maskless shuffle.
#include <hip/hip_runtime.h>  // first: ROCm 5.2's cooperative groups header needs it (6.x does not)
#include <hip/hip_cooperative_groups.h>
#ifndef PARITY_PROBE_CONTROL
#include <cooperative_groups/reduce.h>
#endif

namespace cg = cooperative_groups;

__global__ void k(float* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  float v = out[threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += tile.shfl_down(v, o);
  out[threadIdx.x] = v;
}
