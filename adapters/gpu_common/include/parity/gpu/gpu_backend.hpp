// GpuBackend<Api>: parity::Backend on a GPU runtime, written once for CUDA and HIP. The adapters
// differ only in the API-traits struct (CudaApi, HipApi), so every line the CUDA adapter runs on
// an NVIDIA GPU is the line the HIP adapter runs on an AMD one.
#pragma once

#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/gpu/device_selection.hpp"
#include "parity/gpu/gpu_api.hpp"
#include "parity/gpu/gpu_error.hpp"
#include "parity/gpu/gpu_handles.hpp"

namespace parity::gpu {

//! One device of one runtime. Every entry point makes the selected device current on the calling
//! thread first (runtimes keep the current device per thread). An object is meant for one thread
//! at a time, like a test case.
template <GpuApi Api>
class GpuBackend final : public Backend {
 public:
  //! `compiler`: the compiler and flags the kernels were built with (CMake passes them in).
  explicit GpuBackend(std::string compiler, DeviceSelection device = select_device())
      : compiler_(std::move(compiler)), device_(std::move(device)) {}
  GpuBackend(const GpuBackend&) = delete;
  GpuBackend& operator=(const GpuBackend&) = delete;
  ~GpuBackend() override {
    // The stream and events are destroyed (members, after this body) on their own device.
    if (stream_ || start_ || stop_) static_cast<void>(Api::set_device(device_.ordinal));
  }

  std::string_view name() const override { return Api::kBackendName; }
  int device_ordinal() const { return device_.ordinal; }

  Availability availability() override {
    if (!availability_) availability_ = probe();
    return *availability_;
  }

  DeviceInfo device_info() override {
    activate();
    typename Api::DeviceProp prop{};
    check<Api>(Api::get_device_properties(&prop, device_.ordinal), [&] {
      return call_name<Api>("GetDeviceProperties(device ") + ordinal_text() + ")";
    });
    int driver = 0;
    int runtime = 0;
    check<Api>(Api::driver_get_version(&driver),
               [] { return call_name<Api>("DriverGetVersion()"); });
    check<Api>(Api::runtime_get_version(&runtime),
               [] { return call_name<Api>("RuntimeGetVersion()"); });
    DeviceInfo info;
    info.backend = std::string(name());
    info.device_name.assign(prop.name, strnlen(prop.name, sizeof(prop.name)));
    info.architecture = Api::architecture(prop);
    info.warp_size = prop.warpSize;
    info.device_index = device_.ordinal;
    info.driver_version = Api::driver_version_text(driver);
    info.runtime_version = Api::runtime_version_text(runtime);
    info.total_memory = prop.totalGlobalMem;
    info.compiler = compiler_;
    return info;
  }

  DeviceBuffer allocate(std::size_t bytes) override {
    activate();
    if (bytes == 0) return DeviceBuffer(this, nullptr, 0);
    void* ptr = nullptr;
    check<Api>(Api::malloc(&ptr, bytes),
               [&] { return call_name<Api>("Malloc(") + std::to_string(bytes) + " bytes)"; });
    return DeviceBuffer(this, ptr, bytes);
  }

  //! Returns once the copy is complete, so `host_src` may be reused at once.
  void upload(void* device_dst, const void* host_src, std::size_t bytes, Stream stream) override {
    copy(device_dst, host_src, bytes, CopyDirection::kHostToDevice, stream);
  }

  //! Returns once `host_dst` holds the data.
  void download(void* host_dst, const void* device_src, std::size_t bytes, Stream stream) override {
    copy(host_dst, device_src, bytes, CopyDirection::kDeviceToHost, stream);
  }

  Stream stream() override {
    activate();
    return Stream(stream_.get(), this);
  }

  void synchronize(Stream stream) override {
    const auto native = native_stream(stream);
    activate();
    wait(native);
  }

