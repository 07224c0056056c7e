// The Thrust stand-ins' dialect settings (CUDA: Thrust 3.0 of CUDA 13, device system CUDA).
// Not a Thrust header: included by every thrust/ stand-in of this folder.
#pragma once

#include <cuda_runtime.h>

#define THRUST_VERSION 300001
#define THRUST_MAJOR_VERSION (THRUST_VERSION / 100000)
#define THRUST_MINOR_VERSION (THRUST_VERSION / 100 % 1000)
#define THRUST_SUBMINOR_VERSION (THRUST_VERSION % 100)
#define THRUST_PATCH_NUMBER 0
#define THRUST_DEVICE_SYSTEM_CPP 1
#define THRUST_DEVICE_SYSTEM_CUDA 2
#define THRUST_DEVICE_SYSTEM_OMP 3
#define THRUST_DEVICE_SYSTEM_TBB 4
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP

#define PARITY_THRUST_DEVICE_NAMESPACE cuda
#define PARITY_THRUST_STREAM cudaStream_t
#define PARITY_THRUST_LIBRARY "Thrust"
