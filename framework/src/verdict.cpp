#include "parity/verdict.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>

#include "parity/error.hpp"
#include "parity/float_format.hpp"

namespace parity {

int UlpHistogram::bucket_of(std::uint64_t ulp) {
  if (ulp == 0) return 0;
  const int b =
      1 + static_cast<int>(std::bit_width(ulp - 1));  // 1 -> 1, 2 -> 2, 3..4 -> 3, 5..8 -> 4, ...
  return b > 22 ? 22 : b;
}

std::string UlpHistogram::label(int bucket) {
  if (bucket <= 2) return std::to_string(bucket);
  if (bucket == kNonFiniteBucket) return "nan/inf";
  if (bucket == 22) return ">2^20";
  const std::uint64_t hi = std::uint64_t{1} << (bucket - 1);
  const std::uint64_t lo = hi / 2 + 1;
  if (bucket <= 12) return std::to_string(lo) + "-" + std::to_string(hi);
  return "2^" + std::to_string(bucket - 2) + "+1-2^" + std::to_string(bucket - 1);
}

double BiasStats::toward_zero_fraction() const {
  const auto n = nonzero();
  return n > 0 ? static_cast<double>(toward_zero) / static_cast<double>(n) : 0.5;
}

double BiasStats::z_toward_zero() const {
  const auto n = nonzero();
  return n > 0
             ? static_cast<double>(toward_zero - away_from_zero) / std::sqrt(static_cast<double>(n))
             : 0.0;
}

double BiasStats::z_negative() const {
  const auto n = negative + positive;
  return n > 0 ? static_cast<double>(negative - positive) / std::sqrt(static_cast<double>(n)) : 0.0;
}

std::string_view name(HintKind kind) {
  switch (kind) {
    case HintKind::kWarpHalf:
      return "warp_half";
    case HintKind::kLanePeriodic32:
      return "lane_periodic_32";
    case HintKind::kLanePeriodic64:
      return "lane_periodic_64";
    case HintKind::kTwiceGolden:
      return "twice_golden";
    case HintKind::kHalfGolden:
      return "half_golden";
    case HintKind::kAllZero:
      return "all_zero";
    case HintKind::kConstant:
      return "constant";
    case HintKind::kZerosWhereNonzero:
      return "zeros_where_nonzero";
    case HintKind::kFlushedSubnormals:
      return "flushed_subnormals";
    case HintKind::kNanWhereFinite:
      return "nan_where_finite";
    case HintKind::kBiasedTowardZero:
      return "biased_toward_zero";
    case HintKind::kBiasedNegative:
      return "biased_negative";
    case HintKind::kBiasedPositive:
      return "biased_positive";
    case HintKind::kPoison:
      return "poison";
    case HintKind::kUnwritten:
      return "unwritten";
  }
  return "?";
}

double Verdict::bitwise_equal_fraction() const {
  return count > 0 ? static_cast<double>(bitwise_equal) / static_cast<double>(count) : 1.0;
}

double Verdict::mismatch_fraction() const {
  return count > 0 ? static_cast<double>(mismatches) / static_cast<double>(count) : 0.0;
}

bool Verdict::biased() const {
  auto lopsided = [](std::int64_t a, std::int64_t b, double z) {
    const auto n = a + b;
    if (n < 64 || std::fabs(z) < 5) return false;
    const double f = static_cast<double>(a) / static_cast<double>(n);
    return f >= 0.75 || f <= 0.25;
  };
  return lopsided(bias.toward_zero, bias.away_from_zero, bias.z_toward_zero()) ||
         lopsided(bias.negative, bias.positive, bias.z_negative());
}

bool Verdict::has_hint(HintKind kind) const {
  for (const auto& h : hints)
    if (h.kind == kind) return true;
  return false;
}

namespace {

int value_digits(DType grid) {
  const FloatFormat* f = float_format(grid);
  if (!f) return 17;
  if (f->mantissa_bits > 23) return 17;
  if (f->mantissa_bits > 10) return 9;
  return 5;
}

std::string num(double v, int digits = 4) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string hex(std::uint64_t bits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(bits));
  return buf;
}

std::string pct(double f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g%%", 100.0 * f);
  return buf;
}

std::string coords(const Shape& c) {
  std::string s = "[";
  for (std::size_t i = 0; i < c.size(); ++i) s += (i ? ", " : "") + std::to_string(c[i]);
  return s + "]";
}

std::string pad(std::string s, std::size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string lpad(std::string s, std::size_t width) {
  if (s.size() < width) s.insert(0, width - s.size(), ' ');
  return s;
}

template <class T>
std::string extreme_line(const Extreme<T>& e, const std::string& value, int digits) {
  if (e.index < 0) return "-";
  return pad(value, 12) + " at " + pad(coords(e.coords), 14) + " golden " +
         pad(num(e.golden, digits), static_cast<std::size_t>(digits) + 7) + " candidate " +
         num(e.candidate, digits);
}

}  // namespace

std::string Verdict::table() const {
  const int digits = value_digits(grid_dtype);
  std::string out;
  auto row = [&](const std::string& label, const std::string& value) {
    out += "  " + pad(label, 15) + value + "\n";
  };
  out += std::string(passed ? "PASS" : "FAIL") + " " + (name.empty() ? "" : name + ": ") +
         std::string(parity::name(golden_dtype)) + " [" + shape_string(shape) + "]";
  if (candidate_dtype != golden_dtype)
    out += " vs candidate " + std::string(parity::name(candidate_dtype)) + " (ULPs on the " +
           std::string(parity::name(grid_dtype)) + " grid)";
  out += "\n";
  row("policy", policy.describe());
  row("mismatches", std::to_string(mismatches) + " of " + std::to_string(count) + " (" +
                        pct(mismatch_fraction()) + "), " + std::to_string(allowed_mismatches) +
                        " allowed");
  row("bitwise equal", std::to_string(bitwise_equal) + " (" + pct(bitwise_equal_fraction()) + ")");
  row("max ulp", extreme_line(max_ulp, std::to_string(max_ulp.value), digits));
  row("max abs", extreme_line(max_abs, num(max_abs.value), digits));
  row("max rel", extreme_line(max_rel, num(max_rel.value), digits));
  row("mean error", num(mean_error) + "   rms " + num(rms_error));
  row("bias", "toward zero " + pct(bias.toward_zero_fraction()) + " of " +
                  std::to_string(bias.nonzero()) + " (z " + num(bias.z_toward_zero(), 3) +
                  "); negative " + std::to_string(bias.negative) + " of " +
                  std::to_string(bias.negative + bias.positive) + " (z " +
                  num(bias.z_negative(), 3) + ")");
  row("nan/inf/+-0", std::to_string(nan_mismatches) + " / " + std::to_string(inf_mismatches) +
                         " / " + std::to_string(zero_sign_mismatches) + " mismatches");
  if (reference) {
    row("|cand-ref|", extreme_line(reference->max_candidate_error,
                                   num(reference->max_candidate_error.value), digits));
    row("|golden-ref|",
        extreme_line(reference->max_golden_error, num(reference->max_golden_error.value), digits));
    if (policy.model() == ErrorModel::kReferenceRelativeMax)
      row("max model", std::string(reference->passed ? "holds" : "VIOLATED") + ": max|cand-ref| " +
                           num(reference->max_candidate_error.value) + " vs bound " +
                           num(reference->bound));
  }
  out += "  ulp histogram\n";
  for (int b = 0; b < UlpHistogram::kBuckets; ++b) {
    const auto n = histogram.counts[static_cast<std::size_t>(b)];
    if (n == 0) continue;
    out += "    " + pad(UlpHistogram::label(b), 12) + lpad(std::to_string(n), 12) + "  " +
           pct(count > 0 ? static_cast<double>(n) / static_cast<double>(count) : 0) + "\n";
  }
  if (!worst.empty()) {
    out += "  worst elements\n";
    // Columns as wide as their widest value (exponent and hex bits vary in length) plus a gap.
    auto value = [&](double v, std::uint64_t bits) {
      return num(v, digits) + " (" + hex(bits) + ")";
    };
    std::size_t coord_width = 16, value_width = 12, ulp_width = 10;
    for (const auto& e : worst) {
      coord_width = std::max(coord_width, coords(e.coords).size() + 2);
      ulp_width = std::max(ulp_width, std::to_string(e.ulp).size() + 2);
      value_width = std::max({value_width, value(e.golden, e.golden_bits).size() + 2,
                              value(e.candidate, e.candidate_bits).size() + 2});
    }
    out += "    " + pad("coords", coord_width) + pad("golden", value_width) +
           pad("candidate", value_width) + pad("ulp", ulp_width) + pad("abs err", 11) + "rel err\n";
    for (const auto& e : worst) {
      std::string line = "    " + pad(coords(e.coords), coord_width) +
                         pad(value(e.golden, e.golden_bits), value_width) +
                         pad(value(e.candidate, e.candidate_bits), value_width);
      if (e.non_finite) {
        line += pad("-", ulp_width) + pad("-", 11) + "-";
      } else {
        line += pad(std::to_string(e.ulp), ulp_width) + pad(num(e.abs_error, 3) + " ", 11) +
                num(e.rel_error, 3);
      }
      if (e.reference) line += "  ref " + num(*e.reference, digits);
      if (e.bound) line += "  bound " + num(*e.bound, 3);
      line += e.failed ? "  FAIL" : "";
      out += line + "\n";
    }
  }
  if (!hints.empty()) {
    out += "  hints\n";
    for (const auto& h : hints) out += "    * " + h.message + "\n";
  }
  return out;
}

std::string Verdict::summary() const {
  std::string s = std::string(passed ? "PASS " : "FAIL ") + (name.empty() ? "" : name + " ") +
                  std::string(parity::name(golden_dtype)) + " [" + shape_string(shape) +
                  "]: " + std::to_string(mismatches) + " of " + std::to_string(count) +
                  " mismatches";
  if (max_ulp.index >= 0) s += ", max " + std::to_string(max_ulp.value) + " ulp";
  if (!hints.empty()) s += " (" + std::string(parity::name(hints.front().kind)) + ")";
  return s;
}

std::ostream& operator<<(std::ostream& out, const Verdict& verdict) {
  return out << verdict.table();
}

// --- JSON ----------------------------------------------------------------------------------

namespace {

nlohmann::json jnum(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

double from_jnum(const nlohmann::json& j) {
  if (j.is_string()) {
    const auto s = j.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return HUGE_VAL;
    if (s == "-inf") return -HUGE_VAL;
    throw ConfigError("verdict JSON: expected a number, got \"" + s + "\"");
  }
  return j.get<double>();
}

template <class T>
nlohmann::json extreme_json(const Extreme<T>& e) {
  nlohmann::json j;
  if constexpr (std::is_same_v<T, double>)
    j["value"] = jnum(e.value);
  else
    j["value"] = e.value;
  j["index"] = e.index;
  j["coords"] = e.coords;
  j["golden"] = jnum(e.golden);
  j["candidate"] = jnum(e.candidate);
  return j;
}

template <class T>
Extreme<T> extreme_from(const nlohmann::json& j) {
  Extreme<T> e;
  if constexpr (std::is_same_v<T, double>)
    e.value = from_jnum(j.at("value"));
  else
    e.value = j.at("value").get<T>();
  e.index = j.at("index").get<std::int64_t>();
  e.coords = j.at("coords").get<Shape>();
  e.golden = from_jnum(j.at("golden"));
  e.candidate = from_jnum(j.at("candidate"));
  return e;
}

DType dtype_from(const nlohmann::json& j) {
  auto d = parse_dtype(j.get<std::string>());
  if (!d) throw ConfigError("verdict JSON: unknown dtype " + j.dump());
  return *d;
}

}  // namespace

void to_json(nlohmann::json& j, const Verdict& v) {
  j = nlohmann::json::object();
  j["name"] = v.name;
  j["golden_dtype"] = name(v.golden_dtype);
  j["candidate_dtype"] = name(v.candidate_dtype);
  j["grid_dtype"] = name(v.grid_dtype);
  j["shape"] = v.shape;
  j["policy"] = v.policy;
  j["passed"] = v.passed;
  j["count"] = v.count;
  j["mismatches"] = v.mismatches;
  j["allowed_mismatches"] = v.allowed_mismatches;
  j["bitwise_equal"] = v.bitwise_equal;
  j["bitwise_equal_fraction"] = v.bitwise_equal_fraction();
  j["nan_mismatches"] = v.nan_mismatches;
  j["inf_mismatches"] = v.inf_mismatches;
  j["zero_sign_mismatches"] = v.zero_sign_mismatches;
  j["max_ulp"] = extreme_json(v.max_ulp);
  j["max_abs"] = extreme_json(v.max_abs);
  j["max_rel"] = extreme_json(v.max_rel);
  nlohmann::json hist = nlohmann::json::array();
  for (int b = 0; b < UlpHistogram::kBuckets; ++b)
    hist.push_back({{"bucket", UlpHistogram::label(b)},
                    {"count", v.histogram.counts[static_cast<std::size_t>(b)]}});
  j["histogram"] = hist;
  j["mean_error"] = jnum(v.mean_error);
  j["rms_error"] = jnum(v.rms_error);
  j["bias"] = {{"toward_zero", v.bias.toward_zero},
               {"away_from_zero", v.bias.away_from_zero},
               {"negative", v.bias.negative},
               {"positive", v.bias.positive},
               {"toward_zero_fraction", v.bias.toward_zero_fraction()},
               {"z_toward_zero", v.bias.z_toward_zero()},
               {"z_negative", v.bias.z_negative()},
               {"biased", v.biased()}};
  if (v.reference) {
    j["reference"] = {{"max_candidate_error", extreme_json(v.reference->max_candidate_error)},
                      {"max_golden_error", extreme_json(v.reference->max_golden_error)},
                      {"bound", jnum(v.reference->bound)},
                      {"passed", v.reference->passed}};
  }
  j["lane_mismatches"] = v.lane_mismatches;
  nlohmann::json worst = nlohmann::json::array();
  for (const auto& e : v.worst) {
    nlohmann::json w = {{"index", e.index},
                        {"coords", e.coords},
                        {"golden", jnum(e.golden)},
                        {"candidate", jnum(e.candidate)},
                        {"golden_bits", e.golden_bits},
                        {"candidate_bits", e.candidate_bits},
                        {"ulp", e.ulp},
                        {"abs_error", jnum(e.abs_error)},
                        {"rel_error", jnum(e.rel_error)},
                        {"failed", e.failed},
                        {"non_finite", e.non_finite}};
    if (e.reference) w["reference"] = jnum(*e.reference);
    if (e.bound) w["bound"] = jnum(*e.bound);
    worst.push_back(std::move(w));
  }
  j["worst"] = worst;
  nlohmann::json hints = nlohmann::json::array();
  for (const auto& h : v.hints) hints.push_back({{"kind", name(h.kind)}, {"message", h.message}});
  j["hints"] = hints;
}

void from_json(const nlohmann::json& j, Verdict& v) {
  try {
    Verdict out;
    out.name = j.at("name").get<std::string>();
    out.golden_dtype = dtype_from(j.at("golden_dtype"));
    out.candidate_dtype = dtype_from(j.at("candidate_dtype"));
    out.grid_dtype = dtype_from(j.at("grid_dtype"));
    out.shape = j.at("shape").get<Shape>();
    out.policy = j.at("policy").get<Policy>();
    out.passed = j.at("passed").get<bool>();
    out.count = j.at("count").get<std::int64_t>();
    out.mismatches = j.at("mismatches").get<std::int64_t>();
    out.allowed_mismatches = j.at("allowed_mismatches").get<std::int64_t>();
    out.bitwise_equal = j.at("bitwise_equal").get<std::int64_t>();
    out.nan_mismatches = j.at("nan_mismatches").get<std::int64_t>();
    out.inf_mismatches = j.at("inf_mismatches").get<std::int64_t>();
    out.zero_sign_mismatches = j.at("zero_sign_mismatches").get<std::int64_t>();
    out.max_ulp = extreme_from<std::uint64_t>(j.at("max_ulp"));
    out.max_abs = extreme_from<double>(j.at("max_abs"));
    out.max_rel = extreme_from<double>(j.at("max_rel"));
    const auto& hist = j.at("histogram");
    for (std::size_t b = 0; b < hist.size() && b < out.histogram.counts.size(); ++b)
      out.histogram.counts[b] = hist[b].at("count").get<std::int64_t>();
    out.mean_error = from_jnum(j.at("mean_error"));
    out.rms_error = from_jnum(j.at("rms_error"));
    const auto& b = j.at("bias");
    out.bias.toward_zero = b.at("toward_zero").get<std::int64_t>();
    out.bias.away_from_zero = b.at("away_from_zero").get<std::int64_t>();
    out.bias.negative = b.at("negative").get<std::int64_t>();
    out.bias.positive = b.at("positive").get<std::int64_t>();
    if (auto it = j.find("reference"); it != j.end()) {
      ReferenceStats rs;
      rs.max_candidate_error = extreme_from<double>(it->at("max_candidate_error"));
      rs.max_golden_error = extreme_from<double>(it->at("max_golden_error"));
      rs.bound = from_jnum(it->at("bound"));
      rs.passed = it->at("passed").get<bool>();
      out.reference = rs;
    }
    out.lane_mismatches = j.at("lane_mismatches").get<std::array<std::int64_t, 64>>();
    for (const auto& w : j.at("worst")) {
      ElementReport e;
      e.index = w.at("index").get<std::int64_t>();
      e.coords = w.at("coords").get<Shape>();
      e.golden = from_jnum(w.at("golden"));
      e.candidate = from_jnum(w.at("candidate"));
      e.golden_bits = w.at("golden_bits").get<std::uint64_t>();
      e.candidate_bits = w.at("candidate_bits").get<std::uint64_t>();
      e.ulp = w.at("ulp").get<std::uint64_t>();
      e.abs_error = from_jnum(w.at("abs_error"));
      e.rel_error = from_jnum(w.at("rel_error"));
      e.failed = w.at("failed").get<bool>();
      e.non_finite = w.at("non_finite").get<bool>();
      if (auto r = w.find("reference"); r != w.end()) e.reference = from_jnum(*r);
      if (auto r = w.find("bound"); r != w.end()) e.bound = from_jnum(*r);
      out.worst.push_back(std::move(e));
    }
    for (const auto& h : j.at("hints")) {
      const auto kind = h.at("kind").get<std::string>();
      bool found = false;
      for (int k = 0; k <= static_cast<int>(HintKind::kUnwritten); ++k) {
        if (name(static_cast<HintKind>(k)) == kind) {
          out.hints.push_back({static_cast<HintKind>(k), h.at("message").get<std::string>()});
          found = true;
        }
      }
      if (!found) throw ConfigError("verdict JSON: unknown hint kind \"" + kind + "\"");
    }
    v = std::move(out);
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(std::string("verdict JSON is malformed: ") + e.what());
  }
}

}  // namespace parity