  double time_ms(Stream stream, const std::function<void()>& launch) override {
    const auto native = native_stream(stream);
    activate();
    if (!start_) start_ = make_event<Api>();
    if (!stop_) stop_ = make_event<Api>();
    check<Api>(Api::event_record(start_.get(), native),
               [] { return call_name<Api>("EventRecord(start)"); });
    launch();
    check<Api>(Api::event_record(stop_.get(), native),
               [] { return call_name<Api>("EventRecord(stop)"); });
    wait(native);
    float ms = 0.0f;
    check<Api>(Api::event_elapsed_time(&ms, start_.get(), stop_.get()),
               [] { return call_name<Api>("EventElapsedTime(start, stop)"); });
    return static_cast<double>(ms);
  }

 protected:
  void release(void* ptr) noexcept override {
    static_cast<void>(Api::set_device(device_.ordinal));
    static_cast<void>(Api::free(ptr));
  }

 private:
  std::string ordinal_text() const { return std::to_string(device_.ordinal); }

  //! " (CUDA_VISIBLE_DEVICES='1,3')" when the runtime's device mask is set: it renumbers devices.
  static std::string visible_note() {
    const std::string variable(Api::kVisibleDevicesVariable);
    const char* value = std::getenv(variable.c_str());
    return value ? " (" + variable + "='" + value + "')" : std::string();
  }

  Availability probe() {
    const std::string no_device = "no " + std::string(Api::kVendor) + " device";
    int count = 0;
    if (const auto error = Api::get_device_count(&count); error != Api::kSuccess) {
      return {false, no_device + ": " + call_name<Api>("GetDeviceCount()") +
                         " failed: " + describe_error<Api>(error) + visible_note()};
    }
    if (count <= 0) {
      return {false, no_device + ": " + call_name<Api>("GetDeviceCount()") + " found 0 devices" +
                         visible_note()};
    }
    if (device_.ordinal >= count) {
      return {false, no_device + " " + ordinal_text() + ": " + device_.source +
                         " selects it, but the runtime sees " + std::to_string(count) +
                         " device(s), 0.." + std::to_string(count - 1) + visible_note()};
    }
    // Opening the device (context creation, stream) is what the first test would do anyway; a
    // device that is present but unusable (exclusive mode, driver mismatch) is reported here.
    try {
      activate();
    } catch (const BackendError& e) {
      return {false, std::string(Api::kVendor) + " device " + ordinal_text() +
                         " is not usable: " + e.what()};
    }
    return {true, {}};
  }

  //! Makes the selected device current on this thread; creates the backend's stream once.
  void activate() {
    check<Api>(Api::set_device(device_.ordinal),
               [&] { return call_name<Api>("SetDevice(") + ordinal_text() + ")"; });
    if (!stream_) stream_ = make_stream<Api>();
  }

  typename Api::Stream native_stream(Stream stream) const {
    const Backend* owner = stream.backend();
    if (owner && owner != this && owner->name() != name()) {
      throw UsageError("a stream of backend '" + std::string(owner->name()) +
                       "' was passed to backend '" + std::string(name()) +
                       "': use the stream() of the backend that runs the case");
    }
    return static_cast<typename Api::Stream>(stream.handle());
  }

  //! Surfaces launch errors (getLastError) first, then faults of kernels on `stream`.
  void wait(typename Api::Stream stream) {
    check<Api>(Api::get_last_error(), [] {
      return "a kernel launch (reported by " + call_name<Api>("GetLastError()") + ")";
    });
    check<Api>(Api::stream_synchronize(stream),
               [] { return call_name<Api>("StreamSynchronize()"); });
  }

  void copy(void* dst, const void* src, std::size_t bytes, CopyDirection direction, Stream stream) {
    const auto native = native_stream(stream);
    activate();
    if (bytes == 0) return;
    check<Api>(Api::memcpy_async(dst, src, bytes, direction, native), [&] {
      const char* what =
          direction == CopyDirection::kHostToDevice ? "(host->device, " : "(device->host, ";
      return call_name<Api>("MemcpyAsync") + what + std::to_string(bytes) + " bytes)";
    });
    // Pageable host memory makes most copies synchronous anyway; waiting makes it a promise
    // (and reports a kernel fault at the copy that exposed it).
    wait(native);
  }

  std::string compiler_;
  DeviceSelection device_;
  std::optional<Availability> availability_;
  StreamHandle<Api> stream_;
  EventHandle<Api> start_;
  EventHandle<Api> stop_;
};

}  // namespace parity::gpu
