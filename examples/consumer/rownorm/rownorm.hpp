// What the tests call, declared without any CUDA or HIP type: the kernel files' own launcher
// and CPU reference (as rownorm.cu and rownorm.hip define them), and the adapter of the
// launcher that takes a native stream.
#pragma once

#include "parity/stream.hpp"

// rownorm.cu / rownorm.hip, unchanged: kernel 1 or 2 on the default stream; any other number
// prints "Invalid kernel number" and calls exit(1).
void rownorm_forward(int kernel_num, float* out, const float* inp, int N, int C, int block_size);
// rownorm.cu: the CPU reference, linked from the CUDA original on every backend
// (REFERENCE_FUNCTIONS), never from the port under test.
void rownorm_forward_cpu(float* out, const float* inp, int N, int C);
// rownorm_adapter.cu / rownorm_adapter.hip: kernel 2 on the case's stream.
void launch_rownorm_forward2(parity::Stream stream, float* out, const float* inp, int N, int C,
                             int block_size);
