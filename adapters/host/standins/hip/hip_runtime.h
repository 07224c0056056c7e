// Stand-in for HIP's hip/hip_runtime.h in host-emulated builds (parity-simt). Only targets made by
// parity_add_emulated_library() see this directory. Device side: the AMD platform's vocabulary
// with the wavefront width of the launch (64 by default, as on CDNA; 32 with
// PARITY_SIMT_HIP_WARP_SIZE=32 or a 32-wide stream, as on RDNA): __ballot and __activemask
// return 64-bit masks, and the *_sync forms insist on a 64-bit mask, as ROCm 6.2+ does.
// Host side: the runtime API launchers use, implemented on the emulator.
#pragma once

#include "hip/hip_vector_types.h"
#include "parity/simt/prelude.hpp"

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__ 1
#endif
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#define PARITY_SIMT_DIALECT_HIP 1

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorAssert = 710,
  hipErrorLaunchFailure = 719,
  hipErrorNotSupported = 801,
  hipErrorUnknown = 999,
} hipError_t;

typedef ::parity::simt::StreamState* hipStream_t;
typedef ::parity::simt::EventState* hipEvent_t;
typedef void* hipDeviceptr_t;
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x00
#define hipEventBlockingSync 0x01
#define hipEventDisableTiming 0x02
#define hipHostMallocDefault 0x00
#define hipMemAttachGlobal 0x01
#define hipStreamPerThread (reinterpret_cast<hipStream_t>(0x2))

enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
};
enum hipFuncCache_t {
  hipFuncCachePreferNone = 0,
  hipFuncCachePreferShared = 1,
  hipFuncCachePreferL1 = 2,
  hipFuncCachePreferEqual = 3,
};
enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum hipDeviceAttribute_t {
  hipDeviceAttributeMaxThreadsPerBlock = 1,
  hipDeviceAttributeWarpSize = 10,
  hipDeviceAttributeMultiprocessorCount = 16,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 8,
  hipDeviceAttributeComputeCapabilityMajor = 75,
  hipDeviceAttributeComputeCapabilityMinor = 76,
};

struct hipDeviceProp_t {
  char name[256];
  char gcnArchName[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  std::size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  std::size_t maxSharedMemoryPerMultiProcessor;
  int l2CacheSize;
  int memoryBusWidth;
  int memoryClockRate;
  int concurrentKernels;
  int integrated;
  int canMapHostMemory;
  int managedMemory;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
};

// ----- errors -----
inline hipError_t hipGetLastError() {
  return static_cast<hipError_t>(::parity::simt::last_error(true));
}
inline hipError_t hipPeekAtLastError() {
  return static_cast<hipError_t>(::parity::simt::last_error(false));
}
inline const char* hipGetErrorString(hipError_t error) {
  return ::parity::simt::status_message(static_cast<::parity::simt::Status>(error));
}
inline const char* hipGetErrorName(hipError_t error) {
  return ::parity::simt::status_name(static_cast<::parity::simt::Status>(error),
                                     ::parity::simt::Dialect::kHip);
}

// ----- device -----
inline hipError_t hipGetDeviceCount(int* count) {
  *count = 1;
  return hipSuccess;
}
inline hipError_t hipGetDevice(int* device) {
  *device = 0;
  return hipSuccess;
}
inline hipError_t hipSetDevice(int device) {
  if (device == 0) return hipSuccess;
  return static_cast<hipError_t>(::parity::simt::fail(
      ::parity::simt::Status::kInvalidDevice,
      "hipSetDevice(" + std::to_string(device) + "): the host emulator has one device, 0"));
}
inline hipError_t hipDeviceReset() {
  (void)::parity::simt::take_device_failure();
  return hipSuccess;
}
inline hipError_t hipDeviceSynchronize() {
  const auto failure = ::parity::simt::take_device_failure();
  return failure ? static_cast<hipError_t>(failure.status) : hipSuccess;
}
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device) {
  if (device != 0) return hipSetDevice(device);
  *prop = hipDeviceProp_t{};
  const std::string name = "parity-simt (" + ::parity::simt::cpu_name() + ")";
  std::snprintf(prop->name, sizeof prop->name, "%s", name.c_str());
  std::snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "%s", "gfx942");
  prop->totalGlobalMem = std::size_t{16} << 30;
  prop->sharedMemPerBlock = 64 * 1024;
  prop->maxSharedMemoryPerMultiProcessor = 64 * 1024;
  prop->regsPerBlock = 65536;
  prop->warpSize = ::parity::simt::hip_warp_size(nullptr);
  prop->maxThreadsPerBlock = ::parity::simt::DeviceLimits::kMaxThreadsPerBlock;
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = prop->maxThreadsDim[2] = 1024;
  prop->maxGridSize[0] = 2147483647;
  prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
  prop->totalConstMem = 65536;
  prop->major = 9;
  prop->minor = 4;
  prop->multiProcessorCount = ::parity::simt::worker_count();
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->canMapHostMemory = 1;
  prop->managedMemory = 1;
  return hipSuccess;
}
inline hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attr, int device) {
  hipDeviceProp_t p;
  if (const hipError_t e = hipGetDeviceProperties(&p, device); e != hipSuccess) return e;
  switch (attr) {
    case hipDeviceAttributeMaxThreadsPerBlock:
      *value = p.maxThreadsPerBlock;
      break;
    case hipDeviceAttributeWarpSize:
      *value = p.warpSize;
      break;
    case hipDeviceAttributeMultiprocessorCount:
      *value = p.multiProcessorCount;
      break;
    case hipDeviceAttributeMaxSharedMemoryPerBlock:
      *value = static_cast<int>(p.sharedMemPerBlock);
      break;
    case hipDeviceAttributeComputeCapabilityMajor:
      *value = p.major;
      break;
    case hipDeviceAttributeComputeCapabilityMinor:
      *value = p.minor;
      break;
    default:
      *value = 0;
      break;
  }
  return hipSuccess;
}
inline hipError_t hipDriverGetVersion(int* version) {
  *version = HIP_VERSION;
  return hipSuccess;
}
inline hipError_t hipRuntimeGetVersion(int* version) {
  *version = HIP_VERSION;
  return hipSuccess;
}
inline hipError_t hipMemGetInfo(std::size_t* free_bytes, std::size_t* total) {
  *total = std::size_t{16} << 30;
  *free_bytes = *total;
  return hipSuccess;
}
template <class F>
inline hipError_t hipFuncSetAttribute(F*, hipFuncAttribute, int) {
  return hipSuccess;
}
template <class F>
inline hipError_t hipFuncSetCacheConfig(F*, hipFuncCache_t) {
  return hipSuccess;
}
template <class F>
inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F*, int block_size,
                                                               std::size_t) {
  *blocks = block_size > 0 ? std::max(1, 2048 / block_size) : 0;
  return hipSuccess;
}
template <class F>
inline hipError_t hipOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, F*,
                                                    std::size_t = 0, int limit = 0) {
  *block_size = limit > 0 ? std::min(limit, 256) : 256;
  *min_grid = ::parity::simt::worker_count() * (2048 / *block_size);
  return hipSuccess;
}

