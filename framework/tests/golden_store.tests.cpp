// GoldenStore/GoldenTransaction: approve and prune as transactions under a lock, with a journal
// as the commit point. Oracle: the bytes and manifest entries each state must hold (the old set
// or the new set, never a mix), checked after kills at many moments, racing writers, and
// journals written by hand for every state recover() must finish.
#include "parity/golden_store.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <chrono>
#include <thread>

#include "golden_test_support.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

namespace {

// A staged file: its bytes and the entry that names them.
struct Staged {
  std::filesystem::path file;
  ManifestEntry entry;
};

Staged stage(const ScratchDir& dir, const std::string& relative, char fill, std::size_t n) {
  const auto file = dir / ("staged-" + std::to_string(fill));
  testing::write_bytes(file, std::vector<char>(n, fill));
  const FileDigest d = sha256_file(file);
  return {file, {relative, d.sha256, d.size}};
}

void approve(const GoldenStore& store, const std::vector<Staged>& files) {
  const FolderLock held = store.lock(std::chrono::seconds(10));
  GoldenTransaction tx(store, held);
  for (const Staged& s : files) {
    FileDescriptor fd = open_regular_file(s.file);
    tx.put(s.entry, fd.get());
  }
  tx.commit();
}

bool holds(const std::filesystem::path& root, const ManifestEntry& e) {
  const Manifest m = Manifest::load(root / "MANIFEST");
  const ManifestEntry* listed = m.find(e.path);
  if (!listed || !(*listed == e)) return false;
  return sha256_file(root / e.path).sha256 == e.sha256;
}

}  // namespace

TEST_CASE("a transaction changes files and MANIFEST together, or nothing", "[golden_store]") {
  ScratchDir dir;
  const auto root = dir / "golden";
  const GoldenStore store = GoldenStore::open(root, /*create=*/true);
  const Staged a = stage(dir, "s/a.h5", 'a', 1000), b = stage(dir, "s/deep/b.h5", 'b', 10);
  approve(store, {a, b});
  CHECK(holds(root, a.entry));
  CHECK(holds(root, b.entry));
  CHECK(verify_tree(root).ok());

  {  // Not committed: the temporary files go, nothing else changes.
    const FolderLock held = store.lock(std::chrono::seconds(1));
    GoldenTransaction tx(store, held);
    const Staged c = stage(dir, "s/c.h5", 'c', 5);
    FileDescriptor fd = open_regular_file(c.file);
    tx.put(c.entry, fd.get());
    tx.remove("s/a.h5");
  }
  CHECK(holds(root, a.entry));
  CHECK_FALSE(std::filesystem::exists(root / "s/c.h5"));
  CHECK(verify_tree(root).ok());

  {  // Bytes that are not the validated ones are refused.
    const FolderLock held = store.lock(std::chrono::seconds(1));
    GoldenTransaction tx(store, held);
    Staged c = stage(dir, "s/c.h5", 'c', 5);
    c.entry.sha256 = std::string(64, '0');
    FileDescriptor fd = open_regular_file(c.file);
    CHECK_THROWS_WITH(tx.put(c.entry, fd.get()), ContainsSubstring("changed while it was"));
  }
  CHECK(verify_tree(root).ok());

  {  // Removal: entry and file, and the folders it empties.
    const FolderLock held = store.lock(std::chrono::seconds(1));
    GoldenTransaction tx(store, held);
    tx.remove("s/deep/b.h5");
    tx.commit();
  }
  CHECK_FALSE(std::filesystem::exists(root / "s/deep"));
  CHECK(Manifest::load(root / "MANIFEST").find("s/deep/b.h5") == nullptr);
  CHECK(verify_tree(root).ok());
}

TEST_CASE("a second writer waits for the lock, a bounded time", "[golden_store]") {
  ScratchDir dir;
  const GoldenStore store = GoldenStore::open(dir / "golden", /*create=*/true);
  int ready[2];
  REQUIRE(pipe(ready) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    const FolderLock held = store.lock(std::chrono::seconds(1));
    (void)!write(ready[1], "x", 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    _exit(0);
  }
  char c;
  REQUIRE(read(ready[0], &c, 1) == 1);
  CHECK_THROWS_WITH(store.lock(std::chrono::milliseconds(100)),
                    ContainsSubstring("is locked by another parity golden approve"));
  CHECK_NOTHROW(store.lock(std::chrono::seconds(5)));  // the holder ends: the lock is free
  waitpid(child, nullptr, 0);
}

TEST_CASE("concurrent transactions lose nothing", "[golden_store]") {
  ScratchDir dir;
  const auto root = dir / "golden";
  const GoldenStore store = GoldenStore::open(root, /*create=*/true);
  std::vector<Staged> staged;
  for (int i = 0; i < 6; ++i)
    staged.push_back(stage(dir, "s/c" + std::to_string(i) + ".h5", static_cast<char>('a' + i),
                           static_cast<std::size_t>(1000 + i)));
  std::vector<pid_t> children;
  for (const Staged& s : staged) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        approve(GoldenStore::open(root), {s});
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  }
  for (const Staged& s : staged) CHECK(holds(root, s.entry));
  CHECK(verify_tree(root).ok());
}

