// parity golden approve: moves staged goldens into the approved folder and updates its MANIFEST,
// as one transaction: every selected file is validated first (nothing moves if one is damaged),
// then, under the golden folder's lock, the files and the new MANIFEST are written under
// temporary names and committed through a journal (parity/golden_store.hpp).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/checksum.hpp"
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

struct ApproveOptions {
  std::string staging = "staging";
  std::string golden = "golden";
  std::vector<std::string> cases;
  bool allow_downgrade = false;
  std::chrono::milliseconds lock_timeout = GoldenStore::kDefaultLockTimeout;
};

bool is_host_backend(const std::string& backend) {
  return backend.rfind("host", 0) == 0;
}

std::string origin(const Provenance& p) {
  return p.backend + " on " + (p.device_name.empty() ? p.architecture : p.device_name) + ", " +
         p.created;
}

// A staged file that passed every check, held open: what is approved is exactly these bytes.
struct Candidate {
  std::string relative;
  FileDescriptor fd;
  ManifestEntry entry;
  Provenance provenance;
};

int approve(const ApproveOptions& o) {
  const Folder staging = Folder::open(o.staging);
  if (folder_contains(o.staging, o.golden) || folder_contains(o.golden, o.staging))
    throw UsageError("--staging '" + o.staging + "' and --golden '" + o.golden + "' are the " +
                     (canonical_folder(o.staging) == canonical_folder(o.golden)
                          ? "same folder"
                          : "one inside the other") +
                     ": approving would move goldens onto themselves");
  if (std::error_code ec; fs::exists(o.golden, ec) && !fs::is_directory(o.golden, ec))
    throw UsageError("--golden '" + o.golden + "' is not a folder");

  // 1. Validate everything, before anything is locked or written.
  std::vector<Candidate> candidates;
  for (const std::string& rel : golden_files(staging)) {
    const std::string id = rel.substr(0, rel.size() - 3);  // without ".h5"
    if (!o.cases.empty() && !std::any_of(o.cases.begin(), o.cases.end(),
                                         [&](const auto& p) { return glob_match(p, id); }))
      continue;
    Candidate c;
    c.relative = rel;
    const std::size_t slash = rel.rfind('/');
    const std::optional<Folder> dir = staging.find(rel.substr(0, slash));
    c.fd = dir->open_file(rel.substr(slash + 1), "staged golden");
    const FileDigest digest =
        sha256_fd(c.fd.get(), "staged golden '" + staging.describe(rel) + "'");
    c.entry = {rel, digest.sha256, digest.size};
    GoldenOpenOptions options;
    options.expected = c.entry;  // HDF5 parses exactly the bytes that will be copied
    options.kind = FileKind::kGolden;
    try {
      const GoldenReader reader = GoldenReader::open(staging, rel, options);
      reader.verify_all();  // never approve a file that does not read back intact
      c.provenance = reader.provenance();
    } catch (const GoldenError& e) {
      throw GoldenError(std::string(e.what()) +
                        (std::string(e.what()).find("result file") != std::string::npos
                             ? ""
                             : "; nothing was approved (fix or recapture it, or leave it out "
                               "with --case)"));
    }
    candidates.push_back(std::move(c));
  }

  if (candidates.empty()) {
    std::printf("parity golden approve: nothing to approve in %s%s\n", printable(o.staging).c_str(),
                o.cases.empty() ? "" : " matching --case");
    return kExitOk;
  }

  // 2. Under the lock: the current MANIFEST, the downgrade rule, one transaction.
  const GoldenStore store = GoldenStore::open(o.golden, /*create=*/true);
  const FolderLock held = store.lock(o.lock_timeout);
  if (store.interrupted()) {
    store.recover(held);
    std::printf("finished an interrupted approve or prune of %s first\n",
                printable(o.golden).c_str());
  }
  GoldenTransaction tx(store, held);
  std::vector<std::string> lines;
  std::vector<const Candidate*> approved;
  int refused = 0;
  std::size_t changed = 0;
  for (const Candidate& c : candidates) {
    std::string replaced;
    if (const ManifestEntry* old_entry = tx.manifest().find(c.relative)) {
      if (*old_entry == c.entry) {
        lines.push_back("approved  " + c.relative + " (unchanged: already approved)");
        approved.push_back(&c);
        continue;
      }
      GoldenOpenOptions options;
      options.expected = *old_entry;
      const Provenance old = GoldenReader::open(store.folder(), c.relative, options).provenance();
      if (is_host_backend(c.provenance.backend) && !is_host_backend(old.backend) &&
          !o.allow_downgrade) {
        lines.push_back("refused   " + c.relative + ": staged golden comes from " +
                        origin(c.provenance) + ", the approved one from " + origin(old) +
                        " (a GPU); pass --allow-downgrade to replace it anyway");
        ++refused;
        continue;
      }
      replaced = origin(old);
    }
    tx.put(c.entry, c.fd.get());
    ++changed;
    lines.push_back(replaced.empty()
                        ? "approved  " + c.relative + " (new; from " + origin(c.provenance) + ")"
                        : "approved  " + c.relative + " (replaced the golden from " + replaced +
                              " with one from " + origin(c.provenance) + ")");
    approved.push_back(&c);
  }
  if (changed > 0) tx.commit();

  // 3. Approved files leave the staging folder (a concurrent approve may have taken them).
  for (const Candidate* c : approved) {
    const std::size_t slash = c->relative.rfind('/');
    if (std::optional<Folder> dir = staging.find(c->relative.substr(0, slash)))
      dir->remove_file(c->relative.substr(slash + 1));
  }
  for (const std::string& line : lines) std::printf("%s\n", printable(line).c_str());
  std::printf("%zu approved, %d refused; %s updated\n", approved.size(), refused,
              printable((fs::path(o.golden) / Manifest::kFileName).string()).c_str());
  return refused ? kExitDifferent : kExitOk;
}

}  // namespace

void add_golden_approve_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<ApproveOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "approve", "Move staged goldens into the approved folder and update its MANIFEST");
  add_text(cmd, "--staging", o->staging, "Staging folder written by capture (default: staging)");
  add_text(cmd, "--golden", o->golden, "Approved golden folder (default: golden)");
  add_text(cmd, "--case", o->cases,
           "Approve only files whose path without .h5 matches this glob (repeatable), "
           "e.g. 'saxpy/f16/*'");
  cmd->add_flag("--allow-downgrade", o->allow_downgrade,
                "Replace a GPU-captured golden with a host-emulated one");
  add_lock_timeout(cmd, o->lock_timeout);
  cmd->callback([o, &exit_code] { exit_code = approve(*o); });
}

}  // namespace parity::cli
