#include "parity/audit/report.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "parity/audit/effort.hpp"
#include "parity/audit/rules.hpp"
#include "parity/error.hpp"

namespace parity::audit {

namespace {

// ----- text ----------------------------------------------------------------------------------

// Display width of UTF-8 text ("§1" is two columns): continuation bytes take no column.
std::size_t columns(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// A table printed with aligned columns; columns listed in `right` are right-aligned (numbers).
class Table {
 public:
  Table(std::vector<std::string> header, std::set<std::size_t> right)
      : rows_{std::move(header)}, right_(std::move(right)) {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  bool empty() const { return rows_.size() == 1; }

  void print(std::ostream& out) const {
    std::vector<std::size_t> width(rows_[0].size(), 0);
    for (const auto& row : rows_)
      for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], columns(row[c]));
    for (const auto& row : rows_) {
      std::string line = "  ";
      for (std::size_t c = 0; c < row.size(); ++c) {
        const std::string pad(width[c] - columns(row[c]), ' ');
        const bool last = c + 1 == row.size();
        line += right_.contains(c) ? pad + row[c] : row[c] + (last ? "" : pad);
        if (!last) line += "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << line << '\n';
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
  std::set<std::size_t> right_;
};

std::string at(const std::string& file, int line) {
  return file + ":" + std::to_string(line);
}

std::string joined(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

std::map<Severity, int> by_severity(const Inventory& inv) {
  std::map<Severity, int> counts{{Severity::kHigh, 0}, {Severity::kMedium, 0}, {Severity::kLow, 0}};
  for (const Finding& f : inv.findings) ++counts[hazard_rule(f.rule).severity];
  return counts;
}

void heading(std::ostream& out, const std::string& title) {
  out << '\n' << title << '\n';
}

}  // namespace

void write_text(const Inventory& inv, std::ostream& out) {
  const auto sev = by_severity(inv);
  out << "parity audit of " << inv.root << ": " << inv.files.size() << " files, "
      << inv.total_lines() << " lines; " << inv.kernels.size() << " kernels, "
      << inv.launches.size() << " launches, " << inv.findings.size() << " hazard findings ("
      << sev.at(Severity::kHigh) << " high, " << sev.at(Severity::kMedium) << " medium, "
      << sev.at(Severity::kLow) << " low)\n";

  heading(out, "KERNELS (" + std::to_string(inv.kernels.size()) + ")");
  if (inv.kernels.empty()) {
    out << "  none: no __global__ function is defined in the audited files\n";
  } else {
    Table table({"kernel", "location", "lines", "launches", "hazards", "effort", "suite"},
                {2, 3, 4});
    for (const Kernel& k : inv.kernels) {
      int hazards = 0;
      for (const auto& [rule, count] : k.hazards) hazards += count;
      const std::string suite = !inv.suites_dir ? "?" : k.suites.empty() ? "-" : joined(k.suites);
      table.add({k.name, at(k.file, k.line), std::to_string(k.body_lines),
                 std::to_string(k.launches), std::to_string(hazards),
                 std::to_string(k.effort.points) + " " + k.effort.size, suite});
    }
    table.print(out);
    out << "\n  signatures\n";
    std::size_t width = 0;
    for (const Kernel& k : inv.kernels) width = std::max(width, at(k.file, k.line).size());
    for (const Kernel& k : inv.kernels) {
      const std::string where = at(k.file, k.line);
      out << "  " << where << std::string(width - where.size(), ' ') << "  " << k.signature << '\n';
    }
  }

  std::set<std::string> defined;
  for (const Kernel& k : inv.kernels) defined.insert(k.name);
  Table foreign({"kernel", "launched at", "via"}, {});
  for (const Launch& l : inv.launches)
    if (!defined.contains(l.kernel)) foreign.add({l.kernel, at(l.file, l.line), l.via});
  if (!foreign.empty()) {
    heading(out, "LAUNCHES OF KERNELS NOT DEFINED IN THE AUDITED FILES");
    foreign.print(out);
  }

  int uses = 0;
  for (const ApiUse& a : inv.api) uses += a.count;
  heading(out, "CUDA RUNTIME / DRIVER API (" + std::to_string(inv.api.size()) + " names, " +
                   std::to_string(uses) + " uses)");
  if (inv.api.empty()) {
    out << "  none\n";
  } else {
    Table table({"name", "kind", "uses"}, {2});
    for (const ApiUse& a : inv.api)
      table.add({a.name, std::string(name(a.kind)), std::to_string(a.count)});
    table.print(out);
  }

  heading(out, "LIBRARIES (" + std::to_string(inv.libraries.size()) + ")");
  if (inv.libraries.empty()) {
    out << "  none\n";
  } else {
    Table table({"library", "vendor", "includes", "cmake", "calls", "counterpart"}, {2, 3, 4});
    for (const LibraryUse& use : inv.libraries) {
      const LibraryInfo& lib = library(use.id);
      table.add({std::string(lib.name), std::string(name(lib.vendor)), std::to_string(use.includes),
                 std::to_string(use.cmake), std::to_string(use.calls),
                 std::string(lib.counterpart)});
    }
    table.print(out);
    out << '\n';
    for (const LibraryUse& use : inv.libraries) {
      const LibraryInfo& lib = library(use.id);
      out << "  " << lib.name << ": " << lib.note;
      if (!use.evidence.empty())
        out << " (first seen " << at(use.evidence[0].file, use.evidence[0].line) << ")";
      out << '\n';
    }
  }

  heading(out, "HAZARDS (" + std::to_string(inv.findings.size()) + ")");
  if (inv.findings.empty()) {
    out << "  none found\n";
  } else {
    Table summary({"rule", "severity", "count", "pitfalls", "what"}, {2});
    for (const HazardRule& r : hazard_rules()) {
      const int count = inv.count_findings(std::string(r.id));
      if (count == 0) continue;
      summary.add({std::string(r.id), std::string(name(r.severity)), std::to_string(count),
                   r.pitfalls.empty() ? "-" : std::string(r.pitfalls), std::string(r.title)});
    }
    summary.print(out);
    out << '\n';
    Table findings({"location", "severity", "rule", "in", "matched"}, {});
    for (const Finding& f : inv.findings)
      findings.add({at(f.file, f.line), std::string(name(hazard_rule(f.rule).severity)), f.rule,
                    f.function.empty() ? "-" : f.function, f.text});
    findings.print(out);
    out << '\n';
    for (const HazardRule& r : hazard_rules())
      if (inv.count_findings(std::string(r.id)) > 0)
        out << "  " << r.id << ": " << r.message << '\n';
  }

  if (!inv.suites_dir) {
    heading(out, "SUITES");
    out << "  not checked: no suites folder (pass --suites DIR, or run where ./suites exists)\n";
  } else {
    std::vector<std::string> with, without;
    for (const Kernel& k : inv.kernels)
      (k.suites.empty() ? without : with)
          .push_back(k.suites.empty() ? k.name : k.name + " (" + joined(k.suites) + ")");
    heading(out, "SUITES (" + *inv.suites_dir + ")");
    out << "  with a suite: " << with.size() << " of " << inv.kernels.size() << " kernels"
        << (with.empty() ? "" : ": " + joined(with)) << '\n';
    out << "  without a suite: " << without.size()
        << (without.empty() ? "" : ": " + joined(without)) << '\n';
  }

  heading(out, "EFFORT");
  int kernels = 0;
  for (const Kernel& k : inv.kernels) kernels += k.effort.points;
  out << "  " << kernels << " (kernels) + " << inv.effort_libraries << " (libraries) + "
      << inv.effort_other << " (findings outside kernels) = " << inv.effort_total << " points\n"
      << "  kernel: " << effort::kKernelBase << " + 1 per started " << effort::kLinesPerPoint
      << " body lines + " << effort::weight(Severity::kHigh) << "/"
      << effort::weight(Severity::kMedium) << "/" << effort::weight(Severity::kLow)
      << " per high/medium/low finding it reaches\n"
      << "  NVIDIA library: " << effort::kLibraryWithCounterpart << " (" << effort::kLibraryWithout
      << " without an AMD counterpart) + 1 per started " << effort::kUsesPerPoint
      << " calls; sizes S <= 5 < M <= 12 < L <= 25 < XL\n";

  if (!inv.warnings.empty()) {
    heading(out, "WARNINGS (" + std::to_string(inv.warnings.size()) + ")");
    for (const Warning& w : inv.warnings)
      out << "  " << at(w.file, w.line) << ": " << w.message << '\n';
  }
}

// ----- JSON ----------------------------------------------------------------------------------

using ojson = nlohmann::ordered_json;

ojson to_json(const Inventory& inv) {
  ojson j;
  j["schema"] = kReportSchema;
  j["version"] = kReportVersion;
  j["root"] = inv.root;
  j["suites_dir"] = inv.suites_dir ? ojson(*inv.suites_dir) : ojson(nullptr);

  const auto sev = by_severity(inv);
  j["summary"] = {{"files", inv.files.size()},           {"lines", inv.total_lines()},
                  {"kernels", inv.kernels.size()},       {"launches", inv.launches.size()},
                  {"findings", inv.findings.size()},     {"high", sev.at(Severity::kHigh)},
                  {"medium", sev.at(Severity::kMedium)}, {"low", sev.at(Severity::kLow)}};

  ojson files = ojson::array();
  for (const SourceFile& f : inv.files)
    files.push_back({{"path", f.path},
                     {"kind", name(f.kind)},
                     {"lines", f.lines},
                     {"defines_main", f.defines_main}});
  j["files"] = std::move(files);

  ojson kernels = ojson::array();
  for (const Kernel& k : inv.kernels) {
    ojson tparams = ojson::array();
    for (const TemplateParam& p : k.template_params)
      tparams.push_back({{"is_type", p.is_type},
                         {"type", p.type},
                         {"name", p.name},
                         {"default", p.default_value},
                         {"pack", p.pack}});
    ojson params = ojson::array();
    for (const Param& p : k.params) params.push_back({{"type", p.type}, {"name", p.name}});
    ojson hazards = ojson::object();
    for (const auto& [rule, count] : k.hazards) hazards[rule] = count;
    kernels.push_back({{"name", k.name},
                       {"namespace", k.scope},
                       {"file", k.file},
                       {"line", k.line},
                       {"signature", k.signature},
                       {"is_template", k.is_template},
                       {"template_params", std::move(tparams)},
                       {"params", std::move(params)},
                       {"body_lines", k.body_lines},
                       {"launches", k.launches},
                       {"calls", k.calls},
                       {"hazards", std::move(hazards)},
                       {"suites", k.suites},
                       {"effort", {{"points", k.effort.points}, {"size", k.effort.size}}}});
  }
  j["kernels"] = std::move(kernels);

  ojson launches = ojson::array();
  for (const Launch& l : inv.launches)
    launches.push_back({{"kernel", l.kernel}, {"file", l.file}, {"line", l.line}, {"via", l.via}});
  j["launches"] = std::move(launches);

  ojson api = ojson::array();
  for (const ApiUse& a : inv.api)
    api.push_back({{"name", a.name}, {"kind", name(a.kind)}, {"count", a.count}});
  j["api"] = std::move(api);

  ojson libs = ojson::array();
  for (const LibraryUse& use : inv.libraries) {
    const LibraryInfo& lib = library(use.id);
    ojson evidence = ojson::array();
    for (const LibraryEvidence& e : use.evidence)
      evidence.push_back({{"file", e.file}, {"line", e.line}, {"via", e.via}, {"text", e.text}});
    libs.push_back({{"id", use.id},
                    {"name", lib.name},
                    {"vendor", name(lib.vendor)},
                    {"counterpart", lib.counterpart},
                    {"note", lib.note},
                    {"includes", use.includes},
                    {"cmake", use.cmake},
                    {"calls", use.calls},
                    {"evidence", std::move(evidence)}});
  }
  j["libraries"] = std::move(libs);

  ojson rules = ojson::array();
  for (const HazardRule& r : hazard_rules()) {
    const int count = inv.count_findings(std::string(r.id));
    if (count == 0) continue;
    rules.push_back({{"id", r.id},
                     {"severity", name(r.severity)},
                     {"title", r.title},
                     {"message", r.message},
                     {"pitfalls", r.pitfalls},
                     {"count", count}});
  }
  j["hazard_rules"] = std::move(rules);

  ojson findings = ojson::array();
  for (const Finding& f : inv.findings)
    findings.push_back({{"rule", f.rule},
                        {"severity", name(hazard_rule(f.rule).severity)},
                        {"file", f.file},
                        {"line", f.line},
                        {"function", f.function},
                        {"text", f.text}});
  j["findings"] = std::move(findings);

  ojson warnings = ojson::array();
  for (const Warning& w : inv.warnings)
    warnings.push_back({{"file", w.file}, {"line", w.line}, {"message", w.message}});
  j["warnings"] = std::move(warnings);

  j["effort"] = {{"total", inv.effort_total},
                 {"libraries", inv.effort_libraries},
                 {"other", inv.effort_other}};
  return j;
}

namespace {

// Field access with errors that name the field.
const nlohmann::json& field(const nlohmann::json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key))
    throw ConfigError("audit report: " + where + " has no field '" + key +
                      "'; was it written by `parity audit --json`?");
  return j.at(key);
}

template <class T>
T get(const nlohmann::json& j, const char* key, const std::string& where) {
  try {
    return field(j, key, where).get<T>();
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError("audit report: " + where + "." + key + " has the wrong type (" + e.what() +
                      ")");
  }
}

const nlohmann::json& array(const nlohmann::json& j, const char* key, const std::string& where) {
  const nlohmann::json& a = field(j, key, where);
  if (!a.is_array()) throw ConfigError("audit report: " + where + "." + key + " is not an array");
  return a;
}

bool known_rule(const std::string& id) {
  for (const HazardRule& r : hazard_rules())
    if (r.id == id) return true;
  return false;
}

bool known_library(const std::string& id) {
  for (const LibraryInfo& l : libraries())
    if (l.id == id) return true;
  return false;
}

FileKind parse_file_kind(const std::string& s) {
  for (FileKind k : {FileKind::kCuda, FileKind::kSource, FileKind::kHeader, FileKind::kCMake})
    if (name(k) == s) return k;
  throw ConfigError("audit report: unknown file kind '" + s + "'");
}

}  // namespace

Inventory inventory_from_json(const nlohmann::json& j) {
  const std::string schema = get<std::string>(j, "schema", "the report");
  const int version = get<int>(j, "version", "the report");
  if (schema != kReportSchema || version != kReportVersion)
    throw ConfigError("audit report: schema '" + schema + "' version " + std::to_string(version) +
                      " is not " + kReportSchema + " version " + std::to_string(kReportVersion) +
                      "; regenerate it with this parity");
  Inventory inv;
  inv.root = get<std::string>(j, "root", "the report");
  if (const auto& s = field(j, "suites_dir", "the report"); !s.is_null())
    inv.suites_dir = get<std::string>(j, "suites_dir", "the report");

  for (const auto& f : array(j, "files", "the report"))
    inv.files.push_back({get<std::string>(f, "path", "files[]"),
                         parse_file_kind(get<std::string>(f, "kind", "files[]")),
                         get<int>(f, "lines", "files[]"), get<bool>(f, "defines_main", "files[]")});

  for (const auto& k : array(j, "kernels", "the report")) {
    Kernel kernel;
    const std::string where = "kernels[]";
    kernel.name = get<std::string>(k, "name", where);
    kernel.scope = get<std::string>(k, "namespace", where);
    kernel.file = get<std::string>(k, "file", where);
    kernel.line = get<int>(k, "line", where);
    kernel.signature = get<std::string>(k, "signature", where);
    kernel.is_template = get<bool>(k, "is_template", where);
    for (const auto& p : array(k, "template_params", where))
      kernel.template_params.push_back(
          {get<bool>(p, "is_type", where), get<std::string>(p, "type", where),
           get<std::string>(p, "name", where), get<std::string>(p, "default", where),
           get<bool>(p, "pack", where)});
    for (const auto& p : array(k, "params", where))
      kernel.params.push_back(
          {get<std::string>(p, "type", where), get<std::string>(p, "name", where)});
    kernel.body_lines = get<int>(k, "body_lines", where);
    kernel.launches = get<int>(k, "launches", where);
    kernel.calls = get<std::vector<std::string>>(k, "calls", where);
    kernel.hazards = get<std::map<std::string, int>>(k, "hazards", where);
    kernel.suites = get<std::vector<std::string>>(k, "suites", where);
    const auto& e = field(k, "effort", where);
    kernel.effort = {get<int>(e, "points", where + ".effort"),
                     get<std::string>(e, "size", where + ".effort")};
    inv.kernels.push_back(std::move(kernel));
  }

  for (const auto& l : array(j, "launches", "the report"))
    inv.launches.push_back(
        {get<std::string>(l, "kernel", "launches[]"), get<std::string>(l, "file", "launches[]"),
         get<int>(l, "line", "launches[]"), get<std::string>(l, "via", "launches[]")});

  for (const auto& a : array(j, "api", "the report")) {
    const std::string kind = get<std::string>(a, "kind", "api[]");
    if (kind != "runtime" && kind != "driver")
      throw ConfigError("audit report: api[].kind '" + kind + "' is not runtime or driver");
    inv.api.push_back({get<std::string>(a, "name", "api[]"),
                       kind == "runtime" ? ApiKind::kRuntime : ApiKind::kDriver,
                       get<int>(a, "count", "api[]")});
  }

  for (const auto& l : array(j, "libraries", "the report")) {
    LibraryUse use;
    use.id = get<std::string>(l, "id", "libraries[]");
    if (!known_library(use.id))
      throw ConfigError("audit report: libraries[].id '" + use.id + "' is not a known library");
    use.includes = get<int>(l, "includes", "libraries[]");
    use.cmake = get<int>(l, "cmake", "libraries[]");
    use.calls = get<int>(l, "calls", "libraries[]");
    for (const auto& e : array(l, "evidence", "libraries[]"))
      use.evidence.push_back(
          {get<std::string>(e, "file", "evidence[]"), get<int>(e, "line", "evidence[]"),
           get<std::string>(e, "via", "evidence[]"), get<std::string>(e, "text", "evidence[]")});
    inv.libraries.push_back(std::move(use));
  }

  for (const auto& f : array(j, "findings", "the report")) {
    Finding finding{get<std::string>(f, "rule", "findings[]"),
                    get<std::string>(f, "file", "findings[]"), get<int>(f, "line", "findings[]"),
                    get<std::string>(f, "function", "findings[]"),
                    get<std::string>(f, "text", "findings[]")};
    if (!known_rule(finding.rule))
      throw ConfigError("audit report: findings[].rule '" + finding.rule +
                        "' is not a known hazard rule");
    inv.findings.push_back(std::move(finding));
  }

  for (const auto& w : array(j, "warnings", "the report"))
    inv.warnings.push_back({get<std::string>(w, "file", "warnings[]"),
                            get<int>(w, "line", "warnings[]"),
                            get<std::string>(w, "message", "warnings[]")});

  const auto& e = field(j, "effort", "the report");
  inv.effort_total = get<int>(e, "total", "effort");
  inv.effort_libraries = get<int>(e, "libraries", "effort");
  inv.effort_other = get<int>(e, "other", "effort");
  return inv;
}

}  // namespace parity::audit
