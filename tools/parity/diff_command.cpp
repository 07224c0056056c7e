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
#include "parity/compare.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"

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
  std::size_t chunk_mib = 8;
  int threads = std::max(1, std::min(2, static_cast<int>(std::thread::hardware_concurrency())));
};

enum class Status { kCompared, kError, kOnlyInB, kSkipped };

struct DatasetResult {
  std::string name;
  Status status = Status::kCompared;
  std::optional<Verdict> verdict;
  std::string message;  // error text, or why it was skipped
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
  std::ifstream in(file);
  if (!in) throw ConfigError("cannot read policy file '" + file + "'");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw ConfigError("policy file '" + file + "' is not a JSON object");
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
  Policy policy;  // exact, unless A stored a policy for this output
  if (!a.policy.empty()) {
    nlohmann::json stored = nlohmann::json::parse(a.policy, nullptr, false);
    if (stored.is_discarded())
      throw GoldenError("dataset /" + a.path() + ": stored policy is not valid JSON");
    from_json(stored, policy);
  }
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

// Walks a TensorStream element by element: hands out views of what is buffered, pulls the next
// chunk only when the current one is used up (its bytes stay valid until then).
class Cursor {
 public:
  explicit Cursor(TensorStream stream)
      : stream_(std::move(stream)), esize_(size_bytes(stream_.info().dtype)) {}
  //! Elements available without pulling; pulls when none are. 0 at the end.
  std::int64_t available() {
    if (used_ == (chunk_ ? chunk_->count : 0)) {
      chunk_ = stream_.next();
      used_ = 0;
    }
    return chunk_ ? chunk_->count - used_ : 0;
  }
  const std::byte* data() const {
    return chunk_->bytes.data() + used_ * static_cast<std::int64_t>(esize_);
  }
  void consume(std::int64_t n) { used_ += n; }
  //! Pulls to the end, so the stream verifies its checksum.
  void drain() {
    while (available() > 0) consume(available());
  }

 private:
  TensorStream stream_;
  std::size_t esize_;
  std::optional<TensorChunk> chunk_;
  std::int64_t used_ = 0;
};

bool comparable_dtypes(DType a, DType b) {
  if (a == b) return true;
  return (is_floating(a) && is_floating(b)) || (is_complex(a) && is_complex(b));
}

Verdict compare_dataset(const GoldenReader& ra, const DatasetInfo& a, const GoldenReader& rb,
                        const DatasetInfo& b, const Policy& policy, std::size_t chunk_bytes,
                        int threads) {
  if (a.shape != b.shape)
    throw GoldenError("shape mismatch for /" + a.path() + ": " + shape_string(a.shape) + " in " +
                      ra.path().string() + ", " + shape_string(b.shape) + " in " +
                      rb.path().string());
  if (!comparable_dtypes(a.dtype, b.dtype))
    throw GoldenError("dtype mismatch for /" + a.path() + ": " + std::string(name(a.dtype)) +
                      " in " + ra.path().string() + ", " + std::string(name(b.dtype)) + " in " +
                      rb.path().string() + " (only floats of different formats compare by value)");
  ComparisonOptions options;
  options.name = a.path();
  options.threads = threads;  // verdicts are bit-identical for any thread count
  Comparison comparison(a.dtype, b.dtype, a.shape, policy, options);
  // The same element count per chunk on both sides, whatever their element sizes.
  const std::size_t widest = std::max(size_bytes(a.dtype), size_bytes(b.dtype));
  const std::size_t elements = std::max<std::size_t>(1, chunk_bytes / widest);
  // Read-ahead: one worker per file reads and verifies the next chunks while this thread
  // compares the current ones.
  Cursor ca(ra.stream(a.path(), elements * size_bytes(a.dtype), /*read_ahead=*/true));
  Cursor cb(rb.stream(b.path(), elements * size_bytes(b.dtype), /*read_ahead=*/true));
  std::int64_t offset = 0;
  for (;;) {
    const std::int64_t n = std::min(ca.available(), cb.available());
    if (n == 0) break;
    const TensorView va(a.dtype, {n}, ca.data());
    const TensorView vb(b.dtype, {n}, cb.data());
    comparison.add(offset, va, vb);
    ca.consume(n);
    cb.consume(n);
    offset += n;
  }
  ca.drain();  // checksums are verified at the end of each stream
  cb.drain();
  return comparison.finish();
}

// JSON numbers cannot be inf or NaN: write them as strings, as the Verdict JSON does.
nlohmann::json number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
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
  return j;
}

int run(const DiffOptions& o) {
  const PolicyOverrides overrides = load_overrides(o.policy_file);
  const GoldenReader ra = GoldenReader::open(o.a);
  const GoldenReader rb = GoldenReader::open(o.b);
  const std::size_t chunk_bytes = std::max<std::size_t>(1, o.chunk_mib) << 20;

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
      r.verdict =
          compare_dataset(ra, *a, rb, *b, policy_for(*a, overrides, o), chunk_bytes, o.threads);
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
    std::cout << j.dump(2) << "\n";
    return code;
  }
  int compared = 0, passed = 0;
  for (const auto& r : results) {
    switch (r.status) {
      case Status::kCompared:
        ++compared;
        passed += r.verdict->passed;
        if (!o.quiet) std::cout << r.verdict->table() << "\n";
        break;
      case Status::kError:
        std::cerr << "parity diff: error: " << r.name << ": " << r.message << "\n";
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
  cmd->add_option("a", o->a, "Reference file (its stored policies judge)")->required();
  cmd->add_option("b", o->b, "Candidate file")->required();
  cmd->add_option("--dataset", o->datasets,
                  "Compare only this dataset (\"outputs/y\" or a unique name); repeatable");
  cmd->add_option("--max-ulp", o->max_ulp, "Override: allowed ULP distance");
  cmd->add_option("--atol", o->atol, "Override: absolute tolerance");
  cmd->add_option("--rtol", o->rtol, "Override: relative tolerance");
  cmd->add_option("--policy", o->policy_file,
                  "JSON policy overrides: policy keys for every dataset, and \"datasets\": "
                  "{name: {keys}} for single ones");
  cmd->add_flag("--json", o->json, "Print one JSON document instead of tables");
  cmd->add_flag("-q,--quiet", o->quiet, "Print only differences and the summary line");
  cmd->add_option("--chunk-mib", o->chunk_mib, "Streaming chunk size per file in MiB (default 8)");
  cmd->add_option("--threads", o->threads, "Comparator threads (default: 2, or 1 on one core)");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace parity::cli
