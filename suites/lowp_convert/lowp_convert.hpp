// lowp_convert: the fp32 -> bf16 / fp16 casts every mixed-precision code path does (weights to
// bf16, activations to fp16), in the two rounding modes the CUDA intrinsics offer most often:
// to nearest even (__float2bfloat16_rn, __float2half_rn; vectorized in pairs) and toward zero
// (__float2bfloat16_rz, __float2half_rz). One thread converts one pair of elements; an odd n
// leaves a last, single element.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

void launch_convert_bf16(parity::Stream stream, const float* x, parity::bf16* rn, parity::bf16* rz,
                         int n);
void launch_convert_f16(parity::Stream stream, const float* x, parity::f16* rn, parity::f16* rz,
                        int n);
