// parity golden recover [DIR]: finishes an approve or prune that was interrupted after its commit
// point (kill -9, power loss, a full disk) and removes the temporary files of interrupted writes,
// so that the folder is the old state or the new one and `golden check` accepts it.
#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/golden_store.hpp"

namespace parity::cli {

namespace {

struct RecoverOptions {
  std::string golden = "golden";
  std::chrono::milliseconds lock_timeout = GoldenStore::kDefaultLockTimeout;
};

int recover(const RecoverOptions& o) {
  const GoldenStore store = GoldenStore::open(o.golden);
  const FolderLock held = store.lock(o.lock_timeout);
  const RecoveryReport report = store.recover(held);
  for (const std::string& note : report.notes) std::printf("  %s\n", printable(note).c_str());
  if (!report.journal && report.temporaries == 0) {
    std::printf("parity golden recover %s: nothing to recover\n", printable(o.golden).c_str());
    return kExitOk;
  }
  std::printf(
      "parity golden recover %s: %s%zu temporary file(s) removed; next: parity golden "
      "check %s\n",
      printable(o.golden).c_str(),
      report.journal ? ("finished an interrupted change (" + std::to_string(report.renamed) +
                        " renamed, " + std::to_string(report.removed) + " removed); ")
                           .c_str()
                     : "",
      report.temporaries, printable(o.golden).c_str());
  return kExitOk;
}

}  // namespace

void add_golden_recover_command(CLI::App& golden, int& exit_code) {
  auto o = std::make_shared<RecoverOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "recover",
      "Finish an approve or prune that was interrupted (kill, power loss, full disk) and remove "
      "leftover temporary files; exit 0 done or nothing to do, 2 error");
  add_text(cmd, "dir", o->golden, "Golden folder (default: golden)");
  add_lock_timeout(cmd, o->lock_timeout);
  cmd->callback([o, &exit_code] { exit_code = recover(*o); });
}

}  // namespace parity::cli
