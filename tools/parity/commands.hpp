// The `parity` command-line program: every subcommand, declared here and nowhere else. Each
// lives in its own <subcommand>_command.cpp and registers itself on a CLI11 app; its callback
// stores the exit status in `exit_code`. main.cpp lists them in the order `--help` shows.
#pragma once

#include <CLI/CLI.hpp>

namespace parity::cli {

//! Exit statuses shared by every subcommand (h5diff's convention).
enum ExitCode : int {
  kExitOk = 0,         // equivalent / no problem found
  kExitDifferent = 1,  // differences (diff) or problems in the golden tree (golden check)
  kExitError = 2,      // bad input: unreadable or invalid file, missing dataset, bad option
};

using AddCommand = void (*)(CLI::App& parent, int& exit_code);

// On the top-level app.
void add_diff_command(CLI::App& app, int& exit_code);
void add_audit_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_devices_command(CLI::App& app, int& exit_code);

// On `parity golden`.
void add_golden_show_command(CLI::App& golden, int& exit_code);
void add_golden_check_command(CLI::App& golden, int& exit_code);
void add_golden_capture_command(CLI::App& golden, int& exit_code);
void add_golden_diff_command(CLI::App& golden, int& exit_code);
void add_golden_approve_command(CLI::App& golden, int& exit_code);
void add_golden_recover_command(CLI::App& golden, int& exit_code);
void add_golden_verify_command(CLI::App& golden, int& exit_code);
void add_golden_prune_command(CLI::App& golden, int& exit_code);

}  // namespace parity::cli
