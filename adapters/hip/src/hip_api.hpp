// HipApi: the HIP runtime (ROCm, AMD platform) behind GpuBackend. The only HIP-specific code of
// the HIP adapter.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>

#include "parity/gpu/gpu_api.hpp"

namespace parity::gpu {

//! "5.2.21153" from HIP_VERSION's encoding, 10'000'000 * major + 100'000 * minor + patch.
inline std::string hip_version_number(int version) {
  return std::to_string(version / 10'000'000) + "." + std::to_string(version / 100'000 % 100) +
         "." + std::to_string(version % 100'000);
}

//! "gfx90a" from gcnArchName "gfx90a:sramecc+:xnack-": the target without its feature flags.
inline std::string gfx_architecture(std::string_view gcn_arch_name) {
  const std::string_view target = gcn_arch_name.substr(0, gcn_arch_name.find(':'));
  return target.empty() ? std::string("unknown") : std::string(target);
}

struct HipApi {
  using Error = hipError_t;
  using Stream = hipStream_t;
  using Event = hipEvent_t;
  using DeviceProp = hipDeviceProp_t;

  static constexpr Error kSuccess = hipSuccess;
  static constexpr std::string_view kBackendName = "hip";
  static constexpr std::string_view kVendor = "HIP";
  static constexpr std::string_view kCallPrefix = "hip";
  static constexpr std::string_view kVisibleDevicesVariable = "HIP_VISIBLE_DEVICES";
  static constexpr std::string_view kFaultAdvice =
      "To find the kernel, rerun with AMD_SERIALIZE_KERNEL=3 (AMD_LOG_LEVEL=3 logs each launch).";

  static std::string_view error_name(Error error) { return hipGetErrorName(error); }
  static std::string_view error_string(Error error) { return hipGetErrorString(error); }

  static ErrorKind classify(Error error) {
    switch (error) {
      case hipErrorNoDevice:  // what the runtime says when there is no GPU (TOOLCHAIN.md)
      case hipErrorInvalidDevice:
      case hipErrorInsufficientDriver:
      case hipErrorNotInitialized:
        return ErrorKind::kNoDevice;
      case hipErrorOutOfMemory:
        return ErrorKind::kOutOfMemory;
      case hipErrorInvalidConfiguration:
      case hipErrorLaunchOutOfResources:
      case hipErrorCooperativeLaunchTooLarge:
      case hipErrorInvalidDeviceFunction:
      case hipErrorNoBinaryForGpu:
      case hipErrorInvalidImage:
      case hipErrorInvalidKernelFile:
        return ErrorKind::kLaunchRejected;
      case hipErrorIllegalAddress:
      case hipErrorLaunchFailure:
      case hipErrorLaunchTimeOut:
      case hipErrorAssert:
      case hipErrorECCNotCorrectable:
        return ErrorKind::kKernelFault;
      default:
        return ErrorKind::kOther;
    }
  }

  static Error get_last_error() { return hipGetLastError(); }
  static Error get_device_count(int* count) { return hipGetDeviceCount(count); }
  static Error set_device(int ordinal) { return hipSetDevice(ordinal); }
  static Error get_device_properties(DeviceProp* prop, int ordinal) {
    return hipGetDeviceProperties(prop, ordinal);
  }
  static Error driver_get_version(int* version) { return hipDriverGetVersion(version); }
  static Error runtime_get_version(int* version) { return hipRuntimeGetVersion(version); }

  static std::string architecture(const DeviceProp& prop) {
    return gfx_architecture(
        std::string_view(prop.gcnArchName, strnlen(prop.gcnArchName, sizeof(prop.gcnArchName))));
  }
  static std::string runtime_version_text(int version) {
    return "HIP " + hip_version_number(version);
  }
  //! The driver's HIP version, and the amdgpu kernel module's when it tells it (DKMS builds).
  static std::string driver_version_text(int version) {
    std::ifstream module("/sys/module/amdgpu/version");
    std::string release;
    std::getline(module, release);
    const std::string hip = "HIP " + hip_version_number(version);
    return release.empty() ? hip + " (driver)" : "amdgpu " + release + " (" + hip + ")";
  }

  static Error malloc(void** ptr, std::size_t bytes) { return hipMalloc(ptr, bytes); }
  static Error free(void* ptr) { return hipFree(ptr); }
  static Error memcpy_async(void* dst, const void* src, std::size_t bytes, CopyDirection direction,
                            Stream stream) {
    return hipMemcpyAsync(
        dst, src, bytes,
        direction == CopyDirection::kHostToDevice ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost,
        stream);
  }

  static Error stream_create(Stream* stream) { return hipStreamCreate(stream); }
  static Error stream_destroy(Stream stream) { return hipStreamDestroy(stream); }
  static Error stream_synchronize(Stream stream) { return hipStreamSynchronize(stream); }
  static Error event_create(Event* event) { return hipEventCreate(event); }
  static Error event_destroy(Event event) { return hipEventDestroy(event); }
  static Error event_record(Event event, Stream stream) { return hipEventRecord(event, stream); }
  static Error event_elapsed_time(float* ms, Event start, Event stop) {
    return hipEventElapsedTime(ms, start, stop);
  }
};

static_assert(GpuApi<HipApi>);

}  // namespace parity::gpu
