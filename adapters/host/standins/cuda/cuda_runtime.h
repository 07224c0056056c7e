// Stand-in for CUDA's cuda_runtime.h in host-emulated builds (parity-simt). Only emulated CUDA
// sources see this folder (standins/cuda/: docs/host-emulation.md, "Header isolation"). The API
// itself is written once for both dialects: the host runtime calls in
// parity/simt/dialect/runtime_api.def, the device vocabulary that differs (32-bit masks) in
// parity/simt/dialect/device_api.def, the shared building blocks in parity/simt/*.hpp.
// The emulated target's limits and architecture macros: parity/simt/target_macros.hpp
// (__CUDA_ARCH__ in device code only).
#pragma once

#include "parity/simt/prelude.hpp"

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define PARITY_SIMT_DIALECT_CUDA 1
#include "parity/simt/dialect/spelling.hpp"
#include "parity/simt/target_macros.hpp"
#define CUDART_VERSION PARITY_SIMT_CUDA_VERSION

#include "parity/simt/dialect/device_api.def"
#include "parity/simt/dialect/runtime_api.def"
