// layernorm: y[r, c] = (x[r, c] - mean_r) * rstd_r * gamma[c] + beta[c], with
// mean_r = sum_c x[r, c] / cols, var_r = sum_c (x[r, c] - mean_r)^2 / cols (two passes: the
// variance is summed from the centred values) and rstd_r = 1 / sqrt(var_r + eps). mean and rstd
// are outputs too (a training step keeps them for the backward pass).
//
// One block per row of `block` threads (a multiple of 32, up to 1024; not necessarily of 64);
// every thread takes the columns c = t, t + block, ... . x, gamma, beta and y share one format
// (fp32, fp16 or bf16); everything is computed in fp32.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

template <class T>
struct LayerNormArgs {
  const T* x = nullptr;      // [rows, cols]
  const T* gamma = nullptr;  // [cols]
  const T* beta = nullptr;   // [cols]
  T* y = nullptr;            // [rows, cols]
  float* mean = nullptr;     // [rows]
  float* rstd = nullptr;     // [rows]
  int rows = 0;
  int cols = 0;
  float eps = 1e-5f;
};

void launch_layernorm(parity::Stream stream, const LayerNormArgs<float>& args, int block);
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::f16>& args, int block);
void launch_layernorm(parity::Stream stream, const LayerNormArgs<parity::bf16>& args, int block);
