// The GPU an emulated build stands for. Its limits are what the runtime enforces at every launch
// and reports through cudaGetDeviceProperties / hipGetDeviceProperties; its architecture macros
// (parity/simt/target_macros.hpp) are what the vendor's compiler defines in device code. Chosen
// per emulated library at build time: PARITY_SIMT_CUDA_TARGET / PARITY_SIMT_HIP_TARGET (CMake
// cache), or parity_add_emulated_library(... TARGET gfx90a), which define PARITY_SIMT_TARGET_ID.
//
// Sources (docs/host-emulation.md has the table with its sources):
//  - NVIDIA: CUDA C++ Programming Guide, "Compute Capabilities" (technical specifications per
//    compute capability), as NVIDIA's own CCCL encodes it (libcudacxx cuda/__device/arch_traits.h):
//    1024 threads per block, block (1024, 1024, 64), grid (2^31-1, 65535, 65535), 48 KiB of shared
//    memory per block without opt-in, 1 KiB reserved per block from sm_80 on, opt-in maximum =
//    shared memory per SM - reserved.
//  - AMD: ROCm "AMD GPU specifications" (LDS per CU, wavefront size, GFXIP version), HIP's
//    hipDeviceProp_t as ROCm's clr fills it (maxThreadsPerBlock 1024, block (1024, 1024, 1024),
//    grid (2^31-1, 65535, 65535)), and clr's launch checks (dynamic LDS <= the LDS per workgroup,
//    gridDim * blockDim < 2^32 per dimension). The LDS ceiling is hard: no opt-in raises it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "parity/simt/context.hpp"

namespace parity::simt {

struct Target {
  std::string_view name;     // "sm_90", "gfx942": as nvcc -arch / --offload-arch spell it
  Dialect dialect;           // which sources it runs: CUDA (.cu) or HIP (.hip)
  std::string_view product;  // what it stands for, for messages and provenance
  int id;                    // PARITY_SIMT_TARGET_ID: __CUDA_ARCH__ (900), or 0x942 for gfx942
  int warp_size;
  int max_threads_per_block;
  unsigned max_block[3];
  unsigned max_grid[3];
  std::size_t shared_per_block;        // static + dynamic without opt-in (AMD: the hard ceiling)
  std::size_t shared_per_block_optin;  // with the MaxDynamicSharedMemorySize attribute
  std::size_t static_shared_max;       // static __shared__ the device compiler accepts
  std::size_t shared_per_multiprocessor;
  bool optin;              // CUDA's opt-in rule: above shared_per_block needs the attribute
  bool global_size_32bit;  // AMD: gridDim * blockDim must fit 32 bits in each dimension
  int major, minor;        // compute capability; AMD: the GFXIP version HIP reports
};

namespace detail {
inline constexpr std::size_t kKiB = 1024;
constexpr Target nvidia(std::string_view name, std::string_view product, int cc,
                        std::size_t per_sm_kib) {
  // 1 KiB of every SM's shared memory is reserved per block from sm_80 on (CCCL arch_traits).
  const std::size_t reserved = cc >= 80 ? kKiB : 0;
  return {name,
          Dialect::kCuda,
          product,
          cc * 10,
          32,
          1024,
          {1024, 1024, 64},
          {2147483647u, 65535, 65535},
          48 * kKiB,
          per_sm_kib * kKiB - reserved,
          48 * kKiB,
          per_sm_kib * kKiB,
          true,
          false,
          cc / 10,
          cc % 10};
}
constexpr Target amd(std::string_view name, std::string_view product, int id, int wave,
                     std::size_t lds_kib, int major, int minor) {
  return {name,
          Dialect::kHip,
          product,
          id,
          wave,
          1024,
          {1024, 1024, 1024},
          {2147483647u, 65535, 65535},
          lds_kib * kKiB,
          lds_kib * kKiB,
          lds_kib * kKiB,
          lds_kib * kKiB,
          false,
          true,
          major,
          minor};
}
}  // namespace detail

//! Every target the emulator models.
inline constexpr Target kTargets[] = {
    detail::nvidia("sm_70", "NVIDIA V100 (Volta)", 70, 96),
    detail::nvidia("sm_75", "NVIDIA T4 (Turing)", 75, 64),
    detail::nvidia("sm_80", "NVIDIA A100 (Ampere)", 80, 164),
    detail::nvidia("sm_86", "NVIDIA RTX 30 / A40 (Ampere)", 86, 100),
    detail::nvidia("sm_89", "NVIDIA L4 / L40 / RTX 40 (Ada)", 89, 100),
    detail::nvidia("sm_90", "NVIDIA H100 / H200 (Hopper)", 90, 228),
    detail::nvidia("sm_100", "NVIDIA B200 (Blackwell)", 100, 228),
    detail::nvidia("sm_120", "NVIDIA RTX 50 (Blackwell)", 120, 100),
    detail::amd("gfx90a", "AMD Instinct MI200 (CDNA2)", 0x90a, 64, 64, 9, 0),
    detail::amd("gfx942", "AMD Instinct MI300X / MI325X (CDNA3)", 0x942, 64, 64, 9, 4),
    detail::amd("gfx950", "AMD Instinct MI350X / MI355X (CDNA4)", 0x950, 64, 160, 9, 5),
    detail::amd("gfx1100", "AMD Radeon RX 7900 (RDNA3)", 0x1100, 32, 64, 11, 0),
    detail::amd("gfx1201", "AMD Radeon RX 9070 (RDNA4)", 0x1201, 32, 64, 12, 0),
};

//! The target with this PARITY_SIMT_TARGET_ID, or nullptr.
constexpr const Target* find_target(int id) {
  for (const Target& t : kTargets)
    if (t.id == id) return &t;
  return nullptr;
}
//! Whether a target has this PARITY_SIMT_TARGET_ID / this name (for static_assert).
// (Compared by value, not through find_target's pointer: GCC 12 does not fold a pointer's
// comparison with nullptr under -fsanitize=undefined, which the sanitize preset uses.)
constexpr bool known_target(int id) {
  for (const Target& t : kTargets)
    if (t.id == id) return true;
  return false;
}

//! The target with this name ("sm_90", "gfx942"), or nullptr.
constexpr const Target* find_target(std::string_view name) {
  for (const Target& t : kTargets)
    if (t.name == name) return &t;
  return nullptr;
}

constexpr bool known_target(std::string_view name) {
  for (const Target& t : kTargets)
    if (t.name == name) return true;
  return false;
}

//! The target a dialect's kernels were compiled for in this process (registered by every emulated
//! translation unit), else the build's default (PARITY_SIMT_CUDA_TARGET / PARITY_SIMT_HIP_TARGET
//! when parity was built).
const Target& current_target(Dialect dialect) noexcept;
//! Every distinct target registered for `dialect`, joined with '+' ("sm_90", "sm_80+sm_90"), or
//! the default when none was.
std::string target_names(Dialect dialect);

namespace detail {
//! Called once per emulated translation unit at static initialisation (target_macros.hpp).
bool register_target(int id) noexcept;
}  // namespace detail

}  // namespace parity::simt
