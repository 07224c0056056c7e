// denormals: kernels that produce and consume subnormal numbers, the values a device that
// flushes denormals to zero (FTZ/DAZ) changes. fp32, and fp16 / bf16 storage with fp32 compute
// (as mixed-precision code does): bf16 has fp32's exponent range, so its subnormals are fp32
// subnormals in the arithmetic; fp16's are normal fp32 numbers.
//  - unscale (producer): out = g * inv_scale, the unscaling of mixed-precision gradients by a
//    power-of-two loss scale, which pushes the smallest gradients into the subnormal range.
//  - tiny_ops (consumers): sum = x + y and rescaled = x * scale on inputs in the subnormal
//    range and the lowest normal binades; rescaled brings them back to normal magnitudes.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

void launch_unscale(parity::Stream stream, const float* g, float* out, float inv_scale, int n);
void launch_unscale(parity::Stream stream, const parity::f16* g, parity::f16* out, float inv_scale,
                    int n);
void launch_unscale(parity::Stream stream, const parity::bf16* g, parity::bf16* out,
                    float inv_scale, int n);

void launch_tiny_ops(parity::Stream stream, const float* x, const float* y, float* sum,
                     float* rescaled, float scale, int n);
void launch_tiny_ops(parity::Stream stream, const parity::f16* x, const parity::f16* y,
                     parity::f16* sum, parity::f16* rescaled, float scale, int n);
void launch_tiny_ops(parity::Stream stream, const parity::bf16* x, const parity::bf16* y,
                     parity::bf16* sum, parity::bf16* rescaled, float scale, int n);
