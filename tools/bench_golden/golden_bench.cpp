// Golden store speed against its raw peers, measured in one run so the ratios hold on a noisy
// machine (see docs/performance.md). Usage: parity_golden_bench WORKDIR PARITY_CLI [MIB]
// Writes two 1 GiB float32 goldens (by default) to WORKDIR, measures, deletes them, and prints a
// JSON object as its last line.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "parity/golden.hpp"

namespace fs = std::filesystem;
using namespace parity;
using Clock = std::chrono::steady_clock;

namespace {

struct AlignedFree {
  void operator()(std::byte* p) const { std::free(p); }
};
using Buffer = std::unique_ptr<std::byte, AlignedFree>;

// Page-aligned and touched, so neither side pays page faults or 4K-aliasing penalties.
Buffer page_buffer(std::size_t bytes) {
  Buffer b(static_cast<std::byte*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096)));
  std::memset(b.get(), 1, bytes);
  return b;
}

double seconds_of(const std::function<void()>& f) {
  const auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double best_of(int n, const std::function<void()>& f) {
  double best = 1e30;
  for (int i = 0; i < n; ++i) best = std::min(best, seconds_of(f));
  return best;
}

// Reads a whole file into `into` (capacity bytes), 4 MiB per read(2).
void read_file(const fs::path& p, std::byte* into, std::size_t capacity) {
  const std::size_t block = std::size_t{4} << 20;
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + p.string());
  std::size_t off = 0;
  for (;;) {
    ssize_t got = ::read(fd, into + off, std::min(block, capacity - off));
    if (got <= 0) break;
    off += static_cast<std::size_t>(got);
  }
  ::close(fd);
}

// Reads a whole file through one reused buffer of `block` bytes: the cheapest way to merely
// read it (the buffer stays in the CPU cache), the strictest baseline for a streaming reader.
void stream_file(const fs::path& p, std::byte* buffer, std::size_t block) {
  int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) throw std::runtime_error("cannot open " + p.string());
  while (::read(fd, buffer, block) > 0) {
  }
  ::close(fd);
}

void write_file(const fs::path& p, const std::byte* data, std::size_t bytes) {
  int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::size_t off = 0;
  while (off < bytes) {
    ssize_t put =
        ::write(fd, data + off, std::min<std::size_t>(bytes - off, std::size_t{64} << 20));
    if (put <= 0) throw std::runtime_error("write failed");
    off += static_cast<std::size_t>(put);
  }
  ::fsync(fd);
  ::close(fd);
}

struct ChildRun {
  double seconds = 0;
  long peak_rss_kb = 0;
  int exit_code = -1;
};

