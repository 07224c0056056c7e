// warp_reduce: sum, max and argmax through warp shuffles, at two levels.
//
// One thread per element: element i = block * block_size + t is thread t of block `block`.
//  - Segments (width 32): the threads of a block form segments of 32 (t / 32; the last one is
//    shorter when block_size is not a multiple of 32). Every element gets its segment's sum, max
//    and argmax. 32 is part of the contract: it is a CUDA warp, and on a 64-lane wavefront it is
//    half of one.
//  - Blocks (default width): the segment results go through shared memory into one reduction per
//    block over the whole warp, whatever its width.
// argmax is the smallest index among the elements equal to the maximum. Elements past n do not
// take part. Float and f16 inputs accumulate in fp32, int32 inputs in int32.
#pragma once

#include <cstdint>

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

template <class Acc>
struct WarpReduceOutputs {
  Acc* seg_sum = nullptr;  // [n]; the three segment outputs may be null (not written)
  Acc* seg_max = nullptr;
  std::int32_t* seg_argmax = nullptr;
  Acc* block_sum = nullptr;  // [ceil(n / block_size)]
  Acc* block_max = nullptr;
  std::int32_t* block_argmax = nullptr;
};

void launch_warp_reduce(parity::Stream stream, const float* x, int n, int block_size,
                        const WarpReduceOutputs<float>& out);
void launch_warp_reduce(parity::Stream stream, const parity::f16* x, int n, int block_size,
                        const WarpReduceOutputs<float>& out);
void launch_warp_reduce(parity::Stream stream, const std::int32_t* x, int n, int block_size,
                        const WarpReduceOutputs<std::int32_t>& out);
