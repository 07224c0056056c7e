#include "parity/folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>  // renameat2 (glibc >= 2.28)
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "parity/error.hpp"

namespace parity {

namespace {

std::string errno_text(int err) {
  std::string text = std::strerror(err);
  if (err == ENOSPC || err == EDQUOT) text += " (free some space and try again)";
  return text;
}

bool proc_fd_works() {
  static const bool works = ::access("/proc/self/fd", X_OK) == 0;
  return works;
}

void check_component(std::string_view name, std::string_view what) {
  if (name.empty() || name == "." || name == ".." || name.find('/') != std::string_view::npos ||
      name.find('\0') != std::string_view::npos)
    throw UsageError(std::string(what) + ": \"" + std::string(name) +
                     "\" is not a single file name");
}

}  // namespace

void check_relative_path(std::string_view relative, std::string_view what) {
  if (relative.empty()) throw UsageError(std::string(what) + ": the path is empty");
  if (relative.front() == '/')
    throw UsageError(std::string(what) + ": \"" + std::string(relative) + "\" is absolute");
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = relative.find('/', start);
    const std::string_view part = relative.substr(start, slash - start);
    if (part.empty() || part == "." || part == ".." || part.find('\0') != std::string_view::npos)
      throw UsageError(std::string(what) + ": \"" + std::string(relative) +
                       "\" has an empty, '.' or '..' part");
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
}

std::string temporary_name(std::string_view target) {
  std::uint64_t random = 0;
  if (getrandom(&random, sizeof random, 0) != static_cast<ssize_t>(sizeof random))
    random = static_cast<std::uint64_t>(::getpid()) * 0x9E3779B97F4A7C15ull ^
             reinterpret_cast<std::uintptr_t>(&random);
  char suffix[64];
  std::snprintf(suffix, sizeof suffix, ".tmp.%ld.%016llx", static_cast<long>(::getpid()),
                static_cast<unsigned long long>(random));
  return std::string(target) + suffix;
}

bool is_temporary_name(std::string_view name) {
  const std::size_t at = name.rfind(".tmp.");
  if (at == std::string_view::npos || at == 0) return false;
  const std::string_view rest = name.substr(at + 5);
  const std::size_t dot = rest.find('.');
  if (dot == std::string_view::npos || dot == 0 || rest.size() - dot - 1 != 16) return false;
  for (char c : rest.substr(0, dot))
    if (c < '0' || c > '9') return false;
  for (char c : rest.substr(dot + 1))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

// ---- Folder ------------------------------------------------------------------------------------

bool Folder::Entry::is_regular() const {
  return S_ISREG(mode);
}
bool Folder::Entry::is_folder() const {
  return S_ISDIR(mode);
}
bool Folder::Entry::is_link() const {
  return S_ISLNK(mode);
}

Folder Folder::open(const std::filesystem::path& path, bool create) {
  if (path.empty()) throw FileError("the folder path is empty: give a folder");
  if (create) {
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (ec && !std::filesystem::is_directory(path))
      throw FileError("cannot create folder '" + path.string() + "': " + ec.message());
  }
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd.valid()) {
    const int err = errno;
    struct stat st {};
    if (err == ENOTDIR && ::stat(path.c_str(), &st) == 0)
      throw FileError("'" + path.string() + "' is " + std::string(describe_file_type(st.st_mode)) +
                      ", not a folder: give a folder");
    if (err == ENOENT) throw FileError("folder '" + path.string() + "' does not exist");
    throw FileError("cannot open folder '" + path.string() + "': " + errno_text(err));
  }
  return Folder(path, std::move(fd));
}

std::string Folder::describe(std::string_view name) const {
  return (path_ / std::string(name)).string();
}

std::optional<Folder> Folder::find(std::string_view relative) const {
  check_relative_path(relative, "folder");
  std::optional<Folder> current;
  std::filesystem::path where = path_;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = relative.find('/', start);
    const std::string part(relative.substr(start, slash - start));
    const int parent = current ? current->fd() : fd();
    where /= part;
    FileDescriptor next(
        ::openat(parent, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!next.valid()) {
      const int err = errno;
      if (err == ENOENT) return std::nullopt;
      struct stat st {};
      if ((err == ELOOP || err == ENOTDIR) &&
          ::fstatat(parent, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISLNK(st.st_mode))
          throw FileError("'" + where.string() +
                          "' is a symbolic link; parity never reads or writes through links "
                          "inside golden or staging folders: replace it with a real folder");
        throw FileError("'" + where.string() + "' is " +
                        std::string(describe_file_type(st.st_mode)) + ", not a folder");
      }
      throw FileError("cannot open folder '" + where.string() + "': " + errno_text(err));
    }
    current = Folder(where, std::move(next));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return current;
}

Folder Folder::sub(std::string_view relative, bool create) const {
  check_relative_path(relative, "folder");
  if (!create) {
    std::optional<Folder> f = find(relative);
    if (!f)
      throw FileError("folder '" + (path_ / std::string(relative)).string() + "' does not exist");
    return std::move(*f);
  }
  // Component by component: make what is missing, then open it without following links.
  std::optional<Folder> current;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = relative.find('/', start);
    const std::string part(relative.substr(start, slash - start));
    const Folder& parent = current ? *current : *this;
    if (::mkdirat(parent.fd(), part.c_str(), 0755) != 0 && errno != EEXIST)
      throw FileError("cannot create folder '" + parent.describe(part) + "': " + errno_text(errno));
    std::optional<Folder> next = parent.find(part);
    if (!next)
      throw FileError("folder '" + parent.describe(part) + "' vanished while it was created");
    current = std::move(next);
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return std::move(*current);
}

std::optional<Folder::Entry> Folder::stat(std::string_view name) const {
  check_component(name, "file name");
  struct stat st {};
  if (::fstatat(fd(), std::string(name).c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw FileError("cannot inspect '" + describe(name) + "': " + errno_text(errno));
  }
  return Entry{std::string(name), st.st_mode, static_cast<std::uint64_t>(st.st_size)};
}

std::vector<Folder::Entry> Folder::list() const {
  // A second descriptor: readdir moves the position of the one it is given.
  const int dup = ::openat(fd(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dup < 0) throw FileError("cannot list folder '" + path_.string() + "': " + errno_text(errno));
  DIR* dir = ::fdopendir(dup);
  if (dir == nullptr) {
    ::close(dup);
    throw FileError("cannot list folder '" + path_.string() + "': " + errno_text(errno));
  }
  std::vector<Entry> entries;
  errno = 0;
  while (const dirent* e = ::readdir(dir)) {
    const std::string_view n = e->d_name;
    if (n == "." || n == "..") continue;
    struct stat st {};
    if (::fstatat(fd(), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;  // removed since
    entries.push_back({std::string(n), st.st_mode, static_cast<std::uint64_t>(st.st_size)});
  }
  ::closedir(dir);
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.name < b.name; });
  return entries;
}

FileDescriptor Folder::open_file(std::string_view name, std::string_view what) const {
  check_component(name, what);
  const std::string where = std::string(what) + " '" + describe(name) + "'";
  FileDescriptor file(::openat(fd(), std::string(name).c_str(),
                               O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!file.valid()) {
    const int err = errno;
    if (err == ELOOP)
      throw FileError(where +
                      " is a symbolic link; parity never reads through links inside golden or "
                      "staging folders: replace it with the file itself");
    throw FileError("cannot open " + where + ": " + errno_text(err));
  }
  struct stat st {};
  if (::fstat(file.get(), &st) != 0)
    throw FileError("cannot inspect " + where + ": " + errno_text(errno));
  if (!S_ISREG(st.st_mode))
    throw FileError(where + " is " + std::string(describe_file_type(st.st_mode)) +
                    ", not a regular file");
  ::fcntl(file.get(), F_SETFL, ::fcntl(file.get(), F_GETFL) & ~O_NONBLOCK);
  return file;
}

std::string Folder::read_file(std::string_view name, std::uint64_t max_bytes,
                              std::string_view what) const {
  FileDescriptor file = open_file(name, what);
  struct stat st {};
  ::fstat(file.get(), &st);
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw FileError(std::string(what) + " '" + describe(name) + "' has " +
                    std::to_string(st.st_size) + " bytes; parity reads at most " +
                    std::to_string(max_bytes));
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  pread_exact(file.get(), text.data(), text.size(), 0,
              std::string(what) + " '" + describe(name) + "'");
  return text;
}

bool Folder::remove_file(std::string_view name) const {
  const std::optional<Entry> e = stat(name);
  if (!e) return false;
  if (e->is_link())
    throw FileError("'" + describe(name) +
                    "' is a symbolic link; parity never removes links or what they point to "
                    "inside golden or staging folders: remove it yourself if it is not wanted");
  if (!e->is_regular())
    throw FileError("'" + describe(name) + "' is " + std::string(describe_file_type(e->mode)) +
                    ", not a regular file; parity removes only the files it wrote");
  if (::unlinkat(fd(), e->name.c_str(), 0) != 0) {
    if (errno == ENOENT) return false;
    throw FileError("cannot remove '" + describe(name) + "': " + errno_text(errno));
  }
  return true;
}

bool Folder::remove_empty_folder(std::string_view name) const {
  const std::optional<Entry> e = stat(name);
  if (!e || !e->is_folder()) return false;
  return ::unlinkat(fd(), e->name.c_str(), AT_REMOVEDIR) == 0;
}

bool Folder::rename(std::string_view from, const Folder& destination, std::string_view to,
                    bool overwrite) const {
  check_component(from, "file name");
  check_component(to, "file name");
  const std::optional<Entry> existing = destination.stat(to);
  if (existing && !existing->is_regular())
    throw FileError("'" + destination.describe(to) + "' is " +
                    std::string(describe_file_type(existing->mode)) +
                    "; parity replaces only regular files (and never follows or replaces a "
                    "link): remove it and try again");
  const std::string a(from), b(to);
  if (overwrite) {
    if (::renameat(fd(), a.c_str(), destination.fd(), b.c_str()) != 0)
      throw FileError("cannot rename '" + describe(from) + "' to '" + destination.describe(to) +
                      "': " + errno_text(errno));
    return true;
  }
  if (::renameat2(fd(), a.c_str(), destination.fd(), b.c_str(), RENAME_NOREPLACE) == 0) return true;
  const int err = errno;
  if (err == EEXIST) return false;
  if (err != EINVAL && err != ENOSYS)
    throw FileError("cannot rename '" + describe(from) + "' to '" + destination.describe(to) +
                    "': " + errno_text(err));
  // No RENAME_NOREPLACE on this file system: link(2) fails atomically when the name exists.
  if (::linkat(fd(), a.c_str(), destination.fd(), b.c_str(), 0) != 0) {
    if (errno == EEXIST) return false;
    throw FileError("cannot link '" + describe(from) + "' to '" + destination.describe(to) +
                    "': " + errno_text(errno));
  }
  ::unlinkat(fd(), a.c_str(), 0);
  return true;
}

void Folder::sync() const {
  // Some file systems refuse fsync on folders (EINVAL); renames there are still atomic.
  if (::fsync(fd()) != 0 && errno != EINVAL && errno != EROFS)
    throw FileError("cannot sync folder '" + path_.string() + "': " + errno_text(errno));
}

TemporaryFile Folder::create_temporary(std::string_view target, bool named) const {
  check_component(target, "file name");
  if (!named && proc_fd_works()) {
    FileDescriptor fd_tmp(::openat(fd(), ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0644));
    if (fd_tmp.valid())
      return TemporaryFile(duplicate(), std::string(target), std::move(fd_tmp), "");
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL && errno != ENOENT)
      throw FileError("cannot create a temporary file in '" + path_.string() +
                      "': " + errno_text(errno) + " (check that the folder is writable)");
  }
  for (int attempt = 0;; ++attempt) {
    std::string name = temporary_name(target);
    FileDescriptor f(
        ::openat(fd(), name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (f.valid())
      return TemporaryFile(duplicate(), std::string(target), std::move(f), std::move(name));
    if (errno == EEXIST && attempt < 8) continue;
    throw FileError("cannot create a temporary file in '" + path_.string() +
                    "': " + errno_text(errno) + " (check that the folder is writable)");
  }
}

void Folder::write_atomically(std::string_view name, std::string_view bytes) const {
  TemporaryFile tmp = create_temporary(name);
  tmp.write(bytes);
  tmp.sync();
  tmp.publish(name, /*overwrite=*/true);
}

// ---- TemporaryFile
// -------------------------------------------------------------------------------

Folder Folder::duplicate() const {
  FileDescriptor copy(::fcntl(fd(), F_DUPFD_CLOEXEC, 0));
  if (!copy.valid())
    throw FileError("cannot duplicate the descriptor of '" + path_.string() +
                    "': " + errno_text(errno));
  return Folder(path_, std::move(copy));
}

TemporaryFile::TemporaryFile(Folder folder, std::string target, FileDescriptor fd, std::string name)
    : folder_(std::move(folder)),
      target_(std::move(target)),
      fd_(std::move(fd)),
      name_(std::move(name)) {}

TemporaryFile::TemporaryFile(TemporaryFile&& other) noexcept
    : folder_(std::move(other.folder_)),
      target_(std::move(other.target_)),
      fd_(std::move(other.fd_)),
      name_(std::move(other.name_)),
      done_(std::exchange(other.done_, true)) {}

TemporaryFile& TemporaryFile::operator=(TemporaryFile&& other) noexcept {
  if (this != &other) {
    discard();
    folder_ = std::move(other.folder_);
    target_ = std::move(other.target_);
    fd_ = std::move(other.fd_);
    name_ = std::move(other.name_);
    done_ = std::exchange(other.done_, true);
  }
  return *this;
}

TemporaryFile::~TemporaryFile() {
  discard();
}

void TemporaryFile::discard() noexcept {
  // An unnamed O_TMPFILE disappears with its last descriptor; a named one is unlinked.
  if (!done_ && !name_.empty() && folder_.fd() >= 0) ::unlinkat(folder_.fd(), name_.c_str(), 0);
  done_ = true;
}

std::string TemporaryFile::reopen_path() const {
  // Without /proc, temporary files are always named (create_temporary), and exclusive.
  if (!proc_fd_works()) return folder_.describe(name_);
  return "/proc/self/fd/" + std::to_string(fd_.get());
}

void TemporaryFile::write(std::span<const std::byte> bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd_.get(), bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw FileError("cannot write in folder '" + folder_.path().string() + "' (for '" + target_ +
                      "'): " + errno_text(errno));
    }
    bytes = bytes.subspan(static_cast<std::size_t>(n));
  }
}

void TemporaryFile::sync() {
  if (::fsync(fd_.get()) != 0)
    throw FileError("cannot sync '" + folder_.describe(name_.empty() ? target_ : name_) +
                    "' to disk: " + errno_text(errno));
}

const std::string& TemporaryFile::keep() {
  if (name_.empty()) {
    for (int attempt = 0;; ++attempt) {
      std::string name = temporary_name(target_);
      if (::linkat(AT_FDCWD, reopen_path().c_str(), folder_.fd(), name.c_str(),
                   AT_SYMLINK_FOLLOW) == 0) {
        name_ = std::move(name);
        break;
      }
      if (errno == EEXIST && attempt < 8) continue;
      throw FileError("cannot name a temporary file in '" + folder_.path().string() +
                      "': " + errno_text(errno));
    }
  }
  done_ = true;
  return name_;
}

void TemporaryFile::close() {
  fd_.reset();
}

bool TemporaryFile::publish(std::string_view target, bool overwrite) {
  if (name_.empty() && !overwrite) {
    // An unnamed file gets its final name in one step, and link(2) never replaces.
    const std::optional<Folder::Entry> existing = folder_.stat(target);
    if (existing) {
      if (!existing->is_regular())
        throw FileError("'" + folder_.describe(target) + "' is " +
                        std::string(describe_file_type(existing->mode)) +
                        "; parity never replaces or writes through it: remove it");
      return false;
    }
    if (::linkat(AT_FDCWD, reopen_path().c_str(), folder_.fd(), std::string(target).c_str(),
                 AT_SYMLINK_FOLLOW) != 0) {
      if (errno == EEXIST) return false;
      throw FileError("cannot create '" + folder_.describe(target) + "': " + errno_text(errno));
    }
    done_ = true;
    folder_.sync();
    return true;
  }
  if (name_.empty()) keep();
  done_ = false;  // until the rename succeeds, the destructor removes the named file
  if (!folder_.rename(name_, folder_, target, overwrite)) return false;
  done_ = true;
  folder_.sync();
  return true;
}

}  // namespace parity
