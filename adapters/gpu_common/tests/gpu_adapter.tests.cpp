// The tests every GPU adapter runs, built once per adapter with its kernels (test_kernels.cu or
// .hip) and PARITY_TEST_BACKEND / _VENDOR / _CALL_PREFIX / _ARCH_PATTERN from CMake. The first
// group runs on any machine; the kernel tests SKIP with the backend's reason without a device.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <catch2/matchers/catch_matchers_vector.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "test_kernels.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::Matches;
using Catch::Matchers::MessageMatches;
using Catch::Matchers::StartsWith;
using Catch::Matchers::VectorContains;

namespace {
const std::string kBackend = PARITY_TEST_BACKEND;     // "cuda"
const std::string kVendor = PARITY_TEST_VENDOR;       // "CUDA"
const std::string kPrefix = PARITY_TEST_CALL_PREFIX;  // "cuda": the runtime's call names

//! Sets (or unsets, for nullptr) an environment variable for one scope.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;
  ~ScopedEnvironment() {
    if (old_) {
      setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      unsetenv(name_.c_str());
    }
  }

 private:
  std::string name_;
  std::optional<std::string> old_;
};

//! The backend when its device can run kernels; otherwise the test SKIPs with the reason.
std::unique_ptr<parity::Backend> available_backend() {
  auto backend = parity::make_backend(kBackend);
  const auto availability = backend->availability();
  if (!availability.available) SKIP(availability.reason);
  return backend;
}

template <class T>
void upload(parity::Backend& backend, const parity::DeviceBuffer& dst, const std::vector<T>& src) {
  REQUIRE(dst.size() == src.size() * sizeof(T));
  backend.upload(dst.get(), src.data(), dst.size(), backend.stream());
}

template <class T>
std::vector<T> download(parity::Backend& backend, const parity::DeviceBuffer& src) {
  std::vector<T> out(src.size() / sizeof(T));
  backend.download(out.data(), src.get(), src.size(), backend.stream());
  return out;
}
}  // namespace

// ---- On any machine --------------------------------------------------------------------------

TEST_CASE(PARITY_TEST_BACKEND "/registry: make_backend finds the adapter", "[adapter]") {
  CHECK_THAT(parity::registered_backends(), VectorContains(kBackend));
  const auto backend = parity::make_backend(kBackend);
  CHECK(backend->name() == kBackend);
}

TEST_CASE(PARITY_TEST_BACKEND "/availability: available, or why not", "[adapter]") {
  const auto availability = parity::make_backend(kBackend)->availability();
  if (availability.available) {
    CHECK(availability.reason.empty());
  } else {
    // Without a driver or device the reason carries the runtime's own answer.
    CHECK_THAT(availability.reason,
               StartsWith("no " + kVendor + " device: " + kPrefix + "GetDeviceCount()"));
  }
}

TEST_CASE(PARITY_TEST_BACKEND "/availability: a device that is not there is not available",
          "[adapter]") {
  ScopedEnvironment device("PARITY_DEVICE", "4096");
  const auto availability = parity::make_backend(kBackend)->availability();
  CHECK_FALSE(availability.available);
  CHECK_THAT(availability.reason, StartsWith("no " + kVendor + " device"));
}

TEST_CASE(PARITY_TEST_BACKEND "/errors: allocate on an absent device names the failing call",
          "[adapter]") {
  ScopedEnvironment device("PARITY_DEVICE", "4096");
  const auto backend = parity::make_backend(kBackend);
  CHECK_THROWS_MATCHES(
      backend->allocate(4096), parity::BackendError,
      MessageMatches(StartsWith(kPrefix + "SetDevice(4096) failed: " + kPrefix + "Error") &&
                     ContainsSubstring("No usable " + kVendor + " device") &&
                     ContainsSubstring("PARITY_DEVICE='4096'")));
}

TEST_CASE(PARITY_TEST_BACKEND "/errors: a malformed PARITY_DEVICE is a usage error", "[adapter]") {
  ScopedEnvironment device("PARITY_DEVICE", "gpu1");
  CHECK_THROWS_MATCHES(parity::make_backend(kBackend), parity::UsageError,
                       MessageMatches(StartsWith("PARITY_DEVICE='gpu1' is not a device ordinal")));
}

// ---- On a device -----------------------------------------------------------------------------

