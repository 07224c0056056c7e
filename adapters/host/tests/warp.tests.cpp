// Warp collectives: results against CPU models written here, at warp 32 (CUDA) and at the HIP
// stream's warp size (64, and 32 for RDNA), plus the warp-size negative controls.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

// Device memory is host memory in the emulator: tests allocate through the backend and read
// and write through the pointers directly.
template <class T>
struct Buffer {
  Buffer(parity::Backend& b, std::size_t n) : buf(b.allocate(n * sizeof(T))), count(n) {
    std::memset(buf.get(), 0, n * sizeof(T));
  }
  T* get() const { return buf.as<T>(); }
  std::vector<T> host() const { return std::vector<T>(get(), get() + count); }
  void fill(const std::vector<T>& v) { std::copy(v.begin(), v.end(), get()); }
  parity::DeviceBuffer buf;
  std::size_t count;
};

std::vector<int> ints(int n, int modulo, int offset) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 37 + 11) % modulo - offset;
  return v;
}

//! A parity::Stream whose HIP-dialect launches run at `warp` lanes.
struct HipStream {
  explicit HipStream(parity::Backend& b, int warp)
      : state(parity::simt::create_stream(warp)), stream(state, &b) {}
  ~HipStream() { parity::simt::destroy_stream(state); }
  parity::simt::StreamState* state;
  parity::Stream stream;
};

}  // namespace

TEST_CASE("cuda/shfl_down_sync with width 2..32 sums each segment", "[warp][cuda]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 512;
  const auto x = ints(n, 100, 50);
  for (int width : {2, 4, 8, 16, 32}) {
    Buffer<int> dx(*b, n), out(*b, n / width);
    dx.fill(x);
    simt_test::cuda::segment_sums(b->stream(), dx.get(), out.get(), n, width);
    b->synchronize(b->stream());
    std::vector<int> expect(n / width, 0);
    for (int i = 0; i < n; ++i) expect[i / width] += x[i];
    INFO("width " << width);
    CHECK(out.host() == expect);
  }
}

TEST_CASE("cuda/shfl_up_sync inclusive scan, shfl_xor_sync butterfly, shfl_sync broadcast",
          "[warp][cuda]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 192;  // three 64-thread blocks, two warps each
  const auto x = ints(n, 50, 25);
  Buffer<int> dx(*b, n), scan(*b, n), butterfly(*b, n), bcast(*b, n);
  dx.fill(x);
  simt_test::cuda::warp_scan(b->stream(), dx.get(), scan.get(), n);
  simt_test::cuda::butterfly_sums(b->stream(), dx.get(), butterfly.get(), n);
  simt_test::cuda::broadcast(b->stream(), dx.get(), bcast.get(), n, 5);
  b->synchronize(b->stream());
  std::vector<int> e_scan(n), e_butterfly(n), e_bcast(n);
  for (int w = 0; w < n / 32; ++w) {
    int run = 0, total = 0;
    for (int l = 0; l < 32; ++l) total += x[w * 32 + l];
    for (int l = 0; l < 32; ++l) {
      run += x[w * 32 + l];
      e_scan[w * 32 + l] = run;
      e_butterfly[w * 32 + l] = total;
      e_bcast[w * 32 + l] = x[w * 32 + 5];
    }
  }
  CHECK(scan.host() == e_scan);
  CHECK(butterfly.host() == e_butterfly);
  CHECK(bcast.host() == e_bcast);
}

TEST_CASE("cuda/ballot_sync + popc stream compaction keeps every positive once", "[warp][cuda]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 5000;
  const auto x = ints(n, 97, 48);
  Buffer<int> dx(*b, n), out(*b, n), count(*b, 1);
  dx.fill(x);
  simt_test::cuda::compact_positive(b->stream(), dx.get(), out.get(), count.get(), n);
  b->synchronize(b->stream());
  std::vector<int> expect;
  for (int v : x)
    if (v > 0) expect.push_back(v);
  REQUIRE(count.host()[0] == static_cast<int>(expect.size()));
  auto got = out.host();
  got.resize(expect.size());
  // Warps append in an unspecified order: compare as multisets.
  std::sort(got.begin(), got.end());
  std::sort(expect.begin(), expect.end());
  CHECK(got == expect);
}

