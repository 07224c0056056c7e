// parity golden show FILE [--json] [--verify]: provenance and tensors of one golden file.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "display.hpp"
#include "options.hpp"
#include "parity/bounded_json.hpp"
#include "parity/golden_reader.hpp"

namespace parity::cli {

namespace {

struct ShowOptions {
  std::string file;
  bool json = false;
  bool verify = false;
};

nlohmann::json dataset_json(const DatasetInfo& d) {
  nlohmann::json j = {{"path", d.path()},
                      {"dtype", name(d.dtype)},
                      {"shape", d.shape},
                      {"encoding", name(d.encoding)},
                      {"nbytes", d.nbytes},
                      {"checksum", d.checksum.text()},
                      {"layout", d.encoding == Encoding::kRecipe ? "recipe"
                                 : d.chunk_shape.empty()         ? "contiguous"
                                                                 : "chunked"}};
  if (!d.chunk_shape.empty()) j["chunk_shape"] = d.chunk_shape;
  if (!d.policy.empty()) {
    auto p = nlohmann::json::parse(d.policy, nullptr, false);  // the reader checked its depth
    j["policy"] = p.is_discarded() ? nlohmann::json(d.policy) : p;
  }
  if (d.recipe) j["recipe"] = nlohmann::json::parse(d.recipe->to_json());
  return j;
}

int run(const ShowOptions& o) {
  GoldenReader r = GoldenReader::open(o.file);
  if (o.verify) r.verify_all();
  if (o.json) {
    nlohmann::json j;
    j["file"] = o.file;
    j["schema"] = {
        {"name", kGoldenSchemaName}, {"major", r.schema_major()}, {"minor", r.schema_minor()}};
    j["provenance"] = r.provenance().to_json();
    j["datasets"] = nlohmann::json::array();
    for (const auto& d : r.datasets()) j["datasets"].push_back(dataset_json(d));
    if (o.verify) j["verified"] = true;
    std::cout << dump_json(j, 2) << "\n";
    return kExitOk;
  }
  // Every text from the file is printed escaped: an attribute cannot drive the terminal.
  const Provenance& p = r.provenance();
  std::cout << printable(o.file) << "  (" << name(p.kind) << ", schema " << kGoldenSchemaName << " "
            << r.schema_major() << "." << r.schema_minor() << ")\n";
  auto row = [](const char* key, const std::string& value) {
    if (!value.empty()) std::printf("  %-16s %s\n", key, printable(value).c_str());
  };
  row("suite", p.suite);
  row("case", p.case_name);
  row("created", p.created);
  row("parity", p.parity_version);
  row("backend", p.backend);
  row("device", p.device_name);
  row("architecture", p.architecture);
  if (p.warp_size) row("warp size", std::to_string(p.warp_size));
  row("driver", p.driver_version);
  row("runtime", p.runtime_version);
  row("compiler", p.compiler);
  row("flags", p.compiler_flags);
  row("commit", p.source_commit);
  row("seed", std::to_string(p.seed));
  row("launch", p.launch_geometry);
  row("params", p.params.size() > 200 ? p.params.substr(0, 200) + "..." : p.params);
  std::printf("\n  %-24s %-16s %-14s %-10s %10s  %s\n", "tensor", "dtype", "shape", "layout",
              "size", "checksum");
  for (const auto& d : r.datasets()) {
    std::string layout = d.encoding == Encoding::kRecipe ? "recipe"
                         : d.chunk_shape.empty()         ? "contig"
                                                         : "chunk " + shape_string(d.chunk_shape);
    std::printf("  %-24s %-16s %-14s %-10s %10s  %s\n", d.path().c_str(),
                std::string(name(d.dtype)).c_str(), shape_string(d.shape).c_str(), layout.c_str(),
                human_bytes(d.nbytes).c_str(), d.checksum.text().c_str());
    if (!d.policy.empty()) std::printf("  %-24s policy %s\n", "", printable(d.policy).c_str());
    if (d.recipe) std::printf("  %-24s recipe %s\n", "", printable(d.recipe->to_json()).c_str());
  }
  if (o.verify) std::printf("\n  every tensor matches its checksum\n");
  return kExitOk;
}

}  // namespace

void add_golden_show_command(CLI::App& golden, int& exit_code) {
  auto options = std::make_shared<ShowOptions>();
  CLI::App* cmd = golden.add_subcommand("show", "Print a golden file's provenance and tensors");
  add_text(cmd, "file", options->file, "Golden or result file (.h5)")->required();
  add_json(cmd, options->json);
  cmd->add_flag("--verify", options->verify, "Also read every tensor and verify its checksum");
  cmd->callback([options, &exit_code] { exit_code = run(*options); });
}

}  // namespace parity::cli
