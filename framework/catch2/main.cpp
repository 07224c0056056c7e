// The Catch2 v3 main of every suite binary: parity's command-line options, one parity::Case per
// test case, the SKIP of an unavailable backend, and the JSON run summary. Catch2's own
// reporters (console, JUnit, ...) work unchanged next to it. exit(), abort() and failed
// assert()s of the code linked into a suite binary come through here as well (the binary is
// linked with --wrap=exit,--wrap=abort,--wrap=__assert_fail): inside run.launch they fail that
// case only; elsewhere during a case they end the run, with the run summary written and the
// dying case named.
#include <catch2/catch_session.hpp>
#include <catch2/catch_test_case_info.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/interfaces/catch_interfaces_registry_hub.hpp>
#include <catch2/interfaces/catch_interfaces_testcase.hpp>
#include <catch2/reporters/catch_reporter_event_listener.hpp>
#include <catch2/reporters/catch_reporter_registrars.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "parity/case.hpp"
#include "parity/error.hpp"
#include "parity/golden_schema.hpp"
#include "parity/launcher_exit.hpp"
#include "parity/process.hpp"
#include "parity/suite_defaults.hpp"

namespace {

struct Run {
  parity::RunConfig config;
  nlohmann::json counterfactuals;  // the replays of the current case, when it got any
  int replayed_cases = 0;
  std::unique_ptr<parity::Backend> backend;
  std::optional<parity::Availability> availability;
  parity::DeviceInfo device;
  std::optional<parity::ToleranceOverrides> overrides;
  std::string case_name;
  std::unique_ptr<parity::Case> current;
  nlohmann::json cases = nlohmann::json::array();
  int finish_failures = 0;
  bool in_case = false;  // between testCaseStarting and testCaseEnded
};

Run& run() {
  static Run r;
  return r;
}

class CatchReporter final : public parity::CaseReporter {
 public:
  void fail(const std::string& message) override { FAIL_CHECK(message); }
  void info(const std::string& message) override { UNSCOPED_INFO(message); }
};

CatchReporter& reporter() {
  static CatchReporter r;
  return r;
}

// ---- counterfactual replays ------------------------------------------------------------------
// A case that fails on an emulated backend is run again, in a child process of this binary, with
// one emulator switch changed at a time; a switch that makes it pass names the cause ("passes
// with 32-lane wavefronts": a warp-size assumption). Bounded: the first kMaxReplayedCases failing
// cases of a run, kReplayLimit per replay. PARITY_COUNTERFACTUALS=0 turns them off.
constexpr int kMaxReplayedCases = 4;
constexpr std::chrono::seconds kReplayLimit{60};

struct Switch {
  const char* what;      // "32-lane wavefronts"
  const char* variable;  // the emulator's environment variable
  const char* value;
  const char* meaning;  // what a pass with this switch says about the port
};

// The switches that apply to this run: only those that change something here.
std::vector<Switch> switches_for(const parity::RunConfig& config,
                                 const parity::DeviceInfo& device) {
  auto is = [](const char* variable, const char* value) {
    const char* v = std::getenv(variable);
    return v != nullptr && std::string_view(v) == value;
  };
  std::vector<Switch> out;
  if (config.backend == "host-hip" && device.warp_size == 64)
    out.push_back(
        {"32-lane wavefronts", "PARITY_SIMT_HIP_WARP_SIZE", "32",
         "the port assumes 32-lane warps (lane and warp ids, masks, shuffle offsets, or a "
         "launch sized for them) and runs on 64-lane wavefronts"});
  if (!is("PARITY_SIMT_POISON", "0"))
    out.push_back({"the emulator's poison off", "PARITY_SIMT_POISON", "0",
                   "the kernel reads memory or lanes nothing wrote (zeros there happen to give "
                   "the right answer; a GPU gives whatever was there)"});
  if (is("PARITY_SIMT_VENDOR_MATH", "1"))
    out.push_back({"vendor-math perturbation off", "PARITY_SIMT_VENDOR_MATH", "0",
                   "the policy is tighter than the vendor's documented math bounds: it only holds "
                   "with glibc's math"});
  return out;
}

// Replays the current case once per switch; returns the message for the case's output.
std::string replay_case(const parity::RunConfig& config, const parity::DeviceInfo& device,
                        const std::string& case_name, nlohmann::json& record) {
  const auto switches = switches_for(config, device);
  if (switches.empty()) return "";
  std::error_code ec;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) self = config.program;
  parity::TempDir scratch("parity-replay");
  std::vector<std::string> passed, failed;
  record = nlohmann::json::array();
  for (const Switch& sw : switches) {
    std::vector<std::string> argv{
        self.string(),  parity::exact_test_spec(case_name), "--parity-mode", "verify",
        "--golden-dir", config.golden_dir.string(),         "--backend",     config.backend};
    if (!config.overrides_file.empty()) {
      argv.push_back("--parity-overrides");
      argv.push_back(config.overrides_file.string());
    }
    const auto result = parity::run_process(
        argv, {{sw.variable, sw.value}, {"PARITY_COUNTERFACTUAL", "1"}, {"PARITY_SUMMARY", ""}},
        scratch.path(), kReplayLimit);
    const std::string label = std::string(sw.what) + " (" + sw.variable + "=" + sw.value + ")";
    record.push_back({{"switch", sw.what},
                      {"environment", std::string(sw.variable) + "=" + sw.value},
                      {"passed", result.ok()},
                      {"status", result.status_text()}});
    if (result.ok()) {
      passed.push_back(label + ": " + sw.meaning);
    } else {
      failed.push_back(label + (result.timed_out ? " (did not finish in " +
                                                       std::to_string(kReplayLimit.count()) + " s)"
                                                 : ""));
    }
  }
  std::string text = "counterfactual replays of '" + case_name + "' on " + config.backend + ":";
  for (const auto& p : passed) text += "\n  * it passes with " + p;
  if (!failed.empty()) {
    text += passed.empty() ? "\n  * it still fails with each of: " : "\n  * it still fails with: ";
    for (std::size_t i = 0; i < failed.size(); ++i) text += (i ? "; " : "") + failed[i];
    if (passed.empty()) text += " (the cause is none of these switches)";
  }
  return text;
}

