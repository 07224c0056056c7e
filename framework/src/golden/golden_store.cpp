#include "parity/golden_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <thread>

#include "parity/checksum.hpp"
#include "parity/error.hpp"

namespace parity {

namespace {

constexpr std::string_view kJournalHeader = "# parity golden journal v1";
constexpr std::uint64_t kMaxManifestBytes = std::uint64_t{256} << 20;

// "a/b/c.h5" -> {"a/b", "c.h5"}; "MANIFEST" -> {"", "MANIFEST"}.
std::pair<std::string, std::string> split(std::string_view relative) {
  const std::size_t slash = relative.rfind('/');
  if (slash == std::string_view::npos) return {"", std::string(relative)};
  return {std::string(relative.substr(0, slash)), std::string(relative.substr(slash + 1))};
}

// The folder of `relative` under root (nullopt when it does not exist); "" is the root itself.
struct Place {
  std::optional<Folder> sub;
  const Folder* root = nullptr;
  const Folder& get() const { return sub ? *sub : *root; }
};

Place place_of(const Folder& root, const std::string& dir, bool create) {
  Place p;
  p.root = &root;
  if (!dir.empty()) {
    if (create) {
      p.sub = root.sub(dir, true);
    } else {
      p.sub = root.find(dir);
      if (!p.sub) p.root = nullptr;
    }
  }
  return p;
}

FileDigest digest_of(const Folder& folder, const std::string& name) {
  FileDescriptor fd = folder.open_file(name, "golden file");
  return sha256_fd(fd.get(), folder.describe(name));
}

// One line of the journal.
struct JournalEntry {
  enum class Kind { kPut, kManifest, kRemove } kind = Kind::kPut;
  std::string relative;
  std::string temporary;
  std::string sha256;
  std::uint64_t size = 0;
};

std::string serialize(const std::vector<JournalEntry>& entries) {
  std::string text(kJournalHeader);
  text += "\n# <kind>  <sha256>  <size>  <path>  <temporary file renamed to it>\n";
  for (const JournalEntry& e : entries) {
    if (e.kind == JournalEntry::Kind::kRemove) {
      text += "remove  " + e.relative + "\n";
      continue;
    }
    text += std::string(e.kind == JournalEntry::Kind::kPut ? "put" : "manifest") + "  " + e.sha256 +
            "  " + std::to_string(e.size) + "  " + e.relative + "  " + e.temporary + "\n";
  }
  return text;
}

std::vector<JournalEntry> parse_journal(std::string_view text, const std::string& where) {
  std::vector<JournalEntry> entries;
  std::size_t pos = 0, line_no = 0;
  bool header = false;
  auto bad = [&](const std::string& why) {
    throw GoldenError(where + ":" + std::to_string(line_no) + ": " + why +
                      " (a damaged journal: parity did not write this; remove it and run "
                      "`parity golden check`)");
  };
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line == kJournalHeader) {
      header = true;
      continue;
    }
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string_view> fields;
    for (std::size_t s = 0;;) {
      const std::size_t sep = line.find("  ", s);
      fields.push_back(line.substr(s, sep - s));
      if (sep == std::string_view::npos) break;
      s = sep + 2;
    }
    JournalEntry e;
    if (fields[0] == "remove" && fields.size() == 2) {
      e.kind = JournalEntry::Kind::kRemove;
      e.relative = std::string(fields[1]);
    } else if ((fields[0] == "put" || fields[0] == "manifest") && fields.size() == 5) {
      e.kind = fields[0] == "put" ? JournalEntry::Kind::kPut : JournalEntry::Kind::kManifest;
      e.sha256 = std::string(fields[1]);
      if (!is_lower_hex(e.sha256, 64)) bad("not a SHA-256");
      try {
        std::size_t used = 0;
        e.size = std::stoull(std::string(fields[2]), &used);
        if (used != fields[2].size()) bad("not a size");
      } catch (const std::logic_error&) {
        bad("not a size");
      }
      e.relative = std::string(fields[3]);
      e.temporary = std::string(fields[4]);
    } else {
      bad("not a journal line");
    }
    try {
      check_manifest_path(e.relative);
      if (!e.temporary.empty()) check_manifest_path(e.temporary);
    } catch (const UsageError& u) {
      bad(u.what());
    }
    if (e.kind != JournalEntry::Kind::kRemove) {
      // The temporary file sits next to its destination and is named after it: a journal can
      // never make recover rename an arbitrary file.
      const auto [dir, name] = split(e.relative);
      const auto [tdir, tname] = split(e.temporary);
      if (dir != tdir || !tname.starts_with(name + ".tmp.") || !is_temporary_name(tname))
        bad("temporary file " + e.temporary + " is not one of " + e.relative);
      if ((e.kind == JournalEntry::Kind::kManifest) != (name == Manifest::kFileName))
        bad("wrong kind of line for " + e.relative);
    }
    entries.push_back(std::move(e));
  }
  if (!header) throw GoldenError(where + " is not a parity golden journal");
  return entries;
}

