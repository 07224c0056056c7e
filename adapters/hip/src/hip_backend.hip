// Registers the "hip" backend: GpuBackend over the HIP runtime. Compiled as HIP (ROCm clang);
// this library is linked whole-archive (parity::adapter_hip) so that the registrar below is kept.
#include <memory>

#include "hip_api.hpp"
#include "parity/gpu/gpu_backend.hpp"

#ifndef PARITY_HIP_COMPILER
#error "PARITY_HIP_COMPILER (compiler and flags, for provenance) must come from CMake"
#endif

PARITY_REGISTER_BACKEND(hip, "hip", [] {
  return std::make_unique<parity::gpu::GpuBackend<parity::gpu::HipApi>>(PARITY_HIP_COMPILER);
});
