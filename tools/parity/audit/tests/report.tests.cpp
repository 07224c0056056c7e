// The report: JSON schema round trip (with negative controls) and the text tables.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "parity/audit/audit.hpp"
#include "parity/audit/report.hpp"
#include "parity/error.hpp"

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

const Inventory& fixture() {
  static const Inventory inv = audit(options_for(kFixture / "code", kFixture / "suites"));
  return inv;
}

std::string text_of(const Inventory& inv) {
  std::ostringstream out;
  write_text(inv, out);
  return out.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("report/json: to_json then inventory_from_json gives the inventory back", "[report]") {
  const Inventory& inv = fixture();
  const nlohmann::json j = nlohmann::json::parse(to_json(inv).dump(2));  // through text
  const Inventory back = inventory_from_json(j);
  CHECK(back == inv);
  CHECK(nlohmann::json::parse(to_json(back).dump()) == j);

  CHECK(j["schema"] == "parity.audit");
  CHECK(j["version"] == 1);
  CHECK(j["summary"]["kernels"] == 9);
  CHECK(j["summary"]["findings"] == 44);
  CHECK(j["summary"]["high"] == 27);
  CHECK(j["summary"]["medium"] == 16);
  CHECK(j["summary"]["low"] == 1);
  CHECK(j["summary"]["lines"] == 264);
  CHECK(j["effort"]["total"] == 214);
  CHECK(j["hazard_rules"].size() == 17);  // every rule fired once at least in the fixture
  CHECK(j["libraries"][0]["name"] == "cuBLAS");
  CHECK(j["libraries"][0]["counterpart"] == "rocBLAS / hipBLAS");
  CHECK(j["kernels"][7]["namespace"] == "fixture");
}

TEST_CASE("report/json: a changed value does not compare equal (negative control)", "[report]") {
  nlohmann::json j = nlohmann::json::parse(to_json(fixture()).dump());
  j["findings"][0]["line"] = 99;
  CHECK_FALSE(inventory_from_json(j) == fixture());
  j = nlohmann::json::parse(to_json(fixture()).dump());
  j["kernels"][0]["hazards"]["mma"] = 1;
  CHECK_FALSE(inventory_from_json(j) == fixture());
}

TEST_CASE("report/json: malformed reports are rejected with the field named", "[report]") {
  const nlohmann::json good = nlohmann::json::parse(to_json(fixture()).dump());
  const auto message = [](const nlohmann::json& j) {
    try {
      (void)inventory_from_json(j);
    } catch (const parity::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  nlohmann::json j = good;
  j.erase("kernels");
  CHECK(message(j).find("no field 'kernels'") != std::string::npos);
  j = good;
  j["version"] = 2;
  CHECK(message(j).find("is not parity.audit version 1") != std::string::npos);
  j = good;
  j["schema"] = "something.else";
  CHECK(message(j).find("schema 'something.else'") != std::string::npos);
  j = good;
  j["kernels"][0]["line"] = "fourteen";
  CHECK(message(j).find("kernels[].line has the wrong type") != std::string::npos);
  j = good;
  j["findings"][0]["rule"] = "no-such-rule";
  CHECK(message(j).find("'no-such-rule' is not a known hazard rule") != std::string::npos);
  j = good;
  j["libraries"][0]["id"] = "cuMagic";
  CHECK(message(j).find("'cuMagic' is not a known library") != std::string::npos);
  j = good;
  j["files"][0]["kind"] = "fortran";
  CHECK(message(j).find("unknown file kind 'fortran'") != std::string::npos);
  CHECK(message(nlohmann::json::array()).find("no field 'schema'") != std::string::npos);
}

TEST_CASE("report/text: sections, totals and aligned tables", "[report]") {
  const std::string text = text_of(fixture());
  CHECK(text.starts_with("parity audit of "));
  CHECK(text.find("10 files, 264 lines; 9 kernels, 9 launches, 44 hazard findings (27 high, 16 "
                  "medium, 1 low)") != std::string::npos);
  for (const char* section :
       {"\nKERNELS (9)\n", "\nLAUNCHES OF KERNELS NOT DEFINED IN THE AUDITED FILES\n",
        "\nCUDA RUNTIME / DRIVER API (16 names, 20 uses)\n", "\nLIBRARIES (7)\n",
        "\nHAZARDS (44)\n", "\nSUITES (", "\nEFFORT\n"})
    CHECK(text.find(section) != std::string::npos);
  CHECK(text.find("149 (kernels) + 19 (libraries) + 46 (findings outside kernels) = 214 points") !=
        std::string::npos);
  CHECK(text.find("with a suite: 2 of 9 kernels: scale (scale), compact (compaction)") !=
        std::string::npos);

  // In every table, each column starts at the same display column on every row: check the
  // kernels table through the position of its "location" column.
  const auto all = lines(text);
  std::size_t header = 0;
  while (header < all.size() && !all[header].starts_with("  kernel  ")) ++header;
  REQUIRE(header < all.size());
  const std::size_t column = all[header].find("location");
  for (std::size_t r = header + 1; r < header + 10; ++r) {
    INFO(all[r]);
    CHECK(all[r].find("src/") == column);
  }
  // The pitfalls column holds "§1" (2 bytes for '§'): alignment counts columns, not bytes.
  std::size_t rules = 0;
  while (rules < all.size() && !all[rules].starts_with("  rule ")) ++rules;
  REQUIRE(rules < all.size());
  const std::size_t what = all[rules].find("what");
  const std::string& first = all[rules + 1];    // inline-ptx  high  2  §7  inline PTX
  CHECK(first.find("inline PTX") == what + 1);  // one byte more: the two-byte '§'
}

TEST_CASE("report/text: an empty code base", "[report]") {
  Inventory empty;
  empty.root = "empty";
  const std::string text = text_of(empty);
  CHECK(text.find("0 files, 0 lines; 0 kernels") != std::string::npos);
  CHECK(text.find("none: no __global__ function") != std::string::npos);
  CHECK(text.find("HAZARDS (0)\n  none found") != std::string::npos);
  CHECK(text.find("not checked: no suites folder") != std::string::npos);
  CHECK(inventory_from_json(to_json(empty)) == empty);
}
