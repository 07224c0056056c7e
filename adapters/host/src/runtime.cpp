// Error state, streams, events and memory of the emulated runtime.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>

#include "parity/poison.hpp"
#include "scheduler.hpp"

#ifndef PARITY_SIMT_VERSION
#define PARITY_SIMT_VERSION "0.0.0"
#endif

namespace parity::simt {

struct StreamState {
  static constexpr std::uint32_t kMagic = 0x53494d54;  // "SIMT"
  std::uint32_t magic = kMagic;
  int hip_warp_size = 0;  // 0: the process default
  std::mutex mutex;
  KernelFailure pending;
};

namespace {

thread_local Status t_last = Status::kSuccess;
thread_local Status t_failure_status = Status::kSuccess;
thread_local std::string t_failure_message;

std::mutex& device_mutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}
KernelFailure& device_pending() {
  static KernelFailure* f = new KernelFailure;
  return *f;
}
StreamState& default_stream() {
  static StreamState* s = new StreamState;
  return *s;
}

StreamState* resolve(StreamState* s) {
  // nullptr is the legacy default stream; 0x1 / 0x2 are cudaStreamLegacy / cudaStreamPerThread.
  const auto bits = reinterpret_cast<std::uintptr_t>(s);
  return bits <= 2 ? &default_stream() : s;
}

//! PARITY_SIMT_HIP_WARP_SIZE: 32 or 64, else 0 (unset, or a value that names no width).
int env_hip_warp_size() {
  static const int size = [] {
    const char* env = std::getenv("PARITY_SIMT_HIP_WARP_SIZE");
    if (env == nullptr || *env == '\0') return 0;
    if (std::strcmp(env, "32") == 0) return 32;
    if (std::strcmp(env, "64") == 0) return 64;
    std::fprintf(stderr,
                 "parity-simt: PARITY_SIMT_HIP_WARP_SIZE must be 32 or 64, not '%s'; using the "
                 "HIP target's wavefront size\n",
                 env);
    return 0;
  }();
  return size;
}

std::atomic<bool>& poison_setting() {
  static std::atomic<bool> on{[] {
    const char* env = std::getenv("PARITY_SIMT_POISON");
    return env == nullptr || std::strcmp(env, "0") != 0;
  }()};
  return on;
}

std::atomic<bool>& race_setting() {
  static std::atomic<bool> on{[] {
    const char* env = std::getenv("PARITY_SIMT_RACE_CHECK");
    return env != nullptr && std::strcmp(env, "0") != 0 && *env != '\0';
  }()};
  return on;
}

}  // namespace

const char* status_name(Status status, Dialect dialect) noexcept {
  const bool cuda = dialect == Dialect::kCuda;
  switch (status) {
    case Status::kSuccess:
      return cuda ? "cudaSuccess" : "hipSuccess";
    case Status::kInvalidValue:
      return cuda ? "cudaErrorInvalidValue" : "hipErrorInvalidValue";
    case Status::kMemoryAllocation:
      return cuda ? "cudaErrorMemoryAllocation" : "hipErrorOutOfMemory";
    case Status::kInitializationError:
      return cuda ? "cudaErrorInitializationError" : "hipErrorNotInitialized";
    case Status::kInvalidConfiguration:
      return cuda ? "cudaErrorInvalidConfiguration" : "hipErrorInvalidConfiguration";
    case Status::kInvalidSymbol:
      return cuda ? "cudaErrorInvalidSymbol" : "hipErrorInvalidSymbol";
    case Status::kInvalidDevicePointer:
      return cuda ? "cudaErrorInvalidDevicePointer" : "hipErrorInvalidDevicePointer";
    case Status::kInvalidMemcpyDirection:
      return cuda ? "cudaErrorInvalidMemcpyDirection" : "hipErrorInvalidMemcpyDirection";
    case Status::kNoDevice:
      return cuda ? "cudaErrorNoDevice" : "hipErrorNoDevice";
    case Status::kInvalidDevice:
      return cuda ? "cudaErrorInvalidDevice" : "hipErrorInvalidDevice";
    case Status::kInvalidResourceHandle:
      return cuda ? "cudaErrorInvalidResourceHandle" : "hipErrorInvalidHandle";
    case Status::kNotReady:
      return cuda ? "cudaErrorNotReady" : "hipErrorNotReady";
    case Status::kIllegalAddress:
      return cuda ? "cudaErrorIllegalAddress" : "hipErrorIllegalAddress";
    case Status::kLaunchOutOfResources:
      return cuda ? "cudaErrorLaunchOutOfResources" : "hipErrorLaunchOutOfResources";
    case Status::kAssert:
      return cuda ? "cudaErrorAssert" : "hipErrorAssert";
    case Status::kLaunchFailure:
      return cuda ? "cudaErrorLaunchFailure" : "hipErrorLaunchFailure";
    case Status::kNotSupported:
      return cuda ? "cudaErrorNotSupported" : "hipErrorNotSupported";
    case Status::kUnknown:
      return cuda ? "cudaErrorUnknown" : "hipErrorUnknown";
  }
  return cuda ? "cudaErrorUnknown" : "hipErrorUnknown";
}