class ParityListener final : public Catch::EventListenerBase {
 public:
  using Catch::EventListenerBase::EventListenerBase;

  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    run().case_name = info.name;
    run().current.reset();
    depth_ = 0;
    run().in_case = true;
  }

  void sectionStarting(const Catch::SectionInfo&) override { ++depth_; }

  // The end of the test case's own (outermost) section: still inside the test case, so a golden
  // that cannot be written, or an output the test never checked, fails the case itself (and the
  // run, and its exit status) instead of surfacing after Catch2 has counted it as passed.
  void sectionEnded(const Catch::SectionStats& stats) override {
    if (--depth_ != 0) return;
    auto& r = run();
    if (!r.current || stats.assertions.skipped > 0) return;
    if (!stats.assertions.allOk()) replay_if_emulated();
    // A failed case never stages a golden: its outputs are not trustworthy. Record mode still
    // writes what a failed case produced: those are the results worth a `parity diff`.
    const bool record = r.config.mode == parity::Mode::kRecord;
    if (!stats.assertions.allOk() && !record) return;
    try {
      r.current->finish();
    } catch (const std::exception& e) {
      ++r.finish_failures;
      reporter().fail("case '" + r.case_name + "' could not be " +
                      (r.config.mode == parity::Mode::kVerify ? "judged" : "written") + ": " +
                      e.what());
    }
  }

  void testCaseEnded(const Catch::TestCaseStats& stats) override {
    auto& r = run();
    nlohmann::json entry;
    nlohmann::json counterfactuals = std::exchange(r.counterfactuals, nullptr);
    const bool skipped = stats.totals.testCases.skipped > 0;
    if (r.current) {
      entry = r.current->summary();
    } else {
      entry = {{"case", r.case_name}, {"suite", r.config.suite}};
    }
    entry["status"] = skipped ? "skipped" : stats.totals.assertions.allOk() ? "passed" : "failed";
    entry["passed"] = entry["status"] == "passed";
    if (skipped && r.availability && !r.availability->available)
      entry["skip_reason"] = r.availability->reason;
    if (!counterfactuals.is_null()) entry["counterfactuals"] = std::move(counterfactuals);
    r.cases.push_back(std::move(entry));
    r.current.reset();
    r.in_case = false;
  }

  void testRunEnded(const Catch::TestRunStats&) override { write_summary(); }

 private:
  // A failed verify or record case on an emulated backend, not itself a replay, within the run's
  // budget: its counterfactual replays, reported as one more failure message of the case.
  static void replay_if_emulated() {
    auto& r = run();
    const char* off = std::getenv("PARITY_COUNTERFACTUALS");
    if (r.config.mode == parity::Mode::kCapture || !r.config.backend.starts_with("host-") ||
        std::getenv("PARITY_COUNTERFACTUAL") != nullptr || (off && std::string_view(off) == "0") ||
        r.replayed_cases >= kMaxReplayedCases)
      return;
    ++r.replayed_cases;
    try {
      const std::string text = replay_case(r.config, r.device, r.case_name, r.counterfactuals);
      if (!text.empty()) reporter().fail(text);
    } catch (const std::exception& e) {
      reporter().fail("counterfactual replays of '" + r.case_name + "' could not run: " + e.what());
    }
  }

  int depth_ = 0;

 public:
  //! The JSON run summary (--parity-summary), also written by a run that a case ends early.
  static void write_summary() {
    auto& r = run();
    if (r.config.summary_file.empty()) return;
    // Which real compiler accepted the kernels of this binary's side (parity_add_suite).
    auto compilers =
        nlohmann::json::parse(parity::detail::suite_defaults().real_compilers, nullptr, false);
    if (compilers.is_discarded()) compilers = nlohmann::json::array();
    nlohmann::json summary{{"suite", r.config.suite},
                           {"backend", r.config.backend},
                           {"mode", std::string(parity::name(r.config.mode))},
                           {"device", nullptr},
                           {"real_compilers", std::move(compilers)},
                           {"cases", r.cases}};
    if (r.availability && r.availability->available)
      summary["device"] = {{"name", r.device.device_name},
                           {"architecture", r.device.architecture},
                           {"warp_size", r.device.warp_size},
                           {"index", r.device.device_index},
                           {"runtime_version", r.device.runtime_version}};
    // The GPU CTest's resource allocation gave this test (`parity devices --ctest-resource-spec`).
    if (const char* gpus = std::getenv("CTEST_RESOURCE_GROUP_0_GPUS"); gpus && *gpus)
      summary["ctest_resource_gpus"] = gpus;
    std::error_code ec;
    if (r.config.summary_file.has_parent_path())
      std::filesystem::create_directories(r.config.summary_file.parent_path(), ec);
    std::ofstream out(r.config.summary_file);
    out << summary.dump(2) << "\n";
    if (!out) std::cerr << "parity: cannot write the run summary " << r.config.summary_file << "\n";
  }
};

