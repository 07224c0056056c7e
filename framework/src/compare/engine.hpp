// Internal: the comparator's per-element rules, per-block accumulation and mergeable running
// state. compare.cpp drives it; the fast kernel (fast_kernel.hpp) is an exact shortcut for
// blocks of finite same-format IEEE values.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "compare/fast_kernel.hpp"
#include "parity/compare.hpp"
#include "parity/float_format.hpp"
#include "parity/policy.hpp"
#include "parity/verdict.hpp"

namespace parity::detail {

enum class ValueKind : std::uint8_t { kFloat, kSigned, kUnsigned, kBool };

//! How one input's elements are decoded.
struct Side {
  DType dtype = DType::kFloat32;  // the component dtype for complex inputs
  ValueKind kind = ValueKind::kFloat;
  const FloatFormat* format = nullptr;
  std::size_t size = 0;  // bytes per element
};

//! One decoded element.
struct Value {
  double v = 0.0;
  std::int64_t idx = 0;  // ordered index on its own format; integer value (order-preserving)
  std::uint64_t bits = 0;
  bool nan = false;
  bool inf = false;
  bool neg = false;
  bool subnormal = false;
};

Value decode_value(const Side& side, const std::byte* p);

//! Everything constant during one comparison.
struct Context {
  Side golden, candidate;
  std::optional<Side> reference, magnitude;
  bool same_dtype = true;
  bool float_values = true;  // both sides are float formats (a sign of zero exists)
  bool cross = false;        // floats of different formats: ULPs on `grid`
  const FloatFormat* grid = nullptr;
  bool grid_is_golden = true, grid_is_candidate = true;

  Policy policy;
  bool has_ulp = false;
  std::uint64_t max_ulp = 0;
  bool tol_active = false;
  bool value_check = true;  // false under reference_relative_max
  bool exact = false;
  bool any = true;
  bool nan_equal = true, signed_zero = false, daz = false;
  ErrorModel model = ErrorModel::kElementwise;
  double atol = 0, rtol = 0, factor = 1, gamma = 0;

  //! Same-format f32/f16/bf16: the error statistics (signed error, abs, rel) are computed in
  //! float, as the fast kernel does; pass/fail is always decided in double.
  bool float_stats = false;
  FastKernel fast = nullptr;
  FastParams fast_params;
  bool ulp64_scratch = false;  // the fast kernel writes 64-bit ULPs (f64)

  Shape shape;  // the compared shape (complex: with a trailing 2)
  std::int64_t count = 0;
  std::int64_t lane_wrap = 1;  // lanes count along this many positions (last dim, or all)
  std::int64_t group = 1;      // 2 for complex: both components share a lane position
  int worst = 8;
};

//! The verdict of one element under the context's policy. No default member initializers:
//! evaluate() sets every field, and in the generic loop the struct then dissolves into registers
//! instead of being cleared with a memset per element.
struct Eval {
  bool fail;
  bool finite;
  bool non_finite;  // classes disagree (or NaN with NaN != NaN)
  bool nan_mismatch, inf_mismatch, cand_nan_only, zero_sign;
  bool bit_equal;
  std::uint64_t ulp;
  double golden, candidate;
  std::uint64_t golden_bits, candidate_bits;
  double diff, abs, rel;
  bool has_ref;
  double ref, cand_ref, golden_ref;
  bool has_bound;
  double bound;
};

Eval evaluate(const Context& x, Value g, Value c, double ref, double mag);

struct BlockPtrs {
  const std::byte* golden = nullptr;
  const std::byte* candidate = nullptr;
  const std::byte* reference = nullptr;
  const std::byte* magnitude = nullptr;
};

//! Per-element working memory of one block.
struct Scratch {
  std::vector<std::uint64_t> ulp64;
  std::vector<std::uint32_t> ulp32;
  std::vector<std::uint32_t> fail;
  std::vector<std::uint8_t> flags;  // generic path: kFinite | kNonFinite
  Scratch();
};

struct WorstEntry {
  std::uint64_t key = 0;
  ElementReport report;
};

//! Running statistics: everything except the floating-point sums, which are folded block by
//! block in index order by the caller. Merging two of these is exact and order-free.
struct Running {
  std::int64_t count = 0, bitwise_equal = 0, fails = 0, zero_sign = 0;
  std::int64_t nan_mismatch = 0, inf_mismatch = 0, cand_nan_only = 0, non_finite_fails = 0;
  std::int64_t fail_twice = 0, fail_half = 0, fail_zero = 0, finite = 0;
  std::int64_t fail_zero_subnormal = 0;  // of fail_zero: the golden is subnormal (FTZ hint)
  std::int64_t fail_poison = 0;  // failing, the candidate carries the poison (parity/poison.hpp)
  BiasStats bias;
  UlpHistogram hist;
  Extreme<std::uint64_t> max_ulp;
  Extreme<double> max_abs, max_rel, max_cand_ref, max_golden_ref;
  std::array<std::int64_t, 64> lanes{};
  std::vector<WorstEntry> worst;                   // sorted: key descending, index ascending
  std::uint64_t golden_first = 0, cand_first = 0;  // encodings of element 0
  // Still true while every element seen equals element 0 / is +-0 (checked with early exit).
  bool golden_constant = true, cand_constant = true, golden_zero = true, cand_zero = true;

  void merge(const Running& other, int worst_limit);
};

struct BlockSums {
  double sum = 0.0;
  double sq = 0.0;
};

//! Judges elements [base, base + n) (n <= kCompareBlockSize, base a multiple of it unless this
//! is the tensor's last block) and merges them into `r`. Returns the block's sums.
BlockSums process_block(const Context& x, const BlockPtrs& p, std::int64_t n, std::int64_t base,
                        Running& r, Scratch& s, bool allow_fast);

}  // namespace parity::detail
