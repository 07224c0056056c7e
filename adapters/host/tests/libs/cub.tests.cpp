// The emulated CUB and hipCUB primitives (parity/simt/libs/cub/), run collectively by real
// kernels (kernels/cub.cu and its port cub.hip) on the emulator: integer results against std::
// algorithms exactly, floating-point results against the documented association order bit for
// bit and against an fp64 bound, and the misuses the hardware punishes (a primitive sized for
// another block, a divergent warp call, too little temporary storage, wave64 code on wave32).
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "cub_launchers.hpp"

namespace {

using Catch::Matchers::ContainsSubstring;
using cub_test::Status;

enum class Dialect { kCuda, kHip };
const char* name(Dialect d) {
  return d == Dialect::kCuda ? "CUB" : "hipCUB";
}
//! The hardware warp each dialect's launches get (HIP: CDNA's 64-lane wavefront).
int warp_of(Dialect d) {
  return d == Dialect::kCuda ? 32 : 64;
}

// One dispatcher per launcher, so that each test body runs for both dialects.
#define DISPATCH(fn)                                                                   \
  template <class... A>                                                                \
  Status fn(Dialect d, A&&... a) {                                                     \
    return d == Dialect::kCuda ? cub_test::cuda_##fn(a...) : cub_test::hip_##fn(a...); \
  }
DISPATCH(block_sum)
DISPATCH(block_max_partial)
DISPATCH(block_argmax)
DISPATCH(block_sum_threads)
DISPATCH(block_scan)
DISPATCH(block_scan_float)
DISPATCH(block_scan_tiles)
DISPATCH(warp_sum)
DISPATCH(warp_scan)
DISPATCH(load_store)
DISPATCH(radix_sort_u32)
DISPATCH(radix_sort_f32)
DISPATCH(device_reduce)
DISPATCH(device_scan)
DISPATCH(device_sort_pairs)
DISPATCH(device_sort_double_buffer)
#undef DISPATCH

std::vector<float> random_floats(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = u(rng) * std::ldexp(1.0f, static_cast<int>(rng() % 20) - 10);
  return v;
}

//! The shuffle-tree reduction of `lanes` consecutive values as documented (offsets 1, 2, 4, ...
//! ascending; lane i adds lane i + offset when that lane exists): lane 0's result.
float tree(const float* x, int lanes, int width) {
  std::vector<float> v(x, x + lanes);
  v.resize(static_cast<std::size_t>(width), 0.0f);
  for (int offset = 1; offset < width; offset *= 2) {
    std::vector<float> next = v;
    for (int i = 0; i < width; ++i)
      if (i + offset < lanes) next[static_cast<std::size_t>(i)] = v[i] + v[i + offset];
    v = next;
  }
  return v[0];
}

//! BlockReduce<float, 128>::Sum's documented order for one block.
float block_sum_order(Dialect d, const float* x) {
  const int w = warp_of(d), warps = 128 / w;
  std::vector<float> partial(static_cast<std::size_t>(warps));
  for (int i = 0; i < warps; ++i) partial[static_cast<std::size_t>(i)] = tree(x + i * w, w, w);
  if (d == Dialect::kCuda) {
    float s = partial[0];
    for (int i = 1; i < warps; ++i) s += partial[static_cast<std::size_t>(i)];
    return s;
  }
  return tree(partial.data(), warps, w);  // rocPRIM: a tree over the warp partials
}

}  // namespace

TEST_CASE("libs/cub/BlockReduce Sum: thread 0 holds the documented order's sum", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    const int blocks = 5;
    const auto in = random_floats(128 * blocks, 1);
    std::vector<float> out(blocks), every(128 * blocks);
    const Status s = block_sum(d, in.data(), out.data(), every.data(), blocks);
    REQUIRE(s.code == 0);
    for (int b = 0; b < blocks; ++b) {
      const float* x = in.data() + b * 128;
      CHECK(std::bit_cast<std::uint32_t>(out[b]) ==
            std::bit_cast<std::uint32_t>(block_sum_order(d, x)));
      double exact = 0, magnitude = 0;
      for (int i = 0; i < 128; ++i) {
        exact += x[i];
        magnitude += std::abs(x[i]);
      }
      CHECK(std::abs(out[b] - exact) <= 130 * std::ldexp(1.0, -24) * magnitude);
      // The other warps' lane 0 hold their warp's partial, not the block's sum (as on a GPU).
      const int w = warp_of(d);
      for (int warp = 1; warp < 128 / w; ++warp)
        CHECK(every[b * 128 + warp * w] == tree(x + warp * w, w, w));
    }
  }
}

