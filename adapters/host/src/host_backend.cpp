// The host backends: parity::Backend over the SIMT emulator.
//   "host-cuda"  runs CUDA-dialect kernels, warp size 32, with the limits of the CUDA target
//                (PARITY_SIMT_CUDA_TARGET, default sm_90);
//   "host-hip"   runs HIP-dialect kernels with the HIP target's limits and wavefront width
//                (PARITY_SIMT_HIP_TARGET, default gfx942: 64; RDNA targets 32), or the width
//                PARITY_SIMT_HIP_WARP_SIZE forces.
// The device name and architecture in provenance are the target's.
// Memory is 256-byte aligned host memory, the stream is an emulator stream (what cudaStream_t /
// hipStream_t point to in the stand-ins), and launches run synchronously.
// Devices: one by default, whatever PARITY_DEVICE or CTest select (they name GPUs, and host tests
// must not skip because of them). PARITY_HOST_DEVICES=N makes the backend report N identical
// emulated devices, so that CTest resource allocation (`parity devices --ctest-resource-spec`)
// can be exercised without a GPU: the device is then chosen like on a GPU backend (PARITY_DEVICE,
// else CTEST_RESOURCE_GROUP_0_GPUS, else 0), must exist, and is only recorded (device_index).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/gpu/device_selection.hpp"
#include "parity/simt/runtime_api.hpp"
#include "parity/simt/target.hpp"
#include "parity/simt/vendor_math.hpp"

#ifndef PARITY_HOST_COMPILER
#define PARITY_HOST_COMPILER "unknown"
#endif

namespace parity {
namespace {

//! The wavefront width host-hip launches get: PARITY_SIMT_HIP_WARP_SIZE's, else the HIP
//! target's (64 on CDNA, 32 on RDNA).
int hip_warp_size_forced() {
  const char* env = std::getenv("PARITY_SIMT_HIP_WARP_SIZE");
  if (env == nullptr) return 0;
  if (std::strcmp(env, "32") == 0) return 32;
  if (std::strcmp(env, "64") == 0) return 64;
  return 0;
}
int hip_warp_size_setting() {
  const int forced = hip_warp_size_forced();
  return forced != 0 ? forced : simt::current_target(simt::Dialect::kHip).warp_size;
}

//! PARITY_HOST_DEVICES, or nullopt when unset; throws UsageError for anything but a whole
//! number 1..1024.
std::optional<int> host_device_count() {
  const char* env = std::getenv("PARITY_HOST_DEVICES");
  if (env == nullptr || *env == '\0') return std::nullopt;
  char* end = nullptr;
  const long count = std::strtol(env, &end, 10);
  if (*end != '\0' || count < 1 || count > 1024)
    throw UsageError("PARITY_HOST_DEVICES='" + std::string(env) +
                     "' must be a whole number from 1 to 1024: how many emulated devices the "
                     "host backend reports");
  return static_cast<int>(count);
}

class HostBackend final : public Backend {
 public:
  HostBackend(std::string name, simt::Dialect dialect, int warp_size)
      : name_(std::move(name)),
        dialect_(dialect),
        warp_size_(warp_size),
        // 0: the width of the kernels' target; PARITY_SIMT_HIP_WARP_SIZE, read when the backend
        // is made, forces one.
        stream_(simt::create_stream(dialect == simt::Dialect::kHip ? hip_warp_size_forced() : 0)) {}
  ~HostBackend() override { simt::destroy_stream(stream_); }
  HostBackend(const HostBackend&) = delete;
  HostBackend& operator=(const HostBackend&) = delete;

  std::string_view name() const override { return name_; }

  Availability availability() override {
    const std::optional<int> count = host_device_count();
    if (count && device_.ordinal >= *count)
      return {false, "no " + name_ + " device " + std::to_string(device_.ordinal) + ": " +
                         device_.source +
                         " selects it, but PARITY_HOST_DEVICES=" + std::to_string(*count) +
                         " emulates " + std::to_string(*count) + " device(s)"};
    return {true, ""};
  }

