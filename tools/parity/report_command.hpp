// parity report RUN.json... [-o report.html] [--title T] [--json]
#pragma once

#include <CLI/CLI.hpp>

namespace parity::cli {

//! Registers `report` on `app`; its callback stores the exit status (0 every case passed,
//! 1 some case failed, 2 error) in `exit_code`.
void add_report_command(CLI::App& app, int& exit_code);

}  // namespace parity::cli
