// Internal: the comparator's hot loop for same-format IEEE-like tensors (f64, f32, f16, bf16)
// under the elementwise model. One block of finite values per call, branch-free, written with
// GCC/Clang vector extensions in 8 fixed lanes so that every build (SSE2 or AVX2) sums in the
// same order and gives bit-identical statistics. A block holding NaN or inf is left to the
// generic path (compare.cpp), which implements the same rules one element at a time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "parity/dtype.hpp"

namespace parity::detail {

//! Floating-point sums live in 4 lanes. Each aligned group of 8 elements of a block adds
//! d[j] + d[j+4] to lane j (and d[j]^2 + d[j+4]^2 to the squares), missing or non-finite
//! elements counting as +0.0; a block's sum is ((lane0 + lane1) + lane2) + lane3.
inline constexpr int kLanes = 4;

//! The group rule above, for one group of 8 (the scalar paths use it).
inline void add_group(const double (&d)[8], double (&sum)[kLanes], double (&sq)[kLanes]) {
  for (int j = 0; j < kLanes; ++j) {
    sum[j] += d[j] + d[j + 4];
    sq[j] += d[j] * d[j] + d[j + 4] * d[j + 4];
  }
}

struct FastParams {
  std::uint64_t max_ulp = 0;
  bool has_ulp = false;
  bool has_tol = false;
  bool any = true;
  bool exact = false;
  bool signed_zero = false;
  double atol = 0.0;
  double rtol = 0.0;
};

struct FastOut {
  std::int64_t bitwise_equal = 0;
  std::int64_t fails = 0;
  std::int64_t ulp0 = 0;            // elements 0 ULP apart
  std::int64_t ulp1 = 0;            // 1 ULP
  std::int64_t ulp_over2 = 0;       // more than 2 ULPs
  std::int64_t buckets[21] = {};    // buckets 3.. of UlpHistogram (3-4, 5-8, ..., >2^20)
  std::int64_t zero_sign = 0;       // both zero, signs differ
  std::int64_t toward_zero = 0;     // |cand| < |golden|
  std::int64_t away_from_zero = 0;  // |cand| > |golden|
  std::int64_t negative = 0;        // cand < golden
  std::int64_t fail_twice = 0;      // failing, cand == 2*golden != 0
  std::int64_t fail_half = 0;       // failing, cand == golden/2, golden != 0
  std::int64_t fail_zero = 0;       // failing, cand == 0 != golden
  std::uint64_t max_ulp = 0;
  double max_abs = 0.0;
  double max_rel = 0.0;
  double lane_sum[kLanes] = {};
  double lane_sq[kLanes] = {};
  bool fail_flags_valid = true;  // false: no element failed and the flags were not written
};

//! Judges n <= kCompareBlockSize elements. Writes per-element ULP distances (uint32 for f32,
//! f16, bf16; uint64 for f64) to ulp_scratch and 0/nonzero fail flags to fail_scratch (unless
//! out.fail_flags_valid is false). For f32, f16 and bf16 the error statistics (the signed error,
//! max abs, max rel) are computed in float; pass/fail always in double. Returns false, with
//! `out` unspecified, when the block holds a NaN or an infinity.
//! `rel_floor` is the largest relative error seen so far (negative: none yet): when no element
//! of the block exceeds it, out.max_rel is -1 instead of the block's maximum, which saves the
//! divisions.
using FastKernel = bool (*)(const std::byte* golden, const std::byte* candidate, std::int64_t n,
                            const FastParams& params, double rel_floor, FastOut& out,
                            void* ulp_scratch, std::uint32_t* fail_scratch);

//! The kernel for a dtype (nullptr when it has none), built for the best instruction set this
//! CPU offers (AVX2 or the x86-64 baseline).
FastKernel fast_kernel(DType dtype, bool denormals_as_zero);
//! The same, forcing the baseline build (tests use it to prove both builds agree).
FastKernel fast_kernel_baseline(DType dtype, bool denormals_as_zero);

}  // namespace parity::detail
