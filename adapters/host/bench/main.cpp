// parity-simt-bench: throughput of the host emulator (run it through tools/bench-emulator).
// Each figure is the best of several runs, so that noise from other processes is filtered out.
// The last line of output is one JSON object with every figure.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "bench_kernels.hpp"
#include "parity/simt/runtime_api.hpp"

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Other processes share this machine: besides the best wall time, keep the best CPU time (all
// threads), which contention does not inflate.
double g_cpu = 0.0;

double best_seconds(int runs, const std::function<void()>& body) {
  double best = 1e30, best_cpu = 1e30;
  for (int r = 0; r < runs; ++r) {
    const double c0 = cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    body();
    const auto t1 = std::chrono::steady_clock::now();
    best_cpu = std::min(best_cpu, cpu_seconds() - c0);
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  g_cpu = best_cpu;
  return best;
}

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "parity-simt-bench: wrong result in %s\n", what);
    std::exit(1);
  }
  const auto failure = parity::simt::take_device_failure();
  if (failure) {
    std::fprintf(stderr, "parity-simt-bench: %s failed: %s\n", what, failure.message.c_str());
    std::exit(1);
  }
}

struct Figures {
  double saxpy, block_reduce, warp_reduce, syncthreads_ns;
  double saxpy_cpu, block_reduce_cpu, warp_reduce_cpu;
};

Figures measure(int workers, int runs) {
  parity::simt::set_worker_count(workers);
  const int n = 1 << 20;
  std::vector<float> x(n), y(n), out(n), sums(n / 32);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 17) - 8.0f;
    y[i] = static_cast<float>(i % 5);
  }
  Figures f{};
  f.saxpy =
      best_seconds(runs * 4, [&] { simt_bench::saxpy(2.0f, x.data(), y.data(), out.data(), n); });
  f.saxpy_cpu = g_cpu;
  check(out[12345] == 2.0f * x[12345] + y[12345], "saxpy");
  f.block_reduce = best_seconds(runs, [&] { simt_bench::block_reduce(x.data(), sums.data(), n); });
  f.block_reduce_cpu = g_cpu;
  {
    float expect = 0.0f;
    for (int i = 256 * 7; i < 256 * 8; ++i) expect += x[i];
    check(sums[7] == expect, "block_reduce");
  }
  f.warp_reduce = best_seconds(runs, [&] { simt_bench::warp_reduce(x.data(), sums.data(), n); });
  f.warp_reduce_cpu = g_cpu;
  {
    float expect = 0.0f;
    for (int i = 64 * 9; i < 64 * 10; ++i) expect += x[i];
    check(sums[9] == expect, "warp_reduce (warp 64)");
  }
  const int threads = 1 << 18, k = 32;
  const double t0 = best_seconds(runs, [&] { simt_bench::barriers(out.data(), threads, 0); });
  const double tk = best_seconds(runs, [&] { simt_bench::barriers(out.data(), threads, k); });
  check(out[5] == 5.0f + static_cast<float>(k), "barriers");
  f.syncthreads_ns = (tk - t0) / (static_cast<double>(threads) * k) * 1e9;
  return f;
}

//! The same saxpy as a plain C++ loop: the machine's floor for this memory traffic, so that
//! figures taken on a loaded machine can be compared as ratios.
__attribute__((noinline)) void native_saxpy(float a, const float* x, const float* y, float* out,
                                            int n) {
  for (int i = 0; i < n; ++i) out[i] = a * x[i] + y[i];
}

double native_saxpy_seconds(int runs) {
  const int n = 1 << 20;
  std::vector<float> x(n, 1.0f), y(n, 2.0f), out(n);
  return best_seconds(runs * 4, [&] { native_saxpy(2.0f, x.data(), y.data(), out.data(), n); });
}

double load_average() {
  double load = -1.0;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1.0;
    std::fclose(f);
  }
  return load;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 2 && std::string(argv[1]) == "--profile-barriers") {
    // One worker, only the barrier kernel: for perf.
    parity::simt::set_worker_count(1);
    std::vector<float> out(1 << 18);
    const int repeats = std::atoi(argv[2]);
    const int block = argc > 3 ? std::atoi(argv[3]) : 256;
    const double c0 = cpu_seconds();
    for (int r = 0; r < repeats; ++r) simt_bench::barriers(out.data(), 1 << 18, 32, block);
    const double cpu = cpu_seconds() - c0;
    std::printf("%.2f ns CPU per thread and barrier\n",
                cpu / (static_cast<double>(repeats) * (1 << 18) * 32) * 1e9);
    return 0;
  }
  if (argc > 3 && std::string(argv[1]) == "--launch-latency") {
    // Wall time of a small saxpy launch (N threads) on W workers: the fixed cost of a launch.
    parity::simt::set_worker_count(std::atoi(argv[2]));
    const int n = std::atoi(argv[3]);
    std::vector<float> x(n, 1.0f), y(n, 2.0f), out(n);
    const double best =
        best_seconds(2000, [&] { simt_bench::saxpy(2.0f, x.data(), y.data(), out.data(), n); });
    std::printf("%.2f us per launch of %d threads\n", best * 1e6, n);
    return 0;
  }
  if (argc > 2 && std::string(argv[1]) == "--profile-tree") {
    // One worker, only the shared-memory tree reduction: for perf.
    parity::simt::set_worker_count(1);
    const int n = 1 << 20;
    std::vector<float> x(n, 1.0f), sums(n / 256);
    const int repeats = std::atoi(argv[2]);
    const double c0 = cpu_seconds();
    for (int r = 0; r < repeats; ++r) simt_bench::block_reduce(x.data(), sums.data(), n);
    std::printf("%.4f s CPU per 1M-thread tree reduction\n", (cpu_seconds() - c0) / repeats);
    return 0;
  }
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const double load = load_average();
  const double native = native_saxpy_seconds(runs);
  const Figures two = measure(2, runs);
  const Figures one = measure(1, runs);
  double race_off = -1.0, race_on = -1.0;
