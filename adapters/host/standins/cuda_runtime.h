// Stand-in for CUDA's cuda_runtime.h in host-emulated builds (parity-simt). Only targets made by
// parity_add_emulated_library() see this directory. It provides the device-side vocabulary of
// CUDA (built-in variables, warp intrinsics with 32-bit masks, atomics, math) and the runtime API
// calls launchers use, implemented on the emulator. __CUDA_ARCH__ is not defined: code that
// branches on it takes its host path.
#pragma once

#include "parity/simt/prelude.hpp"

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define CUDART_VERSION 13000
#define PARITY_SIMT_DIALECT_CUDA 1

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
} cudaError_t;

typedef ::parity::simt::StreamState* cudaStream_t;
typedef ::parity::simt::EventState* cudaEvent_t;
#define cudaStreamLegacy (reinterpret_cast<cudaStream_t>(0x1))
#define cudaStreamPerThread (reinterpret_cast<cudaStream_t>(0x2))
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4,
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3,
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
};

struct cudaDeviceProp {
  char name[256];
  std::size_t totalGlobalMem;
  std::size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  std::size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  std::size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  int maxBlocksPerMultiProcessor;
  std::size_t sharedMemPerMultiprocessor;
  std::size_t sharedMemPerBlockOptin;
  int l2CacheSize;
  int memoryBusWidth;
  int memoryClockRate;
  int concurrentKernels;
  int integrated;
  int canMapHostMemory;
  int unifiedAddressing;
  int managedMemory;
  int computeMode;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
};

namespace parity::simt::cuda_api {
inline cudaError_t to_cuda(Status s) {
  return static_cast<cudaError_t>(s);
}
}  // namespace parity::simt::cuda_api

// ----- errors -----
inline cudaError_t cudaGetLastError() {
  return static_cast<cudaError_t>(::parity::simt::last_error(true));
}
inline cudaError_t cudaPeekAtLastError() {
  return static_cast<cudaError_t>(::parity::simt::last_error(false));
}
inline const char* cudaGetErrorString(cudaError_t error) {
  return ::parity::simt::status_message(static_cast<::parity::simt::Status>(error));
}
inline const char* cudaGetErrorName(cudaError_t error) {
  return ::parity::simt::status_name(static_cast<::parity::simt::Status>(error),
                                     ::parity::simt::Dialect::kCuda);
}

