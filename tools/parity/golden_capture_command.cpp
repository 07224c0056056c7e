// parity golden capture: runs the suites' test binaries in capture mode into a staging folder
// (never into the approved goldens), one process per case, in parallel.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "capture_record.hpp"
#include "case_runner.hpp"
#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/folder.hpp"
#include "parity/golden_store.hpp"
#include "parity/provenance.hpp"
#include "suite_index.hpp"

namespace parity::cli {

namespace {

namespace fs = std::filesystem;

struct CaptureOptions : CaseSelection {
  std::string backend;  // cuda|hip|host|host-cuda|host-hip; empty: cuda when built, else host
  std::string staging = "staging";
  std::optional<std::string> golden;
  bool json = false;
  std::chrono::milliseconds lock_timeout = std::chrono::seconds(60);
};

// Whether `relative` (a golden path) is a regular file under staging, found without links.
bool staged_file(const Folder& staging, const std::string& relative) {
  const std::size_t slash = relative.rfind('/');
  const std::optional<Folder> dir = staging.find(relative.substr(0, slash));
  if (!dir) return false;
  const auto e = dir->stat(relative.substr(slash + 1));
  return e && e->is_regular();
}

// The backend name of the binaries to run: "host" is the CUDA original on the emulator.
std::string resolve_backend(const CaptureOptions& o, const SuiteIndex& index) {
  const auto built = index.backends();
  auto has = [&](const std::string& b) {
    return std::find(built.begin(), built.end(), b) != built.end();
  };
  if (o.backend.empty()) {
    if (has("cuda")) return "cuda";
    std::fprintf(stderr,
                 "parity golden capture: this build has no CUDA backend: capturing the CUDA "
                 "sources on the host emulator (host-cuda); pass --backend to choose\n");
    return "host-cuda";
  }
  const std::string name = o.backend == "host" ? "host-cuda" : o.backend;
  if (name != "cuda" && name != "hip" && name != "host-cuda" && name != "host-hip")
    throw UsageError("--backend " + o.backend + ": use cuda, hip or host (host-cuda, host-hip)");
  if (!has(name)) {
    std::string list;
    for (const auto& b : built) list += (list.empty() ? "" : ", ") + b;
    throw UsageError("this build has no '" + name +
                     "' suite binaries (it has: " + (list.empty() ? "none" : list) + ")" +
                     (name == "cuda" || name == "hip"
                          ? "; configure with PARITY_ENABLE_" +
                                std::string(name == "cuda" ? "CUDA" : "HIP") +
                                "=ON where that compiler exists, or pass --backend host"
                          : ""));
  }
  return name;
}

int capture(const CaptureOptions& o) {
  const SuiteIndex index = SuiteIndex::load(o.build_dir);
  index.check_suites(o.suites);
  const std::string backend = resolve_backend(o, index);
  const std::vector<std::string> suites = o.suites.empty() ? index.suites() : o.suites;
  if (suites.empty()) throw UsageError("the build " + index.file().string() + " has no suites");

  // Never into the approved goldens: not the same folder, not one inside the other.
  const fs::path staging(o.staging);
  std::set<fs::path> golden_dirs;
  if (o.golden) golden_dirs.insert(canonical_folder(*o.golden));
  for (const auto& s : suites)
    if (const SuiteBinary* b = index.find(s, backend))
      golden_dirs.insert(canonical_folder(b->golden_dir));
  for (const fs::path& g : golden_dirs)
    if (folder_contains(g, staging) || folder_contains(staging, g))
      throw UsageError("staging folder '" + o.staging + "' " +
                       (canonical_folder(staging) == g ? "is" : "overlaps") +
                       " the approved golden folder " + g.string() +
                       ": capture into another folder (default ./staging) and move the files "
                       "with `parity golden approve`");

  TempDir scratch("parity-capture");
  std::vector<CaseJob> jobs;
  std::map<std::string, std::vector<SuiteCase>> all_cases;
  for (const auto& s : suites) {
    const SuiteBinary* b = index.find(s, backend);
    if (!b)
      throw UsageError("suite '" + s + "' has no '" + backend + "' binary in " +
                       index.file().string());
    all_cases[s] = list_cases(*b, scratch.path());
    for (const SuiteCase& c : all_cases[s]) {
      if (c.hidden() && o.cases.empty()) continue;
      if (!case_selected(o.cases, c)) continue;
      if (!c.error.empty()) throw UsageError("suite '" + s + "' case '" + c.name + "': " + c.error);
      jobs.push_back({b, c});
    }
  }
  if (jobs.empty()) {
    std::string patterns;
    for (const auto& p : o.cases) patterns += " '" + p + "'";
    throw UsageError("no case matches --case" + patterns +
                     " (patterns are globs on case names or golden paths, e.g. 'saxpy/f16/*')");
  }

  // The staging folder, entered without links below it; one capture at a time writes in it.
  const Folder stage = Folder::open(staging, /*create=*/true);
  const FolderLock held(stage, o.lock_timeout, "another parity golden capture");
  // A full capture of a suite replaces what an earlier capture staged for it. A link anywhere
  // in a suite's staging folder is refused before anything is removed or run.
  std::vector<std::string> old;
  for (const auto& s : suites) {
    const std::vector<std::string> files = golden_files(stage, s);
    if (o.cases.empty()) old.insert(old.end(), files.begin(), files.end());
  }
  std::size_t stale = 0, leftovers = 0;
  for (const auto& s : suites) leftovers += remove_temporaries(stage, s).size();
  for (const std::string& rel : old) {
    const std::size_t slash = rel.rfind('/');
    if (std::optional<Folder> dir = stage.find(rel.substr(0, slash)))
      stale += dir->remove_file(rel.substr(slash + 1));
  }

  std::vector<std::string> args{"--parity-mode", "capture", "--staging-dir", staging.string()};
  if (o.golden) args.insert(args.end(), {"--golden-dir", *o.golden});
  const auto outcomes = run_cases(jobs, args, o.jobs, "capture", scratch.path());

  // What happened, per suite; and the staging record that `golden diff` reads.
  CaptureRecord record = CaptureRecord::load_or_empty(stage);
  struct Counts {
    int staged = 0, failed = 0, skipped = 0;
  };
  std::map<std::string, Counts> counts;
  std::map<std::string, std::vector<std::string>> staged_files;
  nlohmann::json cases_json = nlohmann::json::array();
  std::set<std::string> skip_reasons;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto& job = jobs[i];
    const auto& out = outcomes[i];
    Counts& c = counts[job.binary->suite];
    const bool staged = out.status == "passed" && staged_file(stage, job.test.golden);
    if (staged) {
      ++c.staged;
      staged_files[job.binary->suite].push_back(job.test.golden);
    } else if (out.status == "skipped") {
      ++c.skipped;
      skip_reasons.insert(out.reason);
    } else {
      ++c.failed;
    }
    cases_json.push_back({{"suite", job.binary->suite},
                          {"case", job.test.name},
                          {"golden", job.test.golden},
                          {"status", staged                   ? "staged"
                                     : out.status == "passed" ? "failed"
                                                              : out.status},
                          {"reason", out.reason}});
  }
  for (const auto& s : suites) {
    CaptureRecord::Suite entry;
    entry.backend = backend;
    entry.complete = o.cases.empty() && counts[s].failed == 0 && counts[s].skipped == 0;
    for (const SuiteCase& c : all_cases[s])
      if (!c.golden.empty()) entry.goldens.push_back(c.golden);
    entry.staged = staged_files[s];
    record.set(s, std::move(entry));
  }
  record.save(stage);

