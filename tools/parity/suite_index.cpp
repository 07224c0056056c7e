#include "suite_index.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/golden_schema.hpp"
#include "parity/manifest.hpp"
#include "parity/regular_file.hpp"
#include "parity/tolerance_overrides.hpp"

namespace parity::cli {

namespace fs = std::filesystem;

namespace {

constexpr const char* kIndexName = "parity-suites.json";

// D/parity-suites.json, or the one parity-suites-<config>.json of a multi-config build.
std::optional<fs::path> index_in(const fs::path& folder) {
  if (fs::is_regular_file(folder / kIndexName)) return folder / kIndexName;
  std::vector<fs::path> per_config;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string n = entry.path().filename().string();
    if (n.starts_with("parity-suites-") && n.ends_with(".json")) per_config.push_back(entry.path());
  }
  if (per_config.size() == 1) return per_config.front();
  if (per_config.size() > 1) {
    std::string list;
    for (const auto& p : per_config) list += " " + p.string();
    throw UsageError("build folder '" + folder.string() + "' has one suite index per " +
                     "configuration:" + list + "; pass the one to use as --build-dir FILE");
  }
  return std::nullopt;
}

std::string text_field(const nlohmann::json& entry, const char* key, const fs::path& file) {
  const auto it = entry.find(key);
  if (it == entry.end() || !it->is_string())
    throw UsageError("suite index " + file.string() + ": an entry has no \"" + key +
                     "\" string; re-run CMake to regenerate it");
  return it->get<std::string>();
}

}  // namespace

bool SuiteCase::hidden() const {
  return std::any_of(tags.begin(), tags.end(),
                     [](const std::string& t) { return t.starts_with(".") || t == "!hide"; });
}

std::string SuiteCase::golden_id() const {
  return golden.ends_with(".h5") ? golden.substr(0, golden.size() - 3) : golden;
}

SuiteIndex SuiteIndex::load(const std::optional<std::string>& build_dir) {
  std::optional<fs::path> file;
  if (build_dir) {
    const fs::path given(*build_dir);
    if (fs::is_regular_file(given)) {
      file = given;
    } else if (fs::is_directory(given)) {
      file = index_in(given);
      if (!file)
        throw UsageError("'" + *build_dir + "' has no " + kIndexName +
                         ": pass the CMake build folder of a project whose suites use "
                         "parity_add_suite, configured with this version of parity (re-run "
                         "CMake if it was configured before)");
    } else {
      throw UsageError("build folder '" + *build_dir + "' does not exist");
    }
  } else {
    for (const fs::path& candidate : {fs::path("."), fs::path("build")})
      if (fs::is_directory(candidate) && (file = index_in(candidate))) break;
    if (!file)
      throw UsageError(std::string("no ") + kIndexName +
                       " in the current folder or in ./build: pass --build-dir with the CMake "
                       "build folder that holds the suite binaries");
  }
  RegularFileOptions read;
  read.follow_link = true;  // the user named it (or its build folder)
  read.what = "suite index";
  read.max_bytes = std::uint64_t{64} << 20;
  nlohmann::json doc;
  try {
    doc =
        parse_bounded_json(read_regular_file(*file, read), "suite index '" + file->string() + "'");
  } catch (const ConfigError& e) {
    throw UsageError("'" + file->string() + "' is not a parity suite index (" + e.what() +
                     "): re-run CMake to regenerate it");
  } catch (const FileError& e) {
    throw UsageError(e.what());
  }
  if (!doc.is_object() || !doc.contains("schema") || !doc["schema"].is_string() ||
      doc["schema"] != "parity.suites")
    throw UsageError("'" + file->string() + "' is not a parity suite index (parity.suites); " +
                     "re-run CMake to regenerate it");
  if (!doc.contains("version") || doc["version"] != 1)
    throw UsageError("suite index " + file->string() + " has version " +
                     dump_json(doc.value("version", nlohmann::json(nullptr))) +
                     "; this parity reads version 1: rebuild with this parity, or use the " +
                     "parity that configured the build");
  SuiteIndex index;
  index.file_ = *file;
  const auto suites = doc.find("suites");
  if (suites == doc.end() || !suites->is_array())
    throw UsageError("suite index " + file->string() + " has no \"suites\" list");
  for (const auto& entry : *suites) {
    if (!entry.is_object())
      throw UsageError("suite index " + file->string() + ": an entry is not an object");
    SuiteBinary b;
    b.suite = text_field(entry, "suite", *file);
    // The suite name becomes a folder name under staging and golden: nothing but a plain name.
    try {
      check_suite_name(b.suite);
    } catch (const UsageError& e) {
      throw UsageError("suite index " + file->string() + ": " + e.what() +
                       "; re-run CMake to regenerate it");
    }
    b.backend = text_field(entry, "backend", *file);
    b.dialect = text_field(entry, "dialect", *file);
    b.binary = text_field(entry, "binary", *file);
    b.golden_dir = text_field(entry, "golden_dir", *file);
    b.staging_dir = text_field(entry, "staging_dir", *file);
    const auto groups = entry.find("resource_groups");
    b.resource_groups =
        groups != entry.end() && groups->is_string() ? groups->get<std::string>() : "";
    const auto emulated = entry.find("emulated");
    b.emulated = emulated != entry.end() && emulated->is_boolean() ? emulated->get<bool>()
                                                                   : b.backend.starts_with("host");
    index.binaries_.push_back(std::move(b));
  }
  return index;
}

