// A hipified reduction that includes the cooperative groups header and keeps CUDA's 32-bit mask:
// the header must not bring CUDA's 32-bit *_sync overloads along, so the mask is refused as
// ROCm 6.2+ refuses it. The control passes a 64-bit mask.
#include <hip/hip_runtime.h>  // first: ROCm 5.2's cooperative groups header needs it (6.x does not)
#include <hip/hip_cooperative_groups.h>

#ifdef PARITY_PROBE_CONTROL
#define MASK 0xffffffffffffffffull
#else
#define MASK 0xffffffffu
#endif

namespace cg = cooperative_groups;

__global__ void k(float* out) {
  cg::thread_block block = cg::this_thread_block();
  float v = out[block.thread_rank()];
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_xor_sync(MASK, v, o);
  out[block.thread_rank()] = v;
}