// `--parity-list-goldens`: the golden file of every case, registered or hidden, so that
// `parity golden prune` knows which goldens a test still refers to.
int list_goldens(const parity::RunConfig& config) {
  nlohmann::json cases = nlohmann::json::array();
  for (const Catch::TestCaseInfo* info :
       Catch::getRegistryHub().getTestCaseRegistry().getAllInfos()) {
    nlohmann::json entry{{"name", info->name}, {"tags", nlohmann::json::array()}};
    for (const Catch::Tag& tag : info->tags)
      entry["tags"].push_back(std::string(tag.original.data(), tag.original.size()));
    try {
      entry["golden"] = parity::case_golden_path(config.suite, info->name).generic_string();
    } catch (const parity::Error& e) {
      entry["golden"] = nullptr;
      entry["error"] = e.what();
    }
    cases.push_back(std::move(entry));
  }
  const nlohmann::json listing{{"suite", config.suite},
                               {"backend", config.backend},
                               {"golden_dir", config.golden_dir.generic_string()},
                               {"staging_dir", config.staging_dir.generic_string()},
                               {"cases", std::move(cases)}};
  std::cout << listing.dump(2) << "\n";
  return std::cout ? 0 : 2;
}

// exit(), abort() or a failed assert() outside run.launch, while a case runs: the run cannot go
// on (the test's own state is unknown), but it ends with the dying case named, the summary
// written, and no atexit handler run (HDF5's would print diagnostics for the case's open files).
[[noreturn]] void end_run_in_case(const std::string& what, int code) noexcept {
  auto& r = run();
  try {
    std::cout.flush();
    std::cerr << "parity: case '" << r.case_name << "' " << what
              << " outside run.launch: the run ends here (" << r.cases.size()
              << " cases finished before it). Call the kernel file's launchers inside "
                 "run.launch([&] { ... }) so that such a case fails and the run goes on; see "
                 "docs/troubleshooting.md, \"the launcher called exit\".\n";
    r.cases.push_back({{"case", r.case_name},
                       {"suite", r.config.suite},
                       {"status", "failed"},
                       {"passed", false},
                       {"error", "the case " + what + " outside run.launch; the run ended"}});
    ParityListener::write_summary();
  } catch (...) {
  }
  std::fflush(nullptr);
  std::_Exit(code);
}

}  // namespace

