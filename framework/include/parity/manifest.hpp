// golden/MANIFEST: every golden file with its SHA-256 and size. Readers check a file against it
// before HDF5 parses a byte of it (libhdf5 1.10 has memory-safety bugs on malformed files), and
// CI checks that the folder and the manifest agree. Format: docs/golden-format.md#manifest.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace parity {

struct ManifestEntry {
  std::string path;    // relative to the golden root, '/'-separated: "softmax/f16/4096x1024.h5"
  std::string sha256;  // 64 lowercase hex digits
  std::uint64_t size = 0;
  friend bool operator==(const ManifestEntry&, const ManifestEntry&) = default;
};

class Manifest {
 public:
  static constexpr std::string_view kFileName = "MANIFEST";
  static constexpr std::string_view kHeader = "# parity golden manifest v1";

  //! Parses manifest text; throws ConfigError naming `source` and the line that is wrong.
  static Manifest parse(std::string_view text, std::string_view source = "MANIFEST");
  //! Reads and parses a manifest file (a regular file, never a link, FIFO or device, at most
  //! kMaxBytes); throws GoldenError if it cannot be read.
  static Manifest load(const std::filesystem::path& file);
  static constexpr std::uint64_t kMaxBytes = std::uint64_t{256} << 20;

  //! Canonical text: the header, then one "sha256  size  path" line per entry sorted by path.
  std::string serialize() const;
  //! Writes serialize() atomically (temporary file, fsync, rename, fsync of the folder).
  void save(const std::filesystem::path& file) const;

  const std::vector<ManifestEntry>& entries() const { return entries_; }
  const ManifestEntry* find(std::string_view path) const;
  //! Adds or replaces the entry for entry.path; throws UsageError for an invalid path or hash.
  void upsert(ManifestEntry entry);
  //! Removes the entry for `path`; false when there was none.
  bool erase(std::string_view path);

 private:
  std::vector<ManifestEntry> entries_;  // sorted by path, unique
};

//! Throws UsageError unless `path` is a valid manifest path: relative, '/'-separated, no empty,
//! "." or ".." segment, no whitespace, control character or backslash.
void check_manifest_path(std::string_view path);

//! The entry for a file under `root` (hashes it).
ManifestEntry manifest_entry_for(const std::filesystem::path& root, std::string_view relative);

//! Checks a file against its entry (size first, then SHA-256); throws GoldenError saying which
//! and what to do. The path form opens the file as a regular file without following a link.
void verify_against_manifest(const std::filesystem::path& file, const ManifestEntry& entry);
//! The same for an open file; `file` names it in messages.
void verify_against_manifest(int fd, const std::filesystem::path& file, const ManifestEntry& entry);

struct ManifestProblem {
  enum class Kind : std::uint8_t {
    kNoManifest,     // root/MANIFEST does not exist or cannot be parsed
    kNotInManifest,  // a golden file the manifest does not list
    kMissingFile,    // a manifest entry without its file
    kSizeMismatch,
    kHashMismatch,
    kStrayTemporary,   // a *.tmp.<pid>.<random> left by an interrupted writer
    kNotARegularFile,  // a symlink (anywhere) or other special file where a golden should be
    kInterrupted,      // the journal of an approve or prune that was committed, not finished
  };
  Kind kind;
  std::string path;     // relative to the root ("" for the manifest itself)
  std::string message;  // says what is wrong and what to do
};

struct TreeCheck {
  std::vector<ManifestProblem> problems;
  std::size_t files_checked = 0;     // golden files hashed (or, without hashing, sized)
  std::optional<Manifest> manifest;  // as parsed, when it could be
  bool ok() const { return problems.empty(); }
};

//! Compares the golden files under `root` (every *.h5, recursively, never through a link) with
//! root/MANIFEST; every symbolic link in the folder is a problem (parity never follows one).
//! Without `hash`, files are checked by size only (the caller hashes them when it opens them).
TreeCheck verify_tree(const std::filesystem::path& root, bool hash = true);

}  // namespace parity
