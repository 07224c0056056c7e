#include "parity/audit/audit.hpp"

#include <exception>

#include "parity/audit/effort.hpp"
#include "parity/audit/report.hpp"
#include "parity/audit/scaffold.hpp"
#include "parity/audit/scanner.hpp"
#include "parity/audit/suite_index.hpp"
#include "parity/error.hpp"

namespace parity::audit {

namespace fs = std::filesystem;

Inventory audit(const AuditOptions& options) {
  Inventory inv = scan(options.path);
  std::optional<fs::path> suites = options.suites;
  if (!suites) {
    std::error_code ec;
    if (fs::is_directory("suites", ec)) suites = fs::path("suites");
  }
  if (suites) SuiteIndex::load(*suites).apply(inv, suites->string());
  effort::estimate(inv);
  return inv;
}

int run_audit(const AuditOptions& options, std::ostream& out, std::ostream& err) {
  try {
    if (!options.scaffold && !options.kernels.empty())
      throw UsageError("--kernel chooses what --scaffold writes; add --scaffold OUTDIR");
    const Inventory inv = audit(options);
    std::vector<fs::path> folders;
    if (options.scaffold) {
      std::error_code ec;
      const fs::path source_root =
          fs::is_directory(options.path, ec) ? options.path : options.path.parent_path();
      folders = write_scaffold(inv, source_root, *options.scaffold, options.kernels);
    }
    if (options.json) {
      out << to_json(inv).dump(2) << '\n';
    } else {
      write_text(inv, out);
    }
    // With --json, stdout stays one JSON document.
    for (const fs::path& f : folders)
      (options.json ? err : out) << "parity audit: scaffolded " << f.string() << '\n';
    return inv.findings.empty() ? kAuditClean : kAuditFindings;
  } catch (const Error& e) {
    err << "parity audit: error: " << e.what() << '\n';
    return kAuditError;
  } catch (const std::exception& e) {
    err << "parity audit: error: " << e.what()
        << " (unexpected: please report it, with the command)\n";
    return kAuditError;
  }
}

}  // namespace parity::audit