// ----- memory -----
inline hipError_t hipMalloc(void** ptr, std::size_t bytes) {
  *ptr = ::parity::simt::allocate(bytes);
  if (*ptr != nullptr) return hipSuccess;
  return static_cast<hipError_t>(
      ::parity::simt::fail(::parity::simt::Status::kMemoryAllocation,
                           "hipMalloc(" + std::to_string(bytes) + " bytes): out of host memory"));
}
template <class T>
inline hipError_t hipMalloc(T** ptr, std::size_t bytes) {
  return hipMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline hipError_t hipMallocManaged(void** ptr, std::size_t bytes, unsigned int = 1) {
  return hipMalloc(ptr, bytes);
}
template <class T>
inline hipError_t hipMallocManaged(T** ptr, std::size_t bytes, unsigned int = 1) {
  return hipMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline hipError_t hipHostMalloc(void** ptr, std::size_t bytes, unsigned int = 0) {
  return hipMalloc(ptr, bytes);
}
template <class T>
inline hipError_t hipHostMalloc(T** ptr, std::size_t bytes, unsigned int = 0) {
  return hipMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline hipError_t hipFree(void* ptr) {
  ::parity::simt::release(ptr);
  return hipSuccess;
}
inline hipError_t hipHostFree(void* ptr) {
  return hipFree(ptr);
}
inline hipError_t hipMemcpy(void* dst, const void* src, std::size_t bytes, hipMemcpyKind) {
  if (bytes != 0) std::memmove(dst, src, bytes);
  return hipSuccess;
}
inline hipError_t hipMemcpyAsync(void* dst, const void* src, std::size_t bytes, hipMemcpyKind kind,
                                 hipStream_t = nullptr) {
  return hipMemcpy(dst, src, bytes, kind);
}
inline hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void* src, std::size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyHostToDevice);
}
inline hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, std::size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDeviceToHost);
}
inline hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, std::size_t bytes) {
  return hipMemcpy(dst, src, bytes, hipMemcpyDeviceToDevice);
}
inline hipError_t hipMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                              std::size_t width, std::size_t height, hipMemcpyKind) {
  for (std::size_t r = 0; r < height; ++r) {
    std::memmove(static_cast<char*>(dst) + r * dpitch, static_cast<const char*>(src) + r * spitch,
                 width);
  }
  return hipSuccess;
}
inline hipError_t hipMemset(void* ptr, int value, std::size_t bytes) {
  if (bytes != 0) std::memset(ptr, value, bytes);
  return hipSuccess;
}
inline hipError_t hipMemsetAsync(void* ptr, int value, std::size_t bytes, hipStream_t = nullptr) {
  return hipMemset(ptr, value, bytes);
}
#define HIP_SYMBOL(x) x
template <class T>
inline hipError_t hipMemcpyToSymbol(const T& symbol, const void* src, std::size_t bytes,
                                    std::size_t offset = 0, hipMemcpyKind = hipMemcpyHostToDevice) {
  std::memcpy(reinterpret_cast<char*>(const_cast<T*>(&symbol)) + offset, src, bytes);
  return hipSuccess;
}
template <class T>
inline hipError_t hipMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes,
                                      std::size_t offset = 0,
                                      hipMemcpyKind = hipMemcpyDeviceToHost) {
  std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes);
  return hipSuccess;
}
template <class T>
inline hipError_t hipMemcpyToSymbolAsync(const T& symbol, const void* src, std::size_t bytes,
                                         std::size_t offset, hipMemcpyKind kind,
                                         hipStream_t = nullptr) {
  return hipMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
template <class T>
inline hipError_t hipGetSymbolAddress(void** ptr, const T& symbol) {
  *ptr = const_cast<T*>(&symbol);
  return hipSuccess;
}

// ----- streams and events (launches are synchronous) -----
inline hipError_t hipStreamCreate(hipStream_t* stream) {
  *stream = ::parity::simt::create_stream();
  return hipSuccess;
}
inline hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int) {
  return hipStreamCreate(stream);
}
inline hipError_t hipStreamDestroy(hipStream_t stream) {
  ::parity::simt::destroy_stream(stream);
  return hipSuccess;
}
inline hipError_t hipStreamSynchronize(hipStream_t stream) {
  const auto failure = ::parity::simt::take_stream_failure(stream);
  return failure ? static_cast<hipError_t>(failure.status) : hipSuccess;
}
inline hipError_t hipStreamQuery(hipStream_t) {
  return hipSuccess;
}
inline hipError_t hipStreamWaitEvent(hipStream_t, hipEvent_t, unsigned int = 0) {
  return hipSuccess;
}
inline hipError_t hipEventCreate(hipEvent_t* event) {
  *event = new ::parity::simt::EventState;
  return hipSuccess;
}
inline hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int) {
  return hipEventCreate(event);
}
inline hipError_t hipEventDestroy(hipEvent_t event) {
  delete event;
  return hipSuccess;
}
inline hipError_t hipEventRecord(hipEvent_t event, hipStream_t = nullptr) {
  event->ms = ::parity::simt::now_ms();
  event->recorded = true;
  return hipSuccess;
}
inline hipError_t hipEventSynchronize(hipEvent_t) {
  return hipSuccess;
}
inline hipError_t hipEventQuery(hipEvent_t) {
  return hipSuccess;
}
inline hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t end) {
  if (!start->recorded || !end->recorded) {
    return static_cast<hipError_t>(::parity::simt::fail(
        ::parity::simt::Status::kInvalidResourceHandle,
        "hipEventElapsedTime: an event was never recorded (call hipEventRecord first)"));
  }
  *ms = static_cast<float>(end->ms - start->ms);
  return hipSuccess;
}