TEST_CASE(PARITY_TEST_BACKEND "/device_info: the device describes itself", "[adapter][gpu]") {
  const auto backend = available_backend();
  const auto info = backend->device_info();
  CHECK(info.backend == kBackend);
  CHECK_FALSE(info.device_name.empty());
  CHECK_THAT(info.architecture, Matches(PARITY_TEST_ARCH_PATTERN));
  CHECK((info.warp_size == 32 || info.warp_size == 64));
  CHECK(info.total_memory > (std::uint64_t{1} << 30));
  CHECK_THAT(info.runtime_version, StartsWith(kVendor + " "));
  CHECK_FALSE(info.driver_version.empty());
  CHECK_THAT(info.compiler, ContainsSubstring("archs"));
  UNSCOPED_INFO(info.device_name << ", " << info.architecture << ", " << info.driver_version << ", "
                                 << info.runtime_version << ", " << info.compiler);
}

TEST_CASE(PARITY_TEST_BACKEND "/scale_add/f32/1000003: upload, launch, download",
          "[adapter][gpu]") {
  const auto backend = available_backend();
  const int n = 1'000'003;  // not a multiple of the block: the tail guard is exercised
  std::vector<float> x(n);
  std::vector<float> expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 2048 - 1024);
    expected[i] = static_cast<float>(0.5 * x[i] + 3.0);  // exact: small integers and halves
  }
  const auto bytes = static_cast<std::size_t>(n) * sizeof(float);
  auto dx = backend->allocate(bytes);
  auto dy = backend->allocate(bytes);
  upload(*backend, dx, x);
  upload(*backend, dy, std::vector<float>(n, std::numeric_limits<float>::quiet_NaN()));
  // Negative control: before the launch the output holds the NaN sentinel, not the answer.
  REQUIRE(std::isnan(download<float>(*backend, dy)[n - 1]));

  launch_scale_add(backend->stream(), dx.as<float>(), dy.as<float>(), 0.5f, 3.0f, n, 256);
  backend->synchronize(backend->stream());
  const auto y = download<float>(*backend, dy);
  int mismatches = 0;
  for (int i = 0; i < n; ++i) mismatches += y[i] == expected[i] ? 0 : 1;
  CHECK(mismatches == 0);
  CHECK(y[n - 1] == expected[n - 1]);
}

TEST_CASE(PARITY_TEST_BACKEND "/warp_size: device code agrees with device_info", "[adapter][gpu]") {
  const auto backend = available_backend();
  auto out = backend->allocate(sizeof(int));
  upload(*backend, out, std::vector<int>{-1});
  launch_write_warp_size(backend->stream(), out.as<int>());
  backend->synchronize(backend->stream());
  CHECK(download<int>(*backend, out)[0] == backend->device_info().warp_size);
}

TEST_CASE(PARITY_TEST_BACKEND "/time_ms: events time a launch", "[adapter][gpu]") {
  const auto backend = available_backend();
  const int n = 1 << 20;
  auto dx = backend->allocate(n * sizeof(float));
  auto dy = backend->allocate(n * sizeof(float));
  const double ms = backend->time_ms(backend->stream(), [&] {
    launch_scale_add(backend->stream(), dx.as<float>(), dy.as<float>(), 1.0f, 0.0f, n, 256);
  });
  CHECK(std::isfinite(ms));
  CHECK(ms > 0.0);
}

TEST_CASE(PARITY_TEST_BACKEND "/errors: a rejected launch is reported, the stream stays usable",
          "[adapter][gpu]") {
  const auto backend = available_backend();
  auto dx = backend->allocate(1024 * sizeof(float));
  auto dy = backend->allocate(1024 * sizeof(float));
  upload(*backend, dx, std::vector<float>(1024, 2.0f));
  launch_scale_add(backend->stream(), dx.as<float>(), dy.as<float>(), 1.0f, 1.0f, 1024, 2048);
  CHECK_THROWS_MATCHES(backend->synchronize(backend->stream()), parity::BackendError,
                       MessageMatches(ContainsSubstring(kPrefix + "GetLastError()")));
  launch_scale_add(backend->stream(), dx.as<float>(), dy.as<float>(), 1.0f, 1.0f, 1024, 256);
  backend->synchronize(backend->stream());
  CHECK(download<float>(*backend, dy) == std::vector<float>(1024, 3.0f));
}

// Hidden ([.]): a fault leaves the context unusable for the rest of the process, so CMake runs
// it in a process of its own. Not registered for HIP: ROCm aborts the process on a GPU page fault.
TEST_CASE(PARITY_TEST_BACKEND "/errors: a kernel fault is reported by synchronize", "[.][fault]") {
  const auto backend = available_backend();
  // An address no allocation covers (one page above null), passed in so no compiler sees it.
  auto* bad = reinterpret_cast<int*>(std::uintptr_t{4096});
  launch_store(backend->stream(), bad, 1);
  CHECK_THROWS_MATCHES(backend->synchronize(backend->stream()), parity::BackendError,
                       MessageMatches(ContainsSubstring("A kernel faulted while running") &&
                                      ContainsSubstring("restart the process")));
}
