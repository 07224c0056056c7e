// The runtime side of the emulator, shared by the CUDA and HIP stand-ins (cudaMalloc, hipMalloc,
// ... are thin wrappers over these) and by the host Backend. Error codes carry the numeric
// values both vendors use, so a Status converts to cudaError_t and hipError_t unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "parity/simt/context.hpp"
#include "parity/simt/target.hpp"

namespace parity::simt {

struct StreamState;  // what cudaStream_t / hipStream_t point to (defined in the runtime)

enum class Status : int {
  kSuccess = 0,
  kInvalidValue = 1,
  kMemoryAllocation = 2,
  kInitializationError = 3,
  kInvalidConfiguration = 9,
  kInvalidSymbol = 13,
  kInvalidDevicePointer = 17,
  kInvalidMemcpyDirection = 21,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kInvalidResourceHandle = 400,
  kNotReady = 600,
  kIllegalAddress = 700,
  kLaunchOutOfResources = 701,
  kAssert = 710,
  kLaunchFailure = 719,
  kNotSupported = 801,
  kUnknown = 999,
};

//! Vendor-style name ("cudaErrorLaunchFailure" / "hipErrorLaunchFailure").
const char* status_name(Status status, Dialect dialect) noexcept;
//! The detailed message of the latest failure with this status on this thread, else a generic
//! description of the status.
const char* status_message(Status status) noexcept;

//! The calling thread's last error (cudaGetLastError resets it, cudaPeekAtLastError does not).
Status last_error(bool reset) noexcept;
//! Records an API failure (also the return value, for convenience).
Status fail(Status status, std::string message);

//! A stream: launches run synchronously, so it only carries the warp width for HIP-dialect
//! launches and the first kernel failure not yet reported by a synchronize.
StreamState* create_stream(int hip_warp_size = 0);
void destroy_stream(StreamState* stream) noexcept;
//! The warp width HIP-dialect launches on `stream` get (CUDA-dialect launches always get 32):
//! the stream's, else PARITY_SIMT_HIP_WARP_SIZE's, else the HIP target's wavefront size.
int hip_warp_size(StreamState* stream) noexcept;
//! The wavefront width PARITY_SIMT_HIP_WARP_SIZE forces on every HIP launch (32 or 64: a what-if
//! beside the target, whose architecture macros keep their values), else 0.
int hip_warp_override() noexcept;

//! A kernel failure that a synchronize reports.
struct KernelFailure {
  Status status = Status::kSuccess;
  std::string message;
  explicit operator bool() const { return status != Status::kSuccess; }
};
//! Returns and clears the stream's pending failure (nullptr: the default stream).
KernelFailure take_stream_failure(StreamState* stream);
//! Returns and clears the pending failure of every stream.
KernelFailure take_device_failure();

//! Worker threads blocks are spread over (default: hardware threads, or PARITY_SIMT_THREADS).
int worker_count() noexcept;
void set_worker_count(int count);

//! Shared-memory race detection (also PARITY_SIMT_RACE_CHECK=1). Only kernels compiled with
//! instrumentation (parity_add_emulated_library(... RACE_CHECK)) are checked.
bool race_check() noexcept;
void set_race_check(bool enabled) noexcept;

//! Records the API set an emulated translation unit was compiled against ("ROCm 6.4",
//! "CUDA 13.0": PARITY_SIMT_ROCM_VERSION / PARITY_SIMT_CUDA_VERSION). The stand-in runtime
//! headers call it from a static initialiser of every emulated translation unit.
bool note_api_set(Dialect dialect, const char* api_set) noexcept;
//! The API set(s) noted for a dialect: "ROCm 6.4", "ROCm 5.2 + ROCm 6.4" when translation units
//! disagree, "" when no emulated translation unit of that dialect is linked.
std::string api_set(Dialect dialect);
//! Whether fresh device allocations and shared memory are filled with the poison pattern, and
//! CUDA shuffles from lanes that did not take part return it (parity/poison.hpp). On by default;
//! PARITY_SIMT_POISON=0 turns it off (then memory is left as the host gives it and such
//! shuffles return zero bits).
bool poison() noexcept;
void set_poison(bool enabled) noexcept;

//! Host name of the CPU ("AMD EPYC 9654 ...", from /proc/cpuinfo).
std::string cpu_name();
//! What cudaGetDeviceProperties / hipGetDeviceProperties report as the device name:
//! "parity-simt sm_90 (NVIDIA H100 / H200 (Hopper)) on <CPU>".
std::string device_name(const Target& target);
//! "parity-simt <version>".
const char* runtime_version() noexcept;

//! Events record a steady-clock time (launches are synchronous, so that is when work ended).
struct EventState {
  double ms = 0.0;
  bool recorded = false;
};
double now_ms() noexcept;

//! 256-byte aligned host allocations standing in for device memory, filled with the poison
//! pattern (unless poison() is off): a GPU's fresh allocations hold whatever was there.
void* allocate(std::size_t bytes) noexcept;
void release(void* ptr) noexcept;

namespace detail {
//! cudaFuncSetAttribute / hipFuncSetAttribute, checked against the calling translation unit's
//! target (`target_id`, PARITY_SIMT_TARGET_ID) as the vendor's runtime checks it. `arguments` is
//! the call's argument text; its first argument names the kernel as launches do.
Status set_func_attribute(Dialect dialect, int target_id, const char* arguments, int attribute,
                          long long value, const char* file, int line);
//! What the cudaFuncSetAttribute / hipFuncSetAttribute macros expand to.
template <class F, class Attribute>
Status func_set_attribute(Dialect dialect, int target_id, const char* arguments, const char* file,
                          int line, F*, Attribute attribute, long long value) {
  return set_func_attribute(dialect, target_id, arguments, static_cast<int>(attribute), value, file,
                            line);
}
}  // namespace detail

}  // namespace parity::simt
