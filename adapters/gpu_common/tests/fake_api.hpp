// FakeApi: a scripted GPU runtime for testing GpuBackend<Api> without a GPU. It logs every call,
// returns the errors a test injects, and keeps host memory behind "device" pointers, so copies
// really move bytes.
#pragma once

#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "parity/gpu/gpu_api.hpp"

namespace parity::gpu::testing {

enum class FakeError : int {
  kSuccess = 0,
  kOutOfMemory = 2,
  kInvalidConfiguration = 9,
  kNoDriver = 35,
  kNoDevice = 100,
  kIllegalAddress = 700,
  kUnknown = 999,
};

struct FakeStream {
  int id = 0;
};
struct FakeEvent {
  int id = 0;
};

struct FakeState {
  int device_count = 1;
  int current_device = -1;
  std::map<std::string, FakeError, std::less<>> fail;    // call ("fakeMalloc") -> its error
  FakeError pending_launch_error = FakeError::kSuccess;  // what fakeGetLastError returns once
  std::vector<std::string> log;                          // every call, in order
  int streams_alive = 0;
  int streams_created = 0;
  int events_alive = 0;
  int events_created = 0;
  int allocations_alive = 0;
  float elapsed_ms = 1.5f;

  std::size_t count(std::string_view call) const {
    std::size_t n = 0;
    for (const auto& entry : log) n += entry == call ? 1 : 0;
    return n;
  }
};

struct FakeApi {
  using Error = FakeError;
  using Stream = FakeStream*;
  using Event = FakeEvent*;
  struct DeviceProp {
    char name[256];
    int warpSize;
    std::size_t totalGlobalMem;
    int major;
    int minor;
  };

  static constexpr Error kSuccess = FakeError::kSuccess;
  static constexpr std::string_view kBackendName = "fake";
  static constexpr std::string_view kVendor = "FAKE";
  static constexpr std::string_view kCallPrefix = "fake";
  static constexpr std::string_view kVisibleDevicesVariable = "PARITY_FAKE_VISIBLE_DEVICES";
  static constexpr std::string_view kFaultAdvice = "Rerun with FAKE_LAUNCH_BLOCKING=1.";

  static FakeState& state() {
    static FakeState s;
    return s;
  }
  static void reset() { state() = FakeState{}; }

  static std::string_view error_name(Error error) {
    switch (error) {
      case FakeError::kSuccess:
        return "fakeSuccess";
      case FakeError::kOutOfMemory:
        return "fakeErrorMemoryAllocation";
      case FakeError::kInvalidConfiguration:
        return "fakeErrorInvalidConfiguration";
      case FakeError::kNoDriver:
        return "fakeErrorInsufficientDriver";
      case FakeError::kNoDevice:
        return "fakeErrorNoDevice";
      case FakeError::kIllegalAddress:
        return "fakeErrorIllegalAddress";
      case FakeError::kUnknown:
        break;
    }
    return "fakeErrorUnknown";
  }
  //! Like HIP, the string of kNoDevice repeats its name.
  static std::string_view error_string(Error error) {
    switch (error) {
      case FakeError::kOutOfMemory:
        return "out of memory";
      case FakeError::kInvalidConfiguration:
        return "invalid configuration argument";
      case FakeError::kNoDriver:
        return "driver is insufficient";
      case FakeError::kIllegalAddress:
        return "an illegal memory access was encountered";
      default:
        return error_name(error);
    }
  }
  static ErrorKind classify(Error error) {
    switch (error) {
      case FakeError::kNoDriver:
      case FakeError::kNoDevice:
        return ErrorKind::kNoDevice;
      case FakeError::kOutOfMemory:
        return ErrorKind::kOutOfMemory;
      case FakeError::kInvalidConfiguration:
        return ErrorKind::kLaunchRejected;
      case FakeError::kIllegalAddress:
        return ErrorKind::kKernelFault;
      default:
        return ErrorKind::kOther;
    }
  }

