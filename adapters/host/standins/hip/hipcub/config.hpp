// Stand-in for hipCUB's hipcub/config.hpp (ROCm 6.x, rocPRIM backend) in host-emulated builds
// (parity-simt): hipCUB's macros, and what the shared CUB / hipCUB stand-in code
// (parity/simt/libs/cub/api/*.inc) needs to know about this dialect. HIPCUB_DEVICE_WARP_THREADS
// is 64, the wavefront of the CDNA devices the emulator stands for: a wave32 run
// (PARITY_SIMT_HIP_WARP_SIZE=32) of code built with it fails with a message, as code built for
// one wavefront width does not run on the other.
#pragma once

#include <hip/hip_runtime.h>

#if !PARITY_SIMT_ROCM_AT_LEAST(60000) || PARITY_SIMT_ROCM_AT_LEAST(70000)
#error \
    "parity-simt: the hipCUB stand-in follows ROCm 6.x; set PARITY_SIMT_ROCM_VERSION to a 6.x release for emulated code that uses it (docs/vendor-libraries.md)"
#endif

#define HIPCUB_ROCPRIM_API 1
#define HIPCUB_ARCH 1
#define HIPCUB_WARP_THREADS 64
#define HIPCUB_DEVICE_WARP_THREADS 64
#define HIPCUB_HOST_WARP_THREADS 64
#define BEGIN_HIPCUB_NAMESPACE namespace hipcub {
#define END_HIPCUB_NAMESPACE }
#define HIPCUB_RUNTIME_FUNCTION
#define HIPCUB_DEVICE
#define HIPCUB_HOST
#define HIPCUB_HOST_DEVICE

#define PARITY_CUB_NAMESPACE hipcub
#define PARITY_CUB_LIBRARY "hipCUB"
#define PARITY_CUB_QUALIFY(name) "hipcub::" #name
#define PARITY_CUB_FLAVOR ::parity::simt::libs::cub::Flavor::kHipcub
#define PARITY_CUB_ARCH_PARAMETER , int ARCH = HIPCUB_ARCH
#define PARITY_CUB_WARP_THREADS HIPCUB_DEVICE_WARP_THREADS
#define PARITY_CUB_DEFAULT_SCAN BLOCK_SCAN_RAKING
#define PARITY_CUB_MEMOIZE_DEFAULT true
#define PARITY_CUB_SMEM_CONFIG_TYPE int   // hipSharedMemConfig
#define PARITY_CUB_SMEM_CONFIG_DEFAULT 1  // hipSharedMemBankSizeFourByte
#define PARITY_CUB_HAS_LEGACY_OPERATORS 1

namespace parity::simt::libs::cub {
struct HipcubDeviceTraits {
  using Error = hipError_t;
  using Stream = hipStream_t;
  static constexpr Error kSuccess = hipSuccess;
  static constexpr Error kInvalidValue = hipErrorInvalidValue;
  static constexpr const char* kNamespace = "hipcub";
};
}  // namespace parity::simt::libs::cub
#define PARITY_CUB_DEVICE_TRAITS ::parity::simt::libs::cub::HipcubDeviceTraits
