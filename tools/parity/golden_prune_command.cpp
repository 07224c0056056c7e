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
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/golden_store.hpp"
#include "parity/manifest.hpp"
#include "suite_index.hpp"

namespace parity::cli {

namespace {

namespace fs = std::filesystem;

struct PruneOptions {
  std::string golden = "golden";
  std::optional<std::string> build_dir;
  bool yes = false;
  bool include_unknown_suites = false;
  bool json = false;
  std::chrono::milliseconds lock_timeout = GoldenStore::kDefaultLockTimeout;
};

struct Orphan {
  std::string path;    // relative to the golden root
  std::string reason;  // why no test refers to it
  bool file = true;    // false: only a MANIFEST entry
  bool prunable = true;
};

int prune(const PruneOptions& o) {
  // The golden folder by its descriptor: "golden/" and "golden" are the same folder, and every
  // removal is a name inside it (never through a link, never above it).
  const GoldenStore store = GoldenStore::open(o.golden);
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

  // What is there and what is listed, read under the lock so that a concurrent approve is seen.
  std::optional<FolderLock> held;
  if (o.yes) held.emplace(store.lock(o.lock_timeout));
  if (held && store.interrupted()) store.recover(*held);
  const std::vector<std::string> files = golden_files(store.folder());  // refuses links
  std::optional<Manifest> manifest;
  if (store.folder().stat(Manifest::kFileName)) manifest = store.manifest();
  std::set<std::string> present(files.begin(), files.end());
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
    // One transaction: MANIFEST without the entries, then the files and the folders they leave
    // empty; a kill or a full disk leaves the old state or the new one (`golden recover`).
    GoldenTransaction tx(store, *held);
    for (const Orphan& orphan : orphans) {
      if (!orphan.prunable) continue;
      if (orphan.file) {
        const std::size_t slash = orphan.path.rfind('/');
        if (auto dir = store.folder().find(orphan.path.substr(0, slash)))
          if (auto e = dir->stat(orphan.path.substr(slash + 1))) freed += e->size;
      }
      tx.remove(orphan.path);
      ++removed;
    }
    if (removed > 0) tx.commit();
  }

  std::size_t prunable = 0;
  for (const Orphan& orphan : orphans) prunable += orphan.prunable;
  const int code = (!o.yes && prunable > 0) ? kExitDifferent : kExitOk;
  if (o.json) {
    nlohmann::json j{{"golden", o.golden},
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
    std::cout << dump_json(j, 2) << "\n";
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
  add_text(cmd, "--golden", o->golden, "Approved golden folder (default: golden)");
  add_build_dir(cmd, o->build_dir);
  cmd->add_flag("--yes", o->yes, "Remove the unused goldens");
  cmd->add_flag("--include-unknown-suites", o->include_unknown_suites,
                "Also prune goldens of suites this build does not have");
  add_json(cmd, o->json);
  add_lock_timeout(cmd, o->lock_timeout);
  cmd->callback([o, &exit_code] { exit_code = prune(*o); });
}

}  // namespace parity::cli
