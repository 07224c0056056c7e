// parity audit PATH [--json] [--scaffold OUTDIR] [--kernel NAME]... [--suites DIR]
#pragma once

#include <CLI/CLI.hpp>

namespace parity::cli {

//! Registers `audit` on `app`; its callback stores the exit status (0 clean, 1 hazards found,
//! 2 error) in `exit_code`.
void add_audit_command(CLI::App& app, int& exit_code);

}  // namespace parity::cli
