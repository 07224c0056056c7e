// parity golden check [DIR]: every golden file under DIR against DIR/MANIFEST, then each file
// that matches its entry through every rule the reader and the suites apply: schema, storage,
// policies, kind (no result files), its place (suite and case map to its path), checksums.
#include <cstdio>
#include <iostream>
#include <unordered_set>

#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/error.hpp"
#include "parity/folder.hpp"
#include "parity/golden_reader.hpp"
#include "parity/manifest.hpp"

namespace parity::cli {

namespace {

struct CheckOptions {
  std::string folder = "golden";
  bool quiet = false;
};

int run(const CheckOptions& o) {
  const std::filesystem::path root(o.folder);
  // Structure first (listed, missing, sizes, links, leftovers); contents below, hashed once.
  TreeCheck tree = verify_tree(root, /*hash=*/false);
  std::vector<std::string> problems;
  std::unordered_set<std::string> bad;
  for (const auto& p : tree.problems) {
    problems.push_back(p.message);
    bad.insert(p.path);
  }
  std::size_t verified = 0;
  if (tree.manifest) {
    const Folder folder = Folder::open(root);
    for (const ManifestEntry& e : tree.manifest->entries()) {
      if (bad.count(e.path)) continue;
      try {
        GoldenOpenOptions open;
        open.expected = e;  // the SHA-256 is checked before HDF5 parses a byte
        open.kind = FileKind::kGolden;
        GoldenReader::open(folder, e.path, open).verify_all();
        ++verified;
      } catch (const Error& err) {
        problems.push_back(e.path + ": " + err.what());
      }
    }
  }
  for (const auto& p : problems)
    std::fprintf(stderr, "parity golden check: %s\n", printable(p).c_str());
  if (!o.quiet || !problems.empty())
    std::printf("parity golden check %s: %zu golden file(s) verified, %zu problem(s)\n",
                printable(o.folder).c_str(), verified, problems.size());
  return problems.empty() ? kExitOk : kExitDifferent;
}

}  // namespace

void add_golden_check_command(CLI::App& golden, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = golden.add_subcommand(
      "check", "Verify MANIFEST, schema and checksums of every golden file under DIR");
  add_text(cmd, "dir", options->folder, "Golden folder (default: golden)");
  cmd->add_flag("-q,--quiet", options->quiet, "Print nothing when everything is fine");
  cmd->callback([options, &exit_code] { exit_code = run(*options); });
}

}  // namespace parity::cli
