// open_regular_file/read_regular_file: only regular files get read; FIFOs (which would block),
// devices (which never end), folders and (unless asked) symbolic links are refused before a byte
// is read, and a size limit holds. Oracle: what the files are (mkfifo, symlink, /dev/zero).
#include "parity/regular_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "golden_test_support.hpp"
#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

TEST_CASE("only regular files are opened", "[regular_file]") {
  ScratchDir dir;
  testing::write_bytes(dir / "f.txt", {'a', 'b', 'c'});
  CHECK(read_regular_file(dir / "f.txt") == "abc");
  REQUIRE(::mkfifo((dir / "fifo").c_str(), 0600) == 0);
  std::filesystem::create_symlink(dir / "f.txt", dir / "link");
  CHECK_THROWS_WITH(read_regular_file(dir / "fifo"), ContainsSubstring("is a FIFO"));
  CHECK_THROWS_WITH(read_regular_file("/dev/zero"), ContainsSubstring("a character device"));
  CHECK_THROWS_WITH(read_regular_file(dir.path()), ContainsSubstring("a folder"));
  CHECK_THROWS_WITH(read_regular_file(dir / "link"), ContainsSubstring("is a symbolic link"));
  CHECK_THROWS_WITH(read_regular_file(dir / "missing"), ContainsSubstring("No such file"));
  CHECK_THROWS_WITH(read_regular_file(""), ContainsSubstring("empty"));
  RegularFileOptions follow;
  follow.follow_link = true;
  CHECK(read_regular_file(dir / "link", follow) == "abc");
  RegularFileOptions small;
  small.max_bytes = 2;
  small.what = "run summary";
  CHECK_THROWS_WITH(read_regular_file(dir / "f.txt", small),
                    ContainsSubstring("run summary") && ContainsSubstring("at most 2 bytes"));
  CHECK_THROWS_AS(read_regular_file(dir / "fifo"), FileError);
}
