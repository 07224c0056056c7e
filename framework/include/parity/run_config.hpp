// How a test binary runs its cases: mode, folders, backend. Filled from the test binary's command
// line (--parity-mode, --golden-dir, ...) and the PARITY_* environment variables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace parity {

enum class Mode : std::uint8_t {
  kCapture,  // generate inputs, run, stage a golden file (never into the approved goldens)
  kVerify,   // load inputs from the golden, run, judge every output against it (the default)
  kRecord,   // verify, and also write the candidate outputs to a results file
};
std::string_view name(Mode mode);
std::optional<Mode> parse_mode(std::string_view text);

struct RunConfig {
  Mode mode = Mode::kVerify;
  std::string suite;                     // set by parity_add_suite
  std::string backend;                   // a registered backend name
  std::filesystem::path golden_dir;      // approved goldens: <golden_dir>/<suite>/<case>.h5
  std::filesystem::path staging_dir;     // capture stages here: <staging_dir>/<suite>/<case>.h5
  std::filesystem::path results_dir;     // record writes here, and the run summary
  std::filesystem::path overrides_file;  // tolerance overrides (TOML); empty: none
  std::filesystem::path summary_file;    // JSON run summary; empty: none
  int repeat = 1;                        // capture: runs per case for the determinism envelope
  std::uint64_t recipe_threshold_bytes = 1u << 20;  // larger inputs are stored as recipes
  std::string source_commit;                        // stored in provenance
  std::string program;  // argv[0], to print commands that reproduce a case

  //! Reads PARITY_MODE, PARITY_BACKEND, PARITY_GOLDEN_DIR, PARITY_STAGING_DIR,
  //! PARITY_RESULTS_DIR, PARITY_OVERRIDES, PARITY_SUMMARY, PARITY_REPEAT, PARITY_SOURCE_COMMIT
  //! over the fields already set. Throws UsageError naming the variable for a bad value.
  void apply_environment();
};

//! The Catch2 test spec that selects exactly the case `name` in a suite binary's command line
//! (its special characters , [ ] \ * ~ " escaped).
std::string exact_test_spec(std::string_view name);

}  // namespace parity
