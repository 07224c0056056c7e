// The execution model: real CUDA kernels through the host-cuda backend.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_floating_point.hpp>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "launchers.hpp"
#include "parity/backend.hpp"

namespace {

template <class T>
std::vector<T> download(parity::Backend& b, const parity::DeviceBuffer& buf, std::size_t n) {
  std::vector<T> out(n);
  b.download(out.data(), buf.get(), n * sizeof(T), b.stream());
  return out;
}

}  // namespace

TEST_CASE("saxpy/f32/1M threads, 256-thread blocks", "[emulator][elementwise]") {
  auto backend = parity::make_backend("host-cuda");
  const int n = 1 << 20;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.25f;
    y[i] = static_cast<float>(i % 7);
  }
  auto dx = backend->allocate(n * sizeof(float)), dy = backend->allocate(n * sizeof(float)),
       dout = backend->allocate(n * sizeof(float));
  backend->upload(dx.get(), x.data(), n * sizeof(float), backend->stream());
  backend->upload(dy.get(), y.data(), n * sizeof(float), backend->stream());
  simt_test::cuda::saxpy(backend->stream(), 2.0f, dx.as<float>(), dy.as<float>(), dout.as<float>(),
                         n);
  backend->synchronize(backend->stream());
  const auto out = download<float>(*backend, dout, n);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != 2.0f * x[i] + y[i];  // exact: both are exact
  CHECK(wrong == 0);
}

TEST_CASE("thread_ids/3-D grid (3,2,2) of 3-D blocks (4,3,2)", "[emulator][indices]") {
  auto backend = parity::make_backend("host-cuda");
  const unsigned gx = 3, gy = 2, gz = 2, bx = 4, by = 3, bz = 2;
  const std::size_t n = std::size_t{gx} * gy * gz * bx * by * bz;
  auto buf = backend->allocate(n * sizeof(std::uint32_t));
  std::memset(buf.get(), 0xff, n * sizeof(std::uint32_t));
  simt_test::cuda::thread_ids(backend->stream(), buf.as<std::uint32_t>(), gx, gy, gz, bx, by, bz);
  backend->synchronize(backend->stream());
  const auto out = download<std::uint32_t>(*backend, buf, n);
  // Oracle: CUDA's linearisation (x fastest), written out independently of the kernel.
  std::size_t k = 0, wrong = 0;
  for (unsigned z = 0; z < gz; ++z)
    for (unsigned y = 0; y < gy; ++y)
      for (unsigned x = 0; x < gx; ++x)
        for (unsigned tz = 0; tz < bz; ++tz)
          for (unsigned ty = 0; ty < by; ++ty)
            for (unsigned tx = 0; tx < bx; ++tx, ++k)
              wrong += out[k] != (tx | ty << 4 | tz << 8 | x << 12 | y << 16 | z << 20);
  CHECK(k == n);
  CHECK(wrong == 0);
}

TEST_CASE("param_copies/each thread owns its by-value parameters", "[emulator][params]") {
  auto backend = parity::make_backend("host-cuda");
  auto buf = backend->allocate(64 * sizeof(int));
  simt_test::cuda::param_copies(backend->stream(), buf.as<int>(), 100, 64);
  backend->synchronize(backend->stream());
  const auto out = download<int>(*backend, buf, 64);
  for (int t = 0; t < 64; ++t) CHECK(out[t] == 100 - t);
}

namespace {

std::vector<float> reduction_input(int n) {
  std::vector<float> x(n);
  // Small integers: every partial sum is exact in float, so the oracle is exact.
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>((i * 7) % 13) - 6.0f;
  return x;
}

std::vector<float> block_sums_oracle(const std::vector<float>& x, int block) {
  std::vector<float> sums((x.size() + block - 1) / block, 0.0f);
  for (std::size_t i = 0; i < x.size(); ++i) sums[i / block] += x[i];
  return sums;
}

}  // namespace

TEST_CASE("tree_reduce/static __shared__, 256-thread blocks, 9 barriers", "[emulator][shared]") {
  auto backend = parity::make_backend("host-cuda");
  const int n = 256 * 40 + 17;  // a partial last block
  const int blocks = (n + 255) / 256;
  const auto x = reduction_input(n);
  auto dx = backend->allocate(n * sizeof(float)), dsums = backend->allocate(blocks * sizeof(float));
  backend->upload(dx.get(), x.data(), n * sizeof(float), backend->stream());
  simt_test::cuda::tree_reduce_256(backend->stream(), dx.as<float>(), dsums.as<float>(), n, blocks);
  backend->synchronize(backend->stream());
  CHECK(download<float>(*backend, dsums, blocks) == block_sums_oracle(x, 256));
}

TEST_CASE("dynamic_reduce/extern __shared__ sized at launch", "[emulator][shared]") {
  auto backend = parity::make_backend("host-cuda");
  for (int threads : {32, 64, 512, 1024}) {
    const int n = threads * 9 + 5;
    const int blocks = (n + threads - 1) / threads;
    const auto x = reduction_input(n);
    auto dx = backend->allocate(n * sizeof(float));
    auto dsums = backend->allocate(blocks * sizeof(float));
    backend->upload(dx.get(), x.data(), n * sizeof(float), backend->stream());
    simt_test::cuda::dynamic_reduce(backend->stream(), dx.as<float>(), dsums.as<float>(), n, blocks,
                                    threads);
    backend->synchronize(backend->stream());
    INFO("threads per block: " << threads);
    CHECK(download<float>(*backend, dsums, blocks) == block_sums_oracle(x, threads));
  }
}

TEST_CASE("global_shared_reduce/__shared__ array at namespace scope", "[emulator][shared]") {
  auto backend = parity::make_backend("host-cuda");
  const int n = 128 * 33;
  const auto x = reduction_input(n);
  auto dx = backend->allocate(n * sizeof(float)), dsums = backend->allocate(33 * sizeof(float));
  backend->upload(dx.get(), x.data(), n * sizeof(float), backend->stream());
  simt_test::cuda::global_shared_reduce(backend->stream(), dx.as<float>(), dsums.as<float>(), n);
  backend->synchronize(backend->stream());
  CHECK(download<float>(*backend, dsums, 33) == block_sums_oracle(x, 128));
}