  static Error get_last_error() {
    const Error injected = enter("fakeGetLastError");
    if (injected != kSuccess) return injected;
    Error pending = state().pending_launch_error;
    state().pending_launch_error = kSuccess;  // reading it clears it, as in the real runtimes
    return pending;
  }
  static Error get_device_count(int* count) {
    const Error e = enter("fakeGetDeviceCount");
    if (e == kSuccess) *count = state().device_count;
    return e;
  }
  static Error set_device(int ordinal) {
    const Error e = enter("fakeSetDevice");
    if (e == kSuccess) state().current_device = ordinal;
    return e;
  }
  static Error get_device_properties(DeviceProp* prop, int ordinal) {
    const Error e = enter("fakeGetDeviceProperties");
    if (e != kSuccess) return e;
    std::memset(prop->name, 'x', sizeof(prop->name));  // no terminator: must not overrun
    std::memcpy(prop->name, "Fake GPU", 8);
    prop->name[8] = '\0';
    prop->warpSize = 64;
    prop->totalGlobalMem = std::size_t{80} << 30;
    prop->major = 9;
    prop->minor = ordinal;
    return e;
  }
  static Error driver_get_version(int* version) {
    *version = 555;
    return enter("fakeDriverGetVersion");
  }
  static Error runtime_get_version(int* version) {
    *version = 12;
    return enter("fakeRuntimeGetVersion");
  }
  static std::string architecture(const DeviceProp& prop) {
    return "fk_" + std::to_string(prop.major) + std::to_string(prop.minor);
  }
  static std::string driver_version_text(int version) {
    return "fake driver " + std::to_string(version);
  }
  static std::string runtime_version_text(int version) { return "FAKE " + std::to_string(version); }

  static Error malloc(void** ptr, std::size_t bytes) {
    const Error e = enter("fakeMalloc");
    if (e != kSuccess) return e;
    *ptr = std::malloc(bytes);
    ++state().allocations_alive;
    return e;
  }
  static Error free(void* ptr) {
    const Error e = enter("fakeFree");
    std::free(ptr);
    --state().allocations_alive;
    return e;
  }
  static Error memcpy_async(void* dst, const void* src, std::size_t bytes, CopyDirection direction,
                            Stream) {
    const Error e = enter(direction == CopyDirection::kHostToDevice ? "fakeMemcpyAsync(h2d)"
                                                                    : "fakeMemcpyAsync(d2h)");
    if (e == kSuccess) std::memcpy(dst, src, bytes);
    return e;
  }

  static Error stream_create(Stream* stream) {
    const Error e = enter("fakeStreamCreate");
    if (e != kSuccess) return e;
    *stream = new FakeStream{++state().streams_created};
    ++state().streams_alive;
    return e;
  }
  static Error stream_destroy(Stream stream) {
    delete stream;
    --state().streams_alive;
    return enter("fakeStreamDestroy");
  }
  static Error stream_synchronize(Stream) { return enter("fakeStreamSynchronize"); }
  static Error event_create(Event* event) {
    const Error e = enter("fakeEventCreate");
    if (e != kSuccess) return e;
    *event = new FakeEvent{++state().events_created};
    ++state().events_alive;
    return e;
  }
  static Error event_destroy(Event event) {
    delete event;
    --state().events_alive;
    return enter("fakeEventDestroy");
  }
  static Error event_record(Event, Stream) { return enter("fakeEventRecord"); }
  static Error event_elapsed_time(float* ms, Event, Event) {
    *ms = state().elapsed_ms;
    return enter("fakeEventElapsedTime");
  }

 private:
  static Error enter(const char* call) {
    state().log.emplace_back(call);
    const auto it = state().fail.find(std::string_view(call));
    return it == state().fail.end() ? kSuccess : it->second;
  }
};

static_assert(GpuApi<FakeApi>);

}  // namespace parity::gpu::testing
