// special_values: how NaN, +-inf and +-0 travel through what kernels use to clamp, mask, reduce
// and convert: fminf / fmaxf (elementwise, as a clamp, and as a row-maximum reduction), round
// trips through fp16, bf16 and fp8 (e4m3, saturating), and float -> int conversions (to nearest,
// toward zero, and an int8 quantization that saturates).
#pragma once

#include <cstdint>

#include "parity/stream.hpp"

//! The elementwise outputs, one array each of n elements.
struct SpecialOutputs {
  float* min;               // fminf(a, b)
  float* max;               // fmaxf(a, b)
  float* clamp;             // fminf(fmaxf(a, -1), 1) (hardtanh)
  float* via_f16;           // float(half(a)), round to nearest
  float* via_bf16;          // float(bf16(a)), round to nearest
  float* via_fp8;           // float(e4m3(a)), saturating
  std::int32_t* to_int_rn;  // a to int, to nearest even, saturating; NaN -> 0
  std::int32_t* to_int_rz;  // a to int, toward zero, saturating; NaN -> 0
  std::int8_t* to_int8;     // clamp(to_int_rn(a), -128, 127)
};

void launch_special_elementwise(parity::Stream stream, const float* a, const float* b,
                                const SpecialOutputs& out, int n);

//! row_max[r] = the fmaxf-reduction of row r, seeded with -inf (NaN is ignored); one
//! block of 256 threads per row, warp shuffles then shared memory.
void launch_row_max(parity::Stream stream, const float* x, float* row_max, int rows, int cols);