TEST_CASE("cuda/any_sync, all_sync, ballot_sync, match_any_sync, reduce_add_sync", "[warp][cuda]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 128;
  std::vector<int> x(n, 0);
  for (int i = 0; i < 32; ++i) x[i] = 1;              // warp 0: all
  for (int i = 32; i < 64; ++i) x[i] = (i % 3 == 0);  // warp 1: some
  // warp 2: none; warp 3: only lane 31
  x[127] = 1;
  Buffer<int> dx(*b, n);
  Buffer<unsigned> votes(*b, 3 * n), match(*b, n), reduce(*b, n / 32), rin(*b, n);
  dx.fill(x);
  std::vector<unsigned> r(n);
  for (int i = 0; i < n; ++i) r[i] = static_cast<unsigned>(i * 3);
  rin.fill(r);
  simt_test::cuda::votes(b->stream(), dx.get(), votes.get(), n);
  std::vector<int> keys(n);
  for (int i = 0; i < n; ++i) keys[i] = i % 5;
  Buffer<int> dkeys(*b, n);
  dkeys.fill(keys);
  simt_test::cuda::match_any(b->stream(), dkeys.get(), match.get(), n);
  simt_test::cuda::reduce_add(b->stream(), rin.get(), reduce.get(), n);
  b->synchronize(b->stream());
  const auto v = votes.host();
  for (int w = 0; w < 4; ++w) {
    unsigned ballot = 0;
    for (int l = 0; l < 32; ++l) ballot |= (x[w * 32 + l] != 0 ? 1u : 0u) << l;
    for (int l = 0; l < 32; ++l) {
      const int i = w * 32 + l;
      CHECK(v[3 * i] == (ballot != 0 ? 1u : 0u));
      CHECK(v[3 * i + 1] == (ballot == 0xffffffffu ? 1u : 0u));
      CHECK(v[3 * i + 2] == ballot);
    }
  }
  const auto m = match.host();
  for (int i = 0; i < n; ++i) {
    unsigned expect = 0;
    for (int l = 0; l < 32; ++l) expect |= (keys[(i / 32) * 32 + l] == keys[i] ? 1u : 0u) << l;
    CHECK(m[i] == expect);
  }
  const auto red = reduce.host();
  for (int w = 0; w < n / 32; ++w) {
    unsigned expect = 0;
    for (int l = 0; l < 32; ++l) expect += r[w * 32 + l];
    CHECK(red[w] == expect);
  }
}

TEST_CASE("cuda/activemask in a divergent branch names the odd lanes", "[warp][cuda]") {
  auto b = parity::make_backend("host-cuda");
  Buffer<unsigned> out(*b, 64);
  simt_test::cuda::active_mask_odd(b->stream(), out.get(), 64);
  b->synchronize(b->stream());
  const auto m = out.host();
  for (int i = 0; i < 64; ++i) CHECK(m[i] == (i % 2 == 1 ? 0xaaaaaaaau : 0u));
}

TEST_CASE("cuda/__syncthreads_count, _and, _or", "[warp][cuda][barrier]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 300, block = 100;
  std::vector<int> x(n, 0);
  for (int i = 0; i < 100; ++i) x[i] = 1;             // block 0: all
  for (int i = 100; i < 200; ++i) x[i] = i % 4 == 0;  // block 1: a quarter
  Buffer<int> dx(*b, n), out(*b, 9);
  dx.fill(x);
  simt_test::cuda::barrier_votes(b->stream(), dx.get(), out.get(), n, block);
  b->synchronize(b->stream());
  CHECK(out.host() == std::vector<int>{100, 1, 1, 25, 0, 1, 0, 0, 0});
}

TEST_CASE("hip/__shfl_down reduction written for warpSize at 64 and at 32", "[warp][hip]") {
  auto b = parity::make_backend("host-hip");
  const int n = 1024;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 9) - 4.0f;
  for (int warp : {64, 32}) {
    HipStream s(*b, warp);
    Buffer<float> dx(*b, n), out(*b, n / warp);
    dx.fill(x);
    simt_test::hip::warp_sums(s.stream, dx.get(), out.get(), n);
    b->synchronize(s.stream);
    std::vector<float> expect(n / warp, 0.0f);
    for (int i = 0; i < n; ++i) expect[i / warp] += x[i];
    INFO("warp " << warp);
    CHECK(out.host() == expect);
  }
}

TEST_CASE("hip/warp size: the stream decides, and the host-hip backend defaults to 64",
          "[warp][hip]") {
  auto b = parity::make_backend("host-hip");
  CHECK(b->device_info().warp_size == 64);
  Buffer<int> out(*b, 4);
  simt_test::hip::warp_size(b->stream(), out.get());
  b->synchronize(b->stream());
  CHECK(out.host() == std::vector<int>{64, 64, 64, 64});
  HipStream rdna(*b, 32);
  simt_test::hip::warp_size(rdna.stream, out.get());
  b->synchronize(rdna.stream);
  CHECK(out.host() == std::vector<int>{32, 32, 32, 32});
}

TEST_CASE("hip/negative control: shuffle offsets hard-coded from 16 lose lanes 32-63 at warp 64",
          "[warp][hip][negative]") {
  auto b = parity::make_backend("host-hip");
  const int n = 512;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(1 + i % 5);
  {
    HipStream rdna(*b, 32);
    Buffer<float> dx(*b, n), out(*b, n / 32);
    dx.fill(x);
    simt_test::hip::warp32_sums(rdna.stream, dx.get(), out.get(), n);
    b->synchronize(rdna.stream);
    std::vector<float> expect(n / 32, 0.0f);
    for (int i = 0; i < n; ++i) expect[i / 32] += x[i];
    CHECK(out.host() == expect);  // correct at warp 32
  }
  HipStream cdna(*b, 64);
  Buffer<float> dx(*b, n), out(*b, n / 64);
  dx.fill(x);
  simt_test::hip::warp32_sums(cdna.stream, dx.get(), out.get(), n);
  b->synchronize(cdna.stream);
  const auto got = out.host();
  for (int w = 0; w < n / 64; ++w) {
    float lower = 0.0f, upper = 0.0f;
    for (int l = 0; l < 32; ++l) lower += x[w * 64 + l];
    for (int l = 32; l < 64; ++l) upper += x[w * 64 + l];
    INFO("wavefront " << w);
    CHECK(got[w] == lower);          // exactly lanes 0-31...
    CHECK(got[w] != lower + upper);  // ...and not the wavefront's sum: lanes 32-63 are lost
  }
}

