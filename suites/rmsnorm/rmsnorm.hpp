// rmsnorm: y[r, c] = x[r, c] * rstd_r * gamma[c], rstd_r = 1 / sqrt(sum_c x[r, c]^2 / cols + eps)
// (LLaMA-style models' normalization). rstd is an output too (kept for the backward pass).
//
// One block per row of `block` threads (a multiple of 32, up to 1024; not necessarily of 64);
// every thread takes the columns c = t, t + block, ... . x, gamma and y share one format (fp32,
// fp16 or bf16); the sum of squares is accumulated in fp32.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

template <class T>
struct RmsNormArgs {
  const T* x = nullptr;      // [rows, cols]
  const T* gamma = nullptr;  // [cols]
  T* y = nullptr;            // [rows, cols]
  float* rstd = nullptr;     // [rows]
  int rows = 0;
  int cols = 0;
  float eps = 1e-6f;
};

void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<float>& args, int block);
void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<parity::f16>& args, int block);
void launch_rmsnorm(parity::Stream stream, const RmsNormArgs<parity::bf16>& args, int block);
