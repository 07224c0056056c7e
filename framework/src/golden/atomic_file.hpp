// The filesystem steps of an atomic replace: a temporary name in the target's folder, fsync of a
// file and of a folder, and the final rename (optionally refusing to replace).
#pragma once

#include <filesystem>
#include <string>

namespace parity::detail {

//! "<folder>/<name>.tmp.<pid>.<16 random hex digits>"
std::filesystem::path temporary_sibling(const std::filesystem::path& target);

//! Throws GoldenError (naming `what`) when fsync fails.
void fsync_file(const std::filesystem::path& path);
void fsync_directory(const std::filesystem::path& folder);

//! Renames `temporary` to `target`. Without `overwrite` it fails if the target exists, atomically
//! (renameat2 RENAME_NOREPLACE, or link + unlink where the filesystem lacks it). Returns false if
//! the target exists and overwrite is off; throws GoldenError on any other failure.
bool publish(const std::filesystem::path& temporary, const std::filesystem::path& target,
             bool overwrite);

//! Creates `path` exclusively (O_EXCL) to learn early, with errno's words, whether the folder is
//! writable. Throws GoldenError.
void create_exclusive(const std::filesystem::path& path);

}  // namespace parity::detail
