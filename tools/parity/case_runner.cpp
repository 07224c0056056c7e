#include "case_runner.hpp"

#include <fstream>
#include <sstream>

#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/regular_file.hpp"
#include "parity/run_config.hpp"
#include "progress.hpp"

namespace parity::cli {

namespace fs = std::filesystem;

std::string CaseOutcome::output_tail(std::size_t lines) const {
  std::vector<std::string> all;
  for (const std::string* text : {&process.out, &process.err}) {
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);) all.push_back(line);
  }
  const std::size_t first = all.size() > lines ? all.size() - lines : 0;
  std::string tail = first > 0 ? "    ... (" + std::to_string(first) + " lines before)\n" : "";
  for (std::size_t i = first; i < all.size(); ++i) tail += "    " + all[i] + "\n";
  return tail;
}

std::vector<CaseOutcome> run_cases(const std::vector<CaseJob>& jobs,
                                   const std::vector<std::string>& args, int jobs_n,
                                   const std::string& label, const fs::path& scratch) {
  std::vector<CaseOutcome> outcomes(jobs.size());
  Progress progress(label, jobs.size());
  parallel_for(jobs.size(), jobs_n, [&](std::size_t i) {
    const CaseJob& job = jobs[i];
    const fs::path summary_file = scratch / ("summary-" + std::to_string(i) + ".json");
    std::vector<std::string> argv{job.binary->binary.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(),
                {"--parity-summary", summary_file.string(), exact_test_spec(job.test.name)});
    CaseOutcome& o = outcomes[i];
    o.process = run_process(argv, {}, scratch);
    nlohmann::json summary;
    try {
      RegularFileOptions read;
      read.what = "run summary";
      read.max_bytes = std::uint64_t{256} << 20;
      summary = parse_bounded_json(read_regular_file(summary_file, read), "run summary");
    } catch (const Error&) {
      summary = nullptr;  // reported as a crash below: the binary wrote no usable summary
    }
    const bool readable = summary.is_object() && summary.contains("cases") &&
                          summary["cases"].is_array() && summary["cases"].size() == 1 &&
                          summary["cases"][0].is_object();
    if (!readable) {
      o.status = "crashed";
      o.reason = job.binary->binary.filename().string() + " wrote no run summary (" +
                 o.process.status_text() + ")";
    } else {
      o.summary = summary["cases"][0];
      o.device = summary.contains("device") ? summary["device"] : nlohmann::json(nullptr);
      const auto text = [&](const char* key) {
        const auto it = o.summary.find(key);
        return it != o.summary.end() && it->is_string() ? it->get<std::string>() : std::string();
      };
      o.status = text("status");
      if (o.status != "passed" && o.status != "skipped") o.status = "failed";
      o.reason = text("skip_reason");
      // A case that passed but whose binary still failed (e.g. a golden it could not write).
      if (o.status == "passed" && o.process.exit_code != 0) {
        o.status = "failed";
        o.reason = o.process.status_text();
      }
    }
    progress.step(job.test.name);
  });
  return outcomes;
}

}  // namespace parity::cli
