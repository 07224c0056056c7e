#include "parity/manifest.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

#include "parity/checksum.hpp"
#include "parity/error.hpp"
#include "parity/folder.hpp"
#include "parity/golden_store.hpp"
#include "parity/regular_file.hpp"

namespace parity {

void check_manifest_path(std::string_view path) {
  auto fail = [&](const std::string& why) {
    throw UsageError("manifest path \"" + std::string(path) + "\" " + why);
  };
  if (path.empty()) fail("is empty");
  if (path.size() > 4096) fail("is longer than 4096 bytes");
  if (path.front() == '/') fail("is absolute; paths are relative to the golden folder");
  std::size_t start = 0;
  for (;;) {
    std::size_t slash = path.find('/', start);
    std::string_view segment = path.substr(start, slash - start);
    if (segment.empty()) fail("has an empty segment");
    if (segment == "." || segment == "..") fail("has a '.' or '..' segment");
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x21 || u == 0x7F || c == '\\')
      fail("contains whitespace, a control character or '\\'");
  }
}

namespace {

void check_sha256(std::string_view hex, const std::string& where) {
  if (!is_lower_hex(hex, 64))
    throw ConfigError(where + ": \"" + std::string(hex.substr(0, 80)) +
                      "\" is not a SHA-256 (64 lowercase hex digits)");
}

}  // namespace

Manifest Manifest::parse(std::string_view text, std::string_view source) {
  Manifest m;
  std::vector<std::size_t> lines;  // line number of each entry, for duplicates
  std::size_t line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    const std::string where = std::string(source) + ":" + std::to_string(line_no);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    // "<sha256>  <size>  <path>": fields separated by exactly two spaces, like sha256sum.
    const std::size_t a = line.find("  ");
    const std::size_t b = a == std::string_view::npos ? a : line.find("  ", a + 2);
    if (a == std::string_view::npos || b == std::string_view::npos)
      throw ConfigError(where +
                        ": expected \"<sha256>  <size>  <path>\" (two spaces between "
                        "fields), got \"" +
                        std::string(line.substr(0, 120)) + "\"");
    ManifestEntry e;
    const std::string_view hash = line.substr(0, a);
    const std::string_view size = line.substr(a + 2, b - a - 2);
    const std::string_view path = line.substr(b + 2);
    check_sha256(hash, where);
    e.sha256 = std::string(hash);
    auto [ptr, ec] = std::from_chars(size.data(), size.data() + size.size(), e.size);
    if (ec != std::errc() || ptr != size.data() + size.size() || size.empty() ||
        (size.size() > 1 && size.front() == '0'))
      throw ConfigError(where + ": size \"" + std::string(size.substr(0, 40)) +
                        "\" is not a byte count");
    try {
      check_manifest_path(path);
    } catch (const UsageError& err) {
      throw ConfigError(where + ": " + err.what());
    }
    e.path = std::string(path);
    lines.push_back(line_no);
    m.entries_.push_back(std::move(e));
  }
  // Sort once (a sorted insert per line is quadratic in the number of entries).
  std::vector<std::size_t> order(m.entries_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return m.entries_[a].path < m.entries_[b].path ||
           (m.entries_[a].path == m.entries_[b].path && a < b);
  });
  std::vector<ManifestEntry> sorted;
  sorted.reserve(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (!sorted.empty() && m.entries_[order[k]].path == sorted.back().path)
      throw ConfigError(std::string(source) + ":" + std::to_string(lines[order[k]]) + ": \"" +
                        m.entries_[order[k]].path + "\" is listed twice");
    sorted.push_back(std::move(m.entries_[order[k]]));
  }
  m.entries_ = std::move(sorted);
  return m;
}

Manifest Manifest::load(const std::filesystem::path& file) {
  std::string text;
  try {
    RegularFileOptions options;
    options.what = "manifest";
    options.max_bytes = kMaxBytes;
    text = read_regular_file(file, options);
  } catch (const FileError& e) {
    throw GoldenError(std::string(e.what()) +
                      " (every golden folder has a MANIFEST; an empty one is just the line \"" +
                      std::string(kHeader) + "\")");
  }
  return parse(text, file.string());
}