ChildRun run_child(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ChildRun r;
  std::fflush(stdout);
  const auto start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    int devnull = ::open("/dev/null", O_WRONLY);
    dup2(devnull, 1);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  r.peak_rss_kb = usage.ru_maxrss;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s WORKDIR PARITY_CLI [MIB]\n", argv[0]);
    return 2;
  }
  const fs::path work = argv[1];
  const std::string cli = argv[2];
  const std::size_t mib = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1024;
  const std::size_t bytes = mib << 20;
  const auto n = static_cast<std::int64_t>(bytes / 4);
  fs::create_directories(work);
  const fs::path a = work / "bench_a.h5", b = work / "bench_b.h5", raw = work / "bench_raw.bin";

  // A cheap, non-constant float32 pattern (the RNG would dominate the setup time).
  // Room for the whole file (data + HDF5 metadata) in the raw reads.
  const std::size_t capacity = bytes + (std::size_t{16} << 20);
  Buffer data = page_buffer(capacity);
  auto* f = reinterpret_cast<float*>(data.get());
  for (std::int64_t i = 0; i < n; ++i) f[i] = static_cast<float>(i % 100003) * 0.001f - 50.0f;
  const TensorView view(DType::kFloat32, {n / 1024, 1024}, data.get());

  nlohmann::json out;
  out["mib"] = mib;
  std::printf("golden bench: %zu MiB float32 in %s\n", mib, work.c_str());

  const double raw_write = seconds_of([&] { write_file(raw, data.get(), bytes); });
  fs::remove(raw);
  GoldenWriteOptions overwrite;
  overwrite.overwrite = true;
  const double golden_write = seconds_of([&] {
    GoldenWriter w(a, Provenance::for_this_host(), overwrite);
    w.add_output("y", view, R"({"max_ulp":0})");
    w.commit();
  });
  {
    // B: the same values except a handful, so the diff finds something.
    for (std::int64_t i = 0; i < n; i += 1 << 20) f[i] = std::nextafter(f[i], 1e9f);
    GoldenWriter w(b, Provenance::for_this_host(), overwrite);
    w.add_output("y", view, R"({"max_ulp":0})");
    w.commit();
  }
  const double file_bytes = static_cast<double>(fs::file_size(a));
  std::printf("  write: raw write+fsync %.3f s, golden %.3f s (%.2fx)\n", raw_write, golden_write,
              golden_write / raw_write);

  // Warm the page cache, then alternate the contenders.
  read_file(a, data.get(), capacity);
  read_file(b, data.get(), capacity);
  const double raw_read = best_of(3, [&] { read_file(a, data.get(), capacity); });
  const double load_verify = best_of(3, [&] {
    GoldenReader r = GoldenReader::open(a);
    r.read_into("y", std::span(data.get(), bytes));
  });
  GoldenOpenOptions no_verify;
  no_verify.verify_checksums = false;
  const double load_only = best_of(
      3, [&] { GoldenReader::open(a, no_verify).read_into("y", std::span(data.get(), bytes)); });
  std::printf(
      "  read: raw %.3f s, load+verify %.3f s (%.0f%% of raw), load without verify %.3f s\n",
      raw_read, load_verify, 100 * raw_read / load_verify, load_only);

  const double raw_read_both = best_of(3, [&] {
    read_file(a, data.get(), capacity);
    read_file(b, data.get(), capacity);
  });
  // The stricter baseline for the streaming diff: both files through one 2 MiB buffer, the
  // size of parity diff's chunks.
  const double raw_stream_both = best_of(3, [&] {
    stream_file(a, data.get(), std::size_t{2} << 20);
    stream_file(b, data.get(), std::size_t{2} << 20);
  });
  data.reset();  // the diff runs in a child; keep this process small meanwhile
  ChildRun diff;
  for (int i = 0; i < 5; ++i) {
    ChildRun r = run_child({cli, "diff", "-q", a.string(), b.string()});
    if (i == 0 || r.seconds < diff.seconds) diff = r;
  }
  std::printf(
      "  diff: raw read of both %.3f s (through one 2 MiB buffer %.3f s), parity diff %.3f s "
      "(%.0f%% of raw, %.0f%% of the 2 MiB stream), exit %d, peak RSS %.1f MiB\n",
      raw_read_both, raw_stream_both, diff.seconds, 100 * raw_read_both / diff.seconds,
      100 * raw_stream_both / diff.seconds, diff.exit_code,
      static_cast<double>(diff.peak_rss_kb) / 1024.0);
  ChildRun h5diff = run_child({"h5diff", "-r", "-p", "1e-6", a.string(), b.string()});
  std::printf("  h5diff -r -p 1e-6: %.3f s, exit %d, peak RSS %.1f MiB\n", h5diff.seconds,
              h5diff.exit_code, static_cast<double>(h5diff.peak_rss_kb) / 1024.0);
  fs::remove(a);
  fs::remove(b);

  const double gb = static_cast<double>(bytes) / 1e9;
  out["load_verify_gbps"] = gb / load_verify;
  out["load_no_verify_gbps"] = gb / load_only;
  out["raw_read_gbps"] = (file_bytes / 1e9) / raw_read;
  out["load_verify_vs_raw"] = raw_read / load_verify;
  out["write_gbps"] = gb / golden_write;
  out["raw_write_gbps"] = gb / raw_write;
  out["write_vs_raw_time"] = golden_write / raw_write;
  out["diff_gbps"] = 2 * gb / diff.seconds;
  out["diff_raw_read_gbps"] = 2 * (file_bytes / 1e9) / raw_read_both;
  out["diff_vs_raw"] = raw_read_both / diff.seconds;
  out["diff_raw_stream_gbps"] = 2 * (file_bytes / 1e9) / raw_stream_both;
  out["diff_vs_raw_stream"] = raw_stream_both / diff.seconds;
  out["diff_exit_code"] = diff.exit_code;
  out["diff_peak_rss_mb"] = static_cast<double>(diff.peak_rss_kb) / 1024.0;
  out["h5diff_gbps"] = 2 * gb / h5diff.seconds;
  out["h5diff_exit_code"] = h5diff.exit_code;
  std::printf("%s\n", out.dump().c_str());
  return 0;
}