// Applies a committed journal; each step is idempotent, so a second run after a kill finishes it.
void apply(const Folder& root, const std::vector<JournalEntry>& entries, RecoveryReport* report) {
  std::set<std::string> touched;
  auto finish_rename = [&](const JournalEntry& e) {
    const auto [dir, name] = split(e.relative);
    const auto [tdir, tname] = split(e.temporary);
    Place p = place_of(root, dir, false);
    if (!p.root)
      throw GoldenError("cannot finish the transaction: folder " + dir + " of " + e.relative +
                        " is gone");
    const Folder& f = p.get();
    if (f.stat(tname)) {
      f.rename(tname, f, name, /*overwrite=*/true);
      touched.insert(dir);
      if (report) {
        ++report->renamed;
        report->notes.push_back("renamed " + e.temporary + " to " + e.relative);
      }
      return;
    }
    // Already renamed by an earlier run: the destination must hold the journal's bytes.
    const std::optional<Folder::Entry> there = f.stat(name);
    if (!there || !there->is_regular() || digest_of(f, name).sha256 != e.sha256)
      throw GoldenError("cannot finish the transaction: " + e.relative + " and its temporary " +
                        "file " + e.temporary + " are both missing or changed; restore " +
                        e.relative + " from version control, then remove " +
                        f.describe(std::string(GoldenStore::kJournalName)));
  };
  for (const JournalEntry& e : entries)
    if (e.kind == JournalEntry::Kind::kPut) finish_rename(e);
  for (const std::string& dir : touched) place_of(root, dir, false).get().sync();
  for (const JournalEntry& e : entries)
    if (e.kind == JournalEntry::Kind::kManifest) finish_rename(e);
  root.sync();
  for (const JournalEntry& e : entries) {
    if (e.kind != JournalEntry::Kind::kRemove) continue;
    auto [dir, name] = split(e.relative);
    Place p = place_of(root, dir, false);
    if (!p.root) continue;
    if (p.get().remove_file(name)) {
      p.get().sync();
      if (report) {
        ++report->removed;
        report->notes.push_back("removed " + e.relative);
      }
    }
    // Folders the removal emptied, up to (not including) the root.
    while (!dir.empty()) {
      const auto [parent, leaf] = split(dir);
      Place pp = place_of(root, parent, false);
      if (!pp.root || !pp.get().remove_empty_folder(leaf)) break;
      dir = parent;
    }
  }
}

void sweep_temporaries(const Folder& folder, const std::string& prefix, bool top,
                       std::vector<std::string>& removed, std::vector<std::string>& notes) {
  for (const Folder::Entry& e : folder.list()) {
    const std::string relative = prefix + e.name;
    if (e.is_folder() && !e.name.starts_with(".")) {
      sweep_temporaries(folder.sub(e.name), relative + "/", false, removed, notes);
      continue;
    }
    if (!is_temporary_name(e.name) || (e.name.starts_with(".") && !top)) continue;
    if (!e.is_regular()) {
      notes.push_back("left " + relative + " (not a regular file: remove it yourself)");
      continue;
    }
    if (folder.remove_file(e.name)) removed.push_back(relative);
  }
}

void collect_golden_files(const Folder& folder, const std::string& prefix,
                          std::vector<std::string>& out) {
  for (const Folder::Entry& e : folder.list()) {
    if (e.name.front() == '.' || is_temporary_name(e.name)) continue;
    const std::string relative = prefix + e.name;
    if (e.is_link())
      throw FileError("'" + folder.describe(e.name) +
                      "' is a symbolic link; parity never follows links in golden or staging "
                      "folders (one could send a read, a write or a removal anywhere): replace "
                      "it with the file or folder itself");
    if (e.is_folder()) {
      collect_golden_files(folder.sub(e.name), relative + "/", out);
      continue;
    }
    if (!e.name.ends_with(".h5") || e.name.size() <= 3) continue;
    if (!e.is_regular())
      throw FileError("'" + folder.describe(e.name) + "' is " +
                      std::string(describe_file_type(e.mode)) + ", not a regular file");
    out.push_back(relative);
  }
}

}  // namespace

