#include "parity/provenance.hpp"

#include <catch2/catch_test_macros.hpp>
#include <regex>

using namespace parity;

TEST_CASE("timestamps are ISO-8601 UTC with seconds", "[provenance]") {
  const std::string now = utc_timestamp_now();
  CHECK(std::regex_match(now, std::regex(R"(20\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-6]\dZ)")));
}

TEST_CASE("a host provenance is filled in", "[provenance]") {
  Provenance p = Provenance::for_this_host();
  CHECK(p.kind == FileKind::kGolden);
  CHECK(p.backend == "host-cpu");
  CHECK(p.architecture == "cpu");
  CHECK(p.parity_version == parity_version());
  CHECK_FALSE(p.compiler.empty());
  CHECK_FALSE(p.created.empty());
}

TEST_CASE("provenance JSON embeds the JSON fields as objects", "[provenance]") {
  Provenance p;
  p.suite = "s";
  p.params = R"({"n":3})";
  p.launch_geometry = R"({"grid":[1,1,1]})";
  auto j = p.to_json();
  CHECK(j["suite"] == "s");
  CHECK(j["kind"] == "golden");
  CHECK(j["params"]["n"] == 3);
  CHECK(j["launch_geometry"]["grid"][0] == 1);
  p.params = "";
  CHECK(p.to_json()["params"].is_null());
}