std::string Manifest::serialize() const {
  std::string out(kHeader);
  out += "\n# <sha256>  <size in bytes>  <path relative to this folder>\n";
  for (const auto& e : entries_) {
    out += e.sha256;
    out += "  ";
    out += std::to_string(e.size);
    out += "  ";
    out += e.path;
    out += '\n';
  }
  return out;
}

void Manifest::save(const std::filesystem::path& file) const {
  try {
    const auto parent =
        file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path();
    Folder::open(parent).write_atomically(file.filename().string(), serialize());
  } catch (const FileError& e) {
    throw GoldenError("cannot write manifest '" + file.string() + "': " + e.what());
  }
}

const ManifestEntry* Manifest::find(std::string_view path) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), path,
                             [](const ManifestEntry& x, std::string_view p) { return x.path < p; });
  return it != entries_.end() && it->path == path ? &*it : nullptr;
}

void Manifest::upsert(ManifestEntry entry) {
  check_manifest_path(entry.path);
  if (!is_lower_hex(entry.sha256, 64))
    throw UsageError("manifest entry for \"" + entry.path + "\" has no valid SHA-256");
  auto it =
      std::lower_bound(entries_.begin(), entries_.end(), entry.path,
                       [](const ManifestEntry& x, const std::string& p) { return x.path < p; });
  if (it != entries_.end() && it->path == entry.path) {
    *it = std::move(entry);
  } else {
    entries_.insert(it, std::move(entry));
  }
}

bool Manifest::erase(std::string_view path) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), path,
                             [](const ManifestEntry& x, std::string_view p) { return x.path < p; });
  if (it == entries_.end() || it->path != path) return false;
  entries_.erase(it);
  return true;
}

ManifestEntry manifest_entry_for(const std::filesystem::path& root, std::string_view relative) {
  check_manifest_path(relative);
  FileDigest digest = sha256_file(root / relative);
  return {std::string(relative), digest.sha256, digest.size};
}

