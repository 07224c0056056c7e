// Content checksums. XXH3-128 guards tensor bytes: at ~40 GB/s from cache it adds a few percent to
// a load, so every read verifies it. SHA-256 guards whole files in golden/MANIFEST: slower
// (~1.4 GB/s) but recomputable by any standard tool (sha256sum, hashlib).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace parity {

//! Streaming XXH3-128. The digest is the canonical (big-endian) form that `xxhsum -H2` and
//! Python's xxhash.xxh3_128_hexdigest() print, so third-party tools can check it.
class Xxh3Hasher {
 public:
  Xxh3Hasher();
  ~Xxh3Hasher();
  Xxh3Hasher(Xxh3Hasher&&) noexcept;
  Xxh3Hasher& operator=(Xxh3Hasher&&) noexcept;
  Xxh3Hasher(const Xxh3Hasher&) = delete;
  Xxh3Hasher& operator=(const Xxh3Hasher&) = delete;

  void update(std::span<const std::byte> bytes);
  void update(const void* data, std::size_t size) {
    update(std::span(static_cast<const std::byte*>(data), size));
  }
  //! 32 lowercase hex digits; the hasher stays usable (more updates continue the stream).
  std::string hex_digest() const;
  void reset();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

//! Streaming SHA-256 (OpenSSL EVP).
class Sha256Hasher {
 public:
  Sha256Hasher();
  ~Sha256Hasher();
  Sha256Hasher(Sha256Hasher&&) noexcept;
  Sha256Hasher& operator=(Sha256Hasher&&) noexcept;
  Sha256Hasher(const Sha256Hasher&) = delete;
  Sha256Hasher& operator=(const Sha256Hasher&) = delete;

  void update(std::span<const std::byte> bytes);
  //! 64 lowercase hex digits; ends the stream (call reset() to hash again).
  std::string hex_digest();
  void reset();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

std::string xxh3_128_hex(std::span<const std::byte> bytes);
std::string sha256_hex(std::span<const std::byte> bytes);

//! SHA-256 of a file's bytes and its size; throws GoldenError naming the file if it can't be read.
struct FileDigest {
  std::string sha256;
  std::uint64_t size = 0;
};
//! The file must be a regular file (never a link, FIFO or device: those are refused, FileError).
FileDigest sha256_file(const std::filesystem::path& path);
//! SHA-256 of the first fstat() size bytes of an open file (`name` for messages).
FileDigest sha256_fd(int fd, std::string_view name);

//! A tagged checksum as stored in golden files: "<algorithm>:<hex>", e.g. "xxh3-128:9a0b...".
struct TaggedChecksum {
  std::string algorithm;  // "xxh3-128" is the only one schema v1 writes
  std::string hex;
  std::string text() const { return algorithm + ":" + hex; }
  friend bool operator==(const TaggedChecksum&, const TaggedChecksum&) = default;
};
inline constexpr std::string_view kXxh3Algorithm = "xxh3-128";

//! Parses "<algorithm>:<hex>"; nullopt-like empty algorithm when malformed (no throw: callers
//! know which file and dataset to name in the error).
TaggedChecksum parse_tagged_checksum(std::string_view text);
bool is_lower_hex(std::string_view text, std::size_t digits);

}  // namespace parity
