#include "capture_record.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

#include "parity/error.hpp"
#include "parity/provenance.hpp"

namespace parity::cli {

namespace fs = std::filesystem;

CaptureRecord CaptureRecord::load_or_empty(const fs::path& staging) {
  CaptureRecord record;
  const fs::path file = staging / kFileName;
  if (!fs::exists(file)) return record;
  std::ifstream in(file);
  const nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || doc.value("schema", "") != "parity.capture" ||
      !doc.contains("suites") || !doc["suites"].is_object())
    throw UsageError("'" + file.string() + "' is not a parity capture record: delete it (the " +
                     "next `parity golden capture` writes a new one)");
  for (const auto& [name, s] : doc["suites"].items()) {
    Suite entry;
    entry.backend = s.value("backend", "");
    entry.complete = s.value("complete", false);
    entry.goldens = s.value("goldens", std::vector<std::string>{});
    entry.staged = s.value("staged", std::vector<std::string>{});
    record.suites_[name] = std::move(entry);
  }
  return record;
}

void CaptureRecord::save(const fs::path& staging) const {
  nlohmann::json suites = nlohmann::json::object();
  for (const auto& [name, s] : suites_)
    suites[name] = {{"backend", s.backend},
                    {"complete", s.complete},
                    {"goldens", s.goldens},
                    {"staged", s.staged}};
  const nlohmann::json doc{{"schema", "parity.capture"},
                           {"version", 1},
                           {"updated", utc_timestamp_now()},
                           {"suites", suites}};
  const fs::path file = staging / kFileName, tmp = staging / (std::string(kFileName) + ".tmp");
  {
    std::ofstream out(tmp);
    out << doc.dump(2) << "\n";
    if (!out) throw UsageError("cannot write " + tmp.string());
  }
  fs::rename(tmp, file);
}

const CaptureRecord::Suite* CaptureRecord::find(const std::string& suite) const {
  const auto it = suites_.find(suite);
  return it == suites_.end() ? nullptr : &it->second;
}

std::vector<std::string> CaptureRecord::suites() const {
  std::vector<std::string> names;
  for (const auto& [name, s] : suites_) names.push_back(name);
  return names;
}

}  // namespace parity::cli