TEST_CASE("hip/negative control: a 64-bit ballot kept in 32 bits loses counts at warp 64",
          "[warp][hip][negative]") {
  auto b = parity::make_backend("host-hip");
  const int n = 256;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i) x[i] = (i % 3 == 0) ? 1 : -1;
  Buffer<int> dx(*b, n), c64(*b, n / 64), c32(*b, n / 64);
  dx.fill(x);
  simt_test::hip::ballot_count64(b->stream(), dx.get(), c64.get(), n);
  simt_test::hip::ballot_count32(b->stream(), dx.get(), c32.get(), n);
  b->synchronize(b->stream());
  for (int w = 0; w < n / 64; ++w) {
    int all = 0, lower = 0;
    for (int l = 0; l < 64; ++l) all += x[w * 64 + l] > 0;
    for (int l = 0; l < 32; ++l) lower += x[w * 64 + l] > 0;
    CHECK(c64.host()[w] == all);
    CHECK(c32.host()[w] == lower);
    CHECK(c32.host()[w] < all);
  }
}

TEST_CASE("hip/hipLaunchKernelGGL with HIP_KERNEL_NAME and <<<>>> in a .hip file",
          "[launch][hip]") {
  auto b = parity::make_backend("host-hip");
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  Buffer<float> dx(*b, n), dy(*b, n), o1(*b, n), o2(*b, n);
  dx.fill(x);
  dy.fill(y);
  simt_test::hip::saxpy_ggl(b->stream(), 3.0f, dx.get(), dy.get(), o1.get(), n);
  simt_test::hip::saxpy_chevrons(b->stream(), 3.0f, dx.get(), dy.get(), o2.get(), n);
  b->synchronize(b->stream());
  std::vector<float> expect(n);
  for (int i = 0; i < n; ++i) expect[i] = 3.0f * x[i] + y[i];
  CHECK(o1.host() == expect);
  CHECK(o2.host() == expect);
}

namespace {
std::string failure_message(parity::Backend& b) {
  try {
    b.synchronize(b.stream());
  } catch (const parity::BackendError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("hip/strict masks: a full 64-bit mask on a 96-thread block names lanes that do not exist",
          "[warp][hip][mask]") {
  // ROCm's __hip_check_mask requires mask == the lanes that execute the call (it traps in builds
  // without NDEBUG); the second wavefront of a 96-thread block has lanes 0-31 only.
  auto b = parity::make_backend("host-hip");
  Buffer<int> out(*b, 96);
  simt_test::hip::full_mask_partial_wave(b->stream(), out.get());
  const std::string m = failure_message(*b);
  INFO(m);
  CHECK_THAT(m, ContainsSubstring("hipErrorLaunchFailure"));
  CHECK_THAT(m, ContainsSubstring("kernel 'full_mask_partial_wave_kernel'"));
  CHECK_THAT(m, ContainsSubstring("failed in block (0,0,0)"));
  CHECK_THAT(m, ContainsSubstring("__shfl_down_sync (") && ContainsSubstring("warp.hip:"));
  CHECK_THAT(m, ContainsSubstring("in warp 1: mask 0xffffffffffffffff names lanes 32-63 that do "
                                  "not execute it (lanes 32-63 do not exist (the block has 96 "
                                  "threads: this wavefront has 32 lanes)"));
  CHECK_THAT(m, ContainsSubstring("__hip_check_mask"));
}

TEST_CASE("hip/strict masks: a mask that names lanes which already returned", "[warp][hip][mask]") {
  auto b = parity::make_backend("host-hip");
  Buffer<int> out(*b, 64);
  simt_test::hip::exited_lanes_mask(b->stream(), out.get());
  const std::string m = failure_message(*b);
  INFO(m);
  CHECK_THAT(m, ContainsSubstring("__shfl_xor_sync"));
  CHECK_THAT(m, ContainsSubstring("names lanes 40-63 that do not execute it (lanes 40-63 have "
                                  "returned; lanes that called: 0-39)"));
}

TEST_CASE("hip/strict masks: the control, __activemask() on the same partial wavefront, passes",
          "[warp][hip][mask]") {
  auto b = parity::make_backend("host-hip");
  Buffer<int> out(*b, 96);
  simt_test::hip::active_mask_partial_wave(b->stream(), out.get());
  b->synchronize(b->stream());
  std::vector<int> expect(96);
  for (int t = 0; t < 96; ++t) expect[t] = t + (t ^ 1);
  CHECK(out.host() == expect);
}