// ----- launches -----
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, ...)                         \
  ::parity::simt::detail::launch_kernel(                                                           \
      ::parity::simt::detail::LaunchSite{__FILE__, __LINE__, #kernel,                              \
                                         ::parity::simt::Dialect::kHip, PARITY_SIMT_INSTRUMENTED}, \
      ::parity::simt::detail::LaunchConfig((grid), (block), (shared_bytes), (stream)),             \
      [&](auto&... parity_simt_args) { kernel(parity_simt_args...); } __VA_OPT__(, ) __VA_ARGS__)

// ----- built-in index shorthands -----
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)

// ----- wavefront intrinsics: 64-bit masks -----
namespace parity::simt::hip_warp {

template <class M>
constexpr void check_mask() {
  static_assert(std::is_integral_v<M> && sizeof(M) == 8,
                "parity-simt (HIP): the mask of a *_sync function must be a 64-bit integer, as "
                "in ROCm: a 32-bit mask such as 0xffffffff names only half of a 64-lane "
                "wavefront. Use 0xffffffffffffffffull or __activemask().");
}

template <class T>
inline T __shfl(T var, int src_lane, int width = warpSize,
                std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShfl, false, 0, var, src_lane, width, where);
}
template <class T>
inline T __shfl_up(T var, unsigned int delta, int width = warpSize,
                   std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflUp, false, 0, var, static_cast<int>(delta), width,
                         where);
}
template <class T>
inline T __shfl_down(T var, unsigned int delta, int width = warpSize,
                     std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflDown, false, 0, var, static_cast<int>(delta), width,
                         where);
}
template <class T>
inline T __shfl_xor(T var, int lane_mask, int width = warpSize,
                    std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflXor, false, 0, var, lane_mask, width, where);
}
inline unsigned long long __ballot(int predicate,
                                   std::source_location where = std::source_location::current()) {
  return detail::vote(detail::WarpOp::kBallot, false, 0, predicate, where);
}
inline int __any(int predicate, std::source_location where = std::source_location::current()) {
  return static_cast<int>(detail::vote(detail::WarpOp::kAny, false, 0, predicate, where));
}
inline int __all(int predicate, std::source_location where = std::source_location::current()) {
  return static_cast<int>(detail::vote(detail::WarpOp::kAll, false, 0, predicate, where));
}
inline unsigned long long __activemask(
    std::source_location where = std::source_location::current()) {
  return detail::vote(detail::WarpOp::kActiveMask, false, 0, 1, where);
}
inline unsigned int __lane_id() {
  return detail::lane_id();
}

