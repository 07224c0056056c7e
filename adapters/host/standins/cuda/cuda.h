// Stand-in for CUDA's driver API header cuda.h (parity-simt host builds): the version macro and
// the handful of types that runtime-API code includes it for. Driver calls are not emulated.
#pragma once

#include "cuda_runtime.h"

#define CUDA_VERSION PARITY_SIMT_CUDA_VERSION
typedef unsigned long long CUdeviceptr;
typedef int CUdevice;
typedef cudaStream_t CUstream;
typedef cudaEvent_t CUevent;
typedef enum cudaError_enum { CUDA_SUCCESS = 0, CUDA_ERROR_NOT_SUPPORTED = 801 } CUresult;
