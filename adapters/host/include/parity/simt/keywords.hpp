// CUDA/HIP declaration keywords for the host compiler. Every standard header the stand-ins need
// is included before this one, because glibc and libstdc++ spell attributes such as
// __attribute__((__noinline__)): that is why __noinline__ expands to nothing (as in HIP), never
// to an attribute.
#pragma once

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __forceinline__ inline
#define __noinline__
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __builtin_align__(n) alignas(n)
#define __cudart_builtin__
#define __device_builtin__

// The rewriter turns every __shared__ declaration of the sources it sees into per-block storage
// (see shared_memory.hpp). Code it did not see (a header included through an -I path, a macro
// body) falls back to this: the OS thread that runs a block runs nothing else until the block is
// done, so a thread_local static is per-block storage too; it is just invisible to race mode.
#define __shared__ static thread_local

#define PARITY_SIMT 1
