// Launchers of the tiny kernels the GPU adapter tests run; test_kernels.cu (CUDA) and
// test_kernels.hip (HIP) define them, like a suite's original and its port.
#pragma once

#include "parity/stream.hpp"

//! y[i] = a * x[i] + b for i < n, `block` threads per block (2048 makes the runtime reject it).
void launch_scale_add(parity::Stream stream, const float* x, float* y, float a, float b, int n,
                      int block);
//! *out = warpSize as device code sees it.
void launch_write_warp_size(parity::Stream stream, int* out);
//! *target = value; with a bad `target` the kernel faults.
void launch_store(parity::Stream stream, int* target, int value);
