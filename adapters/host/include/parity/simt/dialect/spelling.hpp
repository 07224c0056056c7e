// The dialect of an emulated translation unit and the API set it gets. cuda_runtime.h defines
// PARITY_SIMT_DIALECT_CUDA, hip/hip_runtime.h PARITY_SIMT_DIALECT_HIP, each before including
// this; the tables (runtime_api.def, device_api.def) then spell every entity once as
// PARITY_SIMT_N(cudaName, hipName) and state its availability with the macros below. A
// translation unit has one dialect: the stand-in folders are per dialect (docs/host-emulation.md,
// "Header isolation").
//
// PARITY_SIMT_ROCM_VERSION (60400 = ROCm 6.4) and PARITY_SIMT_CUDA_VERSION (13000 = CUDA 13.0)
// come from the CMake options of the same names through parity_add_emulated_library().
#pragma once

#if defined(PARITY_SIMT_DIALECT_CUDA) == defined(PARITY_SIMT_DIALECT_HIP)
#error \
    "parity-simt: a translation unit has exactly one dialect: include cuda_runtime.h (.cu) or hip/hip_runtime.h (.hip), not both"
#endif

#ifdef PARITY_SIMT_DIALECT_CUDA
#define PARITY_SIMT_N(cuda, hip) cuda
#ifndef PARITY_SIMT_CUDA_VERSION
#error \
    "parity-simt: PARITY_SIMT_CUDA_VERSION is not defined: emulated CUDA sources are compiled through parity_add_emulated_library(), which defines it from the CMake option PARITY_SIMT_CUDA_VERSION"
#endif
#define PARITY_SIMT_CUDA_AT_LEAST(v) (PARITY_SIMT_CUDA_VERSION >= (v))
#define PARITY_SIMT_ROCM_AT_LEAST(v) 0
#else
#define PARITY_SIMT_N(cuda, hip) hip
#ifndef PARITY_SIMT_ROCM_VERSION
#error \
    "parity-simt: PARITY_SIMT_ROCM_VERSION is not defined: emulated HIP sources are compiled through parity_add_emulated_library(), which defines it from the CMake option PARITY_SIMT_ROCM_VERSION"
#endif
#define PARITY_SIMT_CUDA_AT_LEAST(v) 0
#define PARITY_SIMT_ROCM_AT_LEAST(v) (PARITY_SIMT_ROCM_VERSION >= (v))
#endif

#define PARITY_SIMT_STRINGIFY_(x) #x
#define PARITY_SIMT_STRINGIFY(x) PARITY_SIMT_STRINGIFY_(x)
//! The vendor spelling as a string literal: PARITY_SIMT_S(cudaMalloc, hipMalloc).
#define PARITY_SIMT_S(cuda, hip) PARITY_SIMT_STRINGIFY(PARITY_SIMT_N(cuda, hip))
// PARITY_SIMT_API_SET ("CUDA 13.0", "ROCm 6.4"), for messages, also comes from
// parity_add_emulated_library().
#ifndef PARITY_SIMT_API_SET
#error "parity-simt: PARITY_SIMT_API_SET is not defined (see parity_add_emulated_library())"
#endif

// ROCm's *_sync warp functions and __activemask(): absent before 6.2; in 6.2-6.4 declared only
// when the user defines HIP_ENABLE_WARP_SYNC_BUILTINS (a preview, amd_warp_sync_functions.h); from
// 7.0 declared unless HIP_DISABLE_WARP_SYNC_BUILTINS. __syncwarp and __reduce_*_sync: from 7.0,
// under the same switch (ROCm/clr CHANGELOG, HIP 6.2 and 7.0).
#if defined(PARITY_SIMT_DIALECT_HIP) && PARITY_SIMT_ROCM_AT_LEAST(70000) && \
    !defined(HIP_DISABLE_WARP_SYNC_BUILTINS)
#define PARITY_SIMT_HIP_WARP_SYNC 1
#elif defined(PARITY_SIMT_DIALECT_HIP) && PARITY_SIMT_ROCM_AT_LEAST(60200) && \
    !PARITY_SIMT_ROCM_AT_LEAST(70000) && defined(HIP_ENABLE_WARP_SYNC_BUILTINS)
#define PARITY_SIMT_HIP_WARP_SYNC 1
#else
#define PARITY_SIMT_HIP_WARP_SYNC 0
#endif
