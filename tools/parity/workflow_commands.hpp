// The golden regeneration workflow (golden capture | diff | verify | prune) and `parity devices`.
#pragma once

#include <CLI/CLI.hpp>

namespace parity::cli {

//! Each registers a subcommand on `golden` (or `app`) whose callback stores its exit status.
void add_golden_capture_command(CLI::App& golden, int& exit_code);
void add_golden_diff_command(CLI::App& golden, int& exit_code);
void add_golden_verify_command(CLI::App& golden, int& exit_code);
void add_golden_prune_command(CLI::App& golden, int& exit_code);
void add_devices_command(CLI::App& app, int& exit_code);

}  // namespace parity::cli
