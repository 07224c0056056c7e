// HipApi, the HIP half of the traits design, against the real HIP runtime where it can be (its
// error names are the oracle) and against documented encodings otherwise.
#include "hip_api.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "parity/gpu/gpu_error.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;
using Catch::Matchers::StartsWith;
using parity::BackendError;
using parity::gpu::ErrorKind;
using parity::gpu::HipApi;

TEST_CASE("hip_api: a runtime error becomes the message the user reads", "[hip_api]") {
  CHECK_THROWS_MATCHES(parity::gpu::throw_call_error<HipApi>(
                           "hipMemcpyAsync(device->host, 4096 bytes)", hipErrorIllegalAddress),
                       BackendError,
                       MessageMatches(StartsWith("hipMemcpyAsync(device->host, 4096 bytes) failed: "
                                                 "hipErrorIllegalAddress (700)") &&
                                      ContainsSubstring("A kernel faulted while running") &&
                                      ContainsSubstring("AMD_SERIALIZE_KERNEL=3")));
}

TEST_CASE("hip_api: a call that fails on every machine is translated", "[hip_api]") {
  // No GPU: hipErrorInvalidDevice (101) here; a GPU but no device 4096: the same.
  const hipError_t error = hipSetDevice(4096);
  REQUIRE(error != hipSuccess);
  CHECK(HipApi::classify(error) == ErrorKind::kNoDevice);
  CHECK_THROWS_MATCHES(parity::gpu::check<HipApi>(error, "hipSetDevice(4096)"), BackendError,
                       MessageMatches(StartsWith("hipSetDevice(4096) failed: hipError") &&
                                      ContainsSubstring("No usable HIP device")));
}

TEST_CASE("hip_api: errors are sorted by what the user must do", "[hip_api]") {
  CHECK(HipApi::classify(hipErrorNoDevice) == ErrorKind::kNoDevice);
  CHECK(HipApi::classify(hipErrorInvalidDevice) == ErrorKind::kNoDevice);
  CHECK(HipApi::classify(hipErrorOutOfMemory) == ErrorKind::kOutOfMemory);
  CHECK(HipApi::classify(hipErrorInvalidConfiguration) == ErrorKind::kLaunchRejected);
  CHECK(HipApi::classify(hipErrorNoBinaryForGpu) == ErrorKind::kLaunchRejected);
  CHECK(HipApi::classify(hipErrorIllegalAddress) == ErrorKind::kKernelFault);
  CHECK(HipApi::classify(hipErrorLaunchFailure) == ErrorKind::kKernelFault);
  CHECK(HipApi::classify(hipErrorInvalidValue) == ErrorKind::kOther);
}

TEST_CASE("hip_api: architecture and versions are spelled as AMD spells them", "[hip_api]") {
  CHECK(parity::gpu::gfx_architecture("gfx90a:sramecc+:xnack-") == "gfx90a");
  CHECK(parity::gpu::gfx_architecture("gfx942:sramecc+:xnack-") == "gfx942");
  CHECK(parity::gpu::gfx_architecture("gfx1100") == "gfx1100");
  CHECK(parity::gpu::gfx_architecture("") == "unknown");
  hipDeviceProp_t prop{};
  const char name[] = "gfx942:sramecc+:xnack-";
  static_assert(sizeof(name) <= sizeof(prop.gcnArchName));
  for (std::size_t i = 0; i < sizeof(name); ++i) prop.gcnArchName[i] = name[i];
  CHECK(HipApi::architecture(prop) == "gfx942");
  CHECK(HipApi::runtime_version_text(50221153) == "HIP 5.2.21153");
  CHECK(HipApi::runtime_version_text(60032830) == "HIP 6.0.32830");
  CHECK(HipApi::runtime_version_text(HIP_VERSION) == "HIP " + std::to_string(HIP_VERSION_MAJOR) +
                                                         "." + std::to_string(HIP_VERSION_MINOR) +
                                                         "." + std::to_string(HIP_VERSION_PATCH));
}
