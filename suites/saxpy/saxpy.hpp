// saxpy: out = a * x + y, elementwise. The launcher is what the CUDA original and the HIP port
// both define; the test calls it without knowing which backend it runs on.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

void launch_saxpy(parity::Stream stream, float a, const float* x, const float* y, float* out,
                  int n);
//! Half-precision storage, fp32 arithmetic, one rounding to fp16 at the end.
void launch_saxpy(parity::Stream stream, float a, const parity::f16* x, const parity::f16* y,
                  parity::f16* out, int n);
