// Registers the "cuda" backend: GpuBackend over the CUDA runtime. Compiled by nvcc; this library
// is linked whole-archive (parity::adapter_cuda) so that the registrar below is kept.
#include <memory>

#include "cuda_api.hpp"
#include "parity/gpu/gpu_backend.hpp"

#ifndef PARITY_CUDA_COMPILER
#error "PARITY_CUDA_COMPILER (compiler and flags, for provenance) must come from CMake"
#endif

PARITY_REGISTER_BACKEND(cuda, "cuda", [] {
  return std::make_unique<parity::gpu::GpuBackend<parity::gpu::CudaApi>>(PARITY_CUDA_COMPILER);
});