TEST_CASE("a kill at any moment, then recover: the old state or the new one", "[golden_store]") {
  ScratchDir dir;
  const auto root = dir / "golden";
  const GoldenStore store = GoldenStore::open(root, /*create=*/true);
  const Staged old_a = stage(dir, "s/a.h5", 'o', 1 << 20);
  approve(store, {old_a});
  const Staged new_a = stage(dir, "s/a.h5", 'n', 1 << 20), new_b = stage(dir, "t/b.h5", 'b', 4096);
  int saw_old = 0, saw_new = 0;
  for (int delay_us : {0, 100, 300, 600, 1000, 2000, 3500, 5000, 8000, 12000, 20000, 40000}) {
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        approve(GoldenStore::open(root), {new_a, new_b});
      } catch (...) {
        _exit(3);
      }
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    store.recover(store.lock(std::chrono::seconds(5)));
    INFO("killed after " << delay_us << " us");
    CHECK(verify_tree(root).ok());
    const bool is_old = holds(root, old_a.entry) && !std::filesystem::exists(root / "t/b.h5");
    const bool is_new = holds(root, new_a.entry) && holds(root, new_b.entry);
    CHECK((is_old || is_new));
    saw_old += is_old;
    saw_new += is_new;
    if (is_new) approve(store, {old_a});  // back to the old state for the next round
    if (is_new) {
      const FolderLock held = store.lock(std::chrono::seconds(5));
      GoldenTransaction tx(store, held);
      tx.remove("t/b.h5");
      tx.commit();
    }
  }
  INFO("old " << saw_old << " new " << saw_new);
  CHECK(saw_old + saw_new == 12);
}

TEST_CASE("recover finishes a committed journal and refuses a forged one", "[golden_store]") {
  ScratchDir dir;
  const auto root = dir / "golden";
  const GoldenStore store = GoldenStore::open(root, /*create=*/true);
  std::filesystem::create_directories(root / "s");
  // The state after the commit point, before any rename: temporaries and the journal.
  const std::string bytes(100, 'x');
  testing::write_bytes(root / "s/a.h5.tmp.1.0123456789abcdef", {bytes.begin(), bytes.end()});
  Manifest m;
  const ManifestEntry e{"s/a.h5", sha256_hex(std::as_bytes(std::span(bytes.data(), bytes.size()))),
                        bytes.size()};
  m.upsert(e);
  const std::string text = m.serialize();
  testing::write_bytes(root / "MANIFEST.tmp.1.00000000000000aa", {text.begin(), text.end()});
  const std::string journal = "# parity golden journal v1\nput  " + e.sha256 +
                              "  100  s/a.h5  s/a.h5.tmp.1.0123456789abcdef\n" + "manifest  " +
                              sha256_hex(std::as_bytes(std::span(text.data(), text.size()))) +
                              "  " + std::to_string(text.size()) +
                              "  MANIFEST  MANIFEST.tmp.1.00000000000000aa\n";
  testing::write_bytes(root / ".parity-journal", {journal.begin(), journal.end()});
  testing::write_bytes(root / "s/stray.h5.tmp.2.00000000000000bb", {'s'});
  CHECK(store.interrupted());
  const TreeCheck before = verify_tree(root);
  CHECK_FALSE(before.ok());
  const RecoveryReport r = store.recover(store.lock(std::chrono::seconds(1)));
  CHECK(r.journal);
  CHECK(r.renamed == 2);
  CHECK(r.temporaries == 1);
  CHECK(holds(root, e));
  CHECK(verify_tree(root).ok());
  // Idempotent: a second run has nothing to do.
  const RecoveryReport again = store.recover(store.lock(std::chrono::seconds(1)));
  CHECK_FALSE(again.journal);
  CHECK(again.temporaries == 0);

  // A journal that would rename an arbitrary file is refused, and nothing moves.
  testing::write_bytes(root / "victim.h5", {'v'});
  const std::string forged =
      "# parity golden journal v1\nput  " + e.sha256 + "  1  s/a.h5  victim.h5\n";
  testing::write_bytes(root / ".parity-journal", {forged.begin(), forged.end()});
  CHECK_THROWS_WITH(store.recover(store.lock(std::chrono::seconds(1))),
                    ContainsSubstring("is not one of s/a.h5"));
  CHECK(std::filesystem::exists(root / "victim.h5"));
  CHECK(holds(root, e));
}

TEST_CASE("golden_files never goes through a link", "[golden_store]") {
  ScratchDir dir, outside;
  testing::write_bytes(outside / "x.h5", {'x'});
  std::filesystem::create_directories(dir / "s");
  testing::write_bytes(dir / "s/a.h5", {'a'});
  testing::write_bytes(dir / "s/a.h5.tmp.3.0123456789abcdef", {'t'});
  const Folder root = Folder::open(dir.path());
  CHECK(golden_files(root) == std::vector<std::string>{"s/a.h5"});
  CHECK(golden_files(root, "none").empty());
  std::filesystem::create_symlink(outside.path(), dir / "s/linked");
  CHECK_THROWS_WITH(golden_files(root), ContainsSubstring("is a symbolic link"));
  CHECK(remove_temporaries(root, "s") == std::vector<std::string>{"s/a.h5.tmp.3.0123456789abcdef"});
}
