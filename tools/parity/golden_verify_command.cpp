// parity golden verify: runs the suites in verify mode against the approved goldens and prints
// cases passed / failed / skipped per suite and backend (what ctest does, seen as goldens).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "case_runner.hpp"
#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "suite_index.hpp"

namespace parity::cli {

namespace {

struct VerifyOptions : CaseSelection {
  std::vector<std::string> backends;
  std::optional<std::string> golden;
  bool json = false;
};

// "host" is both emulated backends; the other names are exact.
std::set<std::string> wanted_backends(const VerifyOptions& o, const SuiteIndex& index) {
  const auto built = index.backends();
  std::set<std::string> wanted;
  for (const auto& b : o.backends) {
    const std::vector<std::string> names =
        b == "host" ? std::vector<std::string>{"host-cuda", "host-hip"} : std::vector{b};
    for (const auto& n : names) {
      if (std::find(built.begin(), built.end(), n) == built.end()) {
        std::string list;
        for (const auto& k : built) list += (list.empty() ? "" : ", ") + k;
        throw UsageError("--backend " + b + ": this build has no '" + n +
                         "' suite binaries (it has: " + (list.empty() ? "none" : list) + ")");
      }
      wanted.insert(n);
    }
  }
  if (wanted.empty()) wanted.insert(built.begin(), built.end());
  return wanted;
}

int verify(const VerifyOptions& o) {
  const SuiteIndex index = SuiteIndex::load(o.build_dir);
  index.check_suites(o.suites);
  const auto backends = wanted_backends(o, index);
  const std::vector<std::string> suites = o.suites.empty() ? index.suites() : o.suites;
  if (suites.empty()) throw UsageError("the build " + index.file().string() + " has no suites");

  TempDir scratch("parity-verify");
  std::vector<CaseJob> jobs;
  for (const auto& s : suites)
    for (const auto& backend : backends) {
      const SuiteBinary* b = index.find(s, backend);
      if (!b) continue;
      for (const SuiteCase& c : list_cases(*b, scratch.path()))
        if ((!c.hidden() || !o.cases.empty()) && case_selected(o.cases, c)) jobs.push_back({b, c});
    }
  if (jobs.empty())
    throw UsageError(o.cases.empty() ? "the selected suites have no cases"
                                     : "no case matches --case (patterns are globs on case "
                                       "names or golden paths, e.g. 'saxpy/f16/*')");

  std::vector<std::string> args{"--parity-mode", "verify"};
  if (o.golden) args.insert(args.end(), {"--golden-dir", *o.golden});
  const auto outcomes = run_cases(jobs, args, o.jobs, "verify", scratch.path());

  struct Counts {
    int passed = 0, failed = 0, skipped = 0;
    std::set<std::string> skip_reasons;
  };
  std::map<std::pair<std::string, std::string>, Counts> counts;  // (suite, backend)
  int passed = 0, failed = 0, skipped = 0;
  nlohmann::json cases_json = nlohmann::json::array();
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto& out = outcomes[i];
    Counts& c = counts[{jobs[i].binary->suite, jobs[i].binary->backend}];
    if (out.status == "passed") {
      ++c.passed;
      ++passed;
    } else if (out.status == "skipped") {
      ++c.skipped;
      ++skipped;
      c.skip_reasons.insert(out.reason);
    } else {
      ++c.failed;
      ++failed;
    }
    nlohmann::json cj{{"suite", jobs[i].binary->suite},
                      {"backend", jobs[i].binary->backend},
                      {"case", jobs[i].test.name},
                      {"status", out.status}};
    if (!out.reason.empty()) cj["reason"] = out.reason;
    if (out.summary.is_object() && out.summary.contains("outputs"))
      cj["outputs"] = out.summary["outputs"];
    cases_json.push_back(std::move(cj));
  }
  // Nothing verified (every case skipped) is not a pass.
  const int code = (failed > 0 || passed == 0) ? kExitDifferent : kExitOk;

  if (o.json) {
    nlohmann::json j{{"build", index.file().generic_string()},
                     {"passed", passed},
                     {"failed", failed},
                     {"skipped", skipped},
                     {"exit_code", code},
                     {"suites", nlohmann::json::array()},
                     {"cases", cases_json}};
    for (const auto& [key, c] : counts)
      j["suites"].push_back({{"suite", key.first},
                             {"backend", key.second},
                             {"passed", c.passed},
                             {"failed", c.failed},
                             {"skipped", c.skipped}});
    std::cout << dump_json(j, 2) << "\n";
    return code;
  }
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const auto& out = outcomes[i];
    if (out.status == "passed" || out.status == "skipped") continue;
    std::printf("FAILED  %s on %s%s%s\n%s\n", printable(jobs[i].test.name).c_str(),
                jobs[i].binary->backend.c_str(), out.reason.empty() ? "" : ": ",
                printable(out.reason).c_str(), printable(out.output_tail(), true).c_str());
  }
  std::printf("%-24s %-10s %7s %7s %8s\n", "suite", "backend", "passed", "failed", "skipped");
  for (const auto& [key, c] : counts) {
    std::printf("%-24s %-10s %7d %7d %8d\n", key.first.c_str(), key.second.c_str(), c.passed,
                c.failed, c.skipped);
    for (const auto& r : c.skip_reasons) std::printf("    skipped: %s\n", printable(r).c_str());
  }
  std::printf("parity golden verify: %d passed, %d failed, %d skipped%s\n", passed, failed, skipped,
              passed == 0 && failed == 0 ? " (nothing was verified: exit 1)" : "");
  return code;
}

}  // namespace

void add_golden_verify_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<VerifyOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "verify",
      "Run the suites in verify mode against the approved goldens and summarize per suite; "
      "exit 0 all passed, 1 a failure or nothing verified, 2 error");
  o->add_to(cmd, "Verify");
  add_text(cmd, "--backend", o->backends,
           "Only this backend (repeatable): cuda, hip, host-cuda, host-hip, or host for "
           "both emulated ones; default: every backend built");
  add_text(cmd, "--golden", o->golden, "Approved golden folder (default: the suites' own)");
  add_json(cmd, o->json);
  cmd->callback([o, &exit_code] { exit_code = verify(*o); });
}

}  // namespace parity::cli
