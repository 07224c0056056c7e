// Move-only owners of runtime streams and events. Destruction ignores the runtime's answer: it
// may run after a kernel fault or during process exit, when the runtime is already unloading,
// and a destructor must not throw.
#pragma once

#include <utility>

#include "parity/gpu/gpu_api.hpp"
#include "parity/gpu/gpu_error.hpp"

namespace parity::gpu {

//! Owns one runtime handle (a pointer type); `Destroy` releases it.
template <class Handle, class Destroy>
class UniqueHandle {
 public:
  UniqueHandle() = default;
  explicit UniqueHandle(Handle handle) : handle_(handle) {}
  UniqueHandle(UniqueHandle&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  UniqueHandle& operator=(UniqueHandle&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  UniqueHandle(const UniqueHandle&) = delete;
  UniqueHandle& operator=(const UniqueHandle&) = delete;
  ~UniqueHandle() { reset(); }

  Handle get() const { return handle_; }
  explicit operator bool() const { return handle_ != nullptr; }
  void reset() noexcept {
    if (handle_) Destroy{}(std::exchange(handle_, nullptr));
  }

 private:
  Handle handle_ = nullptr;
};

template <GpuApi Api>
struct StreamDestroy {
  void operator()(typename Api::Stream stream) const noexcept {
    static_cast<void>(Api::stream_destroy(stream));
  }
};

template <GpuApi Api>
struct EventDestroy {
  void operator()(typename Api::Event event) const noexcept {
    static_cast<void>(Api::event_destroy(event));
  }
};

template <GpuApi Api>
using StreamHandle = UniqueHandle<typename Api::Stream, StreamDestroy<Api>>;
template <GpuApi Api>
using EventHandle = UniqueHandle<typename Api::Event, EventDestroy<Api>>;

//! Creates a stream on the current device; throws BackendError naming the call.
template <GpuApi Api>
StreamHandle<Api> make_stream() {
  typename Api::Stream stream = nullptr;
  check<Api>(Api::stream_create(&stream), [] { return call_name<Api>("StreamCreate()"); });
  return StreamHandle<Api>(stream);
}

//! Creates a timing event on the current device; throws BackendError naming the call.
template <GpuApi Api>
EventHandle<Api> make_event() {
  typename Api::Event event = nullptr;
  check<Api>(Api::event_create(&event), [] { return call_name<Api>("EventCreate()"); });
  return EventHandle<Api>(event);
}

}  // namespace parity::gpu
