// attention: the forward pass of fused scaled-dot-product attention, written the way
// FlashAttention computes it. For every (batch, head) pair and query row i:
//   O_i = sum_j softmax_j(scale * q_i . k_j) v_j,   scale = 1 / sqrt(head_dim),
// over the keys j visible to i (all of them, or with `causal`, j <= i + seq_k - seq_q:
// FlashAttention's bottom-right alignment; the cases use seq_q == seq_k when causal, so that
// every row sees at least one key). Q is [batch_heads, seq_q, 64], K and V [batch_heads, seq_k,
// 64], O [batch_heads, seq_q, 64], fp16 or bf16, row-major.
//
// A block takes 32 query rows and walks the keys in tiles of 32 (never forming the whole score
// matrix): scores through shared memory, an online softmax (running max and running sum, both
// rescaled when the max grows) and the P * V product accumulated in fp32 registers; O is
// normalised by the sum and rounded to the input type once, at the end.
#pragma once

#include "parity/scalar_types.hpp"
#include "parity/stream.hpp"

inline constexpr int kAttentionHeadDim = 64;

void launch_attention(parity::Stream stream, const parity::f16* q, const parity::f16* k,
                      const parity::f16* v, parity::f16* o, int batch_heads, int seq_q, int seq_k,
                      bool causal);
void launch_attention(parity::Stream stream, const parity::bf16* q, const parity::bf16* k,
                      const parity::bf16* v, parity::bf16* o, int batch_heads, int seq_q, int seq_k,
                      bool causal);
