#include "parity/policy.hpp"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "parity/error.hpp"
#include "parity/tolerance.hpp"

namespace parity {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok) throw UsageError("policy: " + what);
}

std::string number(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

}  // namespace

std::string_view name(Combine combine) {
  return combine == Combine::kAny ? "any" : "all";
}

std::string_view name(ErrorModel model) {
  switch (model) {
    case ErrorModel::kElementwise:
      return "elementwise";
    case ErrorModel::kReferenceRelative:
      return "reference_relative";
    case ErrorModel::kReferenceRelativeMax:
      return "reference_relative_max";
    case ErrorModel::kReductionBound:
      return "reduction_bound";
  }
  return "?";
}

Policy& Policy::max_ulp(std::uint64_t ulps) {
  max_ulp_ = ulps;
  return *this;
}

Policy& Policy::clear_max_ulp() {
  max_ulp_.reset();
  return *this;
}

Policy& Policy::atol(double value) {
  require(value >= 0 && std::isfinite(value), "atol must be finite and >= 0, got " + number(value));
  atol_ = value;
  return *this;
}

Policy& Policy::rtol(double value) {
  require(value >= 0 && std::isfinite(value), "rtol must be finite and >= 0, got " + number(value));
  rtol_ = value;
  return *this;
}

Policy& Policy::combine(Combine how) {
  combine_ = how;
  return *this;
}

Policy& Policy::nan_equal(bool on) {
  nan_equal_ = on;
  return *this;
}

Policy& Policy::signed_zero(bool on) {
  signed_zero_ = on;
  return *this;
}

Policy& Policy::denormals_as_zero(bool on) {
  denormals_as_zero_ = on;
  return *this;
}

Policy& Policy::max_mismatches(std::int64_t count) {
  require(count >= 0, "max_mismatches must be >= 0, got " + std::to_string(count));
  max_mismatches_ = count;
  return *this;
}

Policy& Policy::max_mismatch_fraction(double fraction) {
  require(fraction >= 0 && fraction <= 1,
          "max_mismatch_fraction must be in [0, 1], got " + number(fraction));
  max_mismatch_fraction_ = fraction;
  return *this;
}

Policy& Policy::bias_check(bool on) {
  bias_check_ = on;
  return *this;
}

Policy& Policy::elementwise() {
  model_ = ErrorModel::kElementwise;
  factor_ = 1.0;
  reduction_length_ = 0;
  return *this;
}

Policy& Policy::reference_relative(double factor) {
  require(factor >= 0 && std::isfinite(factor), "factor must be finite and >= 0");
  model_ = ErrorModel::kReferenceRelative;
  factor_ = factor;
  reduction_length_ = 0;
  return *this;
}

Policy& Policy::reference_relative_max(double factor) {
  require(factor >= 0 && std::isfinite(factor), "factor must be finite and >= 0");
  model_ = ErrorModel::kReferenceRelativeMax;
  factor_ = factor;
  reduction_length_ = 0;
  return *this;
}

Policy& Policy::reduction_bound(std::int64_t length, DType accumulation, double factor) {
  require(length >= 1, "reduction length must be >= 1, got " + std::to_string(length));
  require(is_floating(accumulation) && !is_complex(accumulation),
          "the accumulation dtype must be a real float dtype, got " +
              std::string(parity::name(accumulation)));
  require(factor >= 0 && std::isfinite(factor), "factor must be finite and >= 0");
  (void)parity::gamma(length, accumulation);  // throws when n*u >= 1
  model_ = ErrorModel::kReductionBound;
  reduction_length_ = length;
  accumulation_ = accumulation;
  factor_ = factor;
  return *this;
}

Policy& Policy::add_note(std::string note) {
  notes_.push_back(std::move(note));
  return *this;
}

double Policy::gamma() const {
  return model_ == ErrorModel::kReductionBound ? parity::gamma(reduction_length_, accumulation_)
                                               : 0.0;
}

bool Policy::is_exact() const {
  return model_ == ErrorModel::kElementwise && !max_ulp_ && !has_tolerance();
}

std::int64_t Policy::allowed_mismatches(std::int64_t count) const {
  const double by_fraction = std::floor(max_mismatch_fraction_ * static_cast<double>(count));
  return std::max(max_mismatches_, static_cast<std::int64_t>(by_fraction));
}

bool Policy::needs_reference() const {
  return model_ == ErrorModel::kReferenceRelative || model_ == ErrorModel::kReferenceRelativeMax;
}