std::vector<std::string> SuiteIndex::suites() const {
  std::set<std::string> names;
  for (const auto& b : binaries_) names.insert(b.suite);
  return {names.begin(), names.end()};
}

std::vector<std::string> SuiteIndex::backends() const {
  std::set<std::string> names;
  for (const auto& b : binaries_) names.insert(b.backend);
  return {names.begin(), names.end()};
}

void SuiteIndex::check_suites(const std::vector<std::string>& names) const {
  const auto known = suites();
  for (const auto& n : names) {
    if (std::find(known.begin(), known.end(), n) != known.end()) continue;
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    throw UsageError("no suite '" + n + "' in " + file_.string() +
                     " (it has: " + (list.empty() ? "none" : list) + ")");
  }
}

const SuiteBinary* SuiteIndex::find(const std::string& suite, const std::string& backend) const {
  for (const auto& b : binaries_)
    if (b.suite == suite && b.backend == backend) return &b;
  return nullptr;
}

std::vector<SuiteCase> list_cases(const SuiteBinary& binary, const fs::path& scratch) {
  if (!fs::is_regular_file(binary.binary))
    throw UsageError("suite binary " + binary.binary.string() + " (suite " + binary.suite +
                     ", backend " + binary.backend + ") is not built: build it first, e.g. " +
                     "cmake --build <build folder> --target " + binary.binary.filename().string());
  const ProcessResult r =
      run_process({binary.binary.string(), "--parity-list-goldens"}, {}, scratch);
  const std::string what = binary.binary.string() + " --parity-list-goldens";
  nlohmann::json doc;
  try {
    if (!r.ok()) throw ConfigError("failed");
    doc = parse_bounded_json(r.out, what);
  } catch (const ConfigError&) {
  }
  if (!doc.is_object() || !doc.contains("cases") || !doc["cases"].is_array())
    throw UsageError(what + " failed (" + r.status_text() + "): " + r.err.substr(0, 400) +
                     " (a suite binary built with an older parity: rebuild it)");
  std::vector<SuiteCase> cases;
  for (const auto& c : doc["cases"]) {
    if (!c.is_object() || !c.contains("name") || !c["name"].is_string())
      throw UsageError(what + ": a case without a name (rebuild it with this parity)");
    SuiteCase sc;
    sc.name = c["name"].get<std::string>();
    if (c.contains("tags") && c["tags"].is_array())
      for (const auto& t : c["tags"])
        if (t.is_string()) sc.tags.push_back(t.get<std::string>());
    if (c.contains("golden") && c["golden"].is_string()) sc.golden = c["golden"].get<std::string>();
    if (c.contains("error") && c["error"].is_string()) sc.error = c["error"].get<std::string>();
    // The golden path is parity's rule, not the binary's word: a path that leaves the suite's
    // folder (or differs from the rule at all) is refused.
    if (!sc.golden.empty()) {
      std::string expected;
      try {
        expected = case_golden_path(binary.suite, sc.name).generic_string();
      } catch (const UsageError&) {
      }
      if (sc.golden != expected)
        throw UsageError(what + " says case '" + sc.name + "' uses golden '" + sc.golden +
                         "', but its golden path is '" + expected +
                         "' (a suite binary built with another parity: rebuild it)");
    }
    cases.push_back(std::move(sc));
  }
  return cases;
}

bool case_selected(const std::vector<std::string>& patterns, const SuiteCase& c) {
  if (patterns.empty()) return true;
  return std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) {
    return glob_match(p, c.name) || (!c.golden.empty() && glob_match(p, c.golden_id()));
  });
}

fs::path canonical_folder(const fs::path& folder) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(folder), ec);
  if (ec) p = fs::absolute(folder).lexically_normal();
  // "a/b/" and "a/b" are the same folder.
  if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
  return p;
}

bool folder_contains(const fs::path& outer, const fs::path& inner) {
  const fs::path o = canonical_folder(outer), i = canonical_folder(inner);
  auto oi = o.begin(), ii = i.begin();
  for (; oi != o.end(); ++oi, ++ii)
    if (ii == i.end() || *oi != *ii) return false;
  return true;
}

}  // namespace parity::cli