#ifdef PARITY_SIMT_BENCH_RACE
  {
    // Race mode's cost: the tree reduction built with instrumentation, checking off and on.
    parity::simt::set_worker_count(1);
    const int n = 1 << 20;
    std::vector<float> x(n, 1.0f), sums(n / 256);
    race_off = best_seconds(runs, [&] { simt_bench_race::block_reduce(x.data(), sums.data(), n); });
    parity::simt::set_race_check(true);
    race_on = best_seconds(std::max(1, runs / 2),
                           [&] { simt_bench_race::block_reduce(x.data(), sums.data(), n); });
    parity::simt::set_race_check(false);
    check(sums[3] == 256.0f, "block_reduce (race mode)");
  }
#endif
  std::printf("parity-simt-bench (%s, %s)\n", parity::simt::runtime_version(),
              parity::simt::cpu_name().c_str());
  std::printf("%-40s %12s %12s\n", "1M threads, 256-thread blocks", "2 workers", "1 worker");
  std::printf("%-40s %12.6f %12.6f\n", "saxpy [s]", two.saxpy, one.saxpy);
  std::printf("%-40s %12.6f %12.6f\n", "shared-memory tree reduction [s]", two.block_reduce,
              one.block_reduce);
  std::printf("%-40s %12.6f %12.6f\n", "__shfl_down reduction, warp 64 [s]", two.warp_reduce,
              one.warp_reduce);
  std::printf("%-40s %12.2f %12.2f\n", "__syncthreads [ns per thread]", two.syncthreads_ns,
              one.syncthreads_ns);
  std::printf("%-40s %12.6f %12.6f\n", "saxpy, CPU time all threads [s]", two.saxpy_cpu,
              one.saxpy_cpu);
  std::printf("%-40s %12.6f %12.6f\n", "tree reduction, CPU time [s]", two.block_reduce_cpu,
              one.block_reduce_cpu);
  std::printf("%-40s %12.6f %12.6f\n", "shuffle reduction, CPU time [s]", two.warp_reduce_cpu,
              one.warp_reduce_cpu);
  std::printf("%-40s %12.6f\n", "plain C++ saxpy loop, 1 core [s]", native);
  std::printf("%-40s %12.6f %12.6f\n", "tree reduction instrumented, check off/on", race_off,
              race_on);
  std::printf("load average when started: %.2f (other processes share these cores)\n", load);
  const double n = 1 << 20;
  std::printf(
      "{\"elementwise_seconds_1m\": %.6g, \"block_reduce_seconds_1m\": %.6g, "
      "\"warp_reduce_seconds_1m\": %.6g, \"syncthreads_ns_per_thread\": %.4g, "
      "\"threads_per_s_2cores\": %.4g, \"elementwise_seconds_1m_1core\": %.6g, "
      "\"block_reduce_seconds_1m_1core\": %.6g, \"warp_reduce_seconds_1m_1core\": %.6g, "
      "\"syncthreads_ns_per_thread_1core\": %.4g, \"threads_per_s_1core\": %.4g, "
      "\"elementwise_cpu_seconds_1m_1core\": %.6g, \"block_reduce_cpu_seconds_1m_1core\": %.6g, "
      "\"warp_reduce_cpu_seconds_1m_1core\": %.6g, \"native_saxpy_seconds_1m_1core\": %.6g, "
      "\"race_instrumented_block_reduce_seconds_1m_1core\": %.6g, "
      "\"race_checked_block_reduce_seconds_1m_1core\": %.6g, \"load_average\": %.2f}\n",
      two.saxpy, two.block_reduce, two.warp_reduce, two.syncthreads_ns, n / two.saxpy, one.saxpy,
      one.block_reduce, one.warp_reduce, one.syncthreads_ns, n / one.saxpy, one.saxpy_cpu,
      one.block_reduce_cpu, one.warp_reduce_cpu, native, race_off, race_on, load);
  return 0;
}