TEST_CASE("libs/cub/BlockReduce with num_valid in a smaller block (vLLM's BlockReduce<T, 1024>)",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::mt19937 rng(2);
    std::vector<int> in(1024);
    for (auto& x : in) x = static_cast<int>(rng() % 100000) - 50000;
    for (int threads : {256, 96, 1024}) {
      for (int valid : {threads, threads - 17}) {
        int out = 0;
        REQUIRE(block_max_partial(d, in.data(), &out, threads, valid).code == 0);
        CHECK(out == *std::max_element(in.begin(), in.begin() + valid));
      }
    }
  }
}

TEST_CASE("libs/cub/BlockReduce ArgMax over items: the first maximum wins", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    auto in = random_floats(1024, 3);
    in[700] = in[300] = in[900] = 5e6f;  // ties: the lowest index is the answer
    int index = -1;
    float value = 0;
    REQUIRE(block_argmax(d, in.data(), &index, &value).code == 0);
    CHECK(index == std::max_element(in.begin(), in.end()) - in.begin());
    CHECK(index == 300);
    CHECK(value == 5e6f);
  }
}

TEST_CASE("libs/cub/BlockReduce full tile in a block of another size is a launch failure",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::vector<int> in(256, 1);
    int out = 0;
    REQUIRE(block_sum_threads(d, in.data(), &out, 256).code == 0);
    CHECK(out == 256);
    const Status s = block_sum_threads(d, in.data(), &out, 128);
    CHECK(s.code == 719);  // cudaErrorLaunchFailure / hipErrorLaunchFailure
    CHECK_THAT(s.message, ContainsSubstring("BlockReduce was instantiated for a block of 256 x 1 x "
                                            "1 threads but runs in a block of 128 x 1 x 1"));
    CHECK_THAT(s.message, ContainsSubstring("pass num_valid"));
  }
}

TEST_CASE("libs/cub/BlockScan sums of items match std::exclusive_scan and std::inclusive_scan",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::mt19937 rng(4);
    std::vector<int> in(512), ex(512), inc(512), want_ex(512), want_inc(512);
    for (auto& x : in) x = static_cast<int>(rng() % 1000) - 500;
    int aggregate = 0;
    REQUIRE(block_scan(d, in.data(), ex.data(), inc.data(), &aggregate).code == 0);
    std::exclusive_scan(in.begin(), in.end(), want_ex.begin(), 0);
    std::inclusive_scan(in.begin(), in.end(), want_inc.begin());
    CHECK(ex == want_ex);
    CHECK(inc == want_inc);
    CHECK(aggregate == std::accumulate(in.begin(), in.end(), 0));
  }
}

TEST_CASE("libs/cub/BlockScan float InclusiveSum follows the documented warp-scan order",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    const auto in = random_floats(64, 5);
    std::vector<float> out(64);
    REQUIRE(block_scan_float(d, in.data(), out.data()).code == 0);
    // Kogge-Stone within each warp, then the earlier warps' aggregates folded in on the left.
    const int w = std::min(warp_of(d), 64);
    std::vector<float> expect(64);
    float prefix = 0;
    for (int base = 0; base < 64; base += w) {
      std::vector<float> v(in.begin() + base, in.begin() + base + w);
      for (int offset = 1; offset < w; offset *= 2) {
        std::vector<float> next = v;
        for (int i = offset; i < w; ++i) next[i] = v[i - offset] + v[i];
        v = next;
      }
      for (int i = 0; i < w; ++i) expect[base + i] = base == 0 ? v[i] : prefix + v[i];
      prefix = base == 0 ? v[w - 1] : prefix + v[w - 1];
    }
    for (int i = 0; i < 64; ++i) {
      INFO("element " << i);
      CHECK(std::bit_cast<std::uint32_t>(out[i]) == std::bit_cast<std::uint32_t>(expect[i]));
    }
  }
}

TEST_CASE("libs/cub/BlockScan with a running-prefix callback over tiles", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    const int n = 1000;
    std::vector<int> in(n), out(n), want(n);
    std::iota(in.begin(), in.end(), -300);
    int calls = 0;
    REQUIRE(block_scan_tiles(d, in.data(), out.data(), n, &calls).code == 0);
    std::exclusive_scan(in.begin(), in.end(), want.begin(), 0);
    CHECK(out == want);
    // Every thread of the first warp calls the callback, once per tile (CUB documents it).
    CHECK(calls == (n + 127) / 128 * warp_of(d));
  }
}

TEST_CASE("libs/cub/WarpReduce over logical warps, with and without valid_items", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::vector<int> in(64);
    std::iota(in.begin(), in.end(), 1);
    for (int logical : {32, 16, 8}) {
      for (int valid : {0, 5}) {
        INFO("logical warp " << logical << " valid " << valid);
        std::vector<int> out(64 / logical, -1);
        REQUIRE(warp_sum(d, in.data(), out.data(), logical, valid).code == 0);
        for (int w = 0; w < 64 / logical; ++w) {
          const auto first = in.begin() + w * logical;
          CHECK(out[w] == std::accumulate(first, first + (valid ? valid : logical), 0));
        }
      }
    }
  }
}

