// CudaApi, the CUDA half of the traits design, against the real CUDA runtime where it can be
// (its error names and texts are the oracle) and against documented encodings otherwise.
#include "cuda_api.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "parity/gpu/gpu_error.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;
using Catch::Matchers::StartsWith;
using parity::BackendError;
using parity::gpu::CudaApi;
using parity::gpu::ErrorKind;

TEST_CASE("cuda_api: a runtime error becomes the message the user reads", "[cuda_api]") {
  CHECK_THROWS_MATCHES(
      parity::gpu::throw_call_error<CudaApi>("cudaMemcpyAsync(device->host, 4096 bytes)",
                                             cudaErrorIllegalAddress),
      BackendError,
      MessageMatches(StartsWith("cudaMemcpyAsync(device->host, 4096 bytes) failed: "
                                "cudaErrorIllegalAddress (700): an illegal memory access was "
                                "encountered. A kernel faulted while running") &&
                     ContainsSubstring("CUDA_LAUNCH_BLOCKING=1")));
}

TEST_CASE("cuda_api: a call that fails on every machine is translated", "[cuda_api]") {
  // No driver: cudaErrorInsufficientDriver; a GPU but no device 4096: cudaErrorInvalidDevice.
  const cudaError_t error = cudaSetDevice(4096);
  REQUIRE(error != cudaSuccess);
  CHECK(CudaApi::classify(error) == ErrorKind::kNoDevice);
  CHECK_THROWS_MATCHES(parity::gpu::check<CudaApi>(error, "cudaSetDevice(4096)"), BackendError,
                       MessageMatches(StartsWith("cudaSetDevice(4096) failed: cudaError") &&
                                      ContainsSubstring("No usable CUDA device")));
}

TEST_CASE("cuda_api: errors are sorted by what the user must do", "[cuda_api]") {
  CHECK(CudaApi::classify(cudaErrorInsufficientDriver) == ErrorKind::kNoDevice);
  CHECK(CudaApi::classify(cudaErrorNoDevice) == ErrorKind::kNoDevice);
  CHECK(CudaApi::classify(cudaErrorMemoryAllocation) == ErrorKind::kOutOfMemory);
  CHECK(CudaApi::classify(cudaErrorInvalidConfiguration) == ErrorKind::kLaunchRejected);
  CHECK(CudaApi::classify(cudaErrorNoKernelImageForDevice) == ErrorKind::kLaunchRejected);
  CHECK(CudaApi::classify(cudaErrorIllegalAddress) == ErrorKind::kKernelFault);
  CHECK(CudaApi::classify(cudaErrorAssert) == ErrorKind::kKernelFault);
  CHECK(CudaApi::classify(cudaErrorInvalidValue) == ErrorKind::kOther);
}

TEST_CASE("cuda_api: architecture and versions are spelled as NVIDIA spells them", "[cuda_api]") {
  cudaDeviceProp prop{};
  prop.major = 9;
  prop.minor = 0;
  CHECK(CudaApi::architecture(prop) == "sm_90");
  prop.major = 8;
  prop.minor = 6;
  CHECK(CudaApi::architecture(prop) == "sm_86");
  prop.major = 10;
  prop.minor = 0;
  CHECK(CudaApi::architecture(prop) == "sm_100");
  CHECK(CudaApi::runtime_version_text(13000) == "CUDA 13.0");
  CHECK(CudaApi::runtime_version_text(12080) == "CUDA 12.8");
  CHECK(CudaApi::runtime_version_text(CUDART_VERSION) ==
        "CUDA " + std::to_string(CUDART_VERSION / 1000) + "." +
            std::to_string(CUDART_VERSION % 100 / 10));
}

TEST_CASE("cuda_api: the driver release is read from the kernel module's banner", "[cuda_api]") {
  CHECK(parity::gpu::nvidia_module_version(
            "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC "
            "2024\nGCC version:  gcc version 12.2.0") == "550.54.15");
  CHECK(parity::gpu::nvidia_module_version(
            "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.82.07  Release Build  "
            "(dvs-builder@U16-I3-B03-4-3)  Wed Aug 27 00:50:59 UTC 2025") == "580.82.07");
  CHECK(parity::gpu::nvidia_module_version("").empty());
  CHECK(parity::gpu::nvidia_module_version("NVRM version: NVIDIA Kernel Module unknown").empty());
}
