// How a candidate tensor is judged against its golden: a value type that describes itself and
// round-trips through JSON (golden files store the policy each output was judged with).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parity/dtype.hpp"

namespace parity {

//! How the active criteria of an element combine.
enum class Combine : std::uint8_t {
  kAny,  // an element passes when one criterion holds (ULP near 1, atol near 0: Catch2's
         // WithinAbs || WithinULP, Polygraphy's OR)
  kAll,  // an element passes only when every criterion holds
};

//! What an element's error is measured against.
enum class ErrorModel : std::uint8_t {
  kElementwise,           // |cand - golden| against max_ulp / atol + rtol*|golden|
  kReferenceRelative,     // |cand - ref| <= factor*|golden - ref| + atol + rtol*|ref|, per element
  kReferenceRelativeMax,  // max|cand - ref| <= factor*max|golden - ref| + atol (flash-attention)
  kReductionBound,        // |cand - golden| <= factor*gamma_n*magnitude + atol, per element
};

std::string_view name(Combine combine);
std::string_view name(ErrorModel model);

//! A comparison policy. Default-constructed it is exact: every element must equal its golden
//! value (+0 == -0, NaN == NaN by class, infinities exactly). Setters chain:
//!   Policy{}.max_ulp(2).atol(1e-5).max_mismatch_fraction(1e-4)
//! Integers compare on their values (the ULP of an integer is 1); bool compares truth values.
class Policy {
 public:
  Policy() = default;

  // --- elementwise criteria -------------------------------------------------------------
  //! Pass when the ULP distance (on the coarser grid across formats) is at most `ulps`.
  Policy& max_ulp(std::uint64_t ulps);
  Policy& clear_max_ulp();
  //! Pass when |cand - golden| <= atol + rtol*|golden| (PyTorch / numpy's rule). Under the
  //! reference and reduction models, atol and rtol are the additive slack of the bound instead.
  Policy& atol(double value);
  Policy& rtol(double value);
  Policy& combine(Combine how);

  // --- special values -------------------------------------------------------------------
  //! NaN equals NaN by class, payload and sign ignored (default true). Infinities must always
  //! match exactly, whatever the tolerances.
  Policy& nan_equal(bool on);
  //! -0 versus +0 is a mismatch (default false: they are equal, but always counted).
  Policy& signed_zero(bool on);
  //! Flush subnormals of both sides to zero before judging (FTZ/DAZ hardware): a subnormal
  //! golden against a zero candidate passes, two subnormals compare as 0 ULP apart.
  Policy& denormals_as_zero(bool on);

  // --- budget and bias ------------------------------------------------------------------
  //! The verdict passes with up to max(count, floor(fraction * elements)) failing elements.
  Policy& max_mismatches(std::int64_t count);
  Policy& max_mismatch_fraction(double fraction);
  //! Fail when the nonzero errors are biased (truncation or round-down instead of rounding to
  //! nearest): see Verdict::biased(). Off by default: large tensors make tiny biases significant.
  Policy& bias_check(bool on);

  // --- error models ---------------------------------------------------------------------
  Policy& elementwise();
  //! Needs an fp64 reference tensor: pass when |cand-ref| <= factor*|golden-ref| + atol +
  //! rtol*|ref|, elementwise.
  Policy& reference_relative(double factor = 2.0);
  //! Needs a reference: pass when max|cand-ref| <= factor*max|golden-ref| + atol (the whole
  //! tensor at once; elements fail individually only for NaN/inf/sign-of-zero mismatches).
  Policy& reference_relative_max(double factor = 2.0);
  //! Needs a magnitude tensor m (m_i = sum_k |x_ik| of the terms reduced into output i): pass
  //! when |cand-golden| <= factor*gamma_n*m_i + atol, gamma_n = n*u/(1-n*u) with u the unit
  //! roundoff of the accumulation dtype and n the reduction length.
  Policy& reduction_bound(std::int64_t length, DType accumulation, double factor = 1.0);

  //! Free-text provenance, e.g. which override file and reason changed this policy.
  Policy& add_note(std::string note);

  // --- getters --------------------------------------------------------------------------
  std::optional<std::uint64_t> max_ulp() const { return max_ulp_; }
  double atol() const { return atol_; }
  double rtol() const { return rtol_; }
  Combine combine() const { return combine_; }
  bool nan_equal() const { return nan_equal_; }
  bool signed_zero() const { return signed_zero_; }
  bool denormals_as_zero() const { return denormals_as_zero_; }
  std::int64_t max_mismatches() const { return max_mismatches_; }
  double max_mismatch_fraction() const { return max_mismatch_fraction_; }
  bool bias_check() const { return bias_check_; }
  ErrorModel model() const { return model_; }
  double factor() const { return factor_; }
  std::int64_t reduction_length() const { return reduction_length_; }
  DType accumulation() const { return accumulation_; }
  const std::vector<std::string>& notes() const { return notes_; }

  //! gamma_n of the reduction model (0 under other models).
  double gamma() const;
  //! Whether the atol/rtol criterion takes part under the elementwise model.
  bool has_tolerance() const { return atol_ > 0 || rtol_ > 0; }
  //! No criterion at all: values must be equal.
  bool is_exact() const;
  //! Failing elements the budget allows out of `count`.
  std::int64_t allowed_mismatches(std::int64_t count) const;
  bool needs_reference() const;
  bool needs_magnitude() const { return model_ == ErrorModel::kReductionBound; }

  //! One line of human text, e.g.
  //! "max_ulp 2 or |d| <= 1e-05 (any); NaN==NaN; +-0 equal; inf exact; 0 mismatches allowed".
  std::string describe() const;

  friend bool operator==(const Policy&, const Policy&) = default;

 private:
  std::optional<std::uint64_t> max_ulp_;
  double atol_ = 0.0;
  double rtol_ = 0.0;
  Combine combine_ = Combine::kAny;
  bool nan_equal_ = true;
  bool signed_zero_ = false;
  bool denormals_as_zero_ = false;
  std::int64_t max_mismatches_ = 0;
  double max_mismatch_fraction_ = 0.0;
  bool bias_check_ = false;
  ErrorModel model_ = ErrorModel::kElementwise;
  double factor_ = 1.0;
  std::int64_t reduction_length_ = 0;
  DType accumulation_ = DType::kFloat32;
  std::vector<std::string> notes_;
};

//! JSON form: {"max_ulp": 2 | null, "atol": 1e-5, "rtol": 0, "combine": "any", "nan_equal": true,
//! "signed_zero": false, "denormals_as_zero": false, "max_mismatches": 0,
//! "max_mismatch_fraction": 0, "bias_check": false, "model": "elementwise", "factor": 1,
//! "reduction_length": 0, "accumulation": "float32", "notes": []}. from_json accepts any subset
//! of these keys (the rest keep their defaults) and throws ConfigError naming an unknown key or
//! a value of the wrong type.
void to_json(nlohmann::json& json, const Policy& policy);
void from_json(const nlohmann::json& json, Policy& policy);

//! Sets one policy field from its JSON key and value (the keys above); used by from_json and by
//! the tolerance overrides file. Throws ConfigError naming the key when it is unknown or the
//! value has the wrong type or range.
void apply_policy_setting(Policy& policy, std::string_view key, const nlohmann::json& value);

}  // namespace parity