std::string Policy::describe() const {
  std::string out;
  std::string criteria;
  auto add = [&](const std::string& c) {
    if (!criteria.empty()) criteria += combine_ == Combine::kAny ? " or " : " and ";
    criteria += c;
  };
  auto slack = [&](const std::string& scale) {
    std::string s;
    if (atol_ > 0) s += " + " + number(atol_);
    if (rtol_ > 0) s += " + " + number(rtol_) + "*|" + scale + "|";
    return s;
  };
  if (max_ulp_) add("max_ulp " + std::to_string(*max_ulp_));
  switch (model_) {
    case ErrorModel::kElementwise:
      if (has_tolerance()) {
        std::string tol = "|d| <= ";
        if (atol_ > 0) tol += number(atol_);
        if (rtol_ > 0) tol += (atol_ > 0 ? " + " : "") + number(rtol_) + "*|golden|";
        add(tol);
      }
      break;
    case ErrorModel::kReferenceRelative:
      add("|cand-ref| <= " + number(factor_) + "*|golden-ref|" + slack("ref"));
      break;
    case ErrorModel::kReferenceRelativeMax:
      out = "max|cand-ref| <= " + number(factor_) + "*max|golden-ref|" +
            (atol_ > 0 ? " + " + number(atol_) : "");
      break;
    case ErrorModel::kReductionBound:
      add("|d| <= " + number(factor_) + "*gamma_" + std::to_string(reduction_length_) + "(" +
          std::string(parity::name(accumulation_)) + ")*sum|x|" + slack("golden"));
      break;
  }
  if (criteria.empty() && out.empty()) criteria = "exact";
  if (!criteria.empty()) {
    if (!out.empty()) out += "; ";
    out += criteria;
    if (criteria.find(" or ") != std::string::npos || criteria.find(" and ") != std::string::npos)
      out += std::string(" (") + std::string(name(combine_)) + ")";
  }
  out += nan_equal_ ? "; NaN==NaN" : "; NaN!=NaN";
  out += signed_zero_ ? "; +-0 differ" : "; +-0 equal";
  out += "; inf exact";
  if (denormals_as_zero_) out += "; denormals as zero";
  if (max_mismatch_fraction_ > 0)
    out += "; up to max(" + std::to_string(max_mismatches_) + ", " +
           number(max_mismatch_fraction_) + "*n) mismatches allowed";
  else
    out += "; " + std::to_string(max_mismatches_) + " mismatches allowed";
  if (bias_check_) out += "; fails on biased errors";
  for (const auto& note : notes_) out += "; note: " + note;
  return out;
}

void to_json(nlohmann::json& json, const Policy& p) {
  json = nlohmann::json::object();
  json["max_ulp"] = p.max_ulp() ? nlohmann::json(*p.max_ulp()) : nlohmann::json(nullptr);
  json["atol"] = p.atol();
  json["rtol"] = p.rtol();
  json["combine"] = name(p.combine());
  json["nan_equal"] = p.nan_equal();
  json["signed_zero"] = p.signed_zero();
  json["denormals_as_zero"] = p.denormals_as_zero();
  json["max_mismatches"] = p.max_mismatches();
  json["max_mismatch_fraction"] = p.max_mismatch_fraction();
  json["bias_check"] = p.bias_check();
  json["model"] = name(p.model());
  json["factor"] = p.factor();
  json["reduction_length"] = p.reduction_length();
  json["accumulation"] = name(p.accumulation());
  json["notes"] = p.notes();
}

namespace {

[[noreturn]] void bad_value(std::string_view key, const std::string& expected,
                            const nlohmann::json& value) {
  throw ConfigError("policy key '" + std::string(key) + "' must be " + expected + ", got " +
                    value.dump());
}

double get_number(std::string_view key, const nlohmann::json& v) {
  if (!v.is_number()) bad_value(key, "a number", v);
  return v.get<double>();
}

bool get_bool(std::string_view key, const nlohmann::json& v) {
  if (!v.is_boolean()) bad_value(key, "true or false", v);
  return v.get<bool>();
}

std::int64_t get_count(std::string_view key, const nlohmann::json& v) {
  if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
      bad_value(key, "an integer >= 0", v);
    return static_cast<std::int64_t>(v.get<std::uint64_t>());
  }
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0) bad_value(key, "an integer >= 0", v);
  return v.get<std::int64_t>();
}

std::string get_string(std::string_view key, const nlohmann::json& v) {
  if (!v.is_string()) bad_value(key, "a string", v);
  return v.get<std::string>();
}

// Runs a setter, turning its UsageError (a bad range) into a ConfigError naming the key.
template <class F>
void with_key(std::string_view key, F&& set) {
  try {
    set();
  } catch (const UsageError& e) {
    throw ConfigError("policy key '" + std::string(key) + "': " + e.what());
  }
}

}  // namespace

