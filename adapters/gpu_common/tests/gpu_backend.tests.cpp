// GpuBackend<Api> against a scripted runtime: the logic both GPU adapters share, checked on any
// machine. The expected texts and call orders are written out here, not derived from the code.
#include "parity/gpu/gpu_backend.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <catch2/matchers/catch_matchers_vector.hpp>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "fake_api.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::Equals;
using Catch::Matchers::MessageMatches;
using Catch::Matchers::StartsWith;
using parity::BackendError;
using parity::DeviceBuffer;
using parity::gpu::DeviceSelection;
using parity::gpu::testing::FakeApi;
using parity::gpu::testing::FakeError;
using Log = std::vector<std::string>;

namespace {
using FakeBackend = parity::gpu::GpuBackend<FakeApi>;

FakeBackend make_fake(int ordinal = 0) {
  FakeApi::reset();
  return FakeBackend("fakecc 1.0, archs fk_90",
                     DeviceSelection{ordinal, "PARITY_DEVICE=" + std::to_string(ordinal)});
}
Log& log() {
  return FakeApi::state().log;
}

//! A backend of another kind, to hand its stream to the fake one.
class OtherBackend final : public parity::Backend {
 public:
  std::string_view name() const override { return "other"; }
  parity::Availability availability() override { return {true, {}}; }
  parity::DeviceInfo device_info() override { return {}; }
  DeviceBuffer allocate(std::size_t) override { return {}; }
  void upload(void*, const void*, std::size_t, parity::Stream) override {}
  void download(void*, const void*, std::size_t, parity::Stream) override {}
  parity::Stream stream() override { return parity::Stream(&token_, this); }
  void synchronize(parity::Stream) override {}
  double time_ms(parity::Stream, const std::function<void()>&) override { return 0.0; }

 protected:
  void release(void*) noexcept override {}

 private:
  int token_ = 0;
};
}  // namespace

TEST_CASE("gpu_backend: no runtime answer means unavailable, with the runtime's words",
          "[gpu_backend][availability]") {
  auto backend = make_fake();
  FakeApi::state().fail["fakeGetDeviceCount"] = FakeError::kNoDriver;
  const auto a = backend.availability();
  CHECK_FALSE(a.available);
  CHECK(a.reason ==
        "no FAKE device: fakeGetDeviceCount() failed: fakeErrorInsufficientDriver (35): driver "
        "is insufficient");
  CHECK(FakeApi::state().streams_created == 0);
}

TEST_CASE("gpu_backend: zero devices and an ordinal past the last are unavailable",
          "[gpu_backend][availability]") {
  SECTION("zero devices") {
    auto backend = make_fake();
    FakeApi::state().device_count = 0;
    const auto a = backend.availability();
    CHECK_FALSE(a.available);
    CHECK(a.reason == "no FAKE device: fakeGetDeviceCount() found 0 devices");
  }
  SECTION("ordinal 2 of 2 devices") {
    auto backend = make_fake(2);
    FakeApi::state().device_count = 2;
    const auto a = backend.availability();
    CHECK_FALSE(a.available);
    CHECK(a.reason ==
          "no FAKE device 2: PARITY_DEVICE=2 selects it, but the runtime sees 2 device(s), 0..1");
  }
  SECTION("a present device that cannot be opened") {
    auto backend = make_fake();
    FakeApi::state().fail["fakeStreamCreate"] = FakeError::kOutOfMemory;
    const auto a = backend.availability();
    CHECK_FALSE(a.available);
    CHECK_THAT(a.reason, StartsWith("FAKE device 0 is not usable: fakeStreamCreate() failed: "
                                    "fakeErrorMemoryAllocation (2): out of memory."));
  }
}

TEST_CASE("gpu_backend: an available device is opened once and the answer is kept",
          "[gpu_backend][availability]") {
  auto backend = make_fake(1);
  FakeApi::state().device_count = 2;
  const auto a = backend.availability();
  CHECK(a.available);
  CHECK(a.reason.empty());
  CHECK(backend.availability().available);
  CHECK_THAT(log(), Equals(Log{"fakeGetDeviceCount", "fakeSetDevice", "fakeStreamCreate"}));
  CHECK(FakeApi::state().current_device == 1);
}

TEST_CASE("gpu_backend: allocate on an absent device names the failing call",
          "[gpu_backend][errors]") {
  auto backend = make_fake(4096);
  FakeApi::state().fail["fakeSetDevice"] = FakeError::kNoDevice;
  CHECK_THROWS_MATCHES(backend.allocate(4096), BackendError,
                       MessageMatches(StartsWith("fakeSetDevice(4096) failed: fakeErrorNoDevice "
                                                 "(100). No usable FAKE device:")));
}

