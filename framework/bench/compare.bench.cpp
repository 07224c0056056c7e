// Throughput of the comparator against a plain streaming read of the same two arrays, in one
// run on the same data. Rates count the bytes of both inputs. Run it through tools/bench-compare,
// which also times numpy on the same data size; see docs/performance.md.
//
// PARITY_BENCH_ELEMENTS sets the element count (default 64M, 512 MiB of float32 pairs).
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "parity/compare.hpp"
#include "parity/scalar_types.hpp"
#include "parity/tolerance.hpp"

namespace {

struct Data {
  std::int64_t n = 0;
  std::vector<float> golden, candidate;
  std::vector<parity::f16> golden_h, candidate_h;
  std::vector<parity::bf16> golden_b, candidate_b;
};

// Golden: normal(0, 1). Candidate: what a correct port looks like: about a third of the elements
// 1 ULP off, a few percent 2-4 ULPs off, and one in 100k elements 20 ULPs off (those fail the
// float32 default of 8 ULPs, so the worst-K bookkeeping runs too).
Data make_data(std::int64_t n) {
  Data d;
  d.n = n;
  const auto un = static_cast<std::size_t>(n);
  d.golden.resize(un);
  d.candidate.resize(un);
  std::mt19937_64 rng(20261202);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::uniform_int_distribution<int> pick(0, 99999);
  for (std::size_t i = 0; i < un; ++i) {
    const float g = normal(rng);
    const int r = pick(rng);
    int steps = 0;
    if (r == 0)
      steps = 20;
    else if (r < 3000)
      steps = 2 + r % 3;
    else if (r < 35000)
      steps = 1;
    if (r % 2) steps = -steps;
    auto bits = std::bit_cast<std::uint32_t>(g);
    bits = static_cast<std::uint32_t>(static_cast<std::int64_t>(bits) + steps);  // same sign side
    d.golden[i] = g;
    d.candidate[i] = std::bit_cast<float>(bits);
  }
  d.golden_h.resize(un);
  d.candidate_h.resize(un);
  d.golden_b.resize(un);
  d.candidate_b.resize(un);
  for (std::size_t i = 0; i < un; ++i) {
    d.golden_h[i] = parity::f16(d.golden[i]);
    d.candidate_h[i] = parity::f16(d.candidate[i]);
    d.golden_b[i] = parity::bf16(d.golden[i]);
    d.candidate_b[i] = parity::bf16(d.candidate[i]);
  }
  return d;
}

void set_rate(benchmark::State& state, std::int64_t n, std::size_t element_size) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * n * 2 *
                          static_cast<std::int64_t>(element_size));
}

// The baseline: read both arrays once, summing their 32-bit words as integers.
void stream_read(benchmark::State& state, const Data& d) {
  const auto* a = reinterpret_cast<const std::uint32_t*>(d.golden.data());
  const auto* b = reinterpret_cast<const std::uint32_t*>(d.candidate.data());
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (std::int64_t i = 0; i < d.n; ++i) sum += std::uint64_t{a[i]} + b[i];
    benchmark::DoNotOptimize(sum);
  }
  set_rate(state, d.n, sizeof(float));
}

template <class T>
void compare_bench(benchmark::State& state, const std::vector<T>& g, const std::vector<T>& c,
                   int threads, parity::ComparePath path) {
  const auto n = static_cast<std::int64_t>(g.size());
  const parity::TensorView gv(parity::dtype_of<T>, {n}, g.data());
  const parity::TensorView cv(parity::dtype_of<T>, {n}, c.data());
  const parity::Policy policy = parity::default_policy(parity::dtype_of<T>);
  parity::CompareOptions options;
  options.threads = threads;
  options.path = path;
  std::int64_t mismatches = 0;
  for (auto _ : state) {
    const parity::Verdict v = parity::compare(gv, cv, policy, options);
    mismatches = v.mismatches;
    benchmark::DoNotOptimize(mismatches);
  }
  state.counters["mismatches"] = static_cast<double>(mismatches);
  set_rate(state, n, sizeof(T));
}

}  // namespace

int main(int argc, char** argv) {
  std::int64_t n = std::int64_t{1} << 26;
  if (const char* env = std::getenv("PARITY_BENCH_ELEMENTS")) n = std::stoll(env);
  static const Data d = make_data(n);
  using parity::ComparePath;
  // Single-threaded rates use CPU time, so that a busy machine disturbs them less; the threaded
  // run and its single-threaded counterpart use wall time.
  benchmark::RegisterBenchmark("stream_read_f32", [](benchmark::State& s) { stream_read(s, d); });
  benchmark::RegisterBenchmark("compare_f32", [](benchmark::State& s) {
    compare_bench(s, d.golden, d.candidate, 1, ComparePath::kAuto);
  });
  benchmark::RegisterBenchmark("compare_f32_wall", [](benchmark::State& s) {
    compare_bench(s, d.golden, d.candidate, 1, ComparePath::kAuto);
  })->UseRealTime();
  benchmark::RegisterBenchmark("compare_f32_2threads_wall", [](benchmark::State& s) {
    compare_bench(s, d.golden, d.candidate, 2, ComparePath::kAuto);
  })->UseRealTime();
  benchmark::RegisterBenchmark("compare_f32_baseline_isa", [](benchmark::State& s) {
    compare_bench(s, d.golden, d.candidate, 1, ComparePath::kBaseline);
  });
  benchmark::RegisterBenchmark("compare_f16", [](benchmark::State& s) {
    compare_bench(s, d.golden_h, d.candidate_h, 1, ComparePath::kAuto);
  });
  benchmark::RegisterBenchmark("compare_bf16", [](benchmark::State& s) {
    compare_bench(s, d.golden_b, d.candidate_b, 1, ComparePath::kAuto);
  });
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