template <class M, class T>
inline T __shfl_sync(M mask, T var, int src_lane, int width = warpSize,
                     std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::shuffle(detail::WarpOp::kShfl, true, static_cast<std::uint64_t>(mask), var,
                         src_lane, width, where);
}
template <class M, class T>
inline T __shfl_up_sync(M mask, T var, unsigned int delta, int width = warpSize,
                        std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::shuffle(detail::WarpOp::kShflUp, true, static_cast<std::uint64_t>(mask), var,
                         static_cast<int>(delta), width, where);
}
template <class M, class T>
inline T __shfl_down_sync(M mask, T var, unsigned int delta, int width = warpSize,
                          std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::shuffle(detail::WarpOp::kShflDown, true, static_cast<std::uint64_t>(mask), var,
                         static_cast<int>(delta), width, where);
}
template <class M, class T>
inline T __shfl_xor_sync(M mask, T var, int lane_mask, int width = warpSize,
                         std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::shuffle(detail::WarpOp::kShflXor, true, static_cast<std::uint64_t>(mask), var,
                         lane_mask, width, where);
}
template <class M>
inline unsigned long long __ballot_sync(
    M mask, int predicate, std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::vote(detail::WarpOp::kBallot, true, static_cast<std::uint64_t>(mask), predicate,
                      where);
}
template <class M>
inline int __any_sync(M mask, int predicate,
                      std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return static_cast<int>(
      detail::vote(detail::WarpOp::kAny, true, static_cast<std::uint64_t>(mask), predicate, where));
}
template <class M>
inline int __all_sync(M mask, int predicate,
                      std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return static_cast<int>(
      detail::vote(detail::WarpOp::kAll, true, static_cast<std::uint64_t>(mask), predicate, where));
}
template <class M, class T>
inline unsigned long long __match_any_sync(
    M mask, T value, std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::match(detail::WarpOp::kMatchAny, static_cast<std::uint64_t>(mask), value, nullptr,
                       where);
}
template <class M, class T>
inline unsigned long long __match_all_sync(
    M mask, T value, int* pred, std::source_location where = std::source_location::current()) {
  check_mask<M>();
  return detail::match(detail::WarpOp::kMatchAll, static_cast<std::uint64_t>(mask), value, pred,
                       where);
}
template <class M = unsigned long long>
inline void __syncwarp(M mask = ~0ull,
                       std::source_location where = std::source_location::current()) {
  check_mask<M>();
  detail::vote(detail::WarpOp::kSyncWarp, true, static_cast<std::uint64_t>(mask), 0, where);
}

}  // namespace parity::simt::hip_warp

using namespace ::parity::simt::hip_warp;

// HIP also accepts unsafeAtomicAdd / atomicAddNoRet, and floating atomicMin / atomicMax.
template <class T>
inline T unsafeAtomicAdd(T* address, T value) {
  return atomicAdd(address, value);
}
template <class T>
inline T safeAtomicAdd(T* address, T value) {
  return atomicAdd(address, value);
}
inline void atomicAddNoRet(float* address, float value) {
  atomicAdd(address, value);
}
inline float atomicMin(float* address, float value) {
  return ::parity::simt::detail::atomic_cas_loop_min(address, value);
}
inline float atomicMax(float* address, float value) {
  return ::parity::simt::detail::atomic_cas_loop_max(address, value);
}
inline double atomicMin(double* address, double value) {
  return ::parity::simt::detail::atomic_cas_loop_min(address, value);
}
inline double atomicMax(double* address, double value) {
  return ::parity::simt::detail::atomic_cas_loop_max(address, value);
}