// ----- device -----
inline cudaError_t cudaGetDeviceCount(int* count) {
  *count = 1;
  return cudaSuccess;
}
inline cudaError_t cudaGetDevice(int* device) {
  *device = 0;
  return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int device) {
  if (device == 0) return cudaSuccess;
  return static_cast<cudaError_t>(::parity::simt::fail(
      ::parity::simt::Status::kInvalidDevice,
      "cudaSetDevice(" + std::to_string(device) + "): the host emulator has one device, 0"));
}
inline cudaError_t cudaSetDeviceFlags(unsigned int) {
  return cudaSuccess;
}
inline cudaError_t cudaDeviceReset() {
  (void)::parity::simt::take_device_failure();
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize() {
  const auto failure = ::parity::simt::take_device_failure();
  return failure ? static_cast<cudaError_t>(failure.status) : cudaSuccess;
}
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (device != 0) return cudaSetDevice(device);
  *prop = cudaDeviceProp{};
  const std::string name = "parity-simt (" + ::parity::simt::cpu_name() + ")";
  std::snprintf(prop->name, sizeof prop->name, "%s", name.c_str());
  prop->totalGlobalMem = std::size_t{16} << 30;
  prop->sharedMemPerBlock = ::parity::simt::DeviceLimits::kSharedPerBlock;
  prop->sharedMemPerBlockOptin = ::parity::simt::DeviceLimits::kSharedPerBlockOptin;
  prop->sharedMemPerMultiprocessor = ::parity::simt::DeviceLimits::kSharedPerBlockOptin;
  prop->regsPerBlock = 65536;
  prop->warpSize = 32;
  prop->maxThreadsPerBlock = ::parity::simt::DeviceLimits::kMaxThreadsPerBlock;
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 2147483647;
  prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
  prop->totalConstMem = 65536;
  prop->major = 9;
  prop->minor = 0;
  prop->multiProcessorCount = ::parity::simt::worker_count();
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->maxBlocksPerMultiProcessor = 32;
  prop->concurrentKernels = 0;
  prop->canMapHostMemory = 1;
  prop->unifiedAddressing = 1;
  prop->managedMemory = 1;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  cudaDeviceProp p;
  if (const cudaError_t e = cudaGetDeviceProperties(&p, device); e != cudaSuccess) return e;
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock:
      *value = p.maxThreadsPerBlock;
      break;
    case cudaDevAttrMaxBlockDimX:
      *value = p.maxThreadsDim[0];
      break;
    case cudaDevAttrMaxBlockDimY:
      *value = p.maxThreadsDim[1];
      break;
    case cudaDevAttrMaxBlockDimZ:
      *value = p.maxThreadsDim[2];
      break;
    case cudaDevAttrMaxGridDimX:
      *value = p.maxGridSize[0];
      break;
    case cudaDevAttrMaxGridDimY:
      *value = p.maxGridSize[1];
      break;
    case cudaDevAttrMaxGridDimZ:
      *value = p.maxGridSize[2];
      break;
    case cudaDevAttrMaxSharedMemoryPerBlock:
      *value = static_cast<int>(p.sharedMemPerBlock);
      break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin:
      *value = static_cast<int>(p.sharedMemPerBlockOptin);
      break;
    case cudaDevAttrWarpSize:
      *value = p.warpSize;
      break;
    case cudaDevAttrMultiProcessorCount:
      *value = p.multiProcessorCount;
      break;
    case cudaDevAttrComputeCapabilityMajor:
      *value = p.major;
      break;
    case cudaDevAttrComputeCapabilityMinor:
      *value = p.minor;
      break;
    default:
      *value = 0;
      break;
  }
  return cudaSuccess;
}
inline cudaError_t cudaDriverGetVersion(int* version) {
  *version = CUDART_VERSION;
  return cudaSuccess;
}
inline cudaError_t cudaRuntimeGetVersion(int* version) {
  *version = CUDART_VERSION;
  return cudaSuccess;
}
inline cudaError_t cudaMemGetInfo(std::size_t* free_bytes, std::size_t* total) {
  *total = std::size_t{16} << 30;
  *free_bytes = *total;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) {
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaFuncSetAttribute(F*, cudaFuncAttribute, int) {
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaFuncSetCacheConfig(F*, cudaFuncCache) {
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F*, int block_size,
                                                                 std::size_t) {
  *blocks = block_size > 0 ? std::max(1, 2048 / block_size) : 0;
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, F*,
                                                      std::size_t = 0, int limit = 0) {
  *block_size = limit > 0 ? std::min(limit, 256) : 256;
  *min_grid = ::parity::simt::worker_count() * (2048 / *block_size);
  return cudaSuccess;
}

// ----- memory -----
inline cudaError_t cudaMalloc(void** ptr, std::size_t bytes) {
  *ptr = ::parity::simt::allocate(bytes);
  if (*ptr != nullptr) return cudaSuccess;
  return static_cast<cudaError_t>(
      ::parity::simt::fail(::parity::simt::Status::kMemoryAllocation,
                           "cudaMalloc(" + std::to_string(bytes) + " bytes): out of host memory"));
}
template <class T>
inline cudaError_t cudaMalloc(T** ptr, std::size_t bytes) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline cudaError_t cudaMallocManaged(void** ptr, std::size_t bytes, unsigned int = 1) {
  return cudaMalloc(ptr, bytes);
}
template <class T>
inline cudaError_t cudaMallocManaged(T** ptr, std::size_t bytes, unsigned int = 1) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline cudaError_t cudaMallocHost(void** ptr, std::size_t bytes) {
  return cudaMalloc(ptr, bytes);
}
template <class T>
inline cudaError_t cudaMallocHost(T** ptr, std::size_t bytes) {
  return cudaMalloc(reinterpret_cast<void**>(ptr), bytes);
}
inline cudaError_t cudaHostAlloc(void** ptr, std::size_t bytes, unsigned int) {
  return cudaMalloc(ptr, bytes);
}
inline cudaError_t cudaFree(void* ptr) {
  ::parity::simt::release(ptr);
  return cudaSuccess;
}
inline cudaError_t cudaFreeHost(void* ptr) {
  return cudaFree(ptr);
}
inline cudaError_t cudaMemcpy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind) {
  if (bytes != 0) std::memmove(dst, src, bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* dst, const void* src, std::size_t bytes,
                                   cudaMemcpyKind kind, cudaStream_t = nullptr) {
  return cudaMemcpy(dst, src, bytes, kind);
}
inline cudaError_t cudaMemcpy2D(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                                std::size_t width, std::size_t height, cudaMemcpyKind) {
  for (std::size_t r = 0; r < height; ++r) {
    std::memmove(static_cast<char*>(dst) + r * dpitch, static_cast<const char*>(src) + r * spitch,
                 width);
  }
  return cudaSuccess;
}
inline cudaError_t cudaMemcpy2DAsync(void* dst, std::size_t dpitch, const void* src,
                                     std::size_t spitch, std::size_t width, std::size_t height,
                                     cudaMemcpyKind kind, cudaStream_t = nullptr) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
inline cudaError_t cudaMemset(void* ptr, int value, std::size_t bytes) {
  if (bytes != 0) std::memset(ptr, value, bytes);
  return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void* ptr, int value, std::size_t bytes,
                                   cudaStream_t = nullptr) {
  return cudaMemset(ptr, value, bytes);
}
template <class T>
inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, std::size_t bytes,
                                      std::size_t offset = 0,
                                      cudaMemcpyKind = cudaMemcpyHostToDevice) {
  std::memcpy(reinterpret_cast<char*>(const_cast<T*>(&symbol)) + offset, src, bytes);
  return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, std::size_t bytes,
                                        std::size_t offset = 0,
                                        cudaMemcpyKind = cudaMemcpyDeviceToHost) {
  std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, bytes);
  return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, std::size_t bytes,
                                           std::size_t offset = 0,
                                           cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                           cudaStream_t = nullptr) {
  return cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, std::size_t bytes,
                                             std::size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                             cudaStream_t = nullptr) {
  return cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
template <class T>
inline cudaError_t cudaGetSymbolAddress(void** ptr, const T& symbol) {
  *ptr = const_cast<T*>(&symbol);
  return cudaSuccess;
}

// ----- streams and events (launches are synchronous) -----
inline cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  *stream = ::parity::simt::create_stream();
  return cudaSuccess;
}
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int) {
  return cudaStreamCreate(stream);
}
inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int, int) {
  return cudaStreamCreate(stream);
}
inline cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  ::parity::simt::destroy_stream(stream);
  return cudaSuccess;
}
inline cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  const auto failure = ::parity::simt::take_stream_failure(stream);
  return failure ? static_cast<cudaError_t>(failure.status) : cudaSuccess;
}
inline cudaError_t cudaStreamQuery(cudaStream_t) {
  return cudaSuccess;
}
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int = 0) {
  return cudaSuccess;
}
inline cudaError_t cudaEventCreate(cudaEvent_t* event) {
  *event = new ::parity::simt::EventState;
  return cudaSuccess;
}
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int) {
  return cudaEventCreate(event);
}
inline cudaError_t cudaEventDestroy(cudaEvent_t event) {
  delete event;
  return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t = nullptr) {
  event->ms = ::parity::simt::now_ms();
  event->recorded = true;
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) {
  return cudaSuccess;
}
inline cudaError_t cudaEventQuery(cudaEvent_t) {
  return cudaSuccess;
}
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (!start->recorded || !end->recorded) {
    return static_cast<cudaError_t>(::parity::simt::fail(
        ::parity::simt::Status::kInvalidResourceHandle,
        "cudaEventElapsedTime: an event was never recorded (call cudaEventRecord first)"));
  }
  *ms = static_cast<float>(end->ms - start->ms);
  return cudaSuccess;
}

