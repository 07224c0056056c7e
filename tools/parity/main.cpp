// parity: the command-line program. Subcommands live one per file (see commands.hpp).
#include <cstdio>
#include <exception>

#include "audit_command.hpp"
#include "commands.hpp"
#include "parity/error.hpp"
#include "parity/provenance.hpp"
#include "report_command.hpp"
#include "workflow_commands.hpp"

namespace parity::cli {

std::string human_bytes(unsigned long long bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024.0 && unit < 4) {
    value /= 1024.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", value, kUnits[unit]);
  return text;
}

}  // namespace parity::cli

int main(int argc, char** argv) {
  using namespace parity::cli;
  CLI::App app{"parity: prove that HIP ports of CUDA kernels compute the same numbers"};
  app.set_version_flag("--version", std::string(parity::parity_version()));
  app.require_subcommand(1);
  int exit_code = kExitOk;
  add_diff_command(app, exit_code);
  CLI::App* golden =
      app.add_subcommand("golden", "Capture, compare, approve, verify and check golden files");
  golden->require_subcommand(1);
  add_golden_show_command(*golden, exit_code);
  add_golden_check_command(*golden, exit_code);
  add_golden_capture_command(*golden, exit_code);
  add_golden_diff_command(*golden, exit_code);
  add_golden_approve_command(*golden, exit_code);
  add_golden_verify_command(*golden, exit_code);
  add_golden_prune_command(*golden, exit_code);
  add_audit_command(app, exit_code);
  add_report_command(app, exit_code);
  add_devices_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitError;  // --help prints and returns 0; bad options: 2
  } catch (const parity::Error& e) {
    std::fprintf(stderr, "parity: error: %s\n", e.what());
    return kExitError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "parity: internal error: %s\n", e.what());
    return kExitError;
  }
  return exit_code;
}
