// Folder: names resolve one component at a time without following links, so a link planted in a
// folder parity writes in can neither redirect a write or a removal nor be removed itself; every
// temporary file is exclusive and unique, and publishing is atomic. Oracle: the file system (the
// link targets stay untouched, byte for byte).
#include "parity/folder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "golden_test_support.hpp"
#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

TEST_CASE("links inside a folder are never followed", "[folder]") {
  ScratchDir dir, outside;
  testing::write_bytes(outside / "victim", {'v'});
  std::filesystem::create_directories(outside / "sub");
  std::filesystem::create_directories(dir / "real/deeper");
  std::filesystem::create_symlink(outside.path() / "sub", dir / "linked");
  std::filesystem::create_symlink(outside / "victim", dir / "real/file.h5");
  const Folder root = Folder::open(dir.path());

  CHECK(root.sub("real/deeper").path() == dir / "real/deeper");
  CHECK_THROWS_WITH(root.sub("linked"), ContainsSubstring("is a symbolic link"));
  CHECK_THROWS_WITH(root.sub("linked/x", /*create=*/true), ContainsSubstring("symbolic link"));
  CHECK_FALSE(std::filesystem::exists(outside / "sub/x"));
  CHECK_FALSE(root.find("absent/x"));
  CHECK_THROWS_AS(root.sub("../x"), UsageError);

  const Folder real = root.sub("real");
  CHECK(real.stat("file.h5")->is_link());
  CHECK_THROWS_WITH(real.open_file("file.h5"), ContainsSubstring("symbolic link"));
  CHECK_THROWS_WITH(real.remove_file("file.h5"), ContainsSubstring("never removes links"));
  CHECK_THROWS_WITH(real.write_atomically("file.h5", "new"), ContainsSubstring("a symbolic link"));
  CHECK(std::filesystem::is_symlink(dir / "real/file.h5"));
  CHECK(testing::read_bytes(outside / "victim") == std::vector<char>{'v'});
}

TEST_CASE("temporary files are exclusive, unique and leave nothing unpublished", "[folder]") {
  ScratchDir dir;
  const Folder root = Folder::open(dir.path());
  std::string name;
  {
    TemporaryFile a = root.create_temporary("g.h5", /*named=*/true);
    TemporaryFile b = root.create_temporary("g.h5", /*named=*/true);
    CHECK(a.name() != b.name());
    CHECK(is_temporary_name(a.name()));
    CHECK_THAT(a.name(), ContainsSubstring("g.h5.tmp." + std::to_string(::getpid()) + "."));
    name = a.name();
    CHECK(root.stat(name));
  }
  CHECK_FALSE(root.stat(name));  // dropped without publishing: removed
  {
    TemporaryFile t = root.create_temporary("page.html");
    t.write("one");
    t.sync();
    CHECK(t.publish("page.html", /*overwrite=*/false));
  }
  {
    TemporaryFile t = root.create_temporary("page.html");
    t.write("two");
    CHECK_FALSE(t.publish("page.html", /*overwrite=*/false));  // never replaces unless asked
  }
  root.write_atomically("page.html", "three");
  CHECK(root.read_file("page.html", 100) == "three");
  std::size_t entries = 0;
  for (const auto& e : root.list()) entries += !is_temporary_name(e.name);
  CHECK(entries == root.list().size());  // no leftovers
  CHECK(entries == 1);
  CHECK_FALSE(is_temporary_name("g.h5"));
  CHECK_FALSE(is_temporary_name("g.h5.tmp.approve"));
  CHECK(is_temporary_name(".parity-journal.tmp.12.0123456789abcdef"));
}

TEST_CASE("only regular files are replaced or removed", "[folder]") {
  ScratchDir dir;
  std::filesystem::create_directories(dir / "d");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  const Folder root = Folder::open(dir.path());
  CHECK_THROWS_WITH(root.write_atomically("d", "x"), ContainsSubstring("a folder"));
  CHECK_THROWS_WITH(root.write_atomically("fifo", "x"), ContainsSubstring("a FIFO"));
  CHECK_THROWS_WITH(root.open_file("fifo"), ContainsSubstring("not a regular file"));
  CHECK_THROWS_WITH(root.remove_file("fifo"), ContainsSubstring("not a regular file"));
  CHECK_FALSE(root.remove_file("absent"));
  CHECK_THROWS_WITH(Folder::open(dir / "fifo"), ContainsSubstring("not a folder"));
  CHECK_THROWS_WITH(Folder::open(dir / "none"), ContainsSubstring("does not exist"));
}
