// parity diff A.h5 B.h5: compares two golden or result files dataset by dataset with the
// comparator, under the policy stored in A unless overridden. Exit 0 equivalent, 1 differences,
// 2 error (h5diff's convention). Tensors stream through in chunks, so memory stays bounded.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "dataset_compare.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/compare.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"
#include "parity/regular_file.hpp"

namespace parity::cli {

namespace {

struct DiffOptions {
  std::string a, b;
  std::vector<std::string> datasets;
  std::optional<std::uint64_t> max_ulp;
  std::optional<double> atol, rtol;
  std::string policy_file;
  bool json = false;
  bool quiet = false;
  // 2 MiB: the 3 read-ahead slots of both files (12 MiB) stay in the last-level cache, so the
  // comparator reads what the kernel just copied instead of going to DRAM (8 MiB was 1.5x slower).
  std::size_t chunk_mib = 2;
  int threads = default_threads();
};

enum class Status { kCompared, kError, kOnlyInB, kSkipped };

struct DatasetResult {
  std::string name;
  Status status = Status::kCompared;
  std::optional<Verdict> verdict;
  std::string message;  // error text, or why it was skipped
  std::string note;     // compared: why the policy differs from the stored one
  DType dtype_a = DType::kFloat32, dtype_b = DType::kFloat32;
  Shape shape;
};

// A --policy file: top-level policy keys apply to every dataset; "datasets" maps a dataset name
// ("outputs/y" or "y") to keys that apply to it alone, after the top-level ones.
struct PolicyOverrides {
  nlohmann::json common = nlohmann::json::object();
  nlohmann::json per_dataset = nlohmann::json::object();
};

PolicyOverrides load_overrides(const std::string& file) {
  PolicyOverrides o;
  if (file.empty()) return o;
  RegularFileOptions read;
  read.follow_link = true;  // the user named it
  read.what = "policy file";
  read.max_bytes = std::uint64_t{16} << 20;
  nlohmann::json j =
      parse_bounded_json(read_regular_file(file, read), "policy file '" + file + "'");
  if (!j.is_object()) throw ConfigError("policy file '" + file + "' is not a JSON object");
  for (auto& [key, value] : j.items()) {
    if (key == "datasets") {
      if (!value.is_object())
        throw ConfigError("policy file '" + file + "': \"datasets\" must map names to objects");
      o.per_dataset = value;
    } else {
      o.common[key] = value;
    }
  }
  // Validate now, so a typo fails before any data is read.
  Policy scratch;
  for (auto& [key, value] : o.common.items()) apply_policy_setting(scratch, key, value);
  for (auto& [name, settings] : o.per_dataset.items()) {
    if (!settings.is_object())
      throw ConfigError("policy file '" + file + "': datasets." + name + " must be an object");
    for (auto& [key, value] : settings.items()) apply_policy_setting(scratch, key, value);
  }
  return o;
}

DatasetResult note(std::string name, Status status, std::string message) {
  DatasetResult r;
  r.name = std::move(name);
  r.status = status;
  r.message = std::move(message);
  return r;
}

Policy policy_for(const DatasetInfo& a, const PolicyOverrides& overrides, const DiffOptions& o) {
  // Inputs are compared exactly: outputs are only comparable when both ran on the same bytes.
  if (a.role == TensorRole::kInput) return Policy{};
  Policy policy = stored_policy(a);  // exact, unless A stored a policy for this output
  for (auto& [key, value] : overrides.common.items()) apply_policy_setting(policy, key, value);
  for (const std::string& key : {a.path(), a.name}) {
    auto it = overrides.per_dataset.find(key);
    if (it != overrides.per_dataset.end())
      for (auto& [k, v] : it->items()) apply_policy_setting(policy, k, v);
  }
  if (o.max_ulp) policy.max_ulp(*o.max_ulp);
  if (o.atol) policy.atol(*o.atol);
  if (o.rtol) policy.rtol(*o.rtol);
  return policy;
}

// JSON numbers cannot be inf or NaN: write them as strings, as the Verdict JSON does.
nlohmann::json number(double v) {
  return json_number(v);
}

nlohmann::json result_json(const DatasetResult& r) {
  nlohmann::json j;
  j["name"] = r.name;
  switch (r.status) {
    case Status::kError:
      j["status"] = "error";
      j["error"] = r.message;
      j["passed"] = false;
      return j;
    case Status::kOnlyInB:
      j["status"] = "only_in_b";
      j["passed"] = false;
      j["message"] = r.message;
      return j;
    case Status::kSkipped:
      j["status"] = "skipped";
      j["message"] = r.message;
      return j;
    case Status::kCompared:
      break;
  }
  const Verdict& v = *r.verdict;
  j["status"] = "compared";
  j["dtype"] = name(r.dtype_a);
  j["dtype_b"] = name(r.dtype_b);
  j["shape"] = v.shape;
  j["count"] = v.count;
  j["mismatches"] = v.mismatches;
  j["allowed_mismatches"] = v.allowed_mismatches;
  j["bitwise_equal"] = v.bitwise_equal;
  j["bitwise_equal_fraction"] = number(v.bitwise_equal_fraction());
  j["max_ulp"] = v.max_ulp.index >= 0 ? nlohmann::json(v.max_ulp.value) : nlohmann::json(nullptr);
  j["max_abs"] = number(v.max_abs.value);
  j["max_rel"] = number(v.max_rel.value);
  j["nan_mismatches"] = v.nan_mismatches;
  j["inf_mismatches"] = v.inf_mismatches;
  j["passed"] = v.passed;
  nlohmann::json histogram = nlohmann::json::object();
  for (int i = 0; i < UlpHistogram::kBuckets; ++i)
    if (v.histogram.counts[static_cast<std::size_t>(i)] != 0)
      histogram[UlpHistogram::label(i)] = v.histogram.counts[static_cast<std::size_t>(i)];
  j["histogram"] = histogram;
  j["hints"] = nlohmann::json::array();
  for (const Hint& h : v.hints)
    j["hints"].push_back({{"kind", name(h.kind)}, {"message", h.message}});
  nlohmann::json policy;
  to_json(policy, v.policy);
  j["policy"] = policy;
  j["summary"] = v.summary();
  if (!r.note.empty()) j["note"] = r.note;
  return j;
}

int run(const DiffOptions& o) {
  const PolicyOverrides overrides = load_overrides(o.policy_file);
  const GoldenReader ra = GoldenReader::open(o.a);
  const GoldenReader rb = GoldenReader::open(o.b);
  const std::size_t chunk_bytes = o.chunk_mib << 20;  // 1 to 4096 MiB (checked when parsed)
  // A --policy entry for a dataset A does not have would be ignored: a typo must not pass.
  for (auto& [name, settings] : overrides.per_dataset.items()) {
    (void)settings;
    if (ra.find(name) == nullptr) {
      std::string list;
      for (const auto& d : ra.datasets()) list += (list.empty() ? "" : ", ") + d.path();
      throw ConfigError("policy file '" + o.policy_file + "': datasets." + name + ": " + o.a +
                        " has no such dataset (it has: " + (list.empty() ? "none" : list) + ")");
    }
  }

  // Which datasets: the ones asked for, else every output of A and the inputs both files have.
  std::vector<DatasetResult> results;
  std::vector<const DatasetInfo*> selected;
  if (!o.datasets.empty()) {
    for (const std::string& n : o.datasets) {
      const DatasetInfo* a = ra.find(n);
      if (a == nullptr) {
        std::string list;
        for (const auto& d : ra.datasets()) list += (list.empty() ? "" : ", ") + d.path();
        results.push_back(
            note(n, Status::kError,
                 "not in " + o.a + " (it has: " + (list.empty() ? "none" : list) + ")"));
        continue;
      }
      selected.push_back(a);
    }
  } else {
    for (const DatasetInfo& a : ra.datasets()) {
      if (a.role == TensorRole::kInput && rb.find(a.path()) == nullptr) {
        results.push_back(note(a.path(), Status::kSkipped, "input not in " + o.b));
        continue;
      }
      selected.push_back(&a);
    }
    for (const DatasetInfo& b : rb.datasets())
      if (b.role == TensorRole::kOutput && ra.find(b.path()) == nullptr)
        results.push_back(note(b.path(), Status::kOnlyInB, "output only in " + o.b));
  }

  for (const DatasetInfo* a : selected) {
    DatasetResult r;
    r.name = a->path();
    r.dtype_a = a->dtype;
    r.shape = a->shape;
    try {
      const DatasetInfo* b = rb.find(a->path());
      if (b == nullptr) throw GoldenError("/" + a->path() + " is not in " + o.b);
      r.dtype_b = b->dtype;
      Policy policy = policy_for(*a, overrides, o);
      if (policy.needs_magnitude() || policy.needs_reference()) {
        // The test computes those tensors from the inputs; files store neither. Equal bits
        // need no judgment, so the comparison is exact.
        r.note = "the policy (" + policy.describe() + ") needs a " +
                 (policy.needs_magnitude() ? "magnitude" : "reference") +
                 " tensor that files do not store: compared exactly; a verify run of the test "
                 "judges it under that policy";
        policy = Policy{};
      }
      r.verdict = compare_dataset(ra, *a, rb, *b, policy, chunk_bytes, o.threads);
    } catch (const Error& e) {
      r.status = Status::kError;
      r.message = e.what();
    }
    results.push_back(std::move(r));
  }

  bool error = false, different = false;
  for (const auto& r : results) {
    error = error || r.status == Status::kError;
    different = different || r.status == Status::kOnlyInB ||
                (r.status == Status::kCompared && !r.verdict->passed);
  }
  const int code = error ? kExitError : different ? kExitDifferent : kExitOk;

  if (o.json) {
    nlohmann::json j;
    j["a"] = o.a;
    j["b"] = o.b;
    j["equivalent"] = code == kExitOk;
    j["exit_code"] = code;
    j["datasets"] = nlohmann::json::array();
    for (const auto& r : results) j["datasets"].push_back(result_json(r));
    std::cout << dump_json(j, 2) << "\n";
    return code;
  }
  int compared = 0, passed = 0;
  for (const auto& r : results) {
    switch (r.status) {
      case Status::kCompared:
        ++compared;
        passed += r.verdict->passed;
        if (!o.quiet) std::cout << r.verdict->table() << "\n";
        if (!r.note.empty() && (!o.quiet || !r.verdict->passed))
          std::cout << "note " << r.name << ": " << r.note << "\n\n";
        break;
      case Status::kError:
        std::cerr << "parity diff: error: " << printable(r.name) << ": " << printable(r.message)
                  << "\n";
        break;
      case Status::kOnlyInB:
        std::cout << "DIFF " << r.name << ": " << r.message << "\n\n";
        break;
      case Status::kSkipped:
        if (!o.quiet) std::cout << "skip " << r.name << ": " << r.message << "\n\n";
        break;
    }
  }
  std::cout << "parity diff: " << compared << " dataset(s) compared, " << passed << " equivalent, "
            << (compared - passed) << " different";
  if (error) std::cout << ", errors (exit 2)";
  std::cout << "\n";
  return code;
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<DiffOptions>();
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "Compare two golden or result files dataset by dataset (exit 0 same, 1 different, "
      "2 error)");
  add_text(cmd, "a", o->a, "Reference file (its stored policies judge)")->required();
  add_text(cmd, "b", o->b, "Candidate file")->required();
  add_text(cmd, "--dataset", o->datasets,
           "Compare only this dataset (\"outputs/y\" or a unique name); repeatable");
  add_integer(cmd, "--max-ulp", o->max_ulp, 0, UINT64_MAX,
              "Override: allowed ULP distance, a whole number from 0");
  add_real(cmd, "--atol", o->atol, 0.0, 1e308, "Override: absolute tolerance, finite, >= 0");
  add_real(cmd, "--rtol", o->rtol, 0.0, 1e308, "Override: relative tolerance, finite, >= 0");
  add_text(cmd, "--policy", o->policy_file,
           "JSON policy overrides: policy keys for every dataset, and \"datasets\": "
           "{name: {keys}} for single ones");
  cmd->add_flag("--json", o->json, "Print one JSON document instead of tables");
  cmd->add_flag("-q,--quiet", o->quiet, "Print only differences and the summary line");
  add_integer(cmd, "--chunk-mib", o->chunk_mib, 1, 4096,
              "Streaming chunk size per file in MiB, 1 to 4096 (default 2)");
  add_threads(cmd, o->threads);
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace parity::cli