TEST_CASE("gpu_backend: an allocation that does not fit says so", "[gpu_backend][errors]") {
  auto backend = make_fake();
  FakeApi::state().fail["fakeMalloc"] = FakeError::kOutOfMemory;
  CHECK_THROWS_MATCHES(
      backend.allocate(4096), BackendError,
      MessageMatches(Equals("fakeMalloc(4096 bytes) failed: fakeErrorMemoryAllocation (2): out of "
                            "memory. The device is out of memory: release buffers that are no "
                            "longer needed or run a smaller case.")));
}

TEST_CASE("gpu_backend: bytes go up and come back, each copy waited for", "[gpu_backend][copies]") {
  auto backend = make_fake();
  std::vector<std::uint32_t> host(1000);
  std::iota(host.begin(), host.end(), 0x1234u);
  const std::size_t bytes = host.size() * sizeof(host[0]);
  {
    DeviceBuffer buffer = backend.allocate(bytes);
    REQUIRE(buffer);
    CHECK(buffer.size() == bytes);
    const auto stream = backend.stream();
    log().clear();
    backend.upload(buffer.get(), host.data(), bytes, stream);
    std::vector<std::uint32_t> back(host.size(), 0);
    backend.download(back.data(), buffer.get(), bytes, stream);
    CHECK(back == host);
    CHECK_THAT(log(), Equals(Log{"fakeSetDevice", "fakeMemcpyAsync(h2d)", "fakeGetLastError",
                                 "fakeStreamSynchronize", "fakeSetDevice", "fakeMemcpyAsync(d2h)",
                                 "fakeGetLastError", "fakeStreamSynchronize"}));
    CHECK(FakeApi::state().allocations_alive == 1);
  }
  CHECK(FakeApi::state().allocations_alive == 0);
  CHECK(FakeApi::state().count("fakeFree") == 1);
}

TEST_CASE("gpu_backend: empty allocations and copies do not reach the runtime",
          "[gpu_backend][copies]") {
  auto backend = make_fake();
  DeviceBuffer empty = backend.allocate(0);
  CHECK_FALSE(empty);
  backend.upload(nullptr, nullptr, 0, backend.stream());
  CHECK(FakeApi::state().count("fakeMalloc") == 0);
  CHECK(FakeApi::state().count("fakeMemcpyAsync(h2d)") == 0);
}

TEST_CASE("gpu_backend: a moved buffer is freed exactly once", "[gpu_backend][raii]") {
  auto backend = make_fake();
  {
    DeviceBuffer first = backend.allocate(64);
    DeviceBuffer second = std::move(first);
    CHECK_FALSE(first);  // NOLINT(bugprone-use-after-move): moved-from state is the point
    DeviceBuffer third;
    third = std::move(second);
    CHECK(third.size() == 64);
  }
  CHECK(FakeApi::state().count("fakeMalloc") == 1);
  CHECK(FakeApi::state().count("fakeFree") == 1);
}

TEST_CASE("gpu_backend: streams and events are destroyed with the backend", "[gpu_backend][raii]") {
  {
    auto backend = make_fake();
    static_cast<void>(backend.stream());
    static_cast<void>(backend.time_ms(backend.stream(), [] {}));
    static_cast<void>(backend.time_ms(backend.stream(), [] {}));
    CHECK(FakeApi::state().streams_created == 1);
    CHECK(FakeApi::state().events_created == 2);  // start and stop, reused across timings
    CHECK(FakeApi::state().streams_alive == 1);
  }
  CHECK(FakeApi::state().streams_alive == 0);
  CHECK(FakeApi::state().events_alive == 0);
}

TEST_CASE("gpu_backend: handles move without double destruction", "[gpu_backend][raii]") {
  FakeApi::reset();
  {
    auto a = parity::gpu::make_stream<FakeApi>();
    auto b = std::move(a);
    CHECK_FALSE(a);  // NOLINT(bugprone-use-after-move)
    parity::gpu::StreamHandle<FakeApi> c;
    c = std::move(b);
    c = parity::gpu::make_stream<FakeApi>();  // replacing destroys the old one
    CHECK(FakeApi::state().streams_alive == 1);
  }
  CHECK(FakeApi::state().streams_created == 2);
  CHECK(FakeApi::state().streams_alive == 0);
  CHECK(FakeApi::state().count("fakeStreamDestroy") == 2);
}

TEST_CASE("gpu_backend: synchronize reports a rejected launch before waiting",
          "[gpu_backend][errors]") {
  auto backend = make_fake();
  const auto stream = backend.stream();
  FakeApi::state().pending_launch_error = FakeError::kInvalidConfiguration;
  log().clear();
  CHECK_THROWS_MATCHES(
      backend.synchronize(stream), BackendError,
      MessageMatches(StartsWith("a kernel launch (reported by fakeGetLastError()) failed: "
                                "fakeErrorInvalidConfiguration (9): invalid configuration "
                                "argument. The runtime rejected a kernel launch")));
  CHECK(FakeApi::state().count("fakeStreamSynchronize") == 0);
  // Reading the launch error cleared it: the stream is usable again.
  CHECK_NOTHROW(backend.synchronize(stream));
}

