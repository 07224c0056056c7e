// The Thrust stand-ins' dialect settings (HIP: rocThrust of ROCm 6.x, Thrust 2.3 API, device
// system HIP). Not a Thrust header: included by every thrust/ stand-in of this folder.
#pragma once

#include <hip/hip_runtime.h>

#define THRUST_VERSION 200302
#define THRUST_MAJOR_VERSION (THRUST_VERSION / 100000)
#define THRUST_MINOR_VERSION (THRUST_VERSION / 100 % 1000)
#define THRUST_SUBMINOR_VERSION (THRUST_VERSION % 100)
#define THRUST_PATCH_NUMBER 0
#define THRUST_DEVICE_SYSTEM_CPP 1
#define THRUST_DEVICE_SYSTEM_CUDA 2
#define THRUST_DEVICE_SYSTEM_OMP 3
#define THRUST_DEVICE_SYSTEM_TBB 4
#define THRUST_DEVICE_SYSTEM_HIP 5
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_HIP
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP

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