  DeviceInfo device_info() override {
    DeviceInfo info;
    info.backend = name_;
    // The GPU the kernels were compiled for (parity/simt/target.hpp), emulated on this CPU.
    info.device_name = simt::device_name(simt::current_target(dialect_)) + ", " +
                       std::to_string(simt::worker_count()) + " worker threads";
    info.architecture = simt::target_names(dialect_);
    info.warp_size = warp_size_;
    info.device_index = host_device_count() ? device_.ordinal : 0;
    info.driver_version = "";
    // The API set the kernels were compiled against (PARITY_SIMT_ROCM_VERSION / _CUDA_VERSION).
    const std::string api = simt::api_set(dialect_);
    info.runtime_version =
        std::string(simt::runtime_version()) + (api.empty() ? "" : " (" + api + " API set)");
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    info.total_memory = pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) *
                                                         static_cast<std::uint64_t>(page_size)
                                                   : 0;
    info.compiler = std::string(PARITY_HOST_COMPILER) + " (" +
                    (dialect_ == simt::Dialect::kCuda ? "CUDA" : "HIP") +
                    " sources emulated by parity-simt)";
    if (simt::vendor_math()) {
      char seed[32];
      std::snprintf(seed, sizeof seed, "0x%llx",
                    static_cast<unsigned long long>(simt::vendor_math_seed()));
      info.compiler += std::string(", vendor-math perturbation (") +
                       (dialect_ == simt::Dialect::kCuda ? "CUDA" : "OCML") + " bounds, seed " +
                       seed + ")";
    }
    return info;
  }

  DeviceBuffer allocate(std::size_t bytes) override {
    void* p = simt::allocate(bytes);
    if (p == nullptr) {
      throw BackendError(name_ + ": cannot allocate " + std::to_string(bytes) +
                         " bytes of host memory for a device buffer; reduce the case size");
    }
    return DeviceBuffer(this, p, bytes);
  }

  void upload(void* device_dst, const void* host_src, std::size_t bytes, Stream) override {
    if (bytes != 0) std::memcpy(device_dst, host_src, bytes);
  }

  void download(void* host_dst, const void* device_src, std::size_t bytes, Stream) override {
    if (bytes != 0) std::memcpy(host_dst, device_src, bytes);
  }

  Stream stream() override { return Stream(stream_, this); }

  void synchronize(Stream stream) override {
    auto* s = static_cast<simt::StreamState*>(stream.handle());
    simt::KernelFailure failure = simt::take_stream_failure(s);
    // The same failure is also pending on the device and as the thread's last error: consume
    // them, so that the next case starts clean.
    (void)simt::take_device_failure();
    const simt::Status last = simt::last_error(true);
    if (failure) {
      throw BackendError(name_ + ": " + simt::status_name(failure.status, dialect_) + ": " +
                         failure.message);
    }
    // A launch the emulator refused (zero or oversized dimensions, too much dynamic shared memory)
    // only sets the last error, as on a GPU; unchecked by the kernel's wrapper, it would surface
    // as "output never written" without its reason.
    if (last != simt::Status::kSuccess) {
      throw BackendError(name_ + ": " + simt::status_name(last, dialect_) + ": " +
                         simt::status_message(last));
    }
  }

  double time_ms(Stream stream, const std::function<void()>& launch) override {
    const auto start = std::chrono::steady_clock::now();
    launch();
    synchronize(stream);
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(end - start).count();
  }

 protected:
  void release(void* ptr) noexcept override { simt::release(ptr); }

 private:
  std::string name_;
  simt::Dialect dialect_;
  int warp_size_;
  // Only with emulated devices does a selection mean anything; otherwise PARITY_DEVICE and the
  // CTest variable name GPUs, and a value a GPU backend would refuse must not fail host cases.
  gpu::DeviceSelection device_ =
      host_device_count() ? gpu::select_device() : gpu::DeviceSelection{};
  simt::StreamState* stream_;
};

}  // namespace

PARITY_REGISTER_BACKEND(host_cuda, "host-cuda", [] {
  return std::make_unique<HostBackend>("host-cuda", simt::Dialect::kCuda, 32);
});
PARITY_REGISTER_BACKEND(host_hip, "host-hip", [] {
  return std::make_unique<HostBackend>("host-hip", simt::Dialect::kHip, hip_warp_size_setting());
});

}  // namespace parity
