// The `parity` command-line program: one file per subcommand, registered on a CLI11 app.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace parity::cli {

//! Exit statuses shared by every subcommand (h5diff's convention).
enum ExitCode : int {
  kExitOk = 0,         // equivalent / no problem found
  kExitDifferent = 1,  // differences (diff) or problems in the golden tree (golden check)
  kExitError = 2,      // bad input: unreadable or invalid file, missing dataset, bad option
};

//! Each add_* registers a subcommand whose callback stores its exit status in `exit_code`.
void add_diff_command(CLI::App& app, int& exit_code);
void add_golden_show_command(CLI::App& golden, int& exit_code);
void add_golden_check_command(CLI::App& golden, int& exit_code);
void add_golden_approve_command(CLI::App& golden, int& exit_code);

//! "1.5 GiB", "312 KiB", "17 B".
std::string human_bytes(unsigned long long bytes);

}  // namespace parity::cli
