// parity audit: the CUDA lock-in inventory and suite scaffolding (tools/parity/audit/).
#include "commands.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parity/audit/audit.hpp"

namespace parity::cli {

namespace {

struct AuditCommandOptions {
  std::string path;
  std::string suites;
  std::string scaffold;
  std::vector<std::string> kernels;
  bool json = false;
};

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<AuditCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "audit",
      "Inventory a CUDA code base: kernels, CUDA API and libraries, porting hazards, suite "
      "coverage, effort; optionally scaffold a parity suite per kernel. Exit status: 0 no "
      "hazards, 1 hazards found, 2 error");
  cmd->add_option("path", o->path, "Folder (or file) of the CUDA code base")->required();
  cmd->add_flag("--json", o->json, "Print one JSON document (schema parity.audit v1)");
  cmd->add_option("--suites", o->suites,
                  "Folder of parity suites to check coverage against (default: ./suites if it "
                  "exists)");
  cmd->add_option("--scaffold", o->scaffold, "Write a suite folder per kernel into OUTDIR")
      ->type_name("OUTDIR");
  cmd->add_option("--kernel", o->kernels, "Scaffold only this kernel (repeatable)")
      ->type_name("NAME");
  cmd->callback([o, &exit_code] {
    parity::audit::AuditOptions options;
    options.path = o->path;
    if (!o->suites.empty()) options.suites = o->suites;
    if (!o->scaffold.empty()) options.scaffold = o->scaffold;
    options.kernels = o->kernels;
    options.json = o->json;
    exit_code = parity::audit::run_audit(options, std::cout, std::cerr);
  });
}

}  // namespace parity::cli
