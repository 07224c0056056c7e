#include "parity/gpu/gpu_error.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <map>
#include <set>
#include <string>

#include "fake_api.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::Equals;
using Catch::Matchers::MessageMatches;
using Catch::Matchers::StartsWith;
using parity::BackendError;
using parity::gpu::advice;
using parity::gpu::check;
using parity::gpu::describe_error;
using parity::gpu::ErrorKind;
using parity::gpu::testing::FakeApi;
using parity::gpu::testing::FakeError;

TEST_CASE("gpu_error: an error is described by name, number and the runtime's text",
          "[gpu_error]") {
  CHECK(describe_error<FakeApi>(FakeError::kIllegalAddress) ==
        "fakeErrorIllegalAddress (700): an illegal memory access was encountered");
  // HIP-style strings that only repeat the name are not printed twice.
  CHECK(describe_error<FakeApi>(FakeError::kNoDevice) == "fakeErrorNoDevice (100)");
}

TEST_CASE("gpu_error: a failing call throws BackendError naming the call, error and remedy",
          "[gpu_error]") {
  CHECK_THROWS_MATCHES(
      check<FakeApi>(FakeError::kIllegalAddress, "fakeMemcpyAsync(device->host, 4096 bytes)"),
      BackendError,
      MessageMatches(StartsWith("fakeMemcpyAsync(device->host, 4096 bytes) failed: "
                                "fakeErrorIllegalAddress (700): an illegal memory access was "
                                "encountered. A kernel faulted while running") &&
                     ContainsSubstring("Rerun with FAKE_LAUNCH_BLOCKING=1.")));
}

TEST_CASE("gpu_error: success does not throw and does not build the message", "[gpu_error]") {
  int described = 0;
  const auto describe = [&] {
    ++described;
    return std::string("fakeMalloc(1 bytes)");
  };
  CHECK_NOTHROW(check<FakeApi>(FakeError::kSuccess, describe));
  CHECK(described == 0);
  CHECK_THROWS_AS(check<FakeApi>(FakeError::kOutOfMemory, describe), BackendError);
  CHECK(described == 1);
}

TEST_CASE("gpu_error: each kind of error gets its own remedy", "[gpu_error]") {
  const std::map<std::string, std::string> env = {{"PARITY_FAKE_VISIBLE_DEVICES", "1,3"}};
  const auto lookup = [&](const char* name) -> const char* {
    const auto it = env.find(name);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  CHECK_THAT(advice<FakeApi>(ErrorKind::kNoDevice, lookup),
             Equals("No usable FAKE device: check that the driver is loaded and the GPU is "
                    "visible (PARITY_FAKE_VISIBLE_DEVICES='1,3', PARITY_DEVICE unset); tests ask "
                    "availability() first and skip when it says no."));
  CHECK_THAT(advice<FakeApi>(ErrorKind::kOutOfMemory), ContainsSubstring("out of memory"));
  CHECK_THAT(advice<FakeApi>(ErrorKind::kLaunchRejected),
             ContainsSubstring("rejected a kernel launch"));
  CHECK_THAT(
      advice<FakeApi>(ErrorKind::kKernelFault),
      ContainsSubstring("FAKE context unusable") && ContainsSubstring("FAKE_LAUNCH_BLOCKING"));
  std::set<std::string> distinct;
  for (auto kind : {ErrorKind::kNoDevice, ErrorKind::kOutOfMemory, ErrorKind::kLaunchRejected,
                    ErrorKind::kKernelFault, ErrorKind::kOther}) {
    distinct.insert(advice<FakeApi>(kind, lookup));
  }
  CHECK(distinct.size() == 5);
}
