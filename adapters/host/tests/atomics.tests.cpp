// Atomics across blocks that run on several worker threads.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <cstring>
#include <vector>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/simt/runtime_api.hpp"

TEST_CASE("atomics/integer histogram is exact", "[atomics]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 100000, nbins = 37;
  auto dx = b->allocate(n * sizeof(int));
  auto bins = b->allocate(nbins * sizeof(unsigned));
  std::memset(bins.get(), 0, nbins * sizeof(unsigned));
  std::vector<unsigned> expect(nbins, 0);
  for (int i = 0; i < n; ++i) {
    dx.as<int>()[i] = (i * 7919) % 1000;
    ++expect[dx.as<int>()[i] % nbins];
  }
  simt_test::cuda::histogram(b->stream(), dx.as<int>(), bins.as<unsigned>(), n, nbins);
  b->synchronize(b->stream());
  CHECK(std::vector<unsigned>(bins.as<unsigned>(), bins.as<unsigned>() + nbins) == expect);
}

TEST_CASE("atomics/float and double sums are within the n*u*sum|x| bound", "[atomics]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 200000;
  auto xf = b->allocate(n * sizeof(float));
  auto xd = b->allocate(n * sizeof(double));
  auto sf = b->allocate(sizeof(float));
  auto sd = b->allocate(sizeof(double));
  double exact = 0.0, magnitude = 0.0;
  for (int i = 0; i < n; ++i) {
    const float v = static_cast<float>((i * 2654435761u) % 2000u) / 1000.0f - 1.0f;
    xf.as<float>()[i] = v;
    xd.as<double>()[i] = v;
    exact += v;  // exact enough: |error| <= n * 2^-53 * sum|x|, far below the float bound
    magnitude += std::fabs(v);
  }
  *sf.as<float>() = 0.0f;
  *sd.as<double>() = 0.0;
  simt_test::cuda::float_sum(b->stream(), xf.as<float>(), sf.as<float>(), n);
  simt_test::cuda::double_sum(b->stream(), xd.as<double>(), sd.as<double>(), n);
  b->synchronize(b->stream());
  const double u32 = std::ldexp(1.0, -24), u64 = std::ldexp(1.0, -53);
  CHECK(std::fabs(*sf.as<float>() - exact) <= n * u32 * magnitude);
  CHECK(std::fabs(*sd.as<double>() - exact) <= n * u64 * magnitude);
}

TEST_CASE("atomics/min, max, and, or, xor, inc, dec, exch and a CAS spin lock", "[atomics]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 1000;
  auto dx = b->allocate(n * sizeof(int));
  auto out = b->allocate(11 * sizeof(int));
  int* x = dx.as<int>();
  int* o = out.as<int>();
  int lo = 1 << 30, hi = -(1 << 30), xr = 0;
  for (int i = 0; i < n; ++i) {
    x[i] = (i * 7907) % 2001 - 1000;
    lo = std::min(lo, x[i]);
    hi = std::max(hi, x[i]);
    xr ^= x[i];
  }
  const int init[11] = {1 << 30, -(1 << 30), -1, 0, 0, 0, 0, 0, 0, 0, 0};
  std::memcpy(o, init, sizeof init);
  simt_test::cuda::atomic_misc(b->stream(), x, o, n);
  b->synchronize(b->stream());
  CHECK(o[0] == lo);
  CHECK(o[1] == hi);
  CHECK(o[2] == static_cast<int>(0x80000000u));  // every bit 0-30 cleared by some thread
  CHECK(o[3] == 0x7fffffff);                     // every bit 0-30 set by some thread
  CHECK(o[4] == xr);
  CHECK(o[5] == n % 10);              // inc wraps at 9: n increments
  CHECK(o[6] == (10 - n % 10) % 10);  // dec from 0 wraps to 9
  CHECK(o[8] == 1);                   // one atomicExch winner
  CHECK(o[9] == 0);                   // the lock is free
  CHECK(o[10] == (n + 127) / 128);    // one locked increment per block
}
