// A small RAII layer over the HDF5 C API. Internal: HDF5 types never reach a public header.
//
// - Handle<Close>: a move-only owner of one hid_t; the destructor calls its close function.
// - ErrorSilencer: turns off HDF5's automatic error printing on this thread, for good: parity
//   reports every HDF5 failure itself, and HDF5's own text (also at library shutdown, on the main
//   thread, which a static initializer silences at load) must never reach a user.
// - check(): every C call goes through it; a failure throws GoldenError naming the file, the
//   object and the call, with the messages from HDF5's error stack.
//
// Thread safety: Debian's libhdf5 is built thread-safe, which means one global lock around every
// API call (no parallelism inside HDF5). HDF5 keeps error stacks and the automatic-printing
// setting per thread, so an ErrorSilencer only affects its own thread. Handles are not shared
// between threads; GoldenReader/GoldenWriter objects must be used from one thread at a time.
#pragma once

#include <hdf5.h>

#include <string>
#include <string_view>
#include <utility>

#include "parity/error.hpp"

namespace parity::detail::h5 {

//! Says which file and object an HDF5 call was about, for error messages.
struct Where {
  std::string file;
  std::string object;  // "/", "/outputs/y", "attribute 'dtype' of /outputs/y", ...
  std::string describe() const {
    return "golden file '" + file + "'" + (object.empty() ? "" : ", " + object);
  }
};

//! The messages on this thread's HDF5 error stack, innermost last ("" when empty).
std::string error_stack_text();

//! Throws GoldenError: "<where>: <what> (HDF5: <stack>)". Clears the error stack.
[[noreturn]] void fail(const Where& where, std::string_view what);

template <class T>
T check(T result, const Where& where, std::string_view what) {
  if (result < 0) fail(where, what);
  return result;
}

class ErrorSilencer {
 public:
  ErrorSilencer() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }
  ErrorSilencer(const ErrorSilencer&) = delete;
  ErrorSilencer& operator=(const ErrorSilencer&) = delete;
};

template <herr_t (*Close)(hid_t)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(hid_t id) : id_(id) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, H5I_INVALID_HID)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, H5I_INVALID_HID);
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  //! Gives up ownership: the caller closes it.
  hid_t release() { return std::exchange(id_, H5I_INVALID_HID); }
  void reset() {
    if (id_ >= 0) Close(id_);  // a failing close in a destructor has nobody to report to
    id_ = H5I_INVALID_HID;
  }
  //! Closes now and reports failure (H5Fclose is where buffered data reaches the disk).
  void close(const Where& where, std::string_view what) {
    if (id_ < 0) return;
    herr_t rc = Close(std::exchange(id_, H5I_INVALID_HID));
    if (rc < 0) fail(where, what);
  }

 private:
  hid_t id_ = H5I_INVALID_HID;
};

using File = Handle<H5Fclose>;
using Group = Handle<H5Gclose>;
using Dataset = Handle<H5Dclose>;
using Dataspace = Handle<H5Sclose>;
using Datatype = Handle<H5Tclose>;
using Attribute = Handle<H5Aclose>;
using PropertyList = Handle<H5Pclose>;

}  // namespace parity::detail::h5
