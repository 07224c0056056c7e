// Misuse of CUB's TempStorage for race mode (built with RACE_CHECK): a TempStorage used twice
// without the __syncthreads() CUB requires between the uses. On a GPU the second use can
// overwrite what a slower warp still reads; race mode reports the conflicting accesses.
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <cuda/functional>

#include "cub_launchers.hpp"

namespace {

__global__ void reduce_twice_kernel(const float* in, float* out, bool sync_between) {
  using BlockReduce = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
  const float x = in[threadIdx.x];
  const float a = BlockReduce(temp).Sum(x);
  if (sync_between) __syncthreads();
  const float b = BlockReduce(temp).Reduce(x, cuda::maximum<>{});
  if (threadIdx.x == 0) {
    out[0] = a;
    out[1] = b;
  }
}

// BlockLoad (TRANSPOSE) then BlockReduce sharing a TempStorage union: the reduction's warp
// aggregates overwrite bytes that other threads read during the load's exchange.
__global__ void load_reduce_union_kernel(const int* in, int* out, bool sync_between) {
  using Load = cub::BlockLoad<int, 64, 2, cub::BLOCK_LOAD_TRANSPOSE>;
  using Reduce = cub::BlockReduce<int, 64>;
  // (The rewriter takes __shared__ declarations of a named type: the union is named.)
  union Shared {
    typename Load::TempStorage load;
    typename Reduce::TempStorage reduce;
  };
  __shared__ Shared temp;
  int items[2];
  Load(temp.load).Load(in, items);
  if (sync_between) __syncthreads();
  const int s = Reduce(temp.reduce).Sum(items);
  if (threadIdx.x == 0) *out = s;
}

cub_test::Status finish() {
  const cudaError_t e = cudaDeviceSynchronize();
  return {static_cast<int>(e), e == cudaSuccess ? "" : cudaGetErrorString(e)};
}

}  // namespace

cub_test::Status cub_test::race_block_reduce_twice(const float* in, float* out, bool sync_between) {
  reduce_twice_kernel<<<1, 128>>>(in, out, sync_between);
  return finish();
}
cub_test::Status cub_test::race_load_reduce_union(const int* in, int* out, bool sync_between) {
  load_reduce_union_kernel<<<1, 64>>>(in, out, sync_between);
  return finish();
}