TEST_CASE("libs/cub/WarpReduce called by half a warp fails on CUDA as its shuffles name 32 lanes",
          "[libs][cub]") {
  std::vector<float> in(32, 1.0f);
  float out = 0;
  const Status s = cub_test::cuda_warp_sum_divergent(in.data(), &out);
  CHECK(s.code == 719);
  CHECK_THAT(s.message, ContainsSubstring("mask"));
}

TEST_CASE("libs/cub/hipCUB's default logical warp (64) on a wave32 device fails clearly",
          "[libs][cub]") {
  std::vector<int> in(64, 1);
  int out = 0;
  const Status s = cub_test::hip_warp_sum_default_on_wave32(in.data(), &out);
  CHECK(s.code == 719);
  CHECK_THAT(s.message,
             ContainsSubstring("logical warps of 64 lanes but the hardware warp has 32"));
}

TEST_CASE("libs/cub/WarpScan sums, aggregate and Broadcast", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::vector<int> in(64), inc(64), ex(64), agg(64), bc(64);
    std::mt19937 rng(6);
    for (auto& x : in) x = static_cast<int>(rng() % 200) - 100;
    const Status st = warp_scan(d, in.data(), inc.data(), ex.data(), agg.data(), bc.data());
    INFO(st.message);
    REQUIRE(st.code == 0);
    const int w = warp_of(d);  // WarpScan<int>'s default logical warp
    for (int base = 0; base < 64; base += w) {
      std::vector<int> want_inc(w), want_ex(w);
      std::inclusive_scan(in.begin() + base, in.begin() + base + w, want_inc.begin());
      std::exclusive_scan(in.begin() + base, in.begin() + base + w, want_ex.begin(), 0);
      for (int i = 0; i < w; ++i) {
        INFO("lane " << base + i);
        CHECK(inc[base + i] == want_inc[i]);
        CHECK(ex[base + i] == want_ex[i]);
        CHECK(agg[base + i] == want_inc[w - 1]);
        CHECK(bc[base + i] == in[base + 3] * 10);
      }
    }
  }
}

TEST_CASE("libs/cub/BlockLoad and BlockStore: every algorithm, arrangement and valid_items",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    for (int algorithm = 0; algorithm < 6; ++algorithm) {
      for (int valid : {512, 300}) {
        INFO(name(d) << " algorithm " << algorithm << " valid " << valid);
        std::vector<int> in(512), loaded(512, -9), stored(512, -7);
        std::iota(in.begin(), in.end(), 1000);
        REQUIRE(load_store(d, in.data(), loaded.data(), stored.data(), algorithm, valid).code == 0);
        for (int t = 0; t < 128; ++t) {
          for (int i = 0; i < 4; ++i) {
            // STRIPED leaves the striped arrangement; the others the blocked one.
            const int pos = algorithm == 1 ? i * 128 + t : t * 4 + i;
            const int want = pos < valid ? in[pos] : -1;
            CHECK(loaded[t * 4 + i] == want);
          }
        }
        for (int p = 0; p < 512; ++p) CHECK(stored[p] == (p < valid ? in[p] : -7));
      }
    }
  }
}

TEST_CASE("libs/cub/BlockRadixSort u32 pairs: stable, bit ranges, descending, striped",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    std::mt19937 rng(7);
    std::vector<std::uint32_t> keys(512);
    for (auto& k : keys) k = rng() % 64 * 0x01010101u;  // many equal keys
    for (auto [begin, end] : {std::pair{0, 32}, std::pair{8, 20}, std::pair{0, 0}}) {
      for (bool descending : {false, true}) {
        for (bool striped : {false, true}) {
          if (striped && descending) continue;
          INFO(name(d) << " bits [" << begin << ", " << end << ") descending " << descending
                       << " striped " << striped);
          std::vector<std::uint32_t> k = keys;
          std::vector<int> v(512);
          std::iota(v.begin(), v.end(), 0);
          REQUIRE(radix_sort_u32(d, k.data(), v.data(), begin, end, descending, striped).code == 0);
          auto digit = [&](std::uint32_t x) {
            const int width = end - begin;
            if (width <= 0) return 0u;
            return width >= 32 ? x >> begin : (x >> begin) & ((1u << width) - 1);
          };
          std::vector<int> order(512);
          std::iota(order.begin(), order.end(), 0);
          std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return descending ? digit(keys[b]) < digit(keys[a]) : digit(keys[a]) < digit(keys[b]);
          });
          for (int i = 0; i < 512; ++i) {
            CHECK(v[i] == order[i]);
            CHECK(k[i] == keys[order[i]]);
          }
        }
      }
    }
  }
}

