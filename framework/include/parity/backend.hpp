// The runtime boundary between the framework and a GPU runtime (CUDA, HIP) or the host emulator.
// CUDA and HIP code is built by different compilers and never shares a translation unit with the
// framework, so this is a virtual interface, implemented once per adapter under adapters/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parity/stream.hpp"

namespace parity {

class Backend;

//! Provenance of the device a backend runs on; stored in every golden and result file.
struct DeviceInfo {
  std::string backend;          // "cuda", "hip", "host-cuda", "host-hip"
  std::string device_name;      // "NVIDIA H200", "AMD Instinct MI300X", "host CPU (...)"
  std::string architecture;     // "sm_90", "gfx942", "cpu"
  int warp_size = 0;            // 32 on NVIDIA, 64 on CDNA, the emulated width on the host
  int device_index = 0;         // ordinal among the backend's visible devices
  std::string driver_version;   // "" when the backend has none
  std::string runtime_version;  // "CUDA 13.0", "HIP 5.2.21153", "parity-simt 0.1"
  std::uint64_t total_memory = 0;
  std::string compiler;         // compiler and flags the kernels were built with
};

//! Whether a backend can run here; when not, `reason` says why ("no CUDA device: ...").
struct Availability {
  bool available = false;
  std::string reason;
};

//! Move-only device allocation; frees itself through its backend.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(Backend* backend, void* ptr, std::size_t bytes)
      : backend_(backend), ptr_(ptr), bytes_(bytes) {}
  DeviceBuffer(DeviceBuffer&& other) noexcept { swap(other); }
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    DeviceBuffer(std::move(other)).swap(*this);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer();

  void* get() const { return ptr_; }
  template <class T>
  T* as() const {
    return static_cast<T*>(ptr_);
  }
  std::size_t size() const { return bytes_; }
  explicit operator bool() const { return ptr_ != nullptr; }

 private:
  void swap(DeviceBuffer& o) noexcept {
    std::swap(backend_, o.backend_);
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
  }
  Backend* backend_ = nullptr;
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;

  //! Short name used on the command line and in provenance: "cuda", "hip", "host-cuda", ...
  virtual std::string_view name() const = 0;
  //! Called before anything else; an unavailable backend makes its tests SKIP with the reason.
  virtual Availability availability() = 0;
  //! Called once per case for provenance; only valid when available.
  virtual DeviceInfo device_info() = 0;

  virtual DeviceBuffer allocate(std::size_t bytes) = 0;
  //! Copies are ordered on `stream`; they complete before later work on it.
  virtual void upload(void* device_dst, const void* host_src, std::size_t bytes, Stream stream) = 0;
  virtual void download(void* host_dst, const void* device_src, std::size_t bytes,
                        Stream stream) = 0;
  //! The stream kernels of the current case launch on.
  virtual Stream stream() = 0;
  //! Waits for `stream`; throws BackendError for an asynchronous kernel error (naming it).
  virtual void synchronize(Stream stream) = 0;
  //! Runs `launch` (which enqueues work on `stream`) and returns the device time it took in
  //! milliseconds: events on GPUs, steady clock on the host. Synchronizes.
  virtual double time_ms(Stream stream, const std::function<void()>& launch) = 0;

 protected:
  friend class DeviceBuffer;
  //! Frees an allocation made by allocate(); must not throw.
  virtual void release(void* ptr) noexcept = 0;
};

inline DeviceBuffer::~DeviceBuffer() {
  if (ptr_ && backend_) backend_->release(ptr_);
}

using BackendFactory = std::function<std::unique_ptr<Backend>()>;

//! Adapters register their backends at static-initialisation time (see PARITY_REGISTER_BACKEND).
void register_backend(std::string name, BackendFactory factory);
//! Names of every backend linked into this program, sorted.
std::vector<std::string> registered_backends();
//! Creates a backend by name; throws UsageError listing the registered names when unknown.
std::unique_ptr<Backend> make_backend(std::string_view name);

namespace detail {
struct BackendRegistrar {
  BackendRegistrar(std::string name, BackendFactory factory) {
    register_backend(std::move(name), std::move(factory));
  }
};
}  // namespace detail

}  // namespace parity

//! In exactly one .cpp of an adapter: PARITY_REGISTER_BACKEND(host_hip, "host-hip", factory);
//! Adapter libraries are linked whole-archive (see adapters/CMakeLists.txt) so this survives.
#define PARITY_REGISTER_BACKEND(ident, name, ...)                                         \
  static const ::parity::detail::BackendRegistrar parity_backend_registrar_##ident(name, \
                                                                                   __VA_ARGS__)
