// The emulator's fidelity probes: small kernels, each exercising one thing real hardware and
// compilers enforce or leave undefined (shared-memory / LDS limits, the CUDA opt-in, *_sync
// masks, reads of lanes and memory nothing wrote, architecture macros, vendor math). The CUDA
// originals (probes.cu) and the HIP ports (probes.hip) are correct; the ports under bad/ are what
// a straight hipify (or a careless original) would give, and each must fail on the emulator with
// its diagnosis (CMakeLists.txt). See docs/host-emulation.md, "Fidelity".
#pragma once

#include <cstdint>

#include "parity/stream.hpp"

//! A 25600-word (100 KiB) table in shared memory: out[t] = sum over j < 64 of
//! table[(t * 97 + j * 389) % 25600] for each of the block's 256 threads. The CUDA original opts
//! in to 100 KiB on sm_90; gfx942's LDS holds 64 KiB, so the HIP port works in two halves.
void launch_big_table(parity::Stream stream, const std::int32_t* table, std::int32_t* out);

//! Per-block sums of 96-thread blocks (one and a half wavefronts on wave64) with warp shuffles.
void launch_sum96(parity::Stream stream, const std::int32_t* x, std::int32_t* sums, int blocks);

//! Per-block float sums of 48 values per block, through warp shuffles.
void launch_sum48(parity::Stream stream, const float* x, float* sums, int blocks);

//! Per-block float sums of 48 values per block, through a 64-slot shared-memory tree.
void launch_tree48(parity::Stream stream, const float* x, float* sums, int blocks);

//! Per-warp sums of 32 lanes and which path computed them: path[w] = 1 where the device path
//! for sm_80 and later (or the HIP device path) ran, 0 where the fallback did; host_arch[0] = 1
//! if the launcher (host code) sees __CUDA_ARCH__ / __HIP_DEVICE_COMPILE__ (it must not).
void launch_arch_paths(parity::Stream stream, const std::int32_t* x, std::int32_t* sums,
                       std::int32_t* path, std::int32_t* host_arch, int warps);

//! y = expf(x).
void launch_expf(parity::Stream stream, const float* x, float* y, int n);
