// Launchers of the case-API fault tests: one correct kernel and kernels that fail in the ways
// a real port fails (writes nothing, faults at run time).
#pragma once

#include "parity/stream.hpp"

void launch_scaled_copy(parity::Stream stream, float scale, const float* x, float* y, int n);
void launch_write_nothing(parity::Stream stream, const float* x, float* y, int n);
void launch_fault(parity::Stream stream, const float* x, float* y, int n);
