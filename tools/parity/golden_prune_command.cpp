// parity golden prune: lists approved goldens that no test case refers to any more (asking the
// suite binaries which golden each case uses) and, with --yes, removes them and their MANIFEST
// entries.
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
#include <vector>

#include "commands.hpp"
#include "parity/error.hpp"
#include "parity/manifest.hpp"
#include "suite_index.hpp"
#include "workflow_commands.hpp"

namespace parity::cli {

namespace {

namespace fs = std::filesystem;

struct PruneOptions {
  std::string golden = "golden";
  std::optional<std::string> build_dir;
  bool yes = false;
  bool include_unknown_suites = false;
  bool json = false;
};

struct Orphan {
  std::string path;    // relative to the golden root
  std::string reason;  // why no test refers to it
  bool file = true;    // false: only a MANIFEST entry
  bool prunable = true;
};

int prune(const PruneOptions& o) {
  const fs::path golden(o.golden);
  if (!fs::is_directory(golden))
    throw UsageError("golden folder '" + o.golden + "' does not exist");
  const SuiteIndex index = SuiteIndex::load(o.build_dir);
  if (index.binaries().empty())
    throw UsageError("the build " + index.file().string() +
                     " has no suites, so every golden would look unused: pass the build folder "
                     "of the project that owns '" +
                     o.golden + "'");

  // Every golden a case of a built suite refers to (all backends: the test source is shared,
  // but a union is safe if one ever differs).
  TempDir scratch("parity-prune");
  std::set<std::string> referenced;
  std::set<std::string> known_suites;
  for (const SuiteBinary& b : index.binaries()) {
    known_suites.insert(b.suite);
    for (const SuiteCase& c : list_cases(b, scratch.path()))
      if (!c.golden.empty()) referenced.insert(c.golden);
  }

  const fs::path manifest_file = golden / Manifest::kFileName;
  std::optional<Manifest> manifest;
  if (fs::exists(manifest_file)) manifest = Manifest::load(manifest_file);

  std::set<std::string> present;
  for (const auto& e : fs::recursive_directory_iterator(golden))
    if (e.is_regular_file() && e.path().extension() == ".h5")
      present.insert(fs::relative(e.path(), golden).generic_string());
  std::set<std::string> candidates = present;
  if (manifest)
    for (const auto& e : manifest->entries()) candidates.insert(e.path);

  std::vector<Orphan> orphans;
  for (const std::string& rel : candidates) {
    if (referenced.count(rel)) continue;
    const std::string suite = rel.substr(0, rel.find('/'));
    Orphan orphan{rel, "", present.count(rel) > 0, true};
    if (known_suites.count(suite)) {
      orphan.reason = "no case of suite '" + suite + "' uses it";
    } else {
      orphan.reason = "suite '" + suite + "' is not in this build";
      orphan.prunable = o.include_unknown_suites;
    }
    if (!orphan.file) orphan.reason += "; only its MANIFEST entry is left";
    orphans.push_back(std::move(orphan));
  }

  std::size_t removed = 0;
  std::uintmax_t freed = 0;
  if (o.yes) {
    // MANIFEST first (atomic rewrite), then the files: an interruption leaves unlisted files,
    // which `golden check` reports and no test parses, never a listed entry without its file.
    bool manifest_changed = false;
    for (const Orphan& orphan : orphans)
      if (orphan.prunable && manifest)
        manifest_changed = manifest->erase(orphan.path) || manifest_changed;
    if (manifest_changed) manifest->save(manifest_file);
    for (const Orphan& orphan : orphans) {
      if (!orphan.prunable) continue;
      if (orphan.file) {
        const fs::path file = golden / orphan.path;
        freed += fs::file_size(file);
        fs::remove(file);
        // Drop folders the removal emptied, up to (not including) the golden root.
        std::error_code ec;
        for (fs::path dir = file.parent_path(); dir != golden && fs::is_empty(dir, ec) && !ec;
             dir = dir.parent_path())
          fs::remove(dir, ec);
      }
      ++removed;
    }
  }

  std::size_t prunable = 0;
  for (const Orphan& orphan : orphans) prunable += orphan.prunable;
  const int code = (!o.yes && prunable > 0) ? kExitDifferent : kExitOk;
  if (o.json) {
    nlohmann::json j{{"golden", golden.generic_string()},
                     {"build", index.file().generic_string()},
                     {"referenced", referenced.size()},
                     {"removed", removed},
                     {"exit_code", code},
                     {"orphans", nlohmann::json::array()}};
    for (const Orphan& orphan : orphans)
      j["orphans"].push_back({{"path", orphan.path},
                              {"reason", orphan.reason},
                              {"file", orphan.file},
                              {"prunable", orphan.prunable},
                              {"removed", o.yes && orphan.prunable}});
    std::cout << j.dump(2) << "\n";
    return code;
  }
  for (const Orphan& orphan : orphans)
    std::printf("%-8s %s (%s)\n",
                !orphan.prunable ? "kept"
                : o.yes          ? "removed"
                                 : "unused",
                orphan.path.c_str(), orphan.reason.c_str());
  if (orphans.size() > prunable)
    std::printf(
        "goldens of suites this build does not have are kept; pass "
        "--include-unknown-suites to prune them too\n");
  if (o.yes)
    std::printf("parity golden prune: removed %zu golden(s) (%s) and their MANIFEST entries\n",
                removed, human_bytes(freed).c_str());
  else if (prunable > 0)
    std::printf(
        "parity golden prune: %zu golden(s) that no case of %s uses (they use %zu); "
        "rerun with --yes to remove them\n",
        prunable, index.file().string().c_str(), referenced.size());
  else
    std::printf("parity golden prune: every golden in %s is used (%zu referenced)\n",
                o.golden.c_str(), referenced.size());
  return code;
}

}  // namespace

void add_golden_prune_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<PruneOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "prune",
      "List approved goldens that no test case refers to any more; remove them (and their "
      "MANIFEST entries) with --yes. Exit 0 none left, 1 unused goldens listed, 2 error");
  cmd->add_option("--golden", o->golden, "Approved golden folder (default: golden)");
  cmd->add_option("--build-dir", o->build_dir,
                  "CMake build folder with the suite binaries (default: . or ./build)");
  cmd->add_flag("--yes", o->yes, "Remove the unused goldens");
  cmd->add_flag("--include-unknown-suites", o->include_unknown_suites,
                "Also prune goldens of suites this build does not have");
  cmd->add_flag("--json", o->json, "Print one JSON document");
  cmd->callback([o, &exit_code] { exit_code = prune(*o); });
}

}  // namespace parity::cli
