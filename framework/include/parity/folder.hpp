// A folder parity writes in (golden/, a staging folder, the folder of a report), opened once and
// then used only through its descriptor: every name below it is resolved one component at a time
// without following symbolic links, so nothing can redirect a write or a removal outside it. A
// link where parity would read, write or remove is an error that names it. Temporary files are
// created exclusively (O_TMPFILE, or O_CREAT | O_EXCL | O_NOFOLLOW under a unique name) and
// published by an atomic rename; a file that is never published leaves nothing behind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parity/regular_file.hpp"

namespace parity {

class TemporaryFile;

class Folder {
 public:
  //! Opens the folder at `path`. The path itself may go through links (the caller chose it);
  //! nothing below it will. With `create`, missing folders along `path` are made. Throws
  //! FileError when it is not a folder or cannot be opened.
  static Folder open(const std::filesystem::path& path, bool create = false);

  Folder(Folder&&) noexcept = default;
  Folder& operator=(Folder&&) noexcept = default;

  //! The subfolder `relative` ('/'-separated; no empty, "." or ".." part), one component at a
  //! time, never through a link. With `create`, missing components are made (mode 0755).
  Folder sub(std::string_view relative, bool create = false) const;
  //! Like sub(), but nullopt when a component does not exist.
  std::optional<Folder> find(std::string_view relative) const;

  //! Another handle on the same folder (its own descriptor).
  Folder duplicate() const;

  //! The path as given, for messages.
  const std::filesystem::path& path() const { return path_; }
  int fd() const { return fd_.get(); }
  //! "<folder>/<name>", for messages.
  std::string describe(std::string_view name) const;

  struct Entry {
    std::string name;
    unsigned mode = 0;  // st_mode of lstat: a link is a link
    std::uint64_t size = 0;
    bool is_regular() const;
    bool is_folder() const;
    bool is_link() const;
  };
  //! lstat of `name` (one component); nullopt when it does not exist.
  std::optional<Entry> stat(std::string_view name) const;
  //! Every entry but "." and "..", sorted by name.
  std::vector<Entry> list() const;

  //! The regular file `name`, read-only; a link, FIFO, device or folder is a FileError.
  FileDescriptor open_file(std::string_view name, std::string_view what = "file") const;
  std::string read_file(std::string_view name, std::uint64_t max_bytes,
                        std::string_view what = "file") const;

  //! Removes the regular file `name`; false when there is none. A link or any other kind of
  //! entry is a FileError (parity never deletes what a link points to, nor the link).
  bool remove_file(std::string_view name) const;
  //! Removes `name` when it is an empty folder; false otherwise.
  bool remove_empty_folder(std::string_view name) const;
  //! Renames the regular file `from` to `to` in `destination` (same file system). Replaces a
  //! regular file at `to` only with `overwrite` (then false is never returned); refuses to
  //! replace a link or folder. False when `to` exists and `overwrite` is off.
  bool rename(std::string_view from, const Folder& destination, std::string_view to,
              bool overwrite) const;
  //! fsync of the folder itself (its entries), after creating, renaming or removing in it.
  void sync() const;

  //! A new temporary file in this folder for a file to be published as `target`. `named`:
  //! always give it a unique name now (a transaction lists it in its journal); otherwise an
  //! unnamed O_TMPFILE where the file system supports it.
  TemporaryFile create_temporary(std::string_view target, bool named = false) const;
  //! Writes `bytes` to `name`: temporary file, fsync, rename, fsync of the folder. A reader sees
  //! the old file or the new one. Refuses to replace anything but a regular file.
  void write_atomically(std::string_view name, std::string_view bytes) const;

 private:
  friend class TemporaryFile;
  Folder(std::filesystem::path path, FileDescriptor fd)
      : path_(std::move(path)), fd_(std::move(fd)) {}
  std::filesystem::path path_;
  FileDescriptor fd_;
};

class TemporaryFile {
 public:
  TemporaryFile(TemporaryFile&&) noexcept;
  TemporaryFile& operator=(TemporaryFile&&) noexcept;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  //! Removes the file unless it was published or kept.
  ~TemporaryFile();

  int fd() const { return fd_.get(); }
  //! A path that opens exactly this file ("/proc/self/fd/N"), for libraries that want a name
  //! (HDF5): no other file can be substituted for it.
  std::string reopen_path() const;
  //! Its name in the folder; empty while it has none (an unnamed O_TMPFILE).
  const std::string& name() const { return name_; }

  //! Appends bytes (handles short writes); FileError on failure (a full disk says so).
  void write(std::span<const std::byte> bytes);
  void write(std::string_view text) { write(std::as_bytes(std::span(text.data(), text.size()))); }
  //! fsync of the file's data and metadata.
  void sync();
  //! Gives the file the name `target` in its folder, atomically; never replaces unless
  //! `overwrite` (then returns false when `target` exists), never replaces a link or a folder.
  //! The folder is fsync'd afterwards.
  bool publish(std::string_view target, bool overwrite);
  //! Names an unnamed file with a unique temporary name and stops removing it on destruction
  //! (a transaction takes over). Returns the name.
  const std::string& keep();
  //! Closes the descriptor (the file stays until destruction, publish or keep).
  void close();

 private:
  friend class Folder;
  TemporaryFile(Folder folder, std::string target, FileDescriptor fd, std::string name);
  void discard() noexcept;
  Folder folder_;  // its own descriptor of the folder: independent of the Folder it came from
  std::string target_;
  FileDescriptor fd_;
  std::string name_;
  bool done_ = false;
};

//! "<target>.tmp.<pid>.<16 random hex digits>": the names parity's temporary files have.
std::string temporary_name(std::string_view target);
//! Whether `name` has the form temporary_name() gives.
bool is_temporary_name(std::string_view name);

//! Throws UsageError unless `relative` is a '/'-separated relative path without empty, "." or
//! ".." parts (what Folder::sub accepts).
void check_relative_path(std::string_view relative, std::string_view what);

}  // namespace parity
