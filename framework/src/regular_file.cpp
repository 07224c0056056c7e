#include "parity/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "parity/error.hpp"

namespace parity {

FileDescriptor::~FileDescriptor() {
  reset();
}

FileDescriptor::FileDescriptor(FileDescriptor&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)) {}

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    reset();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

int FileDescriptor::release() {
  return std::exchange(fd_, -1);
}

void FileDescriptor::reset() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

std::string_view describe_file_type(unsigned mode) {
  switch (mode & S_IFMT) {
    case S_IFREG:
      return "a regular file";
    case S_IFDIR:
      return "a folder";
    case S_IFLNK:
      return "a symbolic link";
    case S_IFIFO:
      return "a FIFO";
    case S_IFCHR:
      return "a character device";
    case S_IFBLK:
      return "a block device";
    case S_IFSOCK:
      return "a socket";
  }
  return "not a file";
}

FileDescriptor open_regular_file(const std::filesystem::path& path,
                                 const RegularFileOptions& options) {
  const std::string name = std::string(options.what) + " '" + path.string() + "'";
  if (path.empty()) throw FileError(std::string(options.what) + ": the path is empty");
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused right after.
  int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
  if (!options.follow_link) flags |= O_NOFOLLOW;
  FileDescriptor fd(::open(path.c_str(), flags));
  if (!fd.valid()) {
    const int err = errno;
    if (err == ELOOP && !options.follow_link)
      throw FileError(name +
                      " is a symbolic link; parity reads only regular files here (links "
                      "could point anywhere): replace the link with the file itself");
    throw FileError("cannot open " + name + ": " + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    throw FileError("cannot inspect " + name + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw FileError(name + " is " + std::string(describe_file_type(st.st_mode)) +
                    ", not a regular file: give the path of a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > options.max_bytes)
    throw FileError(name + " has " + std::to_string(st.st_size) + " bytes; parity reads at most " +
                    std::to_string(options.max_bytes) + " bytes of a " + std::string(options.what));
  // Regular files never block; reads through the descriptor behave as usual.
  ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);
  return fd;
}

void pread_exact(int fd, void* buffer, std::uint64_t length, std::uint64_t offset,
                 std::string_view name) {
  auto* dst = static_cast<char*>(buffer);
  while (length > 0) {
    const ssize_t got = ::pread(fd, dst, length, static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw FileError("cannot read " + std::string(name) + ": " + std::strerror(errno));
    }
    if (got == 0)
      throw FileError(std::string(name) + " ended unexpectedly at byte " + std::to_string(offset) +
                      " (was it truncated while parity read it?)");
    dst += got;
    length -= static_cast<std::uint64_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
}

std::string read_regular_file(const std::filesystem::path& path,
                              const RegularFileOptions& options) {
  FileDescriptor fd = open_regular_file(path, options);
  struct stat st {};
  ::fstat(fd.get(), &st);
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  pread_exact(fd.get(), text.data(), text.size(), 0,
              std::string(options.what) + " '" + path.string() + "'");
  return text;
}

std::uint64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0) return std::uint64_t{1} << 40;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(size);
}

}  // namespace parity
