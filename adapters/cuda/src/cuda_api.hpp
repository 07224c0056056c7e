// CudaApi: the CUDA runtime behind GpuBackend. The only CUDA-specific code of the CUDA adapter.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <fstream>
#include <string>
#include <string_view>

#include "parity/gpu/gpu_api.hpp"

namespace parity::gpu {

//! "13.0" from the runtime's 1000 * major + 10 * minor encoding.
inline std::string cuda_version_number(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

//! The kernel module's release ("580.82.07") from the text of /proc/driver/nvidia/version, whose
//! first line reads "NVRM version: NVIDIA UNIX ... Kernel Module ... 580.82.07  <date>"; "" if
//! there is none.
inline std::string nvidia_module_version(std::string_view proc_text) {
  const auto module = proc_text.find("Module");
  if (module == std::string_view::npos) return {};
  std::string_view rest = proc_text.substr(module, proc_text.find('\n', module) - module);
  while (!rest.empty()) {
    const auto start = rest.find_first_not_of(" \t");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const std::string_view word = rest.substr(0, rest.find_first_of(" \t"));
    rest.remove_prefix(word.size());
    const bool digits_and_dots = word.find_first_not_of("0123456789.") == std::string_view::npos;
    if (digits_and_dots && word.find('.') != std::string_view::npos && word.front() != '.') {
      return std::string(word);
    }
  }
  return {};
}

struct CudaApi {
  using Error = cudaError_t;
  using Stream = cudaStream_t;
  using Event = cudaEvent_t;
  using DeviceProp = cudaDeviceProp;

  static constexpr Error kSuccess = cudaSuccess;
  static constexpr std::string_view kBackendName = "cuda";
  static constexpr std::string_view kVendor = "CUDA";
  static constexpr std::string_view kCallPrefix = "cuda";
  static constexpr std::string_view kVisibleDevicesVariable = "CUDA_VISIBLE_DEVICES";
  static constexpr std::string_view kFaultAdvice =
      "To find the kernel, rerun with CUDA_LAUNCH_BLOCKING=1 or under compute-sanitizer.";

  static std::string_view error_name(Error error) { return cudaGetErrorName(error); }
  static std::string_view error_string(Error error) { return cudaGetErrorString(error); }

  static ErrorKind classify(Error error) {
    switch (error) {
      case cudaErrorNoDevice:
      case cudaErrorInsufficientDriver:  // what the runtime says when there is no driver at all
      case cudaErrorInvalidDevice:
      case cudaErrorDevicesUnavailable:
      case cudaErrorSystemDriverMismatch:
      case cudaErrorCompatNotSupportedOnDevice:
        return ErrorKind::kNoDevice;
      case cudaErrorMemoryAllocation:
        return ErrorKind::kOutOfMemory;
      case cudaErrorInvalidConfiguration:
      case cudaErrorLaunchOutOfResources:
      case cudaErrorCooperativeLaunchTooLarge:
      case cudaErrorInvalidDeviceFunction:
      case cudaErrorNoKernelImageForDevice:
      case cudaErrorInvalidKernelImage:
      case cudaErrorInvalidPtx:
      case cudaErrorUnsupportedPtxVersion:
        return ErrorKind::kLaunchRejected;
      case cudaErrorIllegalAddress:
      case cudaErrorLaunchFailure:
      case cudaErrorLaunchTimeout:
      case cudaErrorAssert:
      case cudaErrorIllegalInstruction:
      case cudaErrorMisalignedAddress:
      case cudaErrorInvalidAddressSpace:
      case cudaErrorInvalidPc:
      case cudaErrorHardwareStackError:
      case cudaErrorECCUncorrectable:
        return ErrorKind::kKernelFault;
      default:
        return ErrorKind::kOther;
    }
  }

  static Error get_last_error() { return cudaGetLastError(); }
  static Error get_device_count(int* count) { return cudaGetDeviceCount(count); }
  static Error set_device(int ordinal) { return cudaSetDevice(ordinal); }
  static Error get_device_properties(DeviceProp* prop, int ordinal) {
    return cudaGetDeviceProperties(prop, ordinal);
  }
  static Error driver_get_version(int* version) { return cudaDriverGetVersion(version); }
  static Error runtime_get_version(int* version) { return cudaRuntimeGetVersion(version); }

  //! "sm_90" from compute capability 9.0; "sm_100" from 10.0.
  static std::string architecture(const DeviceProp& prop) {
    return "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
  }
  static std::string runtime_version_text(int version) {
    return "CUDA " + cuda_version_number(version);
  }
  //! The driver's CUDA version, and its release when the kernel module tells it.
  static std::string driver_version_text(int version) {
    std::ifstream proc("/proc/driver/nvidia/version");
    std::string first_line;
    std::getline(proc, first_line);
    const std::string release = nvidia_module_version(first_line);
    const std::string cuda = "CUDA " + cuda_version_number(version);
    return release.empty() ? cuda + " (driver API)" : "NVIDIA " + release + " (" + cuda + ")";
  }

  static Error malloc(void** ptr, std::size_t bytes) { return cudaMalloc(ptr, bytes); }
  static Error free(void* ptr) { return cudaFree(ptr); }
  static Error memcpy_async(void* dst, const void* src, std::size_t bytes, CopyDirection direction,
                            Stream stream) {
    return cudaMemcpyAsync(
        dst, src, bytes,
        direction == CopyDirection::kHostToDevice ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost,
        stream);
  }

  static Error stream_create(Stream* stream) { return cudaStreamCreate(stream); }
  static Error stream_destroy(Stream stream) { return cudaStreamDestroy(stream); }
  static Error stream_synchronize(Stream stream) { return cudaStreamSynchronize(stream); }
  static Error event_create(Event* event) { return cudaEventCreate(event); }
  static Error event_destroy(Event event) { return cudaEventDestroy(event); }
  static Error event_record(Event event, Stream stream) { return cudaEventRecord(event, stream); }
  static Error event_elapsed_time(float* ms, Event start, Event stop) {
    return cudaEventElapsedTime(ms, start, stop);
  }
};

static_assert(GpuApi<CudaApi>);

}  // namespace parity::gpu
