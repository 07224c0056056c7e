// golden/MANIFEST: strict parsing with line numbers, canonical output, atomic save, and the tree
// check that CI runs. Oracle for hashes: sha256_file, itself checked against FIPS vectors.
#include "parity/manifest.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "golden_test_support.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

namespace {
const std::string kHash1(64, 'a');
const std::string kHash2 = std::string(63, '0') + "f";

void expect_config_error(std::string_view text, std::string_view fragment) {
  try {
    Manifest::parse(text, "golden/MANIFEST");
    FAIL("parsed: " << text);
  } catch (const ConfigError& e) {
    CHECK_THAT(e.what(), ContainsSubstring(std::string(fragment)));
  }
}
}  // namespace

TEST_CASE("manifests parse, sort and serialize canonically", "[manifest]") {
  const std::string text = "# parity golden manifest v1\n\n" + kHash2 + "  12  b/z.h5\n" + kHash1 +
                           "  0  a.h5\r\n# comment\n";
  Manifest m = Manifest::parse(text);
  REQUIRE(m.entries().size() == 2);
  CHECK(m.entries()[0] == ManifestEntry{"a.h5", kHash1, 0});
  CHECK(m.entries()[1] == ManifestEntry{"b/z.h5", kHash2, 12});
  const std::string canonical = m.serialize();
  CHECK(canonical.starts_with(std::string(Manifest::kHeader) + "\n"));
  CHECK_THAT(canonical, ContainsSubstring(kHash1 + "  0  a.h5\n" + kHash2 + "  12  b/z.h5\n"));
  CHECK(Manifest::parse(canonical).entries() == m.entries());
  CHECK(Manifest::parse("").entries().empty());
  CHECK(Manifest::parse(Manifest().serialize()).entries().empty());
}

TEST_CASE("malformed manifest lines are named with their line number", "[manifest]") {
  expect_config_error("# x\n" + kHash1 + " 1 a.h5\n", "golden/MANIFEST:2: expected");
  expect_config_error(kHash1.substr(1) + "  1  a.h5\n", "is not a SHA-256");
  expect_config_error(std::string(64, 'A') + "  1  a.h5\n", "is not a SHA-256");
  expect_config_error(kHash1 + "  -1  a.h5\n", "is not a byte count");
  expect_config_error(kHash1 + "  01  a.h5\n", "is not a byte count");
  expect_config_error(kHash1 + "  1x  a.h5\n", "is not a byte count");
  expect_config_error(kHash1 + "  99999999999999999999999  a.h5\n", "is not a byte count");
  expect_config_error(kHash1 + "  1  /abs.h5\n", "absolute");
  expect_config_error(kHash1 + "  1  a/../b.h5\n", "'..'");
  expect_config_error(kHash1 + "  1  a//b.h5\n", "empty segment");
  expect_config_error(kHash1 + "  1  a b.h5\n", "whitespace");
  expect_config_error(kHash1 + "  1  a\\b.h5\n", "whitespace");
  expect_config_error(kHash1 + "  1  a.h5\n" + kHash2 + "  2  a.h5\n",
                      "golden/MANIFEST:2: \"a.h5\" is listed twice");
}

TEST_CASE("entries can be added, replaced, found and removed", "[manifest]") {
  Manifest m;
  m.upsert({"s/b.h5", kHash1, 1});
  m.upsert({"s/a.h5", kHash1, 2});
  m.upsert({"s/b.h5", kHash2, 3});
  REQUIRE(m.entries().size() == 2);
  CHECK(m.entries()[0].path == "s/a.h5");
  CHECK(m.find("s/b.h5")->sha256 == kHash2);
  CHECK(m.find("s/c.h5") == nullptr);
  CHECK(m.erase("s/a.h5"));
  CHECK_FALSE(m.erase("s/a.h5"));
  CHECK_THROWS_AS(m.upsert({"../x.h5", kHash1, 1}), UsageError);
  CHECK_THROWS_AS(m.upsert({"x.h5", "abc", 1}), UsageError);
}

