// The approved golden folder as a transactional store. `parity golden approve` and `prune`
// change goldens and MANIFEST only inside a GoldenTransaction, under an exclusive lock on the
// folder, in this order:
//
//   1. new files and the new MANIFEST are written under unique temporary names and fsync'd;
//   2. the journal (what to rename where, with every SHA-256) is written, fsync'd and renamed to
//      <golden>/.parity-journal: the commit point;
//   3. the renames and removals it lists are applied (each idempotent), then it is removed.
//
// A kill or a full disk before the commit point leaves the old state plus temporary files, which
// `golden check` reports and recover() removes; after it, the journal says how to finish, and
// recover() does. No state is a golden without its manifest entry once recovered. MANIFEST is
// one file today; the journal names every manifest it replaces, so a manifest per suite can
// come without changing the protocol.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parity/folder.hpp"
#include "parity/manifest.hpp"

namespace parity {

//! An exclusive lock on a folder (flock(2) on its descriptor), held until destruction.
class FolderLock {
 public:
  //! Waits up to `timeout` for the lock; throws FileError naming the folder and `holder` (who
  //! else takes it: "another parity golden approve, prune or recover") when it stays taken.
  FolderLock(const Folder& folder, std::chrono::milliseconds timeout, std::string_view holder);
  FolderLock(FolderLock&&) noexcept = default;
  FolderLock& operator=(FolderLock&&) noexcept = default;
  ~FolderLock();

 private:
  FileDescriptor fd_;
};

//! Every golden file (*.h5) under `folder`, or under its subfolder `within` (a suite), as paths
//! relative to `folder`, sorted; never through a link. A symbolic link (to a file or a folder),
//! or a FIFO or device named *.h5, is a FileError that names it. Dot-names and temporary files
//! are skipped. A missing `within` is an empty list.
std::vector<std::string> golden_files(const Folder& folder, std::string_view within = {});

//! Removes the temporary files interrupted writers left (temporary_name()) under `folder`, or its
//! subfolder `within`, never through a link; returns their paths relative to `folder`. Only safe
//! while no writer works there (under the folder's lock).
std::vector<std::string> remove_temporaries(const Folder& folder, std::string_view within = {});

//! What recover() found and did.
struct RecoveryReport {
  bool journal = false;            // an interrupted transaction was found (and finished)
  std::size_t renamed = 0;         // files it renamed into place
  std::size_t removed = 0;         // files a pruning transaction still had to remove
  std::size_t temporaries = 0;     // temporary files of unfinished writes it removed
  std::vector<std::string> notes;  // one line per thing done
};

class GoldenStore {
 public:
  static constexpr std::string_view kJournalName = ".parity-journal";
  static constexpr std::chrono::milliseconds kDefaultLockTimeout{60000};

  //! Opens the golden folder `root`; with `create`, makes it (and an empty MANIFEST) when missing.
  static GoldenStore open(const std::filesystem::path& root, bool create = false);

  const Folder& folder() const { return folder_; }
  const std::filesystem::path& path() const { return folder_.path(); }

  //! The exclusive lock every transaction and recover() holds.
  FolderLock lock(std::chrono::milliseconds timeout = kDefaultLockTimeout) const;
  //! MANIFEST as it is now (a missing one is an error: every golden folder has one).
  Manifest manifest() const;
  //! Whether the journal of a committed but unfinished transaction is there.
  bool interrupted() const;
  //! Finishes a committed transaction (its journal) and removes the temporary files of
  //! uncommitted ones. Idempotent; call with the lock held. Throws GoldenError when a journal
  //! cannot be finished (a file it names is gone), saying what is missing.
  RecoveryReport recover(const FolderLock& held) const;

  //! The manifest that lists `relative` (today always "MANIFEST").
  static std::string manifest_for(std::string_view relative);

 private:
  explicit GoldenStore(Folder folder) : folder_(std::move(folder)) {}
  Folder folder_;
};

class GoldenTransaction {
 public:
  //! Starts a transaction on `store` (whose lock `held` is); reads MANIFEST afresh.
  GoldenTransaction(const GoldenStore& store, const FolderLock& held);
  GoldenTransaction(const GoldenTransaction&) = delete;
  GoldenTransaction& operator=(const GoldenTransaction&) = delete;
  //! Without commit(): removes every temporary file it made; the store is unchanged.
  ~GoldenTransaction();

  //! The manifest as it will be after commit().
  const Manifest& manifest() const { return manifests_.begin()->second; }
  //! Adds or replaces the golden `relative` with the bytes of `source` (an open regular file),
  //! copied into a temporary file next to its destination; the copy's SHA-256 must be
  //! `expected.sha256` (the bytes that were validated), or GoldenError.
  void put(const ManifestEntry& expected, int source);
  //! Removes the golden `relative` (its file if there is one, and its manifest entry).
  void remove(std::string_view relative);
  //! Writes the journal (the commit point) and applies it. After an error past the commit point
  //! the message says to run `parity golden recover`.
  void commit();

 private:
  struct Put {
    std::string relative;
    std::string temporary;  // relative to the root
    ManifestEntry entry;
  };
  const GoldenStore& store_;
  std::map<std::string, Manifest> manifests_;  // by manifest path
  std::vector<Put> puts_;
  std::vector<std::string> removes_;
  std::vector<std::string> temporaries_;  // made and not yet renamed, relative to the root
  bool committed_ = false;
};

}  // namespace parity
