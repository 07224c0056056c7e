// parity report RUN.json... -o report.html: one self-contained HTML page (inline CSS and SVG,
// no script, no network) over the run summaries that suite binaries write with
// --parity-summary: verdicts, statistics, ULP histograms, error maps, worst elements,
// provenance of both sides and the performance-parity table.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/folder.hpp"
#include "parity/provenance.hpp"
#include "parity/regular_file.hpp"

namespace parity::cli {
namespace {

using nlohmann::json;

// What one page shows at most (docs/cli.md#parity-report): a run summary is input like any file.
constexpr std::size_t kMaxCasesShown = 500;  // case sections; the rest are counted
constexpr int kMaxMapCells = 64;             // per side of an error map (what parity makes)
constexpr std::size_t kMaxRows = 64;         // worst elements, histogram buckets, hints
constexpr std::size_t kMaxText = 2000;       // characters of one field
constexpr std::uint64_t kMaxSummaryBytes = std::uint64_t{64} << 20;

// A member of the type asked for, or the fallback: a summary with a wrong type shows "-", it
// never stops the page.
template <class T>
T get_or(const json& j, const char* key, T fallback) {
  if (!j.is_object()) return fallback;
  const auto it = j.find(key);
  if (it == j.end()) return fallback;
  if constexpr (std::is_same_v<T, json>) {
    return *it;
  } else if constexpr (std::is_same_v<T, bool>) {
    return it->is_boolean() ? it->template get<bool>() : fallback;
  } else if constexpr (std::is_integral_v<T>) {
    return it->is_number_integer() ? it->template get<T>() : fallback;
  } else if constexpr (std::is_floating_point_v<T>) {
    return it->is_number() ? it->template get<T>() : fallback;
  } else {
    return it->is_string() ? it->template get<std::string>() : fallback;
  }
}

struct RunFile {
  std::filesystem::path path;
  json summary;
};

struct Totals {
  int cases = 0, passed = 0, failed = 0, skipped = 0;
};

std::string escape(std::string_view raw) {
  const std::string capped =
      raw.size() > kMaxText ? std::string(raw.substr(0, kMaxText)) + "..." : std::string(raw);
  const std::string text = printable(capped, true);  // no control bytes, valid UTF-8
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A JSON value as the page shows it: strings unquoted, numbers compactly, null as a dash.
std::string text_of(const json& j) {
  if (j.is_null()) return "-";
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", j.get<double>());
    return buf;
  }
  const std::string text = dump_json(j);
  return text.size() > kMaxText ? text.substr(0, kMaxText) + "..." : text;
}

std::string field(const json& j, const char* key) {
  return j.is_object() && j.contains(key) ? text_of(j.at(key)) : "-";
}

std::string anchor(std::string_view text) {
  std::string out;
  for (char c : text) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

// passed, failed or skipped: anything else a summary says counts (and shows) as failed.
std::string status_of(const json& c) {
  const std::string status = get_or(c, "status", std::string());
  if (status == "passed" || status == "failed" || status == "skipped") return status;
  if (!status.empty()) return "failed";
  return get_or(c, "passed", false) ? "passed" : "failed";
}

// Validates what the page relies on, naming the file and the key, before any HTML is written.
void validate(const RunFile& run) {
  const auto& s = run.summary;
  auto bad = [&](const std::string& what) {
    throw ConfigError(run.path.string() + ": not a parity run summary (" + what +
                      "). Write one with a suite binary's --parity-summary FILE option.");
  };
  if (!s.is_object()) bad("the top level is not a JSON object");
  for (const char* key : {"suite", "backend", "mode"})
    if (!s.contains(key) || !s[key].is_string()) bad(std::string("no string \"") + key + "\"");
  if (!s.contains("cases") || !s["cases"].is_array()) bad("no \"cases\" array");
  for (const auto& c : s["cases"]) {
    if (!c.is_object() || !c.contains("case") || !c["case"].is_string())
      bad("a case without a \"case\" name (a string)");
    if (c.contains("outputs") && !c["outputs"].is_array()) bad("\"outputs\" is not an array");
  }
}

RunFile load(const std::filesystem::path& path) {
  RegularFileOptions read;
  read.follow_link = true;  // the user named it
  read.what = "run summary";
  read.max_bytes = kMaxSummaryBytes;
  const std::string text = read_regular_file(path, read);
  JsonLimits limits;
  limits.max_bytes = kMaxSummaryBytes;
  if (auto problem = json_limit_problem(text, limits))
    throw ConfigError("run summary '" + path.string() + "' " + *problem);
  RunFile run{path, json::parse(text, nullptr, false)};
  if (run.summary.is_discarded())
    throw ConfigError(path.string() +
                      ": not valid JSON. Is it a run summary written with "
                      "--parity-summary FILE?");
  validate(run);
  return run;
}

// ---- SVG pieces ------------------------------------------------------------------------

std::string histogram_svg(const json& histogram) {
  if (!histogram.is_array() || histogram.empty()) return "";
  std::int64_t peak = 0;
  std::size_t shown = 0;
  for (const auto& b : histogram) {
    if (++shown > kMaxRows) break;
    peak = std::max<std::int64_t>(peak, get_or(b, "count", std::int64_t{0}));
  }
  if (peak <= 0) return "";
  const int bar = 22, height = 110, base = 120;
  const int width = static_cast<int>(std::min(histogram.size(), kMaxRows)) * bar + 10;
  std::ostringstream s;
  s << "<svg class=\"histogram\" role=\"img\" aria-label=\"ULP histogram\" width=\"" << width
    << "\" height=\"" << base + 70 << "\" viewBox=\"0 0 " << width << ' ' << base + 70 << "\">";
  int i = 0;
  for (const auto& b : histogram) {
    if (static_cast<std::size_t>(i) >= kMaxRows) break;
    const auto count = std::max<std::int64_t>(0, get_or(b, "count", std::int64_t{0}));
    const std::string label = get_or(b, "bucket", std::string());
    // Log scale: one element must stay visible next to millions.
    const double h = count > 0 ? 4.0 + (height - 4.0) * std::log1p(static_cast<double>(count)) /
                                           std::log1p(static_cast<double>(peak))
                               : 0.0;
    const int x = 5 + i * bar;
    const bool nan =
        label.find("NaN") != std::string::npos || label.find("nan") != std::string::npos;
    s << "<g class=\"bucket\" data-bucket=\"" << escape(label) << "\" data-count=\"" << count
      << "\"><title>" << escape(label) << " ULP: " << count << "</title>";
    if (count > 0)
      s << "<rect x=\"" << x << "\" y=\"" << base - h << "\" width=\"" << bar - 4 << "\" height=\""
        << h << "\" class=\"" << (nan ? "bar nan" : (i == 0 ? "bar exact" : "bar")) << "\"/>";
    s << "<text x=\"" << x + 8 << "\" y=\"" << base + 8 << "\" transform=\"rotate(60 " << x + 8
      << ' ' << base + 8 << ")\">" << escape(label) << "</text></g>";
    ++i;
  }
  s << "</svg>";
  return s.str();
}

// Error map: white where identical, yellow to dark red by log ULP distance, magenta where a
// NaN meets a number. Only cells that differ are drawn, so an identical tensor costs nothing.
std::string error_map_svg(const json& map) {
  const std::int64_t gc = get_or(map, "grid_cols", std::int64_t{0});
  const std::int64_t gr = get_or(map, "grid_rows", std::int64_t{0});
  const json cells = get_or(map, "cells", json());
  if (gc <= 0 || gr <= 0 || !cells.is_array()) return "";
  if (gc > kMaxMapCells || gr > kMaxMapCells)
    return "<p class=\"note\">error map of " + std::to_string(gr) + " x " + std::to_string(gc) +
           " cells not drawn: parity draws at most " + std::to_string(kMaxMapCells) + " x " +
           std::to_string(kMaxMapCells) + "</p>";
  const double max = get_or(map, "max", 0.0);
  const int cell = std::clamp(640 / static_cast<int>(gc), 3, 12);
  const int w = static_cast<int>(gc) * cell, h = static_cast<int>(gr) * cell;
  std::ostringstream s;
  s << "<figure class=\"error-map\"><svg role=\"img\" aria-label=\"error map\" width=\"" << w
    << "\" height=\"" << h << "\" viewBox=\"0 0 " << w << ' ' << h << "\">"
    << "<rect width=\"" << w << "\" height=\"" << h << "\" class=\"map-bg\"/>";
  int drawn = 0;
  for (int r = 0; r < gr; ++r)
    for (int c = 0; c < gc; ++c) {
      const auto idx = static_cast<std::size_t>(r * gc + c);
      if (idx >= cells.size()) break;
      if (!cells[idx].is_number()) continue;
      const double v = cells[idx].get<double>();
      if (v == 0 || !std::isfinite(v)) continue;
      std::string fill = "#d0209a";  // NaN against a number
      if (v > 0) {
        const double t = max > 0 ? std::log1p(v) / std::log1p(max) : 1.0;
        const int g = static_cast<int>(220 * (1 - t));
        const int red = 255 - static_cast<int>(120 * t);
        char buf[16];
        std::snprintf(buf, sizeof buf, "#%02x%02x%02x", red, g, 0x20);
        fill = buf;
      }
      s << "<rect class=\"cell\" x=\"" << c * cell << "\" y=\"" << r * cell << "\" width=\"" << cell
        << "\" height=\"" << cell << "\" fill=\"" << fill << "\" data-row=\"" << r
        << "\" data-col=\"" << c << "\" data-ulp=\"" << v << "\"/>";
      ++drawn;
    }
  s << "</svg><figcaption>" << escape(get_or(map, "layout", std::string())) << ": "
    << get_or(map, "rows", std::int64_t{0}) << " x " << get_or(map, "cols", std::int64_t{0})
    << " elements, cells of " << get_or(map, "cell_rows", std::int64_t{1}) << " x "
    << get_or(map, "cell_cols", std::int64_t{1}) << "; " << drawn << " of " << gr * gc
    << " cells differ, largest " << max
    << " ULP (magenta: NaN against a number)</figcaption></figure>";
  return s.str();
}

// ---- tables ----------------------------------------------------------------------------

std::string extreme_text(const json& e) {
  if (!e.is_object() || get_or(e, "index", std::int64_t{-1}) < 0) return "-";
  std::ostringstream s;
  s << escape(field(e, "value")) << " at " << escape(field(e, "coords")) << " (golden "
    << escape(field(e, "golden")) << ", candidate " << escape(field(e, "candidate")) << ")";
  return s.str();
}

std::string verdict_html(const json& v) {
  std::ostringstream s;
  const auto count = get_or(v, "count", std::int64_t{0});
  const auto mism = get_or(v, "mismatches", std::int64_t{0});
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.4g%%", 100.0 * get_or(v, "bitwise_equal_fraction", 0.0));
  s << "<table class=\"stats\">"
    << "<tr><th>dtype</th><td>" << escape(field(v, "golden_dtype")) << " golden, "
    << escape(field(v, "candidate_dtype")) << " candidate, shape " << escape(field(v, "shape"))
    << "</td></tr>"
    << "<tr><th>policy</th><td>" << escape(field(v, "policy")) << "</td></tr>"
    << "<tr><th>mismatches</th><td class=\"mismatches\">" << mism << " of " << count << " ("
    << get_or(v, "allowed_mismatches", std::int64_t{0}) << " allowed)</td></tr>"
    << "<tr><th>bitwise equal</th><td>" << get_or(v, "bitwise_equal", std::int64_t{0}) << " ("
    << pct << ")</td></tr>"
    << "<tr><th>max ULP</th><td class=\"max-ulp\">" << extreme_text(get_or(v, "max_ulp", json()))
    << "</td></tr>"
    << "<tr><th>max abs</th><td>" << extreme_text(get_or(v, "max_abs", json())) << "</td></tr>"
    << "<tr><th>max rel</th><td>" << extreme_text(get_or(v, "max_rel", json())) << "</td></tr>"
    << "<tr><th>mean / RMS error</th><td>" << escape(field(v, "mean_error")) << " / "
    << escape(field(v, "rms_error")) << "</td></tr>"
    << "<tr><th>NaN / inf / sign-of-zero mismatches</th><td>" << escape(field(v, "nan_mismatches"))
    << " / " << escape(field(v, "inf_mismatches")) << " / "
    << escape(field(v, "zero_sign_mismatches")) << "</td></tr>";
  if (v.contains("bias") && v["bias"].is_object()) {
    const auto& b = v["bias"];
    s << "<tr><th>bias</th><td>" << (get_or(b, "biased", false) ? "<b>biased</b>: " : "")
      << "toward zero " << escape(field(b, "toward_zero")) << ", away "
      << escape(field(b, "away_from_zero")) << " (z " << escape(field(b, "z_toward_zero"))
      << "); below " << escape(field(b, "negative")) << ", above " << escape(field(b, "positive"))
      << "</td></tr>";
  }
  if (v.contains("reference") && v["reference"].is_object()) {
    const auto& r = v["reference"];
    s << "<tr><th>vs fp64 reference</th><td>candidate error "
      << extreme_text(get_or(r, "max_candidate_error", json())) << "; golden error "
      << extreme_text(get_or(r, "max_golden_error", json())) << "; bound "
      << escape(field(r, "bound")) << (get_or(r, "passed", true) ? "" : " <b>exceeded</b>")
      << "</td></tr>";
  }
  s << "</table>";
  if (v.contains("hints") && v["hints"].is_array() && !v["hints"].empty()) {
    s << "<ul class=\"hints\">";
    std::size_t n = 0;
    for (const auto& h : v["hints"]) {
      if (++n > kMaxRows) break;
      s << "<li data-kind=\"" << escape(field(h, "kind")) << "\">" << escape(field(h, "message"))
        << "</li>";
    }
    s << "</ul>";
  }
  s << histogram_svg(get_or(v, "histogram", json()));
  if (v.contains("worst") && v["worst"].is_array() && !v["worst"].empty()) {
    s << "<table class=\"worst\"><tr><th>coords</th><th>golden</th><th>candidate</th>"
         "<th>ULP</th><th>abs error</th><th>rel error</th><th>bits (golden / candidate)</th>"
         "</tr>";
    std::size_t n = 0;
    for (const auto& w : v["worst"]) {
      if (++n > kMaxRows) break;
      s << "<tr" << (get_or(w, "failed", false) ? " class=\"failed\"" : "") << "><td>"
        << escape(field(w, "coords")) << "</td><td>" << escape(field(w, "golden")) << "</td><td>"
        << escape(field(w, "candidate")) << "</td><td>" << escape(field(w, "ulp")) << "</td><td>"
        << escape(field(w, "abs_error")) << "</td><td>" << escape(field(w, "rel_error"))
        << "</td><td><code>" << escape(field(w, "golden_bits")) << " / "
        << escape(field(w, "candidate_bits")) << "</code></td></tr>";
    }
    s << "</table>";
  }
  return s.str();
}

std::string provenance_html(const json& c) {
  static const char* const kFields[] = {"backend",   "device_name",    "architecture",
                                        "warp_size", "driver_version", "runtime_version",
                                        "compiler"};
  const json golden = get_or(c, "golden", json());
  const json device = get_or(c, "device", json());
  std::ostringstream s;
  s << "<table class=\"provenance\"><tr><th></th><th>golden (original)</th><th>this run</th></tr>";
  for (const char* f : kFields) {
    const std::string a = field(golden, f), b = field(device, f);
    s << "<tr" << (a != b ? " class=\"changed\"" : "") << "><th>" << f << "</th><td>" << escape(a)
      << "</td><td>" << escape(b) << "</td></tr>";
  }
  s << "<tr><th>captured</th><td>" << escape(field(golden, "created")) << "</td><td></td></tr>"
    << "<tr><th>source commit</th><td>" << escape(field(golden, "source_commit"))
    << "</td><td></td></tr></table>";
  return s.str();
}

constexpr const char* kStyle = R"css(
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1d1d1f;max-width:1200px}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:3px 8px;
text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:#f6f6f6;font-weight:600}
.badge{display:inline-block;padding:1px 8px;border-radius:9px;color:#fff;font-size:12px}
.passed .badge,.badge.passed{background:#2e7d32}.failed .badge,.badge.failed{background:#c62828}
.skipped .badge,.badge.skipped{background:#777}
article.case{border:1px solid #ddd;border-radius:6px;padding:8px 14px;margin:12px 0}
article.case.failed{border-color:#c62828}
.hints li,.counterfactuals li.passes{color:#8a4b00;font-weight:600}tr.changed td{background:#fff6d6}
tr.failed td{background:#fdecea}.bar{fill:#5470c6}.bar.exact{fill:#2e7d32}.bar.nan{fill:#d0209a}
.histogram text{font-size:10px;fill:#555}.map-bg{fill:#f7f7f7;stroke:#ccc}
figure.error-map{margin:8px 0}figcaption{font-size:12px;color:#555}
.ratio.slow{color:#c62828;font-weight:600}.ratio.fast{color:#2e7d32}
code{font-size:12px}.error{color:#c62828;white-space:pre-wrap;font-family:monospace}
)css";

std::string render(const std::vector<RunFile>& runs, const std::string& title, Totals& totals) {
  std::ostringstream body;
  std::ostringstream failing;
  std::ostringstream perf;
  std::ostringstream runs_table;
  int perf_rows = 0;
  std::size_t shown = 0, not_shown = 0;
  for (const auto& run : runs) {
    const auto& s = run.summary;
    const std::string suite = get_or(s, "suite", std::string()),
                      backend = get_or(s, "backend", std::string());
    Totals t;
    for (const auto& c : s["cases"]) {
      const auto st = status_of(c);
      ++t.cases;
      (st == "passed" ? t.passed : st == "skipped" ? t.skipped : t.failed)++;
    }
    totals.cases += t.cases;
    totals.passed += t.passed;
    totals.failed += t.failed;
    totals.skipped += t.skipped;
    const json device = get_or(s, "device", json());
    // Which real compiler accepted the side this run emulated (parity_add_suite's compile check).
    std::string compilers;
    for (const auto& rc : get_or(s, "real_compilers", json::array())) {
      if (!rc.is_object()) continue;
      if (!compilers.empty()) compilers += "; ";
      compilers += field(rc, "side") + ": ";
      compilers += get_or(rc, "accepted", json()).is_boolean()
                       ? field(rc, "compiler") + " " + field(rc, "version") + " for " +
                             field(rc, "target") + " accepted (" + field(rc, "how") + ")"
                       : field(rc, "how");
    }
    if (compilers.empty()) compilers = "not recorded";
    runs_table << "<tr><td>" << escape(suite) << "</td><td>" << escape(backend) << "</td><td>"
               << escape(field(s, "mode")) << "</td><td>" << escape(field(device, "name"))
               << "</td><td>" << escape(field(device, "architecture")) << "</td><td>"
               << escape(field(device, "warp_size")) << "</td><td>" << t.passed << "</td><td>"
               << t.failed << "</td><td>" << t.skipped << "</td><td>" << escape(compilers)
               << "</td><td><code>" << escape(run.path.filename().string()) << "</code></td></tr>";

    for (const auto& c : s["cases"]) {
      const std::string name = get_or(c, "case", std::string()), st = status_of(c);
      const std::string id = anchor(suite + "-" + backend + "-" + name);
      // Failures first in the list; every section is capped (a summary is input like any file).
      if (shown >= kMaxCasesShown) {
        ++not_shown;
        continue;
      }
      ++shown;
      if (st == "failed")
        failing << "<li><a href=\"#" << id << "\">" << escape(suite) << " / " << escape(name)
                << "</a> on " << escape(backend) << "</li>";
      if (c.contains("speed_ratio") && c["speed_ratio"].is_number()) {
        const double ratio = c["speed_ratio"].get<double>();
        ++perf_rows;
        perf << "<tr><td>" << escape(suite) << "</td><td>" << escape(name) << "</td><td>"
             << escape(field(get_or(c, "golden", json()), "backend")) << " "
             << escape(field(get_or(c, "golden", json()), "device_name")) << "</td><td>"
             << escape(field(c, "golden_kernel_ms")) << "</td><td>" << escape(backend) << " "
             << escape(field(device, "name")) << "</td><td>" << escape(field(c, "kernel_ms"))
             << "</td><td class=\"ratio"
             << (ratio > 1.1   ? " slow"
                 : ratio < 0.9 ? " fast"
                               : "")
             << "\">" << escape(text_of(c["speed_ratio"])) << "</td></tr>";
      }
      body << "<article class=\"case " << escape(st) << "\" id=\"" << id << "\" data-suite=\""
           << escape(suite) << "\" data-backend=\"" << escape(backend) << "\" data-case=\""
           << escape(name) << "\"><h3>" << escape(suite) << " / " << escape(name) << " <small>"
           << escape(backend) << "</small> <span class=\"badge\">" << escape(st) << "</span></h3>";
      if (c.contains("skip_reason"))
        body << "<p class=\"skip\">" << escape(field(c, "skip_reason")) << "</p>";
      // The counterfactual replays of a failed emulated case: which switch makes it pass.
      if (const json k = get_or(c, "counterfactuals", json()); k.is_array() && !k.empty()) {
        body << "<ul class=\"counterfactuals\">";
        std::size_t n = 0;
        for (const auto& replay : k) {
          if (++n > kMaxRows) break;
          const bool passes = get_or(replay, "passed", false);
          body << "<li class=\"" << (passes ? "passes" : "fails") << "\">"
               << (passes ? "passes with " : "still fails with ") << escape(field(replay, "switch"))
               << " <code>" << escape(field(replay, "environment")) << "</code></li>";
        }
        body << "</ul>";
      }
      if (c.contains("outputs") && c["outputs"].is_array()) {
        std::size_t n = 0;
        for (const auto& o : c["outputs"]) {
          if (++n > kMaxRows) break;
          const bool ok = get_or(o, "passed", false);
          body << "<section class=\"output " << (ok ? "passed" : "failed") << "\" data-output=\""
               << escape(field(o, "name")) << "\"><h4>output " << escape(field(o, "name"))
               << " <span class=\"badge\">" << (ok ? "passed" : "failed") << "</span></h4>";
          if (o.contains("error"))
            body << "<p class=\"error\">" << escape(field(o, "error")) << "</p>";
          if (o.contains("verdict") && o["verdict"].is_object()) body << verdict_html(o["verdict"]);
          if (o.contains("error_map")) body << error_map_svg(o["error_map"]);
          body << "</section>";
        }
      }
      if (c.contains("golden") || c.contains("device")) body << provenance_html(c);
      body << "</article>";
    }
  }

  std::ostringstream page;
  page << "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << escape(title)
       << "</title><style>" << kStyle << "</style></head><body>"
       << "<h1>" << escape(title) << "</h1><p class=\"totals\" data-cases=\"" << totals.cases
       << "\" data-passed=\"" << totals.passed << "\" data-failed=\"" << totals.failed
       << "\" data-skipped=\"" << totals.skipped << "\">" << runs.size() << " run(s), "
       << totals.cases << " case(s): <span class=\"badge passed\">" << totals.passed
       << " passed</span> <span class=\"badge failed\">" << totals.failed
       << " failed</span> <span class=\"badge skipped\">" << totals.skipped
       << " skipped</span> &middot; parity " << escape(parity_version()) << "</p>";
  if (totals.failed)
    page << "<h2 id=\"failing\">Failing</h2><ul class=\"failing\">" << failing.str() << "</ul>";
  if (not_shown)
    page << "<p class=\"note\">" << not_shown << " more case(s) not shown: a report shows at "
         << "most " << kMaxCasesShown << " cases (see the run summaries, or report fewer runs "
         << "at once)</p>";
  page << "<h2 id=\"runs\">Runs</h2><table class=\"runs\"><tr><th>suite</th><th>backend</th>"
          "<th>mode</th><th>device</th><th>arch</th><th>warp</th><th>passed</th><th>failed</th>"
          "<th>skipped</th><th>real compilers</th><th>summary</th></tr>"
       << runs_table.str() << "</table>";
  page << "<h2 id=\"performance\">Performance parity</h2>";
  if (perf_rows)
    page << "<p>Port time / original time per case (median kernel time of each side; the "
            "original's is stored with its golden).</p><table class=\"performance\"><tr><th>"
            "suite</th><th>case</th><th>original</th><th>ms</th><th>port</th><th>ms</th>"
            "<th>port / original</th></tr>"
         << perf.str() << "</table>";
  else
    page << "<p>No timings: verify runs against goldens that recorded kernel times fill this.</p>";
  page << "<h2 id=\"cases\">Cases</h2>" << body.str() << "</body></html>\n";
  return page.str();
}

struct Options {
  std::vector<std::string> inputs;
  std::string output = "parity-report.html";
  std::string title = "parity report";
  bool json = false;
};

int run_report(const Options& o) {
  std::vector<RunFile> runs;
  for (const auto& p : o.inputs) runs.push_back(load(p));
  Totals totals;
  const std::string html = render(runs, o.title, totals);
  const std::filesystem::path out(o.output);
  // Only a regular file (new or replaced): never a device, a folder or through a link. The page
  // goes to a temporary file in the same folder and is renamed, so a reader never sees half.
  const std::string name = out.filename().string();
  if (name.empty() || name == "." || name == "..")
    throw FileError("-o '" + o.output + "' names a folder; give the HTML file to write");
  std::optional<Folder> opened;
  try {
    opened = Folder::open(out.has_parent_path() ? out.parent_path() : ".");
  } catch (const FileError& e) {
    throw FileError("cannot write -o '" + o.output + "': " + e.what());
  }
  const Folder& folder = *opened;
  if (const auto existing = folder.stat(name); existing && !existing->is_regular())
    throw FileError("-o '" + o.output + "' is " + std::string(describe_file_type(existing->mode)) +
                    (existing->is_folder() ? "" : ", not a regular file") +
                    "; parity report writes only regular files: give another path");
  folder.write_atomically(name, html);
  if (o.json) {
    std::cout << dump_json(json{{"output", out.string()},
                                {"runs", runs.size()},
                                {"cases", totals.cases},
                                {"passed", totals.passed},
                                {"failed", totals.failed},
                                {"skipped", totals.skipped},
                                {"bytes", html.size()}})
              << "\n";
  } else {
    std::cout << "parity report: " << printable(out.string()) << " (" << human_bytes(html.size())
              << "): " << totals.cases << " case(s) in " << runs.size() << " run(s), "
              << totals.passed << " passed, " << totals.failed << " failed, " << totals.skipped
              << " skipped\n";
  }
  return totals.failed ? kExitDifferent : kExitOk;
}

}  // namespace

void add_report_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "report", "One self-contained HTML page over run summaries (--parity-summary files)");
  add_text(cmd, "runs", o->inputs, "Run summary JSON files written by suite binaries")->required();
  add_text(cmd, "-o,--output", o->output, "HTML file to write (default: parity-report.html)");
  cmd->add_option("--title", o->title, "Page title (default: parity report)");
  cmd->add_flag("--json", o->json, "Print what was written as one JSON object");
  cmd->footer(
      "Exit status: 0 every case passed, 1 some case failed (the page is written either way), "
      "2 error.");
  cmd->callback([o, &exit_code] { exit_code = run_report(*o); });
}

}  // namespace parity::cli