std::vector<std::string> golden_files(const Folder& folder, std::string_view within) {
  std::vector<std::string> out;
  if (within.empty()) {
    collect_golden_files(folder, "", out);
  } else if (std::optional<Folder> sub = folder.find(within)) {
    collect_golden_files(*sub, std::string(within) + "/", out);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> remove_temporaries(const Folder& folder, std::string_view within) {
  std::vector<std::string> removed, notes;
  if (within.empty()) {
    sweep_temporaries(folder, "", true, removed, notes);
  } else if (std::optional<Folder> sub = folder.find(within)) {
    sweep_temporaries(*sub, std::string(within) + "/", false, removed, notes);
  }
  return removed;
}

// ---- FolderLock ---------------------------------------------------------------------------------

FolderLock::FolderLock(const Folder& folder, std::chrono::milliseconds timeout,
                       std::string_view holder)
    : fd_(::openat(folder.fd(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
  if (!fd_.valid())
    throw FileError("cannot lock folder '" + folder.path().string() + "': " + std::strerror(errno));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (::flock(fd_.get(), LOCK_EX | LOCK_NB) == 0) return;
    if (errno != EWOULDBLOCK && errno != EINTR)
      throw FileError("cannot lock folder '" + folder.path().string() +
                      "': " + std::strerror(errno));
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const auto seconds = std::chrono::duration_cast<std::chrono::duration<double>>(timeout).count();
  char waited[32];
  std::snprintf(waited, sizeof waited, "%.3g s", seconds);
  throw FileError("folder '" + folder.path().string() + "' is locked by " + std::string(holder) +
                  " (waited " + waited +
                  "); try again when it has finished, or wait longer with --lock-timeout");
}

FolderLock::~FolderLock() {
  if (fd_.valid()) ::flock(fd_.get(), LOCK_UN);
}

// ---- GoldenStore --------------------------------------------------------------------------------

std::string GoldenStore::manifest_for(std::string_view) {
  return std::string(Manifest::kFileName);
}

GoldenStore GoldenStore::open(const std::filesystem::path& root, bool create) {
  Folder folder = Folder::open(root, create);
  if (create && !folder.stat(Manifest::kFileName)) {
    TemporaryFile tmp = folder.create_temporary(Manifest::kFileName);
    tmp.write(Manifest{}.serialize());
    tmp.sync();
    tmp.publish(Manifest::kFileName, /*overwrite=*/false);  // a racing creator may win: fine
  }
  return GoldenStore(std::move(folder));
}

FolderLock GoldenStore::lock(std::chrono::milliseconds timeout) const {
  return FolderLock(folder_, timeout, "another parity golden approve, prune or recover");
}

Manifest GoldenStore::manifest() const {
  std::string text;
  try {
    text = folder_.read_file(Manifest::kFileName, kMaxManifestBytes, "manifest");
  } catch (const FileError& e) {
    throw GoldenError(std::string(e.what()) +
                      " (every golden folder has a MANIFEST; an empty one is just the line \"" +
                      std::string(Manifest::kHeader) + "\")");
  }
  return Manifest::parse(text, folder_.describe(Manifest::kFileName));
}

bool GoldenStore::interrupted() const {
  return folder_.stat(kJournalName).has_value();
}

RecoveryReport GoldenStore::recover(const FolderLock&) const {
  RecoveryReport report;
  if (const auto journal = folder_.stat(kJournalName)) {
    report.journal = true;
    const std::string where = folder_.describe(kJournalName);
    const std::string text = folder_.read_file(kJournalName, kMaxManifestBytes, "journal");
    apply(folder_, parse_journal(text, where), &report);
    folder_.remove_file(kJournalName);
    folder_.sync();
    report.notes.push_back("finished the interrupted transaction of " + where);
  }
  std::vector<std::string> removed;
  sweep_temporaries(folder_, "", true, removed, report.notes);
  for (const std::string& r : removed) report.notes.push_back("removed the temporary file " + r);
  report.temporaries = removed.size();
  return report;
}

// ---- GoldenTransaction --------------------------------------------------------------------------

GoldenTransaction::GoldenTransaction(const GoldenStore& store, const FolderLock&) : store_(store) {
  Manifest current;
  if (store.folder().stat(Manifest::kFileName)) current = store.manifest();
  manifests_.emplace(std::string(Manifest::kFileName), std::move(current));
}

GoldenTransaction::~GoldenTransaction() {
  if (committed_) return;
  for (const std::string& t : temporaries_) {
    const auto [dir, name] = split(t);
    try {
      Place p = place_of(store_.folder(), dir, false);
      if (p.root) p.get().remove_file(name);
    } catch (const Error&) {
      // golden check reports what is left; recover removes it
    }
  }
}

void GoldenTransaction::put(const ManifestEntry& expected, int source) {
  check_manifest_path(expected.path);
  const auto [dir, name] = split(expected.path);
  Place p = place_of(store_.folder(), dir, /*create=*/true);
  const Folder& folder = p.get();
  if (const auto existing = folder.stat(name); existing && !existing->is_regular())
    throw FileError("'" + folder.describe(name) + "' is " +
                    std::string(describe_file_type(existing->mode)) +
                    "; parity replaces only regular files in golden folders: remove it");
  TemporaryFile tmp = folder.create_temporary(name, /*named=*/true);
  const std::string temporary = (dir.empty() ? "" : dir + "/") + tmp.keep();
  temporaries_.push_back(temporary);
  // Copy and hash in one pass: what lands in golden/ is exactly the bytes that were validated.
  constexpr std::size_t kBlock = std::size_t{1} << 20;
  std::vector<std::byte> buffer(kBlock);
  Sha256Hasher hasher;
  std::uint64_t offset = 0;
  for (;;) {
    const ssize_t got = ::pread(source, buffer.data(), kBlock, static_cast<off_t>(offset));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw FileError("cannot read the staged file for " + expected.path + ": " +
                      std::strerror(errno));
    }
    if (got == 0) break;
    const std::span<const std::byte> chunk(buffer.data(), static_cast<std::size_t>(got));
    hasher.update(chunk);
    tmp.write(chunk);
    offset += static_cast<std::uint64_t>(got);
  }
  tmp.sync();
  const std::string sha = hasher.hex_digest();
  if (sha != expected.sha256 || offset != expected.size)
    throw GoldenError("staged file for " + expected.path +
                      " changed while it was being approved (SHA-256 " + sha + ", validated " +
                      expected.sha256 + "): approve again");
  manifests_.at(GoldenStore::manifest_for(expected.path)).upsert(expected);
  puts_.push_back({expected.path, temporary, expected});
}

void GoldenTransaction::remove(std::string_view relative) {
  check_manifest_path(relative);
  manifests_.at(GoldenStore::manifest_for(relative)).erase(relative);
  removes_.emplace_back(relative);
}

void GoldenTransaction::commit() {
  const Folder& root = store_.folder();
  std::vector<JournalEntry> journal;
  for (const Put& p : puts_)
    journal.push_back(
        {JournalEntry::Kind::kPut, p.relative, p.temporary, p.entry.sha256, p.entry.size});
  for (const auto& [path, manifest] : manifests_) {
    const auto [dir, name] = split(path);
    Place place = place_of(root, dir, true);
    TemporaryFile tmp = place.get().create_temporary(name, /*named=*/true);
    const std::string temporary = (dir.empty() ? "" : dir + "/") + tmp.keep();
    temporaries_.push_back(temporary);
    const std::string text = manifest.serialize();
    tmp.write(text);
    tmp.sync();
    journal.push_back({JournalEntry::Kind::kManifest, path, temporary,
                       sha256_hex(std::as_bytes(std::span(text.data(), text.size()))),
                       text.size()});
  }
  for (const std::string& r : removes_) journal.push_back({JournalEntry::Kind::kRemove, r});
  for (const Put& p : puts_) place_of(root, split(p.relative).first, false).get().sync();

  // The commit point: the journal appears under its name, complete and on disk.
  const std::string recover_hint = "`parity golden recover " + root.path().string() + "`";
  bool published = false;
  try {
    TemporaryFile tmp = root.create_temporary(GoldenStore::kJournalName, /*named=*/true);
    tmp.write(serialize(journal));
    tmp.sync();
    published = tmp.publish(GoldenStore::kJournalName, /*overwrite=*/false);
  } catch (const Error& e) {
    // Renamed but not synced (a full disk at the folder's fsync) is committed all the same: the
    // journal is there, so recover must find every file it names.
    if (!root.stat(GoldenStore::kJournalName)) throw;
    committed_ = true;
    throw GoldenError(std::string(e.what()) + "; the change was committed but not finished: run " +
                      recover_hint + " to finish it");
  }
  if (!published)
    throw GoldenError("golden folder '" + root.path().string() + "' has an unfinished " +
                      "transaction (" + std::string(GoldenStore::kJournalName) + "): run " +
                      recover_hint + " first");
  committed_ = true;
  try {
    apply(root, journal, nullptr);
    root.remove_file(GoldenStore::kJournalName);
    root.sync();
  } catch (const Error& e) {
    throw GoldenError(std::string(e.what()) + "; the change was committed but not finished: run " +
                      recover_hint + " to finish it");
  }
}

}  // namespace parity