TEST_CASE("gpu_backend: synchronize reports an asynchronous kernel fault",
          "[gpu_backend][errors]") {
  auto backend = make_fake();
  const auto stream = backend.stream();
  FakeApi::state().fail["fakeStreamSynchronize"] = FakeError::kIllegalAddress;
  CHECK_THROWS_MATCHES(
      backend.synchronize(stream), BackendError,
      MessageMatches(StartsWith("fakeStreamSynchronize() failed: fakeErrorIllegalAddress (700): "
                                "an illegal memory access was encountered. A kernel faulted") &&
                     ContainsSubstring("restart the process") &&
                     ContainsSubstring("FAKE_LAUNCH_BLOCKING=1")));
}

TEST_CASE("gpu_backend: a failing copy names its direction and size", "[gpu_backend][errors]") {
  auto backend = make_fake();
  std::vector<float> host(16);
  DeviceBuffer buffer = backend.allocate(64);
  FakeApi::state().fail["fakeMemcpyAsync(d2h)"] = FakeError::kIllegalAddress;
  CHECK_THROWS_MATCHES(backend.download(host.data(), buffer.get(), 64, backend.stream()),
                       BackendError,
                       MessageMatches(StartsWith("fakeMemcpyAsync(device->host, 64 bytes) failed: "
                                                 "fakeErrorIllegalAddress (700)")));
  CHECK_NOTHROW(backend.upload(buffer.get(), host.data(), 64, backend.stream()));
}

TEST_CASE("gpu_backend: time_ms brackets the launch with events and waits",
          "[gpu_backend][timing]") {
  auto backend = make_fake();
  const auto stream = backend.stream();
  FakeApi::state().elapsed_ms = 2.25f;
  log().clear();
  int launches = 0;
  const double ms = backend.time_ms(stream, [&] {
    ++launches;
    log().emplace_back("launch");
  });
  CHECK(ms == 2.25);
  CHECK(launches == 1);
  CHECK_THAT(log(), Equals(Log{"fakeSetDevice", "fakeEventCreate", "fakeEventCreate",
                               "fakeEventRecord", "launch", "fakeEventRecord", "fakeGetLastError",
                               "fakeStreamSynchronize", "fakeEventElapsedTime"}));
}

TEST_CASE("gpu_backend: time_ms reports a launch the runtime rejected", "[gpu_backend][timing]") {
  auto backend = make_fake();
  CHECK_THROWS_MATCHES(
      backend.time_ms(
          backend.stream(),
          [] { FakeApi::state().pending_launch_error = FakeError::kInvalidConfiguration; }),
      BackendError, MessageMatches(ContainsSubstring("fakeErrorInvalidConfiguration")));
  CHECK(FakeApi::state().count("fakeEventElapsedTime") == 0);
}

TEST_CASE("gpu_backend: device_info comes from the runtime and the build",
          "[gpu_backend][device_info]") {
  auto backend = make_fake(1);
  FakeApi::state().device_count = 2;
  const auto info = backend.device_info();
  CHECK(info.backend == "fake");
  CHECK(info.device_name == "Fake GPU");
  CHECK(info.architecture == "fk_91");
  CHECK(info.warp_size == 64);
  CHECK(info.device_index == 1);
  CHECK(info.driver_version == "fake driver 555");
  CHECK(info.runtime_version == "FAKE 12");
  CHECK(info.total_memory == (std::uint64_t{80} << 30));
  CHECK(info.compiler == "fakecc 1.0, archs fk_90");
}

TEST_CASE("gpu_backend: device_info names a failing query", "[gpu_backend][device_info]") {
  auto backend = make_fake();
  FakeApi::state().fail["fakeGetDeviceProperties"] = FakeError::kUnknown;
  CHECK_THROWS_MATCHES(backend.device_info(), BackendError,
                       MessageMatches(StartsWith("fakeGetDeviceProperties(device 0) failed: "
                                                 "fakeErrorUnknown (999). Check the call's")));
}

TEST_CASE("gpu_backend: streams of another backend are refused, the default stream is not",
          "[gpu_backend][streams]") {
  auto backend = make_fake();
  OtherBackend other;
  CHECK_THROWS_MATCHES(backend.synchronize(other.stream()), parity::UsageError,
                       MessageMatches(Equals("a stream of backend 'other' was passed to backend "
                                             "'fake': use the stream() of the backend that runs "
                                             "the case")));
  CHECK_NOTHROW(backend.synchronize(parity::Stream{}));
  const auto own = backend.stream();
  CHECK(own.backend() == &backend);
  CHECK(own.handle() != nullptr);
}
