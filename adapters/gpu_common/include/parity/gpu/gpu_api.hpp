// GpuApi: what an API-traits struct must provide so that GpuBackend<Api> can drive a GPU runtime.
// CUDA and HIP expose the same runtime API under two prefixes; a traits struct maps one of them
// onto these names, and everything else (error translation, RAII, device selection, timing) is
// written once in the headers beside this one.
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

namespace parity::gpu {

enum class CopyDirection { kHostToDevice, kDeviceToHost };

//! What a runtime error means for the user; picks the advice attached to a BackendError.
enum class ErrorKind {
  kNoDevice,        // no driver, no visible device, bad ordinal
  kOutOfMemory,     // an allocation did not fit
  kLaunchRejected,  // bad grid/block/shared-memory configuration, no code for this architecture
  kKernelFault,     // a kernel faulted while running; sticky: the context is unusable afterwards
  kOther,
};

// clang-format off
template <class Api>
concept GpuApi =
    std::is_pointer_v<typename Api::Stream> && std::is_pointer_v<typename Api::Event> &&
    requires(typename Api::Error error, typename Api::Stream stream, typename Api::Event event,
             typename Api::Stream* stream_out, typename Api::Event* event_out,
             typename Api::DeviceProp* prop_out, const typename Api::DeviceProp& prop,
             void* ptr, void** ptr_out, const void* cptr, std::size_t bytes, CopyDirection dir,
             int ordinal, int version, int* int_out, float* float_out) {
      // Identity: backend name ("cuda"), vendor word for messages ("CUDA"), call prefix
      // ("cuda" + "Malloc"), the runtime's device-mask variable, how to localise a faulting kernel.
      { Api::kSuccess } -> std::convertible_to<typename Api::Error>;
      { Api::kBackendName } -> std::convertible_to<std::string_view>;
      { Api::kVendor } -> std::convertible_to<std::string_view>;
      { Api::kCallPrefix } -> std::convertible_to<std::string_view>;
      { Api::kVisibleDevicesVariable } -> std::convertible_to<std::string_view>;
      { Api::kFaultAdvice } -> std::convertible_to<std::string_view>;
      // Errors.
      { Api::error_name(error) } -> std::convertible_to<std::string_view>;
      { Api::error_string(error) } -> std::convertible_to<std::string_view>;
      { Api::classify(error) } -> std::same_as<ErrorKind>;
      { Api::get_last_error() } -> std::same_as<typename Api::Error>;
      // Devices.
      { Api::get_device_count(int_out) } -> std::same_as<typename Api::Error>;
      { Api::set_device(ordinal) } -> std::same_as<typename Api::Error>;
      { Api::get_device_properties(prop_out, ordinal) } -> std::same_as<typename Api::Error>;
      { Api::driver_get_version(int_out) } -> std::same_as<typename Api::Error>;
      { Api::runtime_get_version(int_out) } -> std::same_as<typename Api::Error>;
      { Api::architecture(prop) } -> std::convertible_to<std::string>;
      { Api::driver_version_text(version) } -> std::convertible_to<std::string>;
      { Api::runtime_version_text(version) } -> std::convertible_to<std::string>;
      { prop.name } -> std::convertible_to<const char*>;
      { prop.warpSize } -> std::convertible_to<int>;
      { prop.totalGlobalMem } -> std::convertible_to<std::size_t>;
      // Memory.
      { Api::malloc(ptr_out, bytes) } -> std::same_as<typename Api::Error>;
      { Api::free(ptr) } -> std::same_as<typename Api::Error>;
      { Api::memcpy_async(ptr, cptr, bytes, dir, stream) } -> std::same_as<typename Api::Error>;
      // Streams and events.
      { Api::stream_create(stream_out) } -> std::same_as<typename Api::Error>;
      { Api::stream_destroy(stream) } -> std::same_as<typename Api::Error>;
      { Api::stream_synchronize(stream) } -> std::same_as<typename Api::Error>;
      { Api::event_create(event_out) } -> std::same_as<typename Api::Error>;
      { Api::event_destroy(event) } -> std::same_as<typename Api::Error>;
      { Api::event_record(event, stream) } -> std::same_as<typename Api::Error>;
      { Api::event_elapsed_time(float_out, event, event) } -> std::same_as<typename Api::Error>;
    };
// clang-format on

//! The runtime's name for a call: call_name<CudaApi>("Malloc") == "cudaMalloc".
template <class Api>
std::string call_name(std::string_view suffix) {
  std::string name(Api::kCallPrefix);
  name += suffix;
  return name;
}

}  // namespace parity::gpu
