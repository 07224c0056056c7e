// Opening files that must be regular files: goldens, manifests, run summaries, policy files.
// Anything else where a regular file is expected (a FIFO that would block a reader forever,
// /dev/zero that never ends, a folder, a socket) is refused before a byte is read, and so is a
// symbolic link where the caller does not accept one. Linux: O_NOFOLLOW | O_NONBLOCK, then fstat.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace parity {

//! Owns one file descriptor; closes it on destruction. Move-only.
class FileDescriptor {
 public:
  FileDescriptor() = default;
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor();
  FileDescriptor(FileDescriptor&& other) noexcept;
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  int release();
  void reset();

 private:
  int fd_ = -1;
};

struct RegularFileOptions {
  //! Accept a symbolic link as the last component (a path the user typed); off for files inside
  //! golden and staging folders, where a link is never expected.
  bool follow_link = false;
  //! Refuse files larger than this (bytes).
  std::uint64_t max_bytes = UINT64_MAX;
  //! What the file is, for messages: "golden file", "run summary", "MANIFEST".
  std::string_view what = "file";
};

//! Opens `path` read-only. Throws FileError "<what> '<path>' is <a FIFO|a symbolic link|...>;
//! ..." for anything but a regular file, or the reason it cannot be opened.
FileDescriptor open_regular_file(const std::filesystem::path& path,
                                 const RegularFileOptions& options = {});

//! Like open_regular_file, then reads the whole file (at most options.max_bytes).
std::string read_regular_file(const std::filesystem::path& path,
                              const RegularFileOptions& options = {});

//! "a FIFO", "a character device", "a folder", "a symbolic link", "a socket", "a block device",
//! "a regular file" for a st_mode.
std::string_view describe_file_type(unsigned mode);

//! Reads exactly `length` bytes at `offset` (retrying short reads); throws FileError naming
//! `name` at an unexpected end of file.
void pread_exact(int fd, void* buffer, std::uint64_t length, std::uint64_t offset,
                 std::string_view name);

//! Physical memory of this machine in bytes (what a tensor may at most need in memory).
std::uint64_t physical_memory_bytes();

}  // namespace parity
