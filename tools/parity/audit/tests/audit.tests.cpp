// The command as a function: exit statuses, error messages, --json on stdout alone.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "parity/audit/audit.hpp"
#include "parity/audit/report.hpp"
#include "work_dir.hpp"

using namespace parity::audit;
namespace fs = std::filesystem;

namespace {

const fs::path kFixture = PARITY_AUDIT_FIXTURE;

// AuditOptions for `path` (GCC warns about designated initializers that skip members).
AuditOptions options_for(const fs::path& path, std::optional<fs::path> suites = std::nullopt) {
  AuditOptions o;
  o.path = path;
  o.suites = std::move(suites);
  return o;
}
const fs::path& kWork = test::work_dir();

struct Outcome {
  int status;
  std::string out;
  std::string err;
};

Outcome run(const AuditOptions& options) {
  std::ostringstream out, err;
  const int status = run_audit(options, out, err);
  return {status, out.str(), err.str()};
}

}  // namespace

TEST_CASE("audit: findings exit 1, a clean code base exits 0", "[audit]") {
  const Outcome findings = run(options_for(kFixture / "code", kFixture / "suites"));
  CHECK(findings.status == kAuditFindings);
  CHECK(findings.err.empty());
  CHECK(findings.out.find("HAZARDS (44)") != std::string::npos);

  // The suite's copy of scale has no hazard: exit 0 (and no __launch_bounds__ there).
  const Outcome clean = run(options_for(kFixture / "suites/scale/scale.cu", kFixture / "suites"));
  CHECK(clean.status == kAuditClean);
  CHECK(clean.out.find("HAZARDS (0)") != std::string::npos);
}

TEST_CASE("audit: bad paths exit 2 with a message that says what to do", "[audit]") {
  const Outcome missing = run(options_for(kFixture / "does-not-exist"));
  CHECK(missing.status == kAuditError);
  CHECK(missing.out.empty());
  CHECK(missing.err.starts_with("parity audit: error: cannot audit '"));
  CHECK(missing.err.find("no such file or directory; pass the folder") != std::string::npos);

  const Outcome not_source = run(options_for(kFixture / "code/notes.txt"));
  CHECK(not_source.status == kAuditError);
  CHECK(not_source.err.find("not a CUDA/C++ source") != std::string::npos);

  const Outcome bad_suites = run(options_for(kFixture / "code", kFixture / "nowhere"));
  CHECK(bad_suites.status == kAuditError);
  CHECK(bad_suites.err.find("pass --suites DIR") != std::string::npos);

  AuditOptions kernel_only = options_for(kFixture / "code");
  kernel_only.kernels = {"scale"};
  const Outcome kernel_alone = run(kernel_only);
  CHECK(kernel_alone.status == kAuditError);
  CHECK(kernel_alone.err.find("add --scaffold OUTDIR") != std::string::npos);
}

TEST_CASE("audit: an unreadable file inside the tree is an error, not a silent gap", "[audit]") {
  const fs::path dir = kWork / "unreadable";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / "k.cu";
  { std::ofstream(file) << "__global__ void k() {}\n"; }
  fs::permissions(file, fs::perms::none);
  const bool readable = static_cast<bool>(std::ifstream(file));  // root reads anyway
  const Outcome r = run(options_for(dir));
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  if (readable) SKIP("running as a user that can read a file with no permissions (root)");
  CHECK(r.status == kAuditError);
  CHECK(r.err.find("cannot read '") != std::string::npos);
}

TEST_CASE("audit: --json writes one JSON document to stdout, scaffold notes to stderr", "[audit]") {
  const fs::path out = kWork / "json-scaffold";
  fs::remove_all(out);
  AuditOptions o = options_for(kFixture / "code", kFixture / "suites");
  o.json = true;
  o.scaffold = out;
  o.kernels = {"compact"};
  const Outcome r = run(o);
  CHECK(r.status == kAuditFindings);
  const nlohmann::json j = nlohmann::json::parse(r.out);  // throws if anything else is there
  CHECK(j["summary"]["findings"] == 44);
  CHECK(r.err == "parity audit: scaffolded " + (out / "compact").string() + "\n");
  CHECK(fs::is_regular_file(out / "compact" / "compact.tests.cpp"));
  CHECK(inventory_from_json(j) == audit(options_for(kFixture / "code", kFixture / "suites")));

  // Again into the same folder: refused, exit 2, nothing printed on stdout.
  const Outcome again = run(o);
  CHECK(again.status == kAuditError);
  CHECK(again.out.empty());
  CHECK(again.err.find("already exists") != std::string::npos);
}
