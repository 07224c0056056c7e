// GoldenWriter: atomic publication, refusal to overwrite, misuse, full disks, kills at any moment
// and racing writers (the last three in forked children). Oracle: the data each writer was given.
#include "parity/golden_writer.hpp"

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <chrono>
#include <thread>

#include "golden_test_support.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

namespace {

void write_golden(const std::filesystem::path& target, const Tensor& y, bool overwrite,
                  std::size_t chunk_bytes = std::size_t{1} << 20) {
  GoldenWriteOptions o;
  o.overwrite = overwrite;
  o.chunk_bytes = chunk_bytes;
  GoldenWriter w(target, testing::test_provenance(), o);
  w.add_output("y", y);
  w.commit();
}

std::vector<std::string> leftovers(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().find(".tmp.") != std::string::npos)
      names.push_back(e.path().filename().string());
  return names;
}

// Runs `body` in a forked child; returns its exit status (or 128 + signal).
template <class F>
int in_child(F&& body) {
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int rc = 0;
    try {
      rc = body();
    } catch (const GoldenError&) {
      rc = 3;
    } catch (...) {
      rc = 4;
    }
    _exit(rc);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

TEST_CASE("an existing golden is never replaced unless asked", "[golden][writer]") {
  ScratchDir dir;
  Tensor a = testing::sample(DType::kFloat32, {10}, 1);
  Tensor b = testing::sample(DType::kFloat32, {10}, 2);
  write_golden(dir / "g.h5", a, false);
  try {
    write_golden(dir / "g.h5", b, false);
    FAIL("replaced an existing golden");
  } catch (const GoldenError& e) {
    CHECK_THAT(e.what(), ContainsSubstring("g.h5") && ContainsSubstring("already exists"));
  }
  CHECK(testing::same_bytes(GoldenReader::open(dir / "g.h5").read("y"), a));
  write_golden(dir / "g.h5", b, true);
  CHECK(testing::same_bytes(GoldenReader::open(dir / "g.h5").read("y"), b));
  CHECK(leftovers(dir.path()).empty());
}

TEST_CASE("the target appears only at commit; abandoning leaves nothing", "[golden][writer]") {
  ScratchDir dir;
  std::filesystem::path tmp;
  {
    GoldenWriter w(dir / "sub/dir/g.h5", testing::test_provenance());
    tmp = w.temporary_path();
    CHECK(tmp.parent_path() == dir / "sub/dir");  // same folder: rename is atomic
    CHECK_THAT(tmp.filename().string(),
               ContainsSubstring("g.h5.tmp." + std::to_string(getpid()) + "."));
    CHECK(std::filesystem::exists(tmp));
    CHECK_FALSE(std::filesystem::exists(dir / "sub/dir/g.h5"));
    w.add_output("y", testing::sample(DType::kFloat32, {4}));
  }  // no commit
  CHECK_FALSE(std::filesystem::exists(tmp));
  CHECK_FALSE(std::filesystem::exists(dir / "sub/dir/g.h5"));
}

TEST_CASE("unwritable target folders fail with the folder's name and errno", "[golden][writer]") {
  ScratchDir dir;
  testing::write_bytes(dir / "file", {'x'});
  try {
    GoldenWriter w(dir / "file/g.h5", testing::test_provenance());
    FAIL("wrote under a regular file");
  } catch (const GoldenError& e) {
    CHECK_THAT(e.what(), ContainsSubstring("file"));
  }
  GoldenWriteOptions no_mkdir;
  no_mkdir.create_directories = false;
  try {
    GoldenWriter w(dir / "absent/g.h5", testing::test_provenance(), no_mkdir);
    FAIL("wrote into a missing folder");
  } catch (const GoldenError& e) {
    CHECK_THAT(e.what(), ContainsSubstring("absent") && ContainsSubstring("does not exist"));
  }
  if (geteuid() != 0) {  // root ignores permission bits
    std::filesystem::create_directories(dir / "ro");
    chmod((dir / "ro").c_str(), 0500);
    CHECK_THROWS_WITH(GoldenWriter(dir / "ro/g.h5", testing::test_provenance()),
                      ContainsSubstring("Permission denied"));
    chmod((dir / "ro").c_str(), 0700);
  }
}

TEST_CASE("misuse is a UsageError and never publishes a file", "[golden][writer]") {
  ScratchDir dir;
  Tensor t = testing::sample(DType::kFloat32, {8});
  SECTION("bad names, duplicates, bool bytes, JSON") {
    GoldenWriter w(dir / "g.h5", testing::test_provenance());
    CHECK_THROWS_AS(w.add_input("a/b", t), UsageError);
    CHECK_THROWS_AS(w.add_input("", t), UsageError);
    CHECK_THROWS_AS(w.add_input(".hidden", t), UsageError);
    w.add_input("x", t);
    CHECK_THROWS_AS(w.add_input("x", t), UsageError);
    w.add_output("x", t);  // the same name as an output is fine
    Tensor b(DType::kBool, {3});
    b.data()[1] = std::byte{2};
    CHECK_THROWS_AS(w.add_output("b", b), UsageError);
    CHECK_THROWS_AS(w.add_output("p", t, "{not json"), UsageError);
    w.commit();
    CHECK_THROWS_AS(w.add_input("late", t), UsageError);
    GoldenReader r = GoldenReader::open(dir / "g.h5");
    CHECK(r.datasets().size() == 2);
  }
  SECTION("an unfinished sink poisons the writer") {
    {
      GoldenWriter w(dir / "g.h5", testing::test_provenance());
      {
        TensorSink s = w.begin_output("y", DType::kFloat32, {8});
        CHECK_THROWS_AS(w.add_input("x", t), UsageError);  // one tensor at a time
        s.write(t.bytes().first(8));
      }
      CHECK_THROWS_AS(w.commit(), GoldenError);
    }
    CHECK_FALSE(std::filesystem::exists(dir / "g.h5"));
    CHECK(leftovers(dir.path()).empty());
  }
  SECTION("too many or too few bytes") {
    GoldenWriter w(dir / "g.h5", testing::test_provenance());
    TensorSink s = w.begin_output("y", DType::kFloat32, {8});
    s.write(t.bytes().first(16));
    CHECK_THROWS_AS(s.finish(), UsageError);
    CHECK_THROWS_AS(w.commit(), GoldenError);
    CHECK_FALSE(std::filesystem::exists(dir / "g.h5"));
  }
  SECTION("bad provenance JSON") {
    Provenance p = testing::test_provenance();
    p.params = "{";
    CHECK_THROWS_AS(GoldenWriter(dir / "g.h5", p), UsageError);
    CHECK(leftovers(dir.path()).empty());
  }
}

TEST_CASE("a full disk fails the write and keeps the old golden", "[golden][writer]") {
  ScratchDir dir;
  Tensor old_data = testing::sample(DType::kFloat32, {64}, 1);
  write_golden(dir / "g.h5", old_data, false);
  // The child may write at most 256 KiB per file (RLIMIT_FSIZE); with SIGXFSZ ignored, write(2)
  // then fails with EFBIG, as it would with ENOSPC on a full disk.
  const int rc = in_child([&] {
    signal(SIGXFSZ, SIG_IGN);
    rlimit limit{256 << 10, 256 << 10};
    setrlimit(RLIMIT_FSIZE, &limit);
    write_golden(dir / "g.h5", testing::sample(DType::kFloat32, {1 << 20}, 2), true, 64 << 10);
    return 0;
  });
  CHECK(rc == 3);  // GoldenError in the child
  CHECK(testing::same_bytes(GoldenReader::open(dir / "g.h5").read("y"), old_data));
  CHECK(leftovers(dir.path()).empty());  // the writer removed its temporary file
}

TEST_CASE("a kill at any moment leaves the old golden or the new one", "[golden][writer]") {
  ScratchDir dir;
  Tensor old_data = testing::sample(DType::kFloat32, {1 << 16}, 1);
  Tensor new_data = testing::sample(DType::kFloat32, {1 << 16}, 2);
  write_golden(dir / "g.h5", old_data, false);
  int saw_old = 0, saw_new = 0;
  for (int delay_us : {0, 200, 500, 1000, 2000, 4000, 7000, 10000, 15000, 25000, 40000}) {
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        write_golden(dir / "g.h5", new_data, true, 16 << 10);
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    Tensor now = GoldenReader::open(dir / "g.h5").read("y");  // must open and verify
    const bool is_old = testing::same_bytes(now, old_data);
    const bool is_new = testing::same_bytes(now, new_data);
    CHECK((is_old || is_new));
    saw_old += is_old;
    saw_new += is_new;
    if (is_new) write_golden(dir / "g.h5", old_data, true);  // reset for the next round
    for (const auto& name : leftovers(dir.path())) std::filesystem::remove(dir / name);
  }
  INFO("old " << saw_old << " new " << saw_new);
  CHECK(saw_old + saw_new == 11);
}

TEST_CASE("two writers racing for one case: one wins, no broken file", "[golden][writer]") {
  ScratchDir dir;
  const bool overwrite = GENERATE(false, true);
  Tensor a = testing::sample(DType::kFloat32, {1 << 14}, 1);
  Tensor b = testing::sample(DType::kFloat32, {1 << 14}, 2);
  for (int round = 0; round < 4; ++round) {
    std::filesystem::remove(dir / "g.h5");
    int go[2];
    REQUIRE(pipe(go) == 0);
    pid_t pids[2];
    for (int k = 0; k < 2; ++k) {
      pids[k] = fork();
      REQUIRE(pids[k] >= 0);
      if (pids[k] == 0) {
        char c;
        close(go[1]);
        if (read(go[0], &c, 1) != 1) _exit(5);  // start together
        try {
          write_golden(dir / "g.h5", k == 0 ? a : b, overwrite);
        } catch (const GoldenError&) {
          _exit(3);
        }
        _exit(0);
      }
    }
    close(go[0]);
    CHECK(write(go[1], "gg", 2) == 2);
    close(go[1]);
    int codes[2];
    for (int k = 0; k < 2; ++k) {
      int status = 0;
      waitpid(pids[k], &status, 0);
      codes[k] = WIFEXITED(status) ? WEXITSTATUS(status) : 100;
    }
    Tensor now = GoldenReader::open(dir / "g.h5").read("y");
    const bool is_a = testing::same_bytes(now, a), is_b = testing::same_bytes(now, b);
    CHECK((is_a || is_b));
    if (overwrite) {
      CHECK(codes[0] == 0);
      CHECK(codes[1] == 0);
    } else {
      // Exactly one wins; the loser failed (GoldenError), and the file is the winner's.
      CHECK(((codes[0] == 0) != (codes[1] == 0)));
      CHECK((codes[0] == 3 || codes[1] == 3));
      CHECK((codes[0] == 0 ? is_a : is_b));
    }
    CHECK(leftovers(dir.path()).empty());
  }
}
