// Oracles: FIPS 180-2 SHA-256 test vectors; XXH3-128 values printed by Debian's python3-xxhash
// (xxhash.xxh3_128_hexdigest), an independent implementation of the same specification.
#include "parity/checksum.hpp"

#include <catch2/catch_test_macros.hpp>
#include <string>
#include <vector>

#include "golden_test_support.hpp"
#include "parity/error.hpp"

using namespace parity;

namespace {
std::span<const std::byte> bytes_of(std::string_view s) {
  return std::as_bytes(std::span(s.data(), s.size()));
}
std::vector<std::byte> pattern_1mib() {  // bytes(range(256)) * 4096
  std::vector<std::byte> v(std::size_t{1} << 20);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<std::byte>(i & 0xFF);
  return v;
}
}  // namespace

TEST_CASE("SHA-256 matches the FIPS 180-2 vectors", "[checksum]") {
  CHECK(sha256_hex(bytes_of("")) ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex(bytes_of("abc")) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex(bytes_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // Negative control: one changed byte changes the digest.
  CHECK(sha256_hex(bytes_of("abd")) !=
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("XXH3-128 matches python-xxhash", "[checksum]") {
  CHECK(xxh3_128_hex(bytes_of("")) == "99aa06d3014798d86001c324468d497f");
  CHECK(xxh3_128_hex(bytes_of("abc")) == "06b05ab6733a618578af5f94892f3950");
  auto big = pattern_1mib();
  CHECK(xxh3_128_hex(big) == "1b208d2839093774d36c0e13a3df139e");
  big[123456] ^= std::byte{1};
  CHECK(xxh3_128_hex(big) != "1b208d2839093774d36c0e13a3df139e");
}

TEST_CASE("streaming hashes equal one-shot hashes for any split", "[checksum]") {
  auto big = pattern_1mib();
  std::span<const std::byte> all(big);
  for (std::size_t step :
       {std::size_t{1} << 20, std::size_t{1000}, std::size_t{4096} + 7, std::size_t{65536}}) {
    Xxh3Hasher x;
    Sha256Hasher s;
    for (std::size_t i = 0; i < all.size(); i += step) {
      auto part = all.subspan(i, std::min(step, all.size() - i));
      x.update(part);
      s.update(part);
    }
    CHECK(x.hex_digest() == "1b208d2839093774d36c0e13a3df139e");
    CHECK(s.hex_digest() == "fbbab289f7f94b25736c58be46a994c441fd02552cc6022352e3d86d2fab7c83");
  }
  Xxh3Hasher x;
  x.update(bytes_of("ab"));
  CHECK(x.hex_digest() != "06b05ab6733a618578af5f94892f3950");  // digest mid-stream...
  x.update(bytes_of("c"));
  CHECK(x.hex_digest() == "06b05ab6733a618578af5f94892f3950");  // ...does not end the stream
  x.reset();
  CHECK(x.hex_digest() == "99aa06d3014798d86001c324468d497f");
}

TEST_CASE("sha256_file hashes a file and names it when it cannot", "[checksum]") {
  testing::ScratchDir dir;
  auto big = pattern_1mib();
  std::vector<char> chars(big.size() * 3 + 5);
  for (std::size_t i = 0; i < chars.size(); ++i) chars[i] = static_cast<char>(i & 0xFF);
  testing::write_bytes(dir / "f.bin", chars);
  FileDigest d = sha256_file(dir / "f.bin");
  CHECK(d.size == chars.size());
  CHECK(d.sha256 == sha256_hex(std::as_bytes(std::span(chars))));
  try {
    sha256_file(dir / "missing.bin");
    FAIL("no error for a missing file");
  } catch (const GoldenError& e) {
    CHECK(std::string(e.what()).find("missing.bin") != std::string::npos);
  }
}

TEST_CASE("tagged checksums parse strictly", "[checksum]") {
  auto c = parse_tagged_checksum("xxh3-128:99aa06d3014798d86001c324468d497f");
  CHECK(c.algorithm == "xxh3-128");
  CHECK(c.hex == "99aa06d3014798d86001c324468d497f");
  CHECK(c.text() == "xxh3-128:99aa06d3014798d86001c324468d497f");
  CHECK(parse_tagged_checksum("xxh3-128:99AA06d3014798d86001c324468d497f").algorithm.empty());
  CHECK(parse_tagged_checksum("xxh3-128:99aa").algorithm.empty());
  CHECK(parse_tagged_checksum("99aa06d3014798d86001c324468d497f").algorithm.empty());
  CHECK(parse_tagged_checksum(":abc").algorithm.empty());
  CHECK(parse_tagged_checksum("sha3:").algorithm.empty());
  CHECK(parse_tagged_checksum("future-hash:0123").algorithm == "future-hash");
}