// ----- warp intrinsics: 32-bit masks, warp size 32 -----
namespace parity::simt::cuda_warp {

template <class T>
inline T __shfl_sync(unsigned int mask, T var, int src_lane, int width = warpSize,
                     std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShfl, true, mask, var, src_lane, width, where);
}
template <class T>
inline T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize,
                        std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflUp, true, mask, var, static_cast<int>(delta), width,
                         where);
}
template <class T>
inline T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize,
                          std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflDown, true, mask, var, static_cast<int>(delta), width,
                         where);
}
template <class T>
inline T __shfl_xor_sync(unsigned int mask, T var, int lane_mask, int width = warpSize,
                         std::source_location where = std::source_location::current()) {
  return detail::shuffle(detail::WarpOp::kShflXor, true, mask, var, lane_mask, width, where);
}
inline unsigned int __ballot_sync(unsigned int mask, int predicate,
                                  std::source_location where = std::source_location::current()) {
  return static_cast<unsigned int>(
      detail::vote(detail::WarpOp::kBallot, true, mask, predicate, where));
}
inline int __any_sync(unsigned int mask, int predicate,
                      std::source_location where = std::source_location::current()) {
  return static_cast<int>(detail::vote(detail::WarpOp::kAny, true, mask, predicate, where));
}
inline int __all_sync(unsigned int mask, int predicate,
                      std::source_location where = std::source_location::current()) {
  return static_cast<int>(detail::vote(detail::WarpOp::kAll, true, mask, predicate, where));
}
inline int __uni_sync(unsigned int mask, int predicate,
                      std::source_location where = std::source_location::current()) {
  return static_cast<int>(detail::vote(detail::WarpOp::kUni, true, mask, predicate, where));
}
inline unsigned int __activemask(std::source_location where = std::source_location::current()) {
  return static_cast<unsigned int>(detail::vote(detail::WarpOp::kActiveMask, false, 0, 1, where));
}
inline void __syncwarp(unsigned int mask = 0xffffffffu,
                       std::source_location where = std::source_location::current()) {
  detail::vote(detail::WarpOp::kSyncWarp, true, mask, 0, where);
}
template <class T>
inline unsigned int __match_any_sync(unsigned int mask, T value,
                                     std::source_location where = std::source_location::current()) {
  return static_cast<unsigned int>(
      detail::match(detail::WarpOp::kMatchAny, mask, value, nullptr, where));
}
template <class T>
inline unsigned int __match_all_sync(unsigned int mask, T value, int* pred,
                                     std::source_location where = std::source_location::current()) {
  return static_cast<unsigned int>(
      detail::match(detail::WarpOp::kMatchAll, mask, value, pred, where));
}
#define PARITY_SIMT_CUDA_REDUCE(name, op, T)                                    \
  inline T name(unsigned int mask, T value,                                     \
                std::source_location where = std::source_location::current()) { \
    return detail::reduce(detail::WarpOp::op, mask, value, where);              \
  }
PARITY_SIMT_CUDA_REDUCE(__reduce_add_sync, kReduceAdd, unsigned int)
PARITY_SIMT_CUDA_REDUCE(__reduce_add_sync, kReduceAdd, int)
PARITY_SIMT_CUDA_REDUCE(__reduce_min_sync, kReduceMin, unsigned int)
PARITY_SIMT_CUDA_REDUCE(__reduce_min_sync, kReduceMin, int)
PARITY_SIMT_CUDA_REDUCE(__reduce_max_sync, kReduceMax, unsigned int)
PARITY_SIMT_CUDA_REDUCE(__reduce_max_sync, kReduceMax, int)
PARITY_SIMT_CUDA_REDUCE(__reduce_and_sync, kReduceAnd, unsigned int)
PARITY_SIMT_CUDA_REDUCE(__reduce_or_sync, kReduceOr, unsigned int)
PARITY_SIMT_CUDA_REDUCE(__reduce_xor_sync, kReduceXor, unsigned int)
#undef PARITY_SIMT_CUDA_REDUCE

}  // namespace parity::simt::cuda_warp

using namespace ::parity::simt::cuda_warp;
