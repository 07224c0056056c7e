// parity golden approve: moves staged goldens into the approved folder and updates its MANIFEST.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"
#include "parity/manifest.hpp"
#include "parity/tolerance_overrides.hpp"
#include "suite_index.hpp"

namespace parity::cli {
namespace {

namespace fs = std::filesystem;

struct ApproveOptions {
  std::string staging = "staging";
  std::string golden = "golden";
  std::vector<std::string> cases;
  bool allow_downgrade = false;
};

bool is_host_backend(const std::string& backend) { return backend.rfind("host", 0) == 0; }

std::string origin(const Provenance& p) {
  return p.backend + " on " + (p.device_name.empty() ? p.architecture : p.device_name) + ", " +
         p.created;
}

int approve(const ApproveOptions& o) {
  const fs::path staging(o.staging), golden(o.golden);
  if (!fs::is_directory(staging))
    throw UsageError("staging folder '" + o.staging + "' does not exist: capture first");
  if (folder_contains(staging, golden) || folder_contains(golden, staging))
    throw UsageError("--staging '" + o.staging + "' and --golden '" + o.golden + "' are the " +
                     (canonical_folder(staging) == canonical_folder(golden)
                          ? "same folder"
                          : "one inside the other") +
                     ": approving would move goldens onto themselves");
  fs::create_directories(golden);
  const fs::path manifest_file = golden / Manifest::kFileName;
  Manifest manifest = fs::exists(manifest_file) ? Manifest::load(manifest_file) : Manifest{};

  std::vector<std::string> staged;
  for (const auto& entry : fs::recursive_directory_iterator(staging))
    if (entry.is_regular_file() && entry.path().extension() == ".h5")
      staged.push_back(fs::relative(entry.path(), staging).generic_string());
  std::sort(staged.begin(), staged.end());
  auto selected = [&](const std::string& rel) {
    const std::string id = rel.substr(0, rel.size() - 3);  // without ".h5"
    return o.cases.empty() || std::any_of(o.cases.begin(), o.cases.end(),
                                          [&](const auto& p) { return glob_match(p, id); });
  };
  // Before anything moves: every selected file must be a readable golden, not a result file.
  for (const auto& rel : staged) {
    if (!selected(rel)) continue;
    if (GoldenReader::open(staging / rel).provenance().kind != FileKind::kGolden)
      throw UsageError("staged file " + (staging / rel).string() + " is a result file (record " +
                       "mode), not a golden: stage goldens with `parity golden capture`");
  }

  int approved = 0, refused = 0;
  for (const auto& rel : staged) {
    if (!selected(rel)) continue;
    const fs::path from = staging / rel, to = golden / rel;
    const GoldenReader candidate = GoldenReader::open(from);
    candidate.verify_all();  // never approve a file that does not read back intact
    std::string replaced;
    if (fs::exists(to)) {
      const auto* entry = manifest.find(rel);
      GoldenOpenOptions options;
      if (entry) options.expected = *entry;
      const Provenance old = GoldenReader::open(to, options).provenance();
      if (is_host_backend(candidate.provenance().backend) && !is_host_backend(old.backend) &&
          !o.allow_downgrade) {
        std::printf("refused   %s: staged golden comes from %s, the approved one from %s "
                    "(a GPU); pass --allow-downgrade to replace it anyway\n",
                    rel.c_str(), origin(candidate.provenance()).c_str(), origin(old).c_str());
        ++refused;
        continue;
      }
      replaced = origin(old);
    }
    fs::create_directories(to.parent_path());
    const fs::path tmp = to.string() + ".tmp.approve";
    fs::copy_file(from, tmp, fs::copy_options::overwrite_existing);
    fs::rename(tmp, to);  // atomic within the folder: the old golden or the new one
    manifest.upsert(manifest_entry_for(golden, rel));
    manifest.save(manifest_file);
    fs::remove(from);
    if (replaced.empty())
      std::printf("approved  %s (new; from %s)\n", rel.c_str(),
                  origin(candidate.provenance()).c_str());
    else
      std::printf("approved  %s (replaced the golden from %s with one from %s)\n", rel.c_str(),
                  replaced.c_str(), origin(candidate.provenance()).c_str());
    ++approved;
  }
  std::printf("%d approved, %d refused; %s updated\n", approved, refused,
              manifest_file.string().c_str());
  return refused ? kExitDifferent : kExitOk;
}

}  // namespace

void add_golden_approve_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<ApproveOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "approve", "Move staged goldens into the approved folder and update its MANIFEST");
  cmd->add_option("--staging", o->staging, "Staging folder written by capture (default: staging)");
  cmd->add_option("--golden", o->golden, "Approved golden folder (default: golden)");
  cmd->add_option("--case", o->cases,
                  "Approve only files whose path without .h5 matches this glob (repeatable), "
                  "e.g. 'saxpy/f16/*'");
  cmd->add_flag("--allow-downgrade", o->allow_downgrade,
                "Replace a GPU-captured golden with a host-emulated one");
  cmd->callback([o, &exit_code] { exit_code = approve(*o); });
}

}  // namespace parity::cli
