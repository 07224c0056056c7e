// Typed errors. Every message says what is wrong and, where there is one, what to do about it.
#pragma once

#include <stdexcept>
#include <string>

namespace parity {

//! Base of every error parity throws on purpose.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

//! A caller passed something parity cannot work with (bad dtype name, shape mismatch, ...).
class UsageError : public Error {
 public:
  using Error::Error;
};

//! A configuration file (tolerance overrides, manifest, ...) is malformed; names file, line, key.
class ConfigError : public Error {
 public:
  using Error::Error;
};

//! A golden or result file is missing, corrupt, or does not match what the test expects.
class GoldenError : public Error {
 public:
  using Error::Error;
};

//! A file or folder cannot be used as asked: missing, of the wrong kind (a FIFO, a device, a
//! symbolic link where none is allowed), unreadable, or the disk is full. Names the path.
class FileError : public Error {
 public:
  using Error::Error;
};

//! A GPU runtime call failed; the message names the call and the runtime's own message.
class BackendError : public Error {
 public:
  using Error::Error;
};

}  // namespace parity
