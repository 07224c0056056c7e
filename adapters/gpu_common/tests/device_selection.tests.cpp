#include "parity/gpu/device_selection.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <map>
#include <string>

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;
using parity::UsageError;
using parity::gpu::parse_ctest_gpu_resource;
using parity::gpu::parse_device_ordinal;
using parity::gpu::select_device;

namespace {
//! An environment made of the given variables only.
parity::gpu::EnvironmentLookup environment(std::map<std::string, std::string> variables) {
  return [variables = std::move(variables)](const char* name) -> const char* {
    const auto it = variables.find(name);
    return it == variables.end() ? nullptr : it->second.c_str();
  };
}
}  // namespace

TEST_CASE("device_selection: ordinals are decimal digits, blanks around allowed",
          "[device_selection]") {
  CHECK(parse_device_ordinal("0", "X") == 0);
  CHECK(parse_device_ordinal("7", "X") == 7);
  CHECK(parse_device_ordinal(" 12\t", "X") == 12);
  CHECK(parse_device_ordinal("1048576", "X") == 1048576);
}

TEST_CASE("device_selection: anything else is a UsageError naming the setting",
          "[device_selection]") {
  for (const char* bad : {"", " ", "-1", "+1", "1x", "1.0", "gpu0", "0x1", "1 2", "99999999999"}) {
    CAPTURE(bad);
    CHECK_THROWS_MATCHES(parse_device_ordinal(bad, "PARITY_DEVICE"), UsageError,
                         MessageMatches(ContainsSubstring("PARITY_DEVICE='" + std::string(bad) +
                                                          "' is not a device ordinal")));
  }
}

TEST_CASE("device_selection: CTest resource groups give the first GPU's id", "[device_selection]") {
  CHECK(parse_ctest_gpu_resource("id:3,slots:1", "V") == 3);
  CHECK(parse_ctest_gpu_resource("slots:2,id:1", "V") == 1);
  CHECK(parse_ctest_gpu_resource("id:2,slots:1;id:5,slots:1", "V") == 2);
  CHECK_THROWS_MATCHES(parse_ctest_gpu_resource("slots:1", "V"), UsageError,
                       MessageMatches(ContainsSubstring("V='slots:1' has no 'id:' field")));
  CHECK_THROWS_AS(parse_ctest_gpu_resource("id:gpu0,slots:1", "V"), UsageError);
}

TEST_CASE("device_selection: PARITY_DEVICE, then CTest's allotment, then device 0",
          "[device_selection]") {
  auto none = select_device(environment({}));
  CHECK(none.ordinal == 0);
  CHECK(none.source == "default");

  auto blank = select_device(environment({{"PARITY_DEVICE", "  "}}));
  CHECK(blank.ordinal == 0);
  CHECK(blank.source == "default");

  auto chosen = select_device(environment({{"PARITY_DEVICE", "1"}}));
  CHECK(chosen.ordinal == 1);
  CHECK(chosen.source == "PARITY_DEVICE=1");

  auto ctest = select_device(environment({{"CTEST_RESOURCE_GROUP_0_GPUS", "id:3,slots:1"}}));
  CHECK(ctest.ordinal == 3);
  CHECK(ctest.source == "CTEST_RESOURCE_GROUP_0_GPUS=id:3,slots:1");

  auto both = select_device(
      environment({{"PARITY_DEVICE", "2"}, {"CTEST_RESOURCE_GROUP_0_GPUS", "id:3,slots:1"}}));
  CHECK(both.ordinal == 2);

  CHECK_THROWS_AS(select_device(environment({{"PARITY_DEVICE", "first"}})), UsageError);
}