void verify_against_manifest(const std::filesystem::path& file, const ManifestEntry& entry) {
  FileDescriptor fd;
  try {
    RegularFileOptions options;
    options.what = "golden file";
    fd = open_regular_file(file, options);
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  verify_against_manifest(fd.get(), file, entry);
}

void verify_against_manifest(int fd, const std::filesystem::path& file,
                             const ManifestEntry& entry) {
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    throw GoldenError("golden file '" + file.string() +
                      "': cannot inspect it: " + std::strerror(errno));
  if (static_cast<std::uint64_t>(st.st_size) != entry.size)
    throw GoldenError("golden file '" + file.string() + "' has " + std::to_string(st.st_size) +
                      " bytes but MANIFEST lists " + std::to_string(entry.size) +
                      " (truncated, replaced, or the manifest is stale: restore the file, or "
                      "approve the new golden to update MANIFEST)");
  FileDigest digest;
  try {
    digest = sha256_fd(fd, "golden file '" + file.string() + "'");
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  if (digest.sha256 != entry.sha256)
    throw GoldenError("golden file '" + file.string() + "' does not match MANIFEST: SHA-256 " +
                      digest.sha256 + ", listed " + entry.sha256 +
                      " (the file was modified or corrupted: restore it, or approve the new "
                      "golden to update MANIFEST)");
}

namespace {

struct Walk {
  TreeCheck* result;
  const Manifest* manifest;
  std::string root;
  std::vector<std::string>* seen;
  std::string recover_hint;
  bool hash = true;
};

void problem(Walk& w, ManifestProblem::Kind kind, const std::string& relative, std::string text) {
  w.result->problems.push_back({kind, relative, std::move(text)});
}

void walk(Walk& w, const Folder& folder, const std::string& prefix) {
  for (const Folder::Entry& e : folder.list()) {
    const std::string relative = prefix + e.name;
    if (prefix.empty() && e.name == GoldenStore::kJournalName) {
      problem(w, ManifestProblem::Kind::kInterrupted, relative,
              relative +
                  ": an approve or prune was interrupted after its commit point; finish "
                  "it with " +
                  w.recover_hint);
      continue;
    }
    if (is_temporary_name(e.name)) {
      problem(w, ManifestProblem::Kind::kStrayTemporary, relative,
              relative + ": temporary file of an interrupted write; remove it with " +
                  w.recover_hint + " (or delete it)");
      continue;
    }
    if (e.name.front() == '.') continue;  // .git*, editor files: not goldens
    if (e.is_link()) {
      problem(w, ManifestProblem::Kind::kNotARegularFile, relative,
              relative +
                  ": is a symbolic link; golden folders hold no links (parity never "
                  "follows one): replace it with the file or folder itself");
      if (e.name.ends_with(".h5")) w.seen->push_back(relative);
      continue;
    }
    if (e.is_folder()) {
      walk(w, folder.sub(e.name), relative + "/");
      continue;
    }
    if (prefix.empty() && e.name == Manifest::kFileName) continue;
    if (!e.name.ends_with(".h5") || e.name.size() <= 3) continue;  // READMEs: not goldens
    w.seen->push_back(relative);
    if (!e.is_regular()) {
      problem(
          w, ManifestProblem::Kind::kNotARegularFile, relative,
          relative + ": is " + std::string(describe_file_type(e.mode)) + ", not a regular file");
      continue;
    }
    const ManifestEntry* listed = w.manifest->find(relative);
    if (listed == nullptr) {
      problem(w, ManifestProblem::Kind::kNotInManifest, relative,
              relative +
                  ": not listed in MANIFEST (approve it with `parity golden approve`, or "
                  "delete it)");
      continue;
    }
    ++w.result->files_checked;
    try {
      if (!w.hash) {
        if (e.size != listed->size)
          throw GoldenError("golden file '" + (std::filesystem::path(w.root) / relative).string() +
                            "' has " + std::to_string(e.size) + " bytes but MANIFEST lists " +
                            std::to_string(listed->size) +
                            " (truncated, replaced, or the manifest is stale: restore the file, "
                            "or approve the new golden to update MANIFEST)");
        continue;
      }
      FileDescriptor fd = folder.open_file(e.name, "golden file");
      verify_against_manifest(fd.get(), std::filesystem::path(w.root) / relative, *listed);
    } catch (const Error& err) {
      problem(w,
              e.size != listed->size ? ManifestProblem::Kind::kSizeMismatch
                                     : ManifestProblem::Kind::kHashMismatch,
              relative, err.what());
    }
  }
}

}  // namespace

TreeCheck verify_tree(const std::filesystem::path& root, bool hash) {
  TreeCheck result;
  std::optional<Folder> folder;
  try {
    folder = Folder::open(root);
  } catch (const FileError& e) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "",
                               "golden folder '" + root.string() + "': " + e.what()});
    return result;
  }
  Manifest manifest;
  const std::optional<Folder::Entry> m = folder->stat(Manifest::kFileName);
  bool have_manifest = false;
  if (!m) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "",
                               "'" + folder->describe(Manifest::kFileName) +
                                   "' is missing; create it (an empty manifest is the line \"" +
                                   std::string(Manifest::kHeader) + "\")"});
  } else {
    try {
      manifest =
          Manifest::parse(folder->read_file(Manifest::kFileName, Manifest::kMaxBytes, "manifest"),
                          folder->describe(Manifest::kFileName));
      have_manifest = true;
    } catch (const Error& e) {
      result.problems.push_back({ManifestProblem::Kind::kNoManifest, "", e.what()});
    }
  }
  std::vector<std::string> seen;
  Walk w{&result, &manifest, root.string(), &seen, "`parity golden recover " + root.string() + "`",
         hash};
  try {
    walk(w, *folder, "");
  } catch (const Error& e) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "",
                               "cannot list golden folder '" + root.string() + "': " + e.what()});
  }
  if (!have_manifest) {
    // Without a manifest nothing else can be judged: no file is listed, no entry is missing.
    std::erase_if(result.problems, [](const ManifestProblem& p) {
      return p.kind == ManifestProblem::Kind::kNotInManifest;
    });
    return result;
  }
  std::sort(seen.begin(), seen.end());
  result.manifest = manifest;
  for (const ManifestEntry& e : manifest.entries())
    if (!std::binary_search(seen.begin(), seen.end(), e.path))
      result.problems.push_back({ManifestProblem::Kind::kMissingFile, e.path,
                                 e.path + ": listed in MANIFEST but missing (restore it, or "
                                          "remove its line from MANIFEST)"});
  std::stable_sort(
      result.problems.begin(), result.problems.end(),
      [](const ManifestProblem& a, const ManifestProblem& b) { return a.path < b.path; });
  return result;
}

}  // namespace parity