TEST_CASE("save is atomic and load reads it back", "[manifest]") {
  ScratchDir dir;
  Manifest m;
  m.upsert({"a.h5", kHash1, 5});
  m.save(dir / "MANIFEST");
  m.upsert({"b.h5", kHash2, 6});
  m.save(dir / "MANIFEST");  // replaces
  CHECK(Manifest::load(dir / "MANIFEST").entries() == m.entries());
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++files;
  CHECK(files == 1);  // no temporary left behind
  CHECK_THROWS_WITH(Manifest::load(dir / "nope"), ContainsSubstring("nope"));
}

TEST_CASE("files are verified against their entry, size first", "[manifest]") {
  ScratchDir dir;
  testing::write_bytes(dir / "f.h5", {'a', 'b', 'c'});
  ManifestEntry e = manifest_entry_for(dir.path(), "f.h5");
  CHECK(e.size == 3);
  CHECK(e.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK_NOTHROW(verify_against_manifest(dir / "f.h5", e));
  testing::write_bytes(dir / "f.h5", {'a', 'b', 'd'});
  CHECK_THROWS_WITH(verify_against_manifest(dir / "f.h5", e),
                    ContainsSubstring("does not match MANIFEST"));
  testing::write_bytes(dir / "f.h5", {'a', 'b'});
  CHECK_THROWS_WITH(verify_against_manifest(dir / "f.h5", e),
                    ContainsSubstring("has 2 bytes but MANIFEST lists 3"));
}

TEST_CASE("the tree check finds every kind of disagreement", "[manifest]") {
  ScratchDir dir;
  const auto root = dir.path();
  std::filesystem::create_directories(root / "s/sub");
  auto put = [&](const std::string& rel, std::vector<char> bytes) {
    testing::write_bytes(root / rel, bytes);
  };
  put("s/a.h5", {'1'});
  put("s/sub/b.h5", {'2', '2'});
  put("README.md", {'r'});       // not a golden: ignored
  put(".gitattributes", {'g'});  // dotfiles: ignored
  Manifest m;
  m.upsert(manifest_entry_for(root, "s/a.h5"));
  m.upsert(manifest_entry_for(root, "s/sub/b.h5"));
  m.save(root / "MANIFEST");
  TreeCheck ok = verify_tree(root);
  CHECK(ok.ok());
  CHECK(ok.files_checked == 2);

  put("s/sub/b.h5", {'2', '3'});                 // changed content, same size
  put("s/new.h5", {'n'});                        // not listed
  put("s/a.h5.tmp.77.0123456789abcdef", {'t'});  // interrupted writer
  m.upsert({"s/gone.h5", kHash1, 1});            // listed, absent
  m.save(root / "MANIFEST");
  std::filesystem::create_symlink(root / "s/a.h5", root / "s/link.h5");
  TreeCheck bad = verify_tree(root);
  using K = ManifestProblem::Kind;
  auto has = [&](K kind, const std::string& path) {
    for (const auto& p : bad.problems)
      if (p.kind == kind && p.path == path) return true;
    return false;
  };
  CHECK(has(K::kHashMismatch, "s/sub/b.h5"));
  CHECK(has(K::kNotInManifest, "s/new.h5"));
  CHECK(has(K::kStrayTemporary, "s/a.h5.tmp.77.0123456789abcdef"));
  CHECK(has(K::kMissingFile, "s/gone.h5"));
  CHECK(has(K::kNotARegularFile, "s/link.h5"));
  CHECK(bad.problems.size() == 5);

  put("s/a.h5", {'1', '1'});
  CHECK(verify_tree(root).problems.size() == 6);  // + size mismatch
  std::filesystem::remove(root / "MANIFEST");
  TreeCheck none = verify_tree(root);
  // Without a manifest nothing is "listed" or "missing"; the leftover and the link still count.
  REQUIRE(none.problems.size() == 3);
  CHECK(none.problems[0].kind == K::kNoManifest);
  CHECK_THAT(none.problems[0].message, ContainsSubstring("MANIFEST' is missing"));
}
