// Runtime error codes into BackendError: every failing call becomes a message that names the call
// and its arguments, the runtime's own error name, number and text, and what to do about it.
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "parity/error.hpp"
#include "parity/gpu/device_selection.hpp"
#include "parity/gpu/gpu_api.hpp"

namespace parity::gpu {

//! "cudaErrorIllegalAddress (700): an illegal memory access was encountered". HIP's error
//! strings often repeat the name; it is printed once then.
template <GpuApi Api>
std::string describe_error(typename Api::Error error) {
  const std::string_view name = Api::error_name(error);
  const std::string_view text = Api::error_string(error);
  std::string out(name);
  out += " (" + std::to_string(static_cast<long long>(error)) + ")";
  if (!text.empty() && text != name) {
    out += ": ";
    out += text;
  }
  return out;
}

//! What the user should do about an error of this kind.
template <GpuApi Api>
std::string advice(ErrorKind kind, const EnvironmentLookup& lookup = std::getenv) {
  const std::string vendor(Api::kVendor);
  switch (kind) {
    case ErrorKind::kNoDevice: {
      const auto shown = [&](const char* variable) {
        const char* value = lookup(variable);
        return std::string(variable) + (value ? "='" + std::string(value) + "'" : " unset");
      };
      const std::string visible(Api::kVisibleDevicesVariable);
      return "No usable " + vendor + " device: check that the driver is loaded and the GPU is " +
             "visible (" + shown(visible.c_str()) + ", " + shown("PARITY_DEVICE") +
             "); tests ask availability() first and skip when it says no.";
    }
    case ErrorKind::kOutOfMemory:
      return "The device is out of memory: release buffers that are no longer needed or run a "
             "smaller case.";
    case ErrorKind::kLaunchRejected:
      return "The runtime rejected a kernel launch: check its grid and block sizes (at most 1024 "
             "threads per block), its dynamic shared memory, and that the kernels were compiled "
             "for this device's architecture.";
    case ErrorKind::kKernelFault:
      return "A kernel faulted while running; the fault is reported asynchronously, possibly by a "
             "later call, and leaves the " +
             vendor + " context unusable, so restart the process. " +
             std::string(Api::kFaultAdvice);
    case ErrorKind::kOther:
      break;
  }
  return "Check the call's arguments; if they are right, an earlier asynchronous failure may be "
         "what is reported here.";
}

//! Throws the BackendError for `call` (e.g. "cudaMalloc(4096 bytes)") having returned `error`.
template <GpuApi Api>
[[noreturn]] void throw_call_error(std::string_view call, typename Api::Error error) {
  throw BackendError(std::string(call) + " failed: " + describe_error<Api>(error) + ". " +
                     advice<Api>(Api::classify(error)));
}

//! Returns when `error` is success, else throws BackendError naming the call. `call` is the
//! call's description, or a callable returning it (built only on failure).
template <GpuApi Api, class Call>
void check(typename Api::Error error, Call&& call) {
  if (error == Api::kSuccess) [[likely]]
    return;
  if constexpr (std::is_invocable_v<Call>) {
    throw_call_error<Api>(std::string(std::forward<Call>(call)()), error);
  } else {
    throw_call_error<Api>(std::string_view(call), error);
  }
}

}  // namespace parity::gpu