void apply_policy_setting(Policy& p, std::string_view key, const nlohmann::json& v) {
  if (key == "max_ulp") {
    if (v.is_null())
      p.clear_max_ulp();
    else
      p.max_ulp(static_cast<std::uint64_t>(get_count(key, v)));
  } else if (key == "atol") {
    with_key(key, [&] { p.atol(get_number(key, v)); });
  } else if (key == "rtol") {
    with_key(key, [&] { p.rtol(get_number(key, v)); });
  } else if (key == "combine") {
    auto s = get_string(key, v);
    if (s == "any")
      p.combine(Combine::kAny);
    else if (s == "all")
      p.combine(Combine::kAll);
    else
      bad_value(key, "\"any\" or \"all\"", v);
  } else if (key == "nan_equal") {
    p.nan_equal(get_bool(key, v));
  } else if (key == "signed_zero") {
    p.signed_zero(get_bool(key, v));
  } else if (key == "denormals_as_zero") {
    p.denormals_as_zero(get_bool(key, v));
  } else if (key == "max_mismatches") {
    p.max_mismatches(get_count(key, v));
  } else if (key == "max_mismatch_fraction") {
    with_key(key, [&] { p.max_mismatch_fraction(get_number(key, v)); });
  } else if (key == "bias_check") {
    p.bias_check(get_bool(key, v));
  } else if (key == "model") {
    auto s = get_string(key, v);
    // Keeps the current factor / length / accumulation; set those keys after this one.
    const double factor = p.factor();
    if (s == "elementwise") {
      p.elementwise();
    } else if (s == "reference_relative") {
      with_key(key, [&] { p.reference_relative(factor); });
    } else if (s == "reference_relative_max") {
      with_key(key, [&] { p.reference_relative_max(factor); });
    } else if (s == "reduction_bound") {
      const auto n = p.reduction_length() > 0 ? p.reduction_length() : 1;
      with_key(key, [&] { p.reduction_bound(n, p.accumulation(), factor); });
    } else {
      bad_value(key,
                "one of \"elementwise\", \"reference_relative\", \"reference_relative_max\", "
                "\"reduction_bound\"",
                v);
    }
  } else if (key == "factor") {
    const double f = get_number(key, v);
    with_key(key, [&] {
      switch (p.model()) {
        case ErrorModel::kElementwise:
          if (f != 1.0) throw UsageError("factor needs a reference or reduction model");
          break;
        case ErrorModel::kReferenceRelative:
          p.reference_relative(f);
          break;
        case ErrorModel::kReferenceRelativeMax:
          p.reference_relative_max(f);
          break;
        case ErrorModel::kReductionBound:
          p.reduction_bound(p.reduction_length(), p.accumulation(), f);
          break;
      }
    });
  } else if (key == "reduction_length") {
    const auto n = get_count(key, v);
    if (p.model() == ErrorModel::kReductionBound) {
      with_key(key, [&] { p.reduction_bound(n, p.accumulation(), p.factor()); });
    } else if (n != 0) {
      throw ConfigError("policy key 'reduction_length' needs model \"reduction_bound\" first");
    }
  } else if (key == "accumulation") {
    auto s = get_string(key, v);
    auto d = parse_dtype(s);
    if (!d || !is_floating(*d) || is_complex(*d))
      bad_value(key, "a float dtype name such as \"float32\"", v);
    if (p.model() == ErrorModel::kReductionBound) {
      with_key(key, [&] { p.reduction_bound(p.reduction_length(), *d, p.factor()); });
    } else if (*d != DType::kFloat32) {
      throw ConfigError("policy key 'accumulation' needs model \"reduction_bound\" first");
    }
  } else if (key == "notes") {
    if (!v.is_array()) bad_value(key, "an array of strings", v);
    for (const auto& n : v) p.add_note(get_string(key, n));
  } else {
    throw ConfigError("unknown policy key '" + std::string(key) +
                      "' (known: max_ulp, atol, rtol, combine, nan_equal, signed_zero, "
                      "denormals_as_zero, max_mismatches, max_mismatch_fraction, bias_check, "
                      "model, factor, reduction_length, accumulation, notes)");
  }
}

void from_json(const nlohmann::json& json, Policy& policy) {
  if (!json.is_object()) throw ConfigError("a policy must be a JSON object, got " + json.dump());
  Policy p;
  // "model" first: factor, reduction_length and accumulation refine it.
  if (auto it = json.find("model"); it != json.end()) {
    if (it->is_string() && it->get<std::string>() == "reduction_bound") {
      // reduction_bound needs a length before it can be set; take it from the object.
      auto n = json.find("reduction_length");
      auto a = json.find("accumulation");
      auto f = json.find("factor");
      const std::int64_t len = n != json.end() ? get_count("reduction_length", *n) : 1;
      DType acc = DType::kFloat32;
      if (a != json.end()) {
        auto d = parse_dtype(get_string("accumulation", *a));
        if (!d || !is_floating(*d) || is_complex(*d))
          bad_value("accumulation", "a float dtype name such as \"float32\"", *a);
        acc = *d;
      }
      const double factor = f != json.end() ? get_number("factor", *f) : 1.0;
      with_key("model", [&] { p.reduction_bound(len, acc, factor); });
    } else {
      apply_policy_setting(p, "model", *it);
    }
  }
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (it.key() == "model") continue;
    if (p.model() == ErrorModel::kReductionBound &&
        (it.key() == "reduction_length" || it.key() == "accumulation" || it.key() == "factor"))
      continue;  // consumed above
    apply_policy_setting(p, it.key(), it.value());
  }
  policy = std::move(p);
}

}  // namespace parity
