// Stand-in for CUB's cub/config.cuh (CCCL 3.0, CUDA 13) in host-emulated builds (parity-simt):
// the version and namespace macros, and what the shared CUB / hipCUB stand-in code
// (parity/simt/libs/cub/api/*.inc) needs to know about this dialect.
#pragma once

#include <cuda_runtime.h>

#define CUB_VERSION 300001
#define CUB_MAJOR_VERSION (CUB_VERSION / 100000)
#define CUB_MINOR_VERSION (CUB_VERSION / 100 % 1000)
#define CUB_SUBMINOR_VERSION (CUB_VERSION % 100)
#define CUB_PATCH_NUMBER 0
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_RUNTIME_FUNCTION

#define PARITY_CUB_NAMESPACE cub
#define PARITY_CUB_LIBRARY "CUB"
#define PARITY_CUB_QUALIFY(name) "cub::" #name
#define PARITY_CUB_FLAVOR ::parity::simt::libs::cub::Flavor::kCub
#define PARITY_CUB_ARCH_PARAMETER
#define PARITY_CUB_WARP_THREADS 32
#define PARITY_CUB_DEFAULT_SCAN BLOCK_SCAN_RAKING
#define PARITY_CUB_MEMOIZE_DEFAULT true
#define PARITY_CUB_SMEM_CONFIG_TYPE int   // cudaSharedMemConfig
#define PARITY_CUB_SMEM_CONFIG_DEFAULT 1  // cudaSharedMemBankSizeFourByte
#define PARITY_CUB_HAS_LEGACY_OPERATORS (CUDART_VERSION < 13000)

namespace parity::simt::libs::cub {
struct CubDeviceTraits {
  using Error = cudaError_t;
  using Stream = cudaStream_t;
  static constexpr Error kSuccess = cudaSuccess;
  static constexpr Error kInvalidValue = cudaErrorInvalidValue;
  static constexpr const char* kNamespace = "cub";
};
}  // namespace parity::simt::libs::cub
#define PARITY_CUB_DEVICE_TRAITS ::parity::simt::libs::cub::CubDeviceTraits
