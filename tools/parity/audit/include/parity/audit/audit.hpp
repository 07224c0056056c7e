// `parity audit`: the whole command as a library function, so that tests run it without a
// process. tools/parity/audit_command.cpp only maps command-line options onto AuditOptions.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "parity/audit/inventory.hpp"

namespace parity::audit {

//! Exit statuses: 0 no hazard found, 1 hazards found, 2 error (bad path, unreadable file, bad
//! option). Scaffolding does not change them.
enum AuditExit : int { kAuditClean = 0, kAuditFindings = 1, kAuditError = 2 };

struct AuditOptions {
  std::filesystem::path path;                     // file or folder to audit
  std::optional<std::filesystem::path> suites;    // nullopt: ./suites when it is a folder
  bool json = false;                              // one JSON document instead of the text report
  std::optional<std::filesystem::path> scaffold;  // write suite folders here
  std::vector<std::string> kernels;               // scaffold only these (default: every kernel)
};

//! Scan + suite coverage + effort, without printing. Throws parity::Error on bad input.
Inventory audit(const AuditOptions& options);

//! Runs the command: the report goes to `out` (text or JSON), errors and scaffolding notes to
//! `err` ("parity audit: error: ..."). Returns an AuditExit.
int run_audit(const AuditOptions& options, std::ostream& out, std::ostream& err);

}  // namespace parity::audit