const char* status_message(Status status) noexcept {
  if (status != Status::kSuccess && status == t_failure_status) return t_failure_message.c_str();
  switch (status) {
    case Status::kSuccess:
      return "no error";
    case Status::kInvalidValue:
      return "invalid argument";
    case Status::kMemoryAllocation:
      return "out of memory";
    case Status::kInvalidConfiguration:
      return "invalid configuration argument";
    case Status::kLaunchFailure:
      return "unspecified launch failure";
    case Status::kNotReady:
      return "device not ready";
    case Status::kNotSupported:
      return "operation not supported";
    case Status::kInvalidResourceHandle:
      return "invalid resource handle";
    default:
      return "error";
  }
}

Status last_error(bool reset) noexcept {
  const Status s = t_last;
  if (reset) t_last = Status::kSuccess;
  return s;
}

Status fail(Status status, std::string message) {
  t_last = status;
  t_failure_status = status;
  t_failure_message = std::move(message);
  return status;
}

StreamState* create_stream(int hip_warp) {
  auto* s = new StreamState;
  s->hip_warp_size = hip_warp;
  return s;
}

void destroy_stream(StreamState* stream) noexcept {
  if (reinterpret_cast<std::uintptr_t>(stream) <= 2) return;
  stream->magic = 0;
  delete stream;
}

int hip_warp_size(StreamState* stream) noexcept {
  StreamState* s = resolve(stream);
  if (s->hip_warp_size != 0) return s->hip_warp_size;
  if (const int forced = env_hip_warp_size(); forced != 0) return forced;
  return current_target(Dialect::kHip).warp_size;
}

int hip_warp_override() noexcept {
  return env_hip_warp_size();
}

bool poison() noexcept {
  return poison_setting().load(std::memory_order_relaxed);
}
void set_poison(bool enabled) noexcept {
  poison_setting().store(enabled, std::memory_order_relaxed);
}

KernelFailure take_stream_failure(StreamState* stream) {
  StreamState* s = resolve(stream);
  std::lock_guard lock(s->mutex);
  KernelFailure f = std::move(s->pending);
  s->pending = KernelFailure{};
  return f;
}

KernelFailure take_device_failure() {
  std::lock_guard lock(device_mutex());
  KernelFailure f = std::move(device_pending());
  device_pending() = KernelFailure{};
  return f;
}

bool race_check() noexcept {
  return race_setting().load(std::memory_order_relaxed);
}
void set_race_check(bool enabled) noexcept {
  race_setting().store(enabled, std::memory_order_relaxed);
}

std::string cpu_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        std::string name = line.substr(colon + 1);
        const auto start = name.find_first_not_of(" \t");
        return start == std::string::npos ? "unknown CPU" : name.substr(start);
      }
    }
  }
  return "unknown CPU";
}

namespace {
struct ApiSets {
  std::mutex mutex;
  std::string sets[2];  // per Dialect, " + "-separated, each named once
};
ApiSets& api_sets() {
  static ApiSets sets;
  return sets;
}
}  // namespace

bool note_api_set(Dialect dialect, const char* api_set) noexcept {
  try {
    auto& all = api_sets();
    const std::lock_guard lock(all.mutex);
    std::string& sets = all.sets[static_cast<int>(dialect)];
    const std::string name = api_set;
    if (("+ " + sets + " +").find(" " + name + " ") == std::string::npos)
      sets += sets.empty() ? name : " + " + name;
  } catch (...) {
    return false;  // out of memory at static initialisation: provenance lacks the API set
  }
  return true;
}

std::string api_set(Dialect dialect) {
  auto& all = api_sets();
  const std::lock_guard lock(all.mutex);
  return all.sets[static_cast<int>(dialect)];
}

std::string device_name(const Target& target) {
  return "parity-simt " + std::string(target.name) + " (" + std::string(target.product) + ") on " +
         cpu_name();
}

const char* runtime_version() noexcept {
  return "parity-simt " PARITY_SIMT_VERSION;
}

double now_ms() noexcept {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

void* allocate(std::size_t bytes) noexcept {
  // Exactly `bytes` (at least 1), so that AddressSanitizer sees the true end of the buffer.
  void* p = nullptr;
  if (posix_memalign(&p, 256, std::max<std::size_t>(bytes, 1)) != 0) return nullptr;
  if (poison()) ::parity::poison::fill(p, bytes);
  return p;
}

void release(void* ptr) noexcept {
  std::free(ptr);
}

namespace detail {

int stream_warp_override(StreamState* stream) noexcept {
  return resolve(stream)->hip_warp_size;
}

void report_kernel_failure(StreamState* stream, Status status, const std::string& message) {
  fail(status, message);
  {
    StreamState* s = resolve(stream);
    std::lock_guard lock(s->mutex);
    if (!s->pending) s->pending = KernelFailure{status, message};
  }
  std::lock_guard lock(device_mutex());
  if (!device_pending()) device_pending() = KernelFailure{status, message};
}

}  // namespace detail
}  // namespace parity::simt