CATCH_REGISTER_LISTENER(ParityListener)

// The wrappers the linker calls instead of exit, abort and __assert_fail (--wrap). Outside a
// case they are the real functions.
extern "C" {
[[noreturn]] void __real_exit(int code);
[[noreturn]] void __real_abort();
[[noreturn]] void __real___assert_fail(const char* assertion, const char* file, unsigned line,
                                       const char* function);

[[noreturn]] void __wrap_exit(int code) {
  const std::string what = "called exit(" + std::to_string(code) + ")";
  parity::detail::leave_launch(what);
  if (!run().in_case) __real_exit(code);
  end_run_in_case(what, code != 0 ? code : 1);  // a case that exits has not passed
}

[[noreturn]] void __wrap_abort() {
  parity::detail::leave_launch("called abort()");
  if (!run().in_case) __real_abort();
  end_run_in_case("called abort()", 134);  // 128 + SIGABRT, what the shell reports for abort
}

[[noreturn]] void __wrap___assert_fail(const char* assertion, const char* file, unsigned line,
                                       const char* function) {
  std::string what = std::string("failed assert(") + assertion + ") at " + file + ":" +
                     std::to_string(line) + " in " + function;
  parity::detail::leave_launch(what);
  if (!run().in_case) __real___assert_fail(assertion, file, line, function);
  end_run_in_case(what, 134);
}
}

namespace parity {

Case& current_case() {
  auto& r = run();
  if (r.current) return *r.current;
  if (!r.backend) r.backend = make_backend(r.config.backend);
  if (!r.availability) {
    r.availability = r.backend->availability();
    if (r.availability->available) r.device = r.backend->device_info();
  }
  if (!r.availability->available) SKIP(r.availability->reason);
  if (!r.overrides && !r.config.overrides_file.empty())
    r.overrides = ToleranceOverrides::load(r.config.overrides_file);  // checked in main
  r.current = std::make_unique<Case>(r.config, r.case_name, *r.backend, r.device, reporter(),
                                     r.overrides ? &*r.overrides : nullptr);
  return *r.current;
}

}  // namespace parity

