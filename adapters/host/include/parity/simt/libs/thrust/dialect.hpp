// The Thrust stand-ins' dialect settings. Thrust and rocThrust share their header names, so their
// stand-ins live once in standins/common/thrust/ and read the translation unit's dialect here:
// an emulated target defines PARITY_SIMT_CUDA_VERSION (CUDA: Thrust 3.0 of CUDA 13, device system
// CUDA) or PARITY_SIMT_ROCM_VERSION (HIP: rocThrust of ROCm 6.x, Thrust 2.3's API, device system
// HIP), from parity_add_emulated_library().
#pragma once

#if defined(PARITY_SIMT_ROCM_VERSION) == defined(PARITY_SIMT_CUDA_VERSION)
#error \
    "parity-simt: the Thrust stand-ins need the dialect of an emulated target (PARITY_SIMT_CUDA_VERSION or PARITY_SIMT_ROCM_VERSION, defined by parity_add_emulated_library())"
#endif

#define THRUST_MAJOR_VERSION (THRUST_VERSION / 100000)
#define THRUST_MINOR_VERSION (THRUST_VERSION / 100 % 1000)
#define THRUST_SUBMINOR_VERSION (THRUST_VERSION % 100)
#define THRUST_PATCH_NUMBER 0
#define THRUST_DEVICE_SYSTEM_CPP 1
#define THRUST_DEVICE_SYSTEM_CUDA 2
#define THRUST_DEVICE_SYSTEM_OMP 3
#define THRUST_DEVICE_SYSTEM_TBB 4
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP

#if defined(PARITY_SIMT_CUDA_VERSION)
#include <cuda_runtime.h>

#define THRUST_VERSION 300001
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#define PARITY_THRUST_DEVICE_NAMESPACE cuda
#define PARITY_THRUST_STREAM cudaStream_t
#define PARITY_THRUST_LIBRARY "Thrust"
#else
#include <hip/hip_runtime.h>

#if !PARITY_SIMT_ROCM_AT_LEAST(60000) || PARITY_SIMT_ROCM_AT_LEAST(70000)
#error \
    "parity-simt: the rocThrust stand-in follows ROCm 6.x; set PARITY_SIMT_ROCM_VERSION to a 6.x release for emulated code that uses it (docs/vendor-libraries.md)"
#endif

#define THRUST_VERSION 200302
#define THRUST_DEVICE_SYSTEM_HIP 5
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_HIP
#define PARITY_THRUST_DEVICE_NAMESPACE hip
#define PARITY_THRUST_STREAM hipStream_t
#define PARITY_THRUST_LIBRARY "rocThrust"

// rocThrust keeps Thrust 2.x's thrust::identity (CCCL 3.0 removed it).
namespace thrust {
template <class T = void>
struct identity {
  constexpr const T& operator()(const T& x) const { return x; }
};
template <>
struct identity<void> {
  template <class T>
  constexpr T&& operator()(T&& x) const {
    return static_cast<T&&>(x);
  }
};
}  // namespace thrust
#endif