TEST_CASE("libs/cub/BlockRadixSort floats: -0 equals +0 (stable), NaNs by sign, infinities",
          "[libs][cub]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    auto keys = random_floats(512, 8);
    const float specials[] = {-0.0f, 0.0f, -0.0f, nan, -nan, inf, -inf, 1e-45f, -1e-45f, 0.0f};
    for (int i = 0; i < 10; ++i) keys[static_cast<std::size_t>(i * 50)] = specials[i];
    for (bool descending : {false, true}) {
      INFO(name(d) << " descending " << descending);
      auto k = keys;
      REQUIRE(radix_sort_f32(d, k.data(), descending).code == 0);
      // An oracle written from the documented rules: negative NaNs first, then -inf ... -0 == +0
      // ... +inf, positive NaNs last; equal keys in input order.
      auto rank = [](float x) {
        const int category = std::isnan(x) ? (std::signbit(x) ? 0 : 2) : 1;
        return std::pair{category, std::isnan(x) ? 0.0 : static_cast<double>(x)};
      };
      std::vector<float> want = keys;
      std::stable_sort(want.begin(), want.end(), [&](float a, float b) {
        return descending ? rank(b) < rank(a) : rank(a) < rank(b);
      });
      for (int i = 0; i < 512; ++i) {
        INFO("position " << i);
        CHECK(std::bit_cast<std::uint32_t>(k[i]) == std::bit_cast<std::uint32_t>(want[i]));
      }
    }
  }
}

TEST_CASE("libs/cub/DeviceReduce: two-phase temp storage, sums in index order, extrema",
          "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> in(10007);
    for (auto& x : in) x = u(rng);
    in[4000] = in[6000] = 5.0;
    double sum = 0, min = 0, max = 0;
    int argmax = -1;
    REQUIRE(device_reduce(d, in.data(), static_cast<int>(in.size()), &sum, &min, &max, &argmax, 0)
                .code == 0);
    CHECK(sum == std::accumulate(in.begin(), in.end(), 0.0));  // the stated order: index order
    CHECK(min == *std::min_element(in.begin(), in.end()));
    CHECK(max == 5.0);
    CHECK(argmax == 4000);
    // One byte less than the size query returned: an invalid-value error, nothing computed.
    sum = -1;
    const Status s =
        device_reduce(d, in.data(), static_cast<int>(in.size()), &sum, &min, &max, &argmax, 1);
    CHECK(s.code == 1);  // cudaErrorInvalidValue / hipErrorInvalidValue
    CHECK(sum == -1);
  }
}

TEST_CASE("libs/cub/DeviceScan inclusive and exclusive sums match std::", "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    std::vector<long long> in(3001), inc(3001), ex(3001), want_inc(3001), want_ex(3001);
    std::mt19937_64 rng(10);
    for (auto& x : in) x = static_cast<long long>(rng() % 2000000) - 1000000;
    REQUIRE(device_scan(d, in.data(), inc.data(), ex.data(), 3001).code == 0);
    std::inclusive_scan(in.begin(), in.end(), want_inc.begin());
    std::exclusive_scan(in.begin(), in.end(), want_ex.begin(), 0LL);
    CHECK(inc == want_inc);
    CHECK(ex == want_ex);
  }
}

TEST_CASE(
    "libs/cub/DeviceRadixSort pairs match std::stable_sort; DoubleBuffer flips and "
    "overwrites",
    "[libs][cub]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(name(d));
    const int n = 5000;
    std::mt19937 rng(11);
    std::vector<float> keys(n), keys_out(n);
    std::vector<int> values(n), values_out(n);
    for (int i = 0; i < n; ++i) {
      keys[i] = static_cast<float>(static_cast<int>(rng() % 300) - 150) * 0.5f;
      values[i] = i;
    }
    for (bool descending : {false, true}) {
      REQUIRE(device_sort_pairs(d, keys.data(), keys_out.data(), values.data(), values_out.data(),
                                n, descending)
                  .code == 0);
      std::vector<int> order(n);
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return descending ? keys[b] < keys[a] : keys[a] < keys[b];
      });
      for (int i = 0; i < n; ++i) {
        CHECK(values_out[i] == order[i]);
        CHECK(keys_out[i] == keys[order[i]]);
      }
    }
    std::vector<std::uint64_t> a(n), b(n, 0);
    for (auto& x : a) x = (static_cast<std::uint64_t>(rng()) << 32) | rng();
    const auto original = a;
    int selector = -1;
    REQUIRE(device_sort_double_buffer(d, a.data(), b.data(), n, &selector).code == 0);
    CHECK(selector == 1);
    auto want = original;
    std::sort(want.begin(), want.end());
    CHECK(b == want);
    CHECK(a != original);  // the buffer it read from is overwritten, as the library may do
  }
}
