// The architecture macros of the emulated target (parity/simt/target.hpp), as the vendor's
// compiler defines them. Included by each dialect's runtime stand-in after it defines
// PARITY_SIMT_DIALECT_CUDA / PARITY_SIMT_DIALECT_HIP.
//
// nvcc and hipcc compile a file twice, once for the host and once for the device; the emulator
// compiles it once. Macros both passes define are defined here as they are. Macros only the
// device pass defines (__CUDA_ARCH__; __HIP_DEVICE_COMPILE__, __gfx942__, __GFX9__,
// __amdgcn_processor__, __amdgcn_target_id__) are defined under a prefixed name only:
// parity-simt-rewrite renames them to PARITY_SIMT_DEV<name> inside the bodies of __global__ and
// __device__ functions, so device code takes its device path and launchers keep their host path
// (the macro undefined). See docs/host-emulation.md, "Architecture macros".
#pragma once

#include "parity/simt/target.hpp"

// Outside parity_add_emulated_library (a plain compile against the stand-ins): the default
// targets.
#ifndef PARITY_SIMT_TARGET_ID
#if defined(PARITY_SIMT_DIALECT_HIP)
#define PARITY_SIMT_TARGET_ID 0x942
#else
#define PARITY_SIMT_TARGET_ID 900
#endif
#endif

static_assert(::parity::simt::known_target(PARITY_SIMT_TARGET_ID),
              "parity-simt: PARITY_SIMT_TARGET_ID names no emulated target (parity/simt/target.hpp "
              "lists them: sm_70 sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120 gfx90a gfx942 gfx950 "
              "gfx1100 gfx1201)");

#if defined(PARITY_SIMT_DIALECT_CUDA)
static_assert(::parity::simt::find_target(PARITY_SIMT_TARGET_ID)->dialect ==
                  ::parity::simt::Dialect::kCuda,
              "parity-simt: a CUDA source needs an NVIDIA target (sm_XX)");
// __CUDA_ARCH__: 100 * major + 10 * minor, in device code only.
#define PARITY_SIMT_DEV__CUDA_ARCH__ PARITY_SIMT_TARGET_ID
#define __CUDA_ARCH_LIST__ PARITY_SIMT_TARGET_ID
#elif defined(PARITY_SIMT_DIALECT_HIP)
static_assert(::parity::simt::find_target(PARITY_SIMT_TARGET_ID)->dialect ==
                  ::parity::simt::Dialect::kHip,
              "parity-simt: a HIP source needs an AMD target (gfxNNN)");
#define PARITY_SIMT_DEV__HIP_DEVICE_COMPILE__ 1
// Both passes: clang defines the AMDGPU target's macros in the host pass of a HIP compile too
// (checked with ROCm 5.2's clang 15: -dM -E with --cuda-host-only).
#define __AMDGCN__ 1
#define __AMDGPU__ 1
#if PARITY_SIMT_TARGET_ID == 0x90a
#define PARITY_SIMT_DEV__gfx90a__ 1
#define PARITY_SIMT_DEV__GFX9__ 1
#define PARITY_SIMT_DEV__amdgcn_processor__ "gfx90a"
#define __AMDGCN_WAVEFRONT_SIZE 64
#elif PARITY_SIMT_TARGET_ID == 0x942
#define PARITY_SIMT_DEV__gfx942__ 1
#define PARITY_SIMT_DEV__GFX9__ 1
#define PARITY_SIMT_DEV__amdgcn_processor__ "gfx942"
#define __AMDGCN_WAVEFRONT_SIZE 64
#elif PARITY_SIMT_TARGET_ID == 0x950
#define PARITY_SIMT_DEV__gfx950__ 1
#define PARITY_SIMT_DEV__GFX9__ 1
#define PARITY_SIMT_DEV__amdgcn_processor__ "gfx950"
#define __AMDGCN_WAVEFRONT_SIZE 64
#elif PARITY_SIMT_TARGET_ID == 0x1100
#define PARITY_SIMT_DEV__gfx1100__ 1
#define PARITY_SIMT_DEV__GFX11__ 1
#define PARITY_SIMT_DEV__amdgcn_processor__ "gfx1100"
#define __AMDGCN_WAVEFRONT_SIZE 32
#elif PARITY_SIMT_TARGET_ID == 0x1201
#define PARITY_SIMT_DEV__gfx1201__ 1
#define PARITY_SIMT_DEV__GFX12__ 1
#define PARITY_SIMT_DEV__amdgcn_processor__ "gfx1201"
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
#define PARITY_SIMT_DEV__amdgcn_target_id__ PARITY_SIMT_DEV__amdgcn_processor__
// LLVM 19 and later spell it with trailing underscores too.
#define __AMDGCN_WAVEFRONT_SIZE__ __AMDGCN_WAVEFRONT_SIZE
static_assert(::parity::simt::find_target(PARITY_SIMT_TARGET_ID)->warp_size ==
                  __AMDGCN_WAVEFRONT_SIZE,
              "parity-simt: the wavefront macro and the target table disagree");
#endif

namespace parity::simt::detail {
[[noreturn]] void arch_device_path_on_host(const char* function, const char* file, int line);
void arch_host_path_in_kernel(const char* function, const char* file, int line);
//! Called at the top of a __host__ __device__ function that tests an architecture macro (the
//! rewriter inserts it): it was compiled with the device path, so host callers must not get it.
inline void arch_device_path(const char* function, const char* file, int line) {
  if (!t_ctx.in_kernel) [[unlikely]]
    arch_device_path_on_host(function, file, line);
}
//! The same for a host function that tests one (compiled with the host path): a kernel that
//! calls it (its __device__ came from a macro the rewriter could not see) must not get it.
inline void arch_host_path(const char* function, const char* file, int line) {
  if (t_ctx.in_kernel) [[unlikely]]
    arch_host_path_in_kernel(function, file, line);
}
}  // namespace parity::simt::detail

namespace {
// Every emulated translation unit tells the runtime which target it was compiled for, so that the
// host backends record it in provenance (static initialisation; internal linkage: one per TU).
[[maybe_unused]] const bool parity_simt_target_registered =
    ::parity::simt::detail::register_target(PARITY_SIMT_TARGET_ID);
}  // namespace
