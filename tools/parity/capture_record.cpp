#include "capture_record.hpp"

#include <nlohmann/json.hpp>

#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/golden_schema.hpp"
#include "parity/manifest.hpp"
#include "parity/provenance.hpp"

namespace parity::cli {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> golden_list(const nlohmann::json& s, const char* key,
                                     const std::string& suite, const std::string& where) {
  std::vector<std::string> out;
  if (!s.contains(key)) return out;
  if (!s[key].is_array())
    throw UsageError(where + ": suites." + suite + "." + key + " is not a list");
  for (const auto& g : s[key]) {
    if (!g.is_string())
      throw UsageError(where + ": suites." + suite + "." + key + " holds a non-string");
    const std::string path = g.get<std::string>();
    try {
      check_manifest_path(path);
    } catch (const UsageError& e) {
      throw UsageError(where + ": " + e.what());
    }
    if (!path.starts_with(suite + "/") || !path.ends_with(".h5"))
      throw UsageError(where + ": golden path \"" + path + "\" is not a file of suite '" + suite +
                       "'");
    out.push_back(path);
  }
  return out;
}

}  // namespace

CaptureRecord CaptureRecord::load_or_empty(const Folder& staging) {
  CaptureRecord record;
  if (!staging.stat(kFileName)) return record;
  const std::string where = "'" + staging.describe(kFileName) + "'";
  const std::string fix = " (delete it: the next `parity golden capture` writes a new one)";
  nlohmann::json doc;
  try {
    doc =
        parse_bounded_json(staging.read_file(kFileName, std::uint64_t{64} << 20, "capture record"),
                           "capture record " + where);
  } catch (const Error& e) {
    throw UsageError(std::string(e.what()) + fix);
  }
  if (!doc.is_object() || !doc.contains("schema") || doc["schema"] != "parity.capture" ||
      !doc.contains("suites") || !doc["suites"].is_object())
    throw UsageError(where + " is not a parity capture record" + fix);
  try {
    for (const auto& [name, s] : doc["suites"].items()) {
      try {
        check_suite_name(name);
      } catch (const UsageError& e) {
        throw UsageError(where + ": " + e.what());
      }
      if (!s.is_object()) throw UsageError(where + ": suites." + name + " is not an object");
      Suite entry;
      if (s.contains("backend") && s["backend"].is_string()) entry.backend = s["backend"];
      if (s.contains("complete") && s["complete"].is_boolean()) entry.complete = s["complete"];
      entry.goldens = golden_list(s, "goldens", name, where);
      entry.staged = golden_list(s, "staged", name, where);
      record.suites_[name] = std::move(entry);
    }
  } catch (const UsageError& e) {
    throw UsageError(std::string(e.what()) + fix);
  }
  return record;
}

void CaptureRecord::save(const Folder& staging) const {
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
  staging.write_atomically(kFileName, dump_json(doc, 2) + "\n");
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
