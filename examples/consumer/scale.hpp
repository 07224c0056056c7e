// scale: y = alpha * x. The CUDA original and the HIP port both define this launcher; the test
// calls it without knowing which backend runs it.
#pragma once

#include "parity/stream.hpp"

void launch_scale(parity::Stream stream, float alpha, const float* x, float* y, int n);
