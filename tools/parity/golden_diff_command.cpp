// parity golden diff: the drift report between staged goldens (from `parity golden capture`) and
// the approved ones, case by case and output by output, with the provenance changes.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "capture_record.hpp"
#include "commands.hpp"
#include "dataset_compare.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/folder.hpp"
#include "parity/golden_reader.hpp"
#include "parity/golden_store.hpp"
#include "parity/manifest.hpp"
#include "parity/tolerance_overrides.hpp"
#include "suite_index.hpp"

namespace parity::cli {

namespace {

namespace fs = std::filesystem;

struct GoldenDiffOptions {
  std::string staging = "staging";
  std::string golden = "golden";
  std::vector<std::string> cases;
  bool json = false;
  bool quiet = false;
  int threads = default_threads();
};

// What happened to a case or a dataset, from no change to the ones that need a decision.
enum class Drift {
  kUnchanged,    // bit-for-bit the same
  kWithin,       // changed, within the approved golden's policy
  kNew,          // staged, not approved yet
  kNotCaptured,  // approved, but this capture did not stage it (filtered out, failed, skipped)
  kBeyond,       // changed beyond policy, or shape / dtype / set of tensors changed
  kUnjudged,     // changed, and the policy needs a tensor goldens do not store
  kRemoved,      // approved, and no case refers to it any more
  kError,        // could not be read or compared
};

std::string_view name(Drift d) {
  switch (d) {
    case Drift::kUnchanged:
      return "unchanged";
    case Drift::kWithin:
      return "within_policy";
    case Drift::kNew:
      return "new";
    case Drift::kNotCaptured:
      return "not_captured";
    case Drift::kBeyond:
      return "beyond_policy";
    case Drift::kUnjudged:
      return "unjudged";
    case Drift::kRemoved:
      return "removed";
    case Drift::kError:
      return "error";
  }
  return "?";
}

std::string_view label(Drift d) {
  switch (d) {
    case Drift::kUnchanged:
      return "unchanged";
    case Drift::kWithin:
      return "within";
    case Drift::kNew:
      return "new";
    case Drift::kNotCaptured:
      return "not-captured";
    case Drift::kBeyond:
      return "BEYOND";
    case Drift::kUnjudged:
      return "UNJUDGED";
    case Drift::kRemoved:
      return "REMOVED";
    case Drift::kError:
      return "ERROR";
  }
  return "?";
}

struct DatasetDrift {
  std::string path;  // "outputs/y"
  Drift drift = Drift::kUnchanged;
  std::string detail;
  std::optional<Verdict> verdict;
};

struct FieldChange {
  std::string field, before, after;
  friend bool operator<(const FieldChange& a, const FieldChange& b) {
    return std::tie(a.field, a.before, a.after) < std::tie(b.field, b.before, b.after);
  }
  friend bool operator==(const FieldChange&, const FieldChange&) = default;
};

struct CaseDrift {
  std::string path;  // relative to both roots, "saxpy/f32/4099.h5"
  Drift drift = Drift::kUnchanged;
  std::string detail;
  std::vector<DatasetDrift> datasets;
  std::vector<FieldChange> provenance;
};

// Timings change on every run; they are not provenance worth a line.
std::string params_without_timing(const std::string& params) {
  nlohmann::json p = nlohmann::json::parse(params, nullptr, false);
  if (!p.is_object()) return params;
  p.erase("kernel_ms");
  return p.dump();
}

std::vector<FieldChange> provenance_changes(const Provenance& a, const Provenance& b) {
  std::vector<FieldChange> changes;
  auto field = [&](const char* key, const std::string& x, const std::string& y) {
    if (x != y) changes.push_back({key, x.empty() ? "(none)" : x, y.empty() ? "(none)" : y});
  };
  field("backend", a.backend, b.backend);
  field("device", a.device_name, b.device_name);
  field("architecture", a.architecture, b.architecture);
  field("warp_size", std::to_string(a.warp_size), std::to_string(b.warp_size));
  field("driver", a.driver_version, b.driver_version);
  field("runtime", a.runtime_version, b.runtime_version);
  field("compiler", a.compiler, b.compiler);
  field("compiler_flags", a.compiler_flags, b.compiler_flags);
  field("parity", a.parity_version, b.parity_version);
  field("commit", a.source_commit, b.source_commit);
  field("seed", std::to_string(a.seed), std::to_string(b.seed));
  field("launch", a.launch_geometry, b.launch_geometry);
  field("params", params_without_timing(a.params), params_without_timing(b.params));
  return changes;
}

// "3 of 4099 elements differ, max 1 ulp at [17]", then (with a policy) how many are beyond it.
std::string verdict_detail(const Verdict& v, const Policy* policy) {
  char text[256];
  if (v.max_ulp.index >= 0)
    std::snprintf(text, sizeof text, "%lld of %lld elements differ, max %llu ulp at [%lld]",
                  static_cast<long long>(v.count - v.bitwise_equal),
                  static_cast<long long>(v.count), static_cast<unsigned long long>(v.max_ulp.value),
                  static_cast<long long>(v.max_ulp.index));
  else
    std::snprintf(text, sizeof text, "%lld of %lld elements differ",
                  static_cast<long long>(v.count - v.bitwise_equal),
                  static_cast<long long>(v.count));
  std::string detail = text;
  if (policy == nullptr) return detail;
  if (!v.passed)
    detail += ", " + std::to_string(v.mismatches) + " beyond policy (" +
              std::to_string(v.allowed_mismatches) + " allowed)";
  return detail + "; policy: " + policy->describe();
}

DatasetDrift compare_tensor(const GoldenReader& approved, const DatasetInfo& a,
                            const GoldenReader& staged, const DatasetInfo& b, int threads) {
  DatasetDrift d;
  d.path = a.path();
  if (a.shape != b.shape || !comparable_dtypes(a.dtype, b.dtype)) {
    d.drift = Drift::kBeyond;
    d.detail = "was " + std::string(name(a.dtype)) + " " + shape_string(a.shape) + ", now " +
               std::string(name(b.dtype)) + " " + shape_string(b.shape);
    return d;
  }
  // Inputs are compared exactly; outputs under the approved golden's stored policy.
  const Policy policy = a.role == TensorRole::kInput ? Policy{} : stored_policy(a);
  constexpr std::size_t kChunk = std::size_t{8} << 20;
  if (policy.needs_magnitude() || policy.needs_reference()) {
    // The test computes those tensors from the inputs; files do not store them. Equal bits need
    // no judgment; anything else is for `parity golden verify` (the test) to judge.
    const Verdict exact = compare_dataset(approved, a, staged, b, Policy{}, kChunk, threads);
    d.verdict = exact;
    if (exact.bitwise_equal == exact.count) {
      d.drift = Drift::kUnchanged;
    } else {
      d.drift = Drift::kUnjudged;
      d.detail = verdict_detail(exact, nullptr) + "; the stored policy (" + policy.describe() +
                 ") needs a " + (policy.needs_magnitude() ? "magnitude" : "reference") +
                 " tensor that goldens do not store: judge it with `parity golden verify`";
    }
    return d;
  }
  const Verdict v = compare_dataset(approved, a, staged, b, policy, kChunk, threads);
  d.verdict = v;
  d.drift = v.bitwise_equal == v.count ? Drift::kUnchanged
            : v.passed                 ? Drift::kWithin
                                       : Drift::kBeyond;
  if (d.drift != Drift::kUnchanged) d.detail = verdict_detail(v, &policy);
  return d;
}

CaseDrift compare_case(const Folder& golden_root, const Manifest* manifest,
                       const Folder& staging_root, const std::string& rel, int threads) {
  CaseDrift c;
  c.path = rel;
  try {
    GoldenOpenOptions options;
    if (manifest) {
      const ManifestEntry* entry = manifest->find(rel);
      if (!entry)
        throw GoldenError("approved golden " + golden_root.describe(rel) +
                          " is not listed in MANIFEST: an unreviewed file is never parsed; "
                          "run `parity golden check` and approve or remove it");
      options.expected = *entry;
    }
    options.kind = FileKind::kGolden;
    const GoldenReader approved = GoldenReader::open(golden_root, rel, options);
    GoldenOpenOptions staged_options;
    staged_options.kind = FileKind::kGolden;
    const GoldenReader staged = GoldenReader::open(staging_root, rel, staged_options);
    c.provenance = provenance_changes(approved.provenance(), staged.provenance());
    for (const DatasetInfo& a : approved.datasets()) {
      const DatasetInfo* b = staged.find(a.path());
      if (!b) {
        c.datasets.push_back({a.path(), Drift::kRemoved, "no longer captured", std::nullopt});
        continue;
      }
      c.datasets.push_back(compare_tensor(approved, a, staged, *b, threads));
    }
    for (const DatasetInfo& b : staged.datasets())
      if (!approved.find(b.path()))
        c.datasets.push_back({b.path(), Drift::kNew, "not in the approved golden", std::nullopt});
    // The case: unchanged or within only when every tensor is and the set is the same.
    bool any_within = false, any_unjudged = false, any_other = false;
    for (const auto& d : c.datasets) {
      any_within = any_within || d.drift == Drift::kWithin;
      any_unjudged = any_unjudged || d.drift == Drift::kUnjudged;
      any_other = any_other || (d.drift != Drift::kUnchanged && d.drift != Drift::kWithin &&
                                d.drift != Drift::kUnjudged);
    }
    c.drift = any_other      ? Drift::kBeyond
              : any_unjudged ? Drift::kUnjudged
              : any_within   ? Drift::kWithin
                             : Drift::kUnchanged;
  } catch (const Error& e) {
    c.drift = Drift::kError;
    c.detail = e.what();
  }
  return c;
}

std::string suite_of(const std::string& rel) {
  return rel.substr(0, rel.find('/'));
}

nlohmann::json verdict_json(const Verdict& v) {
  return {
      {"count", v.count},
      {"bitwise_equal", v.bitwise_equal},
      {"mismatches", v.mismatches},
      {"allowed_mismatches", v.allowed_mismatches},
      {"max_ulp", v.max_ulp.index >= 0 ? nlohmann::json(v.max_ulp.value) : nlohmann::json(nullptr)},
      {"max_abs", json_number(v.max_abs.value)},
      {"passed", v.passed}};
}

int run(const GoldenDiffOptions& o) {
  const fs::path staging(o.staging), golden(o.golden);
  if (std::error_code ec; !fs::exists(staging, ec))
    throw UsageError("staging folder '" + o.staging +
                     "' does not exist: run `parity golden capture` first");
  if (canonical_folder(staging) == canonical_folder(golden))
    throw UsageError("--staging and --golden are the same folder '" + o.golden + "'");
  const Folder stage = Folder::open(staging);
  const std::optional<Folder> approved_root =
      fs::exists(golden) ? std::optional<Folder>(Folder::open(golden)) : std::nullopt;
  std::optional<Manifest> manifest;
  if (approved_root && approved_root->stat(Manifest::kFileName))
    manifest = GoldenStore::open(golden).manifest();
  const CaptureRecord record = CaptureRecord::load_or_empty(stage);

  auto selected = [&](const std::string& rel) {
    if (o.cases.empty()) return true;
    const std::string id = rel.substr(0, rel.size() - 3);
    return std::any_of(o.cases.begin(), o.cases.end(),
                       [&](const std::string& p) { return glob_match(p, id); });
  };
  // Scope: the suites this staging folder holds; approved goldens of other suites are not here.
  std::set<std::string> staged_set, approved_set, suites;
  for (const auto& rel : golden_files(stage)) {
    if (!selected(rel)) continue;
    staged_set.insert(rel);
    suites.insert(suite_of(rel));
  }
  if (o.cases.empty())
    for (const auto& s : record.suites()) suites.insert(s);
  if (approved_root)
    for (const auto& s : suites)
      for (const auto& rel : golden_files(*approved_root, s))
        if (selected(rel)) approved_set.insert(rel);
  if (staged_set.empty() && approved_set.empty())
    throw UsageError("nothing to compare: staging folder '" + o.staging +
                     "' holds no golden files" + (o.cases.empty() ? "" : " matching --case"));

  std::set<std::string> all = staged_set;
  all.insert(approved_set.begin(), approved_set.end());
  std::vector<CaseDrift> cases;
  for (const std::string& rel : all) {
    const bool is_staged = staged_set.count(rel) > 0, is_approved = approved_set.count(rel) > 0;
    if (is_staged && is_approved) {
      cases.push_back(
          compare_case(*approved_root, manifest ? &*manifest : nullptr, stage, rel, o.threads));
      continue;
    }
    CaseDrift c;
    c.path = rel;
    if (is_staged) {
      c.drift = Drift::kNew;
      c.detail = "no approved golden yet";
    } else if (const auto* s = record.find(suite_of(rel));
               s && std::find(s->goldens.begin(), s->goldens.end(), rel) == s->goldens.end()) {
      c.drift = Drift::kRemoved;
      c.detail = "no case of suite '" + suite_of(rel) +
                 "' refers to it any more (remove it with `parity golden prune`)";
    } else {
      c.drift = Drift::kNotCaptured;
      c.detail = s ? "this capture did not stage it (filtered out, failed or skipped)"
                   : "not staged (no capture record in the staging folder to say why)";
    }
    cases.push_back(std::move(c));
  }

  std::map<Drift, int> counts;
  for (const auto& c : cases) ++counts[c.drift];
  const bool error = counts[Drift::kError] > 0;
  const bool drift =
      counts[Drift::kBeyond] + counts[Drift::kUnjudged] + counts[Drift::kRemoved] > 0;
  const int code = error ? kExitError : drift ? kExitDifferent : kExitOk;

  // Provenance changes shared by many cases are printed once.
  std::map<std::vector<FieldChange>, int> change_sets;
  for (const auto& c : cases)
    if (!c.provenance.empty()) ++change_sets[c.provenance];

  if (o.json) {
    nlohmann::json j;
    j["staging"] = staging.generic_string();
    j["golden"] = golden.generic_string();
    j["exit_code"] = code;
    nlohmann::json summary = nlohmann::json::object();
    for (Drift d : {Drift::kUnchanged, Drift::kWithin, Drift::kNew, Drift::kNotCaptured,
                    Drift::kBeyond, Drift::kUnjudged, Drift::kRemoved, Drift::kError})
      summary[std::string(name(d))] = counts[d];
    j["summary"] = summary;
    j["cases"] = nlohmann::json::array();
    for (const auto& c : cases) {
      nlohmann::json cj{{"path", c.path}, {"status", name(c.drift)}};
      if (!c.detail.empty()) cj["detail"] = c.detail;
      cj["provenance_changes"] = nlohmann::json::array();
      for (const auto& f : c.provenance)
        cj["provenance_changes"].push_back(
            {{"field", f.field}, {"before", f.before}, {"after", f.after}});
      cj["datasets"] = nlohmann::json::array();
      for (const auto& d : c.datasets) {
        nlohmann::json dj{{"name", d.path}, {"status", name(d.drift)}};
        if (!d.detail.empty()) dj["detail"] = d.detail;
        if (d.verdict) dj["verdict"] = verdict_json(*d.verdict);
        cj["datasets"].push_back(std::move(dj));
      }
      j["cases"].push_back(std::move(cj));
    }
    std::cout << dump_json(j, 2) << "\n";
    return code;
  }

  std::printf("parity golden diff: staged %s against approved %s\n", printable(o.staging).c_str(),
              printable(o.golden).c_str());
  for (const auto& [changes, n] : change_sets) {
    std::printf("provenance changed in %d case(s):\n", n);
    for (const auto& f : changes)
      std::printf("    %-15s %s -> %s\n", f.field.c_str(), printable(f.before).c_str(),
                  printable(f.after).c_str());
  }
  for (const auto& c : cases) {
    if (o.quiet && (c.drift == Drift::kUnchanged || c.drift == Drift::kNotCaptured)) continue;
    std::printf("  %-12s %s%s%s\n", std::string(label(c.drift)).c_str(), c.path.c_str(),
                c.detail.empty() ? "" : ": ", printable(c.detail).c_str());
    if (c.drift == Drift::kUnchanged) continue;
    for (const auto& d : c.datasets)
      if (d.drift != Drift::kUnchanged)
        std::printf("      %-12s %s: %s\n", std::string(label(d.drift)).c_str(), d.path.c_str(),
                    d.detail.c_str());
  }
  std::printf(
      "parity golden diff: %zu case(s): %d unchanged, %d within policy, %d beyond "
      "policy, %d unjudged, %d new, %d removed, %d not captured, %d error(s)\n",
      cases.size(), counts[Drift::kUnchanged], counts[Drift::kWithin], counts[Drift::kBeyond],
      counts[Drift::kUnjudged], counts[Drift::kNew], counts[Drift::kRemoved],
      counts[Drift::kNotCaptured], counts[Drift::kError]);
  return code;
}

}  // namespace

void add_golden_diff_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<GoldenDiffOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "diff",
      "Drift report of staged goldens against the approved ones, case by case and output by "
      "output; exit 0 nothing beyond policy, 1 changed beyond policy / unjudged / removed, "
      "2 error");
  add_text(cmd, "--staging", o->staging, "Staging folder written by capture (default: staging)");
  add_text(cmd, "--golden", o->golden, "Approved golden folder (default: golden)");
  add_text(cmd, "--case", o->cases,
           "Only golden paths (without .h5) matching this glob (repeatable), e.g. "
           "'saxpy/f16/*'");
  add_json(cmd, o->json);
  cmd->add_flag("-q,--quiet", o->quiet, "Leave out unchanged and not-captured cases");
  add_threads(cmd, o->threads);
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace parity::cli
