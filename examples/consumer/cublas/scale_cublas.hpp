#pragma once

#include "parity/stream.hpp"

void launch_scale_cublas(parity::Stream stream, float alpha, const float* x, float* y, int n);