int main(int argc, char** argv) {
  auto& config = run().config;
  const auto& defaults = parity::detail::suite_defaults();
  // RACE_CHECK suites: the emulator's race mode, unless the environment says otherwise.
  if (defaults.race_check) setenv("PARITY_SIMT_RACE_CHECK", "1", /*overwrite=*/0);
  config.suite = defaults.suite;
  config.backend = defaults.backend;
  config.golden_dir = defaults.golden_dir;
  config.staging_dir = defaults.staging_dir;
  config.results_dir = defaults.results_dir;
  config.overrides_file = defaults.overrides_file;
  config.source_commit = defaults.source_commit;
  config.program = argv[0];

  Catch::Session session;
  std::string mode, golden, staging, results, overrides, summary, backend;
  int repeat = 0;
  bool list_golden_files = false;
  using Catch::Clara::Opt;
  auto cli = session.cli() |
             Opt(mode, "capture|verify|record")["--parity-mode"](
                 "parity: capture goldens, verify against them (default), or record results") |
             Opt(golden, "dir")["--golden-dir"]("parity: approved goldens (PARITY_GOLDEN_DIR)") |
             Opt(staging, "dir")["--staging-dir"]("parity: where capture stages goldens") |
             Opt(results, "dir")["--results-dir"]("parity: where record writes results") |
             Opt(overrides, "file")["--parity-overrides"]("parity: tolerance overrides (TOML)") |
             Opt(summary, "file")["--parity-summary"]("parity: write a JSON run summary") |
             Opt(backend, "name")["--backend"]("parity: backend to run on") |
             Opt(repeat, "n")["--parity-repeat"]("parity: capture runs per case (envelope)") |
             Opt(list_golden_files)["--parity-list-goldens"](
                 "parity: print every case's golden file as JSON and exit");
  session.cli(cli);
  if (int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;

  try {
    config.apply_environment();  // environment over built-in defaults, flags over both
    if (!mode.empty()) {
      auto m = parity::parse_mode(mode);
      if (!m) throw parity::UsageError("--parity-mode " + mode + ": use capture, verify or record");
      config.mode = *m;
    }
    if (!golden.empty()) config.golden_dir = golden;
    if (!staging.empty()) config.staging_dir = staging;
    if (!results.empty()) config.results_dir = results;
    if (!overrides.empty()) config.overrides_file = overrides;
    if (!summary.empty()) config.summary_file = summary;
    if (!backend.empty()) config.backend = backend;
    // The kernels linked here were compiled for one backend (one dialect, one warp size): another
    // backend's name would run them as that backend and record it in every golden and summary.
    if (config.backend != defaults.backend) {
      std::string binary = config.suite + "_" + config.backend;
      std::replace(binary.begin(), binary.end(), '-', '_');
      throw parity::UsageError("this binary runs suite " + config.suite + "'s kernels built for " +
                               std::string(defaults.backend) + ", not for " + config.backend +
                               " (from --backend or PARITY_BACKEND): run " + binary +
                               " for that backend, or drop the setting");
    }
    if (repeat < 0 || repeat > 1000)
      throw parity::UsageError("--parity-repeat must be from 1 to 1000");
    if (repeat > 0) config.repeat = repeat;
    // A typo in --parity-overrides / PARITY_OVERRIDES must not quietly judge with the defaults.
    if (!config.overrides_file.empty() && !std::filesystem::exists(config.overrides_file))
      throw parity::UsageError("tolerance overrides file " + config.overrides_file.string() +
                               " does not exist (from --parity-overrides, PARITY_OVERRIDES or "
                               "the suite's OVERRIDES): fix the path, or unset it to judge with "
                               "the suites' own policies");
    if (config.mode == parity::Mode::kCapture &&
        std::filesystem::weakly_canonical(config.staging_dir) ==
            std::filesystem::weakly_canonical(config.golden_dir))
      throw parity::UsageError(
          "capture would write into the approved goldens (" + config.golden_dir.string() +
          "): stage into another folder and approve with `parity golden approve`");
  } catch (const parity::Error& e) {
    std::cerr << "parity: " << e.what() << "\n";
    return 2;
  }

  if (list_golden_files) return list_goldens(config);
  int result = session.run();
  if (run().finish_failures && result == 0) result = 42;  // as Catch2 exits for a failed case
  return result;
}
