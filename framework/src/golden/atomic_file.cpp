#include "golden/atomic_file.hpp"

#include <fcntl.h>
#include <stdio.h>  // renameat2 (glibc >= 2.28)
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "parity/error.hpp"

namespace parity::detail {

namespace {
std::string errno_text(int err) {
  return std::strerror(err);
}

std::filesystem::path folder_of(const std::filesystem::path& p) {
  auto parent = p.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}
}  // namespace

std::filesystem::path temporary_sibling(const std::filesystem::path& target) {
  std::uint64_t random = 0;
  if (getrandom(&random, sizeof random, 0) != static_cast<ssize_t>(sizeof random))
    random = static_cast<std::uint64_t>(::getpid()) * 0x9E3779B97F4A7C15ull ^
             reinterpret_cast<std::uintptr_t>(&random);
  char suffix[64];
  std::snprintf(suffix, sizeof suffix, ".tmp.%ld.%016llx", static_cast<long>(::getpid()),
                static_cast<unsigned long long>(random));
  auto tmp = target;
  tmp += suffix;
  return tmp;
}

void fsync_file(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw GoldenError("cannot open '" + path.string() + "' to fsync it: " + errno_text(errno));
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  if (rc != 0)
    throw GoldenError("fsync of '" + path.string() + "' failed: " + errno_text(err) +
                      " (is the disk full or failing?)");
}

void fsync_directory(const std::filesystem::path& folder) {
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    throw GoldenError("cannot open folder '" + folder.string() +
                      "' to fsync it: " + errno_text(errno));
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  // Some filesystems refuse fsync on directories (EINVAL); the rename itself is still atomic.
  if (rc != 0 && err != EINVAL)
    throw GoldenError("fsync of folder '" + folder.string() + "' failed: " + errno_text(err));
}

bool publish(const std::filesystem::path& temporary, const std::filesystem::path& target,
             bool overwrite) {
  if (overwrite) {
    if (::rename(temporary.c_str(), target.c_str()) != 0)
      throw GoldenError("cannot rename '" + temporary.string() + "' to '" + target.string() +
                        "': " + errno_text(errno));
  } else if (::renameat2(AT_FDCWD, temporary.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) !=
             0) {
    const int err = errno;
    if (err == EEXIST) return false;
    if (err != EINVAL && err != ENOSYS)
      throw GoldenError("cannot rename '" + temporary.string() + "' to '" + target.string() +
                        "': " + errno_text(err));
    // The filesystem has no RENAME_NOREPLACE: link(2) also fails atomically when the name exists.
    if (::link(temporary.c_str(), target.c_str()) != 0) {
      const int link_err = errno;
      if (link_err == EEXIST) return false;
      throw GoldenError("cannot link '" + temporary.string() + "' to '" + target.string() +
                        "': " + errno_text(link_err));
    }
    ::unlink(temporary.c_str());
  }
  fsync_directory(folder_of(target));
  return true;
}

void create_exclusive(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0)
    throw GoldenError("cannot write in folder '" + folder_of(path).string() + "': creating '" +
                      path.filename().string() + "' failed: " + errno_text(errno) +
                      " (check that the folder exists and is writable)");
  ::close(fd);
}

}  // namespace parity::detail