  int staged = 0, failed = 0, skipped = 0;
  for (const auto& [s, c] : counts) {
    staged += c.staged;
    failed += c.failed;
    skipped += c.skipped;
  }
  // Failed cases are findings (1); nothing staged because every case skipped is an error (2).
  const int code = failed        ? kExitDifferent
                   : staged == 0 ? kExitError
                   : skipped     ? kExitDifferent
                                 : kExitOk;
  if (o.json) {
    nlohmann::json j{{"staging", staging.generic_string()},
                     {"backend", backend},
                     {"build", index.file().generic_string()},
                     {"staged", staged},
                     {"failed", failed},
                     {"skipped", skipped},
                     {"removed_stale", stale},
                     {"exit_code", code},
                     {"cases", cases_json}};
    std::cout << dump_json(j, 2) << "\n";
  } else {
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const auto& st = cases_json[i]["status"];
      if (st == "staged" || st == "skipped") continue;
      std::printf("FAILED  %s (%s): %s\n%s\n", printable(jobs[i].test.name).c_str(),
                  jobs[i].binary->suite.c_str(),
                  printable(outcomes[i].reason.empty() ? outcomes[i].process.status_text()
                                                       : outcomes[i].reason)
                      .c_str(),
                  printable(outcomes[i].output_tail(), true).c_str());
    }
    for (const auto& s : suites)
      std::printf("%-24s %-10s %d staged, %d failed, %d skipped\n", s.c_str(), backend.c_str(),
                  counts[s].staged, counts[s].failed, counts[s].skipped);
    for (const auto& r : skip_reasons) std::printf("skipped: %s\n", r.c_str());
    if (stale) std::printf("removed %zu file(s) an earlier capture had staged\n", stale);
    if (leftovers)
      std::printf("removed %zu temporary file(s) of interrupted captures\n", leftovers);
    std::printf("parity golden capture: %d golden file(s) staged in %s", staged,
                staging.string().c_str());
    if (staged > 0)
      std::printf("; next: parity golden diff --staging %s", staging.string().c_str());
    std::printf("\n");
  }
  if (staged == 0 && failed == 0)
    std::fprintf(stderr, "parity: error: nothing was captured%s\n",
                 skip_reasons.empty() ? "" : (": " + *skip_reasons.begin()).c_str());
  return code;
}

}  // namespace

void add_golden_capture_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<CaptureOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "capture",
      "Run the suites in capture mode into a staging folder (never into the approved goldens); "
      "exit 0 all staged, 1 some cases failed or skipped, 2 error or nothing staged");
  o->add_to(cmd, "Capture");
  add_text(cmd, "--backend", o->backend,
           "cuda, hip or host (the CUDA sources on the host emulator, host-cuda); default: "
           "cuda when this build has it, else host");
  add_text(cmd, "--staging", o->staging, "Staging folder (default: staging)");
  add_text(cmd, "--golden", o->golden,
           "Approved golden folder to keep clear of (default: the suites' own)");
  add_json(cmd, o->json);
  add_lock_timeout(cmd, o->lock_timeout, "another capture into the same staging folder");
  cmd->callback([o, &exit_code] { exit_code = capture(*o); });
}

}  // namespace parity::cli
