// The outcome of comparing a candidate tensor with its golden: a report, never just a bool.
// Printable as an aligned table (the failure message) and serializable to JSON.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parity/dtype.hpp"
#include "parity/policy.hpp"
#include "parity/tensor.hpp"

namespace parity {

//! A statistic's extreme value and the element where it first occurs (lowest linear index).
template <class T>
struct Extreme {
  T value{};
  std::int64_t index = -1;  // -1: no element contributed
  Shape coords;
  double golden = 0.0;
  double candidate = 0.0;
  friend bool operator==(const Extreme&, const Extreme&) = default;
};

//! ULP distances in buckets 0, 1, 2, 3-4, 5-8, ..., 2^19+1..2^20, >2^20, and one bucket for
//! elements whose classes disagree (NaN or inf on one side only, or NaN when NaN != NaN).
struct UlpHistogram {
  static constexpr int kNonFiniteBucket = 23;
  static constexpr int kBuckets = 24;
  std::array<std::int64_t, kBuckets> counts{};

  static int bucket_of(std::uint64_t ulp);
  //! "0", "1", "2", "3-4", ..., ">2^20", "nan/inf".
  static std::string label(int bucket);
  friend bool operator==(const UlpHistogram&, const UlpHistogram&) = default;
};

//! Direction of the nonzero errors of finite elements (candidate - golden != 0). Rounding to
//! nearest gives as many errors toward zero as away and as many negative as positive;
//! truncation sends (almost) every error toward zero, round-down makes them negative.
struct BiasStats {
  std::int64_t toward_zero = 0;     // |cand| < |golden|
  std::int64_t away_from_zero = 0;  // |cand| >= |golden| (a sign flip counts as away)
  std::int64_t negative = 0;        // cand < golden
  std::int64_t positive = 0;        // cand > golden

  std::int64_t nonzero() const { return toward_zero + away_from_zero; }
  double toward_zero_fraction() const;
  //! Sign-test z-scores: (toward - away) / sqrt(toward + away), (negative - positive) / sqrt(..).
  double z_toward_zero() const;
  double z_negative() const;
  friend bool operator==(const BiasStats&, const BiasStats&) = default;
};

//! One element, for the worst-K list.
struct ElementReport {
  std::int64_t index = 0;
  Shape coords;
  double golden = 0.0;
  double candidate = 0.0;
  std::uint64_t golden_bits = 0;
  std::uint64_t candidate_bits = 0;
  std::optional<double> reference;  // under the reference models
  std::optional<double> bound;      // under the reduction model: the element's allowed error
  std::uint64_t ulp = 0;            // meaningless when non_finite
  double abs_error = 0.0;
  double rel_error = 0.0;
  bool failed = false;
  bool non_finite = false;  // NaN or inf on at least one side, classes disagree
  friend bool operator==(const ElementReport&, const ElementReport&) = default;
};

enum class HintKind : std::uint8_t {
  kWarpHalf,           // mismatches in lanes 32-63 (or 0-31) of each 64: warp 32 vs wave 64
  kLanePeriodic32,     // mismatch rate depends on the lane mod 32
  kLanePeriodic64,     // mismatch rate depends on the lane mod 64
  kTwiceGolden,        // candidate exactly 2x golden: fp8 FNUZ/OCP mix-up
  kHalfGolden,         // candidate exactly 0.5x golden: fp8 OCP/FNUZ mix-up
  kAllZero,            // candidate all zeros: the kernel did not run or did not write
  kConstant,           // candidate one constant bit pattern: untouched sentinel / fill
  kZerosWhereNonzero,  // candidate zero where golden is not: part of the output unwritten
  kFlushedSubnormals,  // candidate zero where golden is subnormal: denormals flushed (FTZ)
  kNanWhereFinite,     // candidate NaN where golden is finite: NaN sentinel or invalid math
  kBiasedTowardZero,   // truncation instead of round-to-nearest
  kBiasedNegative,     // round-down
  kBiasedPositive,     // round-up
  kPoison,             // candidate carries the emulator's poison: a read of undefined memory/lanes
  kUnwritten,          // elements still hold parity's never-written sentinel: where, by structure
};
std::string_view name(HintKind kind);

struct Hint {
  HintKind kind;
  std::string message;
  friend bool operator==(const Hint&, const Hint&) = default;
};

//! Statistics of the reference models (present only under them).
struct ReferenceStats {
  Extreme<double> max_candidate_error;  // max |cand - ref|
  Extreme<double> max_golden_error;     // max |golden - ref|
  double bound = 0.0;                   // the max model's allowed max|cand - ref|
  bool passed = true;                   // the max model's whole-tensor rule
  friend bool operator==(const ReferenceStats&, const ReferenceStats&) = default;
};

struct Verdict {
  std::string name;  // the output's name, if given
  DType golden_dtype = DType::kFloat32;
  DType candidate_dtype = DType::kFloat32;
  DType grid_dtype = DType::kFloat32;  // the format ULPs are counted in
  Shape shape;
  Policy policy;

  bool passed = true;
  std::int64_t count = 0;
  std::int64_t mismatches = 0;
  std::int64_t allowed_mismatches = 0;
  std::int64_t bitwise_equal = 0;  // same bits; across formats: same value and class
  std::int64_t nan_mismatches = 0;
  std::int64_t inf_mismatches = 0;
  std::int64_t zero_sign_mismatches = 0;  // counted even when the policy ignores the sign

  Extreme<std::uint64_t> max_ulp;  // over elements with finite values on both sides
  Extreme<double> max_abs;
  Extreme<double> max_rel;  // |cand - golden| / |golden|; inf where golden is 0 and cand is not
  UlpHistogram histogram;
  double mean_error = 0.0;  // mean of (cand - golden) over finite pairs
  double rms_error = 0.0;
  BiasStats bias;
  std::optional<ReferenceStats> reference;
  //! Failing elements per lane (coordinate along the last dimension mod 64; the linear index
  //! mod 64 when the last dimension is shorter than 64).
  std::array<std::int64_t, 64> lane_mismatches{};
  std::vector<ElementReport> worst;  // failing elements first, then by ULP, then by index
  std::vector<Hint> hints;

  double bitwise_equal_fraction() const;
  double mismatch_fraction() const;
  //! The bias rule: at least 64 nonzero errors, |z| >= 5 and at least 75% in one direction.
  bool biased() const;
  bool has_hint(HintKind kind) const;

  //! The failure message: a compact, aligned, multi-line table.
  std::string table() const;
  //! One line: "PASS y float32 [64x64]: 0 of 4096 mismatches, max 1 ulp".
  std::string summary() const;

  friend bool operator==(const Verdict&, const Verdict&) = default;
};

std::ostream& operator<<(std::ostream& out, const Verdict& verdict);

//! JSON form (non-finite numbers are written as the strings "inf", "-inf", "nan").
void to_json(nlohmann::json& json, const Verdict& verdict);
void from_json(const nlohmann::json& json, Verdict& verdict);

}  // namespace parity
