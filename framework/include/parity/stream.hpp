// The stream a kernel launcher receives. Kept apart from backend.hpp so that .cu and .hip files
// include nothing heavier than this.
#pragma once

namespace parity {

class Backend;

//! An opaque stream handle passed to kernel launchers. Launchers turn it into their runtime's
//! stream type with native_handle<cudaStream_t>(s) / native_handle<hipStream_t>(s).
class Stream {
 public:
  Stream() = default;
  Stream(void* handle, Backend* backend) : handle_(handle), backend_(backend) {}
  void* handle() const { return handle_; }
  Backend* backend() const { return backend_; }

 private:
  void* handle_ = nullptr;  // nullptr: the runtime's default (legacy) stream
  Backend* backend_ = nullptr;
};

template <class NativeStream>
NativeStream native_handle(Stream s) {
  return reinterpret_cast<NativeStream>(s.handle());
}

}  // namespace parity
