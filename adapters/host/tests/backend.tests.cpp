// The host backends through the parity::Backend interface, as suites use them.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::StartsWith;

TEST_CASE("backend/host-cuda and host-hip are registered and always available", "[backend]") {
  const auto names = parity::registered_backends();
  CHECK(std::find(names.begin(), names.end(), "host-cuda") != names.end());
  CHECK(std::find(names.begin(), names.end(), "host-hip") != names.end());
  for (const char* name : {"host-cuda", "host-hip"}) {
    auto b = parity::make_backend(name);
    CHECK(b->name() == name);
    CHECK(b->availability().available);
  }
}

TEST_CASE("backend/device_info names the emulated target for provenance", "[backend]") {
  // The test kernels are built for the default targets (PARITY_SIMT_CUDA_TARGET=sm_90,
  // PARITY_SIMT_HIP_TARGET=gfx942), which they register; provenance records them.
  auto cuda = parity::make_backend("host-cuda");
  const parity::DeviceInfo info = cuda->device_info();
  CHECK(info.backend == "host-cuda");
  CHECK(info.architecture == "sm_90");
  CHECK(info.warp_size == 32);
  CHECK_THAT(info.runtime_version, StartsWith("parity-simt "));
  CHECK_THAT(info.device_name, StartsWith("parity-simt sm_90 (NVIDIA H100 / H200 (Hopper)) on "));
  CHECK_THAT(info.device_name, ContainsSubstring("worker threads"));
  CHECK_THAT(info.compiler, ContainsSubstring("CUDA sources emulated by parity-simt"));
  CHECK(info.total_memory > 0);
  const parity::DeviceInfo hip = parity::make_backend("host-hip")->device_info();
  CHECK(hip.warp_size == 64);
  CHECK(hip.architecture == "gfx942");
  CHECK_THAT(hip.device_name, StartsWith("parity-simt gfx942 (AMD Instinct MI300X"));
}

TEST_CASE("backend/provenance records the API set the emulated kernels were compiled against",
          "[backend]") {
  // PARITY_TEST_*_RELEASE: the CMake options PARITY_SIMT_CUDA_VERSION / PARITY_SIMT_ROCM_VERSION.
  CHECK_THAT(parity::make_backend("host-cuda")->device_info().runtime_version,
             ContainsSubstring("(CUDA " PARITY_TEST_CUDA_RELEASE " API set)"));
  CHECK_THAT(parity::make_backend("host-hip")->device_info().runtime_version,
             ContainsSubstring("(ROCm " PARITY_TEST_ROCM_RELEASE " API set)"));
}

TEST_CASE("backend/PARITY_SIMT_HIP_WARP_SIZE=32 makes host-hip an RDNA-like wave32 device",
          "[backend]") {
  ::setenv("PARITY_SIMT_HIP_WARP_SIZE", "32", 1);
  auto b = parity::make_backend("host-hip");
  ::unsetenv("PARITY_SIMT_HIP_WARP_SIZE");
  CHECK(b->device_info().warp_size == 32);
  auto out = b->allocate(4 * sizeof(int));
  simt_test::hip::warp_size(b->stream(), out.as<int>());
  b->synchronize(b->stream());
  CHECK(out.as<int>()[0] == 32);
}

TEST_CASE("backend/allocations are aligned and round-trip through upload and download",
          "[backend]") {
  auto b = parity::make_backend("host-cuda");
  for (std::size_t bytes : {std::size_t{0}, std::size_t{1}, std::size_t{4097}}) {
    auto buf = b->allocate(bytes);
    REQUIRE(buf);
    CHECK(buf.size() == bytes);
    CHECK(reinterpret_cast<std::uintptr_t>(buf.get()) % 256 == 0);
  }
  std::vector<float> in(1000), out(1000, -1.0f);
  for (int i = 0; i < 1000; ++i) in[i] = static_cast<float>(i) * 0.5f;
  auto buf = b->allocate(in.size() * sizeof(float));
  b->upload(buf.get(), in.data(), in.size() * sizeof(float), b->stream());
  b->download(out.data(), buf.get(), out.size() * sizeof(float), b->stream());
  CHECK(out == in);
}

TEST_CASE("backend/time_ms runs the launch, synchronizes, and reports kernel failures",
          "[backend]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 1 << 16;
  auto x = b->allocate(n * sizeof(float)), y = b->allocate(n * sizeof(float)),
       out = b->allocate(n * sizeof(float));
  std::memset(x.get(), 0, n * sizeof(float));
  std::memset(y.get(), 0, n * sizeof(float));
  const double ms = b->time_ms(b->stream(), [&] {
    simt_test::cuda::saxpy(b->stream(), 1.0f, x.as<float>(), y.as<float>(), out.as<float>(), n);
  });
  CHECK(ms > 0.0);
  auto bad = b->allocate(64 * sizeof(int));
  CHECK_THROWS_AS(
      b->time_ms(b->stream(),
                 [&] { simt_test::cuda::divergent_barrier(b->stream(), bad.as<int>()); }),
      parity::BackendError);
}

TEST_CASE("backend/a launch the emulator refuses fails the synchronize with its reason",
          "[backend]") {
  for (const char* name : {"host-cuda", "host-hip"}) {
    auto b = parity::make_backend(name);
    auto out = b->allocate(64 * sizeof(std::uint32_t));
    // A zero grid dimension and a 2048-thread block: refused at the launch, which only sets the
    // last error; the synchronize must report it rather than leave the output unwritten.
    simt_test::cuda::thread_ids(b->stream(), out.as<std::uint32_t>(), 0, 1, 1, 32, 1, 1);
    CHECK_THROWS_WITH(b->synchronize(b->stream()), ContainsSubstring("InvalidConfiguration") &&
                                                       ContainsSubstring("has a zero dimension"));
    simt_test::cuda::thread_ids(b->stream(), out.as<std::uint32_t>(), 1, 1, 1, 2048, 1, 1);
    CHECK_THROWS_WITH(b->synchronize(b->stream()),
                      ContainsSubstring("block (2048,1,1) has 2048 threads; sm_90") &&
                          ContainsSubstring("allows at most 1024 threads per block"));
    b->synchronize(b->stream());  // consumed: the next case starts clean
  }
}

TEST_CASE("backend/the host backends ignore PARITY_DEVICE unless devices are emulated",
          "[backend]") {
  // PARITY_DEVICE names a GPU: a value a GPU backend refuses must not fail host cases...
  ::setenv("PARITY_DEVICE", "gpu0", 1);
  CHECK(parity::make_backend("host-cuda")->availability().available);
  // ...but with emulated devices it is the selection, checked like on a GPU backend.
  ::setenv("PARITY_HOST_DEVICES", "2", 1);
  CHECK_THROWS_AS(parity::make_backend("host-cuda"), parity::UsageError);
  ::setenv("PARITY_DEVICE", "1", 1);
  CHECK(parity::make_backend("host-hip")->device_info().device_index == 1);
  ::setenv("PARITY_DEVICE", "2", 1);
  CHECK_FALSE(parity::make_backend("host-hip")->availability().available);
  ::unsetenv("PARITY_HOST_DEVICES");
  ::unsetenv("PARITY_DEVICE");
}
