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

#include "golden/atomic_file.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"

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
    auto it =
        std::lower_bound(m.entries_.begin(), m.entries_.end(), e.path,
                         [](const ManifestEntry& x, const std::string& p) { return x.path < p; });
    if (it != m.entries_.end() && it->path == e.path)
      throw ConfigError(where + ": \"" + e.path + "\" is listed twice");
    m.entries_.insert(it, std::move(e));
  }
  return m;
}

Manifest Manifest::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw GoldenError("cannot read manifest '" + file.string() + "': " + std::strerror(errno) +
                      " (every golden folder has a MANIFEST; an empty one is just the line \"" +
                      std::string(kHeader) + "\")");
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), file.string());
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
  const auto tmp = detail::temporary_sibling(file);
  const std::string text = serialize();
  {
    std::FILE* f = std::fopen(tmp.c_str(), "wbx");
    if (f == nullptr)
      throw GoldenError("cannot write manifest '" + file.string() + "': " + std::strerror(errno));
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const bool closed = std::fclose(f) == 0;
    if (!ok || !closed) {
      std::filesystem::remove(tmp);
      throw GoldenError("cannot write manifest '" + file.string() + "' (is the disk full?)");
    }
  }
  try {
    detail::fsync_file(tmp);
    detail::publish(tmp, file, /*overwrite=*/true);
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    throw;
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
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0)
    throw GoldenError("golden file '" + file.string() +
                      "': cannot open it: " + std::strerror(errno));
  if (static_cast<std::uint64_t>(st.st_size) != entry.size)
    throw GoldenError("golden file '" + file.string() + "' has " + std::to_string(st.st_size) +
                      " bytes but MANIFEST lists " + std::to_string(entry.size) +
                      " (truncated, replaced, or the manifest is stale: restore the file, or "
                      "approve the new golden to update MANIFEST)");
  FileDigest digest = sha256_file(file);
  if (digest.sha256 != entry.sha256)
    throw GoldenError("golden file '" + file.string() + "' does not match MANIFEST: SHA-256 " +
                      digest.sha256 + ", listed " + entry.sha256 +
                      " (the file was modified or corrupted: restore it, or approve the new "
                      "golden to update MANIFEST)");
}

namespace {

bool is_temporary(const std::string& name) {
  return name.find(".h5.tmp.") != std::string::npos;
}

}  // namespace

TreeCheck verify_tree(const std::filesystem::path& root) {
  namespace fs = std::filesystem;
  TreeCheck result;
  const fs::path manifest_path = root / Manifest::kFileName;
  Manifest manifest;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "",
                               "golden folder '" + root.string() + "' does not exist"});
    return result;
  }
  if (!fs::exists(manifest_path, ec)) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "",
                               "'" + manifest_path.string() +
                                   "' is missing; create it (an empty manifest is the line \"" +
                                   std::string(Manifest::kHeader) + "\")"});
    return result;
  }
  try {
    manifest = Manifest::load(manifest_path);
  } catch (const Error& e) {
    result.problems.push_back({ManifestProblem::Kind::kNoManifest, "", e.what()});
    return result;
  }

  std::vector<std::string> seen;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    const std::string name = entry.path().filename().string();
    if (!name.empty() && name.front() == '.') {  // .git*, editor files: not goldens
      if (entry.is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (entry.is_directory(ec) && !entry.is_symlink(ec)) continue;
    const std::string relative = entry.path().lexically_relative(root).generic_string();
    if (relative == Manifest::kFileName) continue;
    if (is_temporary(name)) {
      result.problems.push_back({ManifestProblem::Kind::kStrayTemporary, relative,
                                 relative + ": temporary file of an interrupted golden write; "
                                            "delete it"});
      continue;
    }
    const bool is_h5 = name.size() > 3 && name.ends_with(".h5");
    if (!is_h5) continue;  // READMEs and the like are not goldens
    if (entry.is_symlink(ec) || !entry.is_regular_file(ec)) {
      seen.push_back(relative);
      result.problems.push_back({ManifestProblem::Kind::kNotARegularFile, relative,
                                 relative + ": not a regular file (symlinks are not allowed in "
                                            "the golden folder)"});
      continue;
    }
    seen.push_back(relative);
    const ManifestEntry* listed = manifest.find(relative);
    if (listed == nullptr) {
      result.problems.push_back({ManifestProblem::Kind::kNotInManifest, relative,
                                 relative + ": not listed in MANIFEST (approve it with `parity "
                                            "golden approve`, or delete it)"});
      continue;
    }
    ++result.files_checked;
    try {
      verify_against_manifest(entry.path(), *listed);
    } catch (const GoldenError& e) {
      const bool size = static_cast<std::uint64_t>(entry.file_size(ec)) != listed->size;
      result.problems.push_back(
          {size ? ManifestProblem::Kind::kSizeMismatch : ManifestProblem::Kind::kHashMismatch,
           relative, e.what()});
    }
  }
  if (ec)
    result.problems.push_back(
        {ManifestProblem::Kind::kNoManifest, "",
         "cannot list golden folder '" + root.string() + "': " + ec.message()});
  std::sort(seen.begin(), seen.end());
  for (const ManifestEntry& e : manifest.entries())
    if (!std::binary_search(seen.begin(), seen.end(), e.path))
      result.problems.push_back({ManifestProblem::Kind::kMissingFile, e.path,
                                 e.path + ": listed in MANIFEST but missing (restore it, or "
                                          "remove its line from MANIFEST)"});
  std::sort(result.problems.begin(), result.problems.end(),
            [](const ManifestProblem& a, const ManifestProblem& b) { return a.path < b.path; });
  return result;
}

}  // namespace parity
