#include "parity/checksum.hpp"

#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxh_x86dispatch.h>  // XXH3_*_dispatch: libxxhash picks SSE2/AVX2/AVX-512 at run time
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <new>

#include "parity/error.hpp"
#include "parity/regular_file.hpp"

namespace parity {

namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string to_hex(const unsigned char* bytes, std::size_t n) {
  std::string out(2 * n, '0');
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = kHex[bytes[i] >> 4];
    out[2 * i + 1] = kHex[bytes[i] & 0xF];
  }
  return out;
}

}  // namespace

// ---- XXH3-128 ------------------------------------------------------------------------------

struct Xxh3Hasher::State {
  XXH3_state_t* xxh = nullptr;
  State() : xxh(XXH3_createState()) {
    if (xxh == nullptr) throw std::bad_alloc();
    XXH3_128bits_reset(xxh);
  }
  ~State() { XXH3_freeState(xxh); }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
};

Xxh3Hasher::Xxh3Hasher() : state_(std::make_unique<State>()) {}
Xxh3Hasher::~Xxh3Hasher() = default;
Xxh3Hasher::Xxh3Hasher(Xxh3Hasher&&) noexcept = default;
Xxh3Hasher& Xxh3Hasher::operator=(Xxh3Hasher&&) noexcept = default;

void Xxh3Hasher::update(std::span<const std::byte> bytes) {
  if (bytes.empty()) return;
  XXH3_128bits_update_dispatch(state_->xxh, bytes.data(), bytes.size());
}

std::string Xxh3Hasher::hex_digest() const {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state_->xxh));
  return to_hex(canonical.digest, sizeof(canonical.digest));
}

void Xxh3Hasher::reset() {
  XXH3_128bits_reset(state_->xxh);
}

std::string xxh3_128_hex(std::span<const std::byte> bytes) {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_dispatch(bytes.data(), bytes.size()));
  return to_hex(canonical.digest, sizeof(canonical.digest));
}

// ---- SHA-256 -------------------------------------------------------------------------------

struct Sha256Hasher::State {
  EVP_MD_CTX* ctx = nullptr;
  State() : ctx(EVP_MD_CTX_new()) {
    if (ctx == nullptr) throw std::bad_alloc();
    init();
  }
  ~State() { EVP_MD_CTX_free(ctx); }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  void init() {
    if (EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) != 1)
      throw Error("OpenSSL could not initialise SHA-256 (EVP_DigestInit_ex failed)");
  }
};

Sha256Hasher::Sha256Hasher() : state_(std::make_unique<State>()) {}
Sha256Hasher::~Sha256Hasher() = default;
Sha256Hasher::Sha256Hasher(Sha256Hasher&&) noexcept = default;
Sha256Hasher& Sha256Hasher::operator=(Sha256Hasher&&) noexcept = default;

void Sha256Hasher::update(std::span<const std::byte> bytes) {
  if (bytes.empty()) return;
  if (EVP_DigestUpdate(state_->ctx, bytes.data(), bytes.size()) != 1)
    throw Error("OpenSSL SHA-256 update failed");
}

std::string Sha256Hasher::hex_digest() {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(state_->ctx, md, &len) != 1)
    throw Error("OpenSSL SHA-256 finalisation failed");
  return to_hex(md, len);
}

void Sha256Hasher::reset() {
  state_->init();
}

std::string sha256_hex(std::span<const std::byte> bytes) {
  Sha256Hasher hasher;
  hasher.update(bytes);
  return hasher.hex_digest();
}

FileDigest sha256_file(const std::filesystem::path& path) {
  try {
    RegularFileOptions options;
    options.what = "file";
    FileDescriptor fd = open_regular_file(path, options);
    return sha256_fd(fd.get(), "'" + path.string() + "'");
  } catch (const FileError& e) {
    throw GoldenError(std::string("cannot hash it: ") + e.what());
  }
}

FileDigest sha256_fd(int fd, std::string_view name) {
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    throw FileError("cannot inspect " + std::string(name) + ": " + std::strerror(errno));
  // Page-aligned buffer: read(2) into a buffer whose address is 16 mod 4096 (plain malloc) runs
  // at a third of the speed on x86 because of 4K aliasing between source and destination.
  constexpr std::size_t kBlock = std::size_t{1} << 20;
  std::unique_ptr<std::byte, decltype(&std::free)> buffer(
      static_cast<std::byte*>(std::aligned_alloc(4096, kBlock)), &std::free);
  if (!buffer) throw std::bad_alloc();
  Sha256Hasher hasher;
  FileDigest digest;
  const auto size = static_cast<std::uint64_t>(st.st_size);
  // Exactly the size fstat reported: a file that grows while it is hashed is not read forever.
  while (digest.size < size) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(kBlock, size - digest.size));
    pread_exact(fd, buffer.get(), want, digest.size, name);
    hasher.update(std::span(buffer.get(), want));
    digest.size += want;
  }
  digest.sha256 = hasher.hex_digest();
  return digest;
}

// ---- tagged checksums ----------------------------------------------------------------------

bool is_lower_hex(std::string_view text, std::size_t digits) {
  if (text.size() != digits) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

TaggedChecksum parse_tagged_checksum(std::string_view text) {
  auto colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0) return {};
  TaggedChecksum c{std::string(text.substr(0, colon)), std::string(text.substr(colon + 1))};
  if (c.algorithm == kXxh3Algorithm && !is_lower_hex(c.hex, 32)) return {};
  if (c.hex.empty()) return {};
  return c;
}

}  // namespace parity
