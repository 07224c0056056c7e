// Runs cases of suite binaries one process per case, in parallel, and reads back each case's
// outcome from the binary's JSON run summary (framework/catch2/main.cpp).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "process.hpp"
#include "suite_index.hpp"

namespace parity::cli {

struct CaseJob {
  const SuiteBinary* binary = nullptr;
  SuiteCase test;
};

struct CaseOutcome {
  std::string status;      // "passed", "failed", "skipped", or "crashed" (no run summary)
  std::string reason;      // why it was skipped or crashed
  ProcessResult process;   // exit status and output of the binary
  nlohmann::json summary;  // the case's entry of the run summary (null when crashed)
  nlohmann::json device;   // the run summary's device (null when the backend was unavailable)
  //! The last `lines` lines of the binary's stdout and stderr, indented, for reports.
  std::string output_tail(std::size_t lines = 60) const;
};

//! Runs every job as `<binary> <args...> --parity-summary <file> <exact spec>` on `jobs_n`
//! threads, with a progress bar labelled `label`. Outcomes are in the order of `jobs`.
std::vector<CaseOutcome> run_cases(const std::vector<CaseJob>& jobs,
                                   const std::vector<std::string>& args, int jobs_n,
                                   const std::string& label, const std::filesystem::path& scratch);

}  // namespace parity::cli
