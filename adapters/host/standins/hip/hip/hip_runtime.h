// Stand-in for HIP's hip/hip_runtime.h in host-emulated builds (parity-simt). Only emulated HIP
// sources see this folder (standins/hip/: docs/host-emulation.md, "Header isolation"). The API
// is the one of the ROCm release PARITY_SIMT_ROCM_VERSION names, written once for both
// dialects: host runtime calls in parity/simt/dialect/runtime_api.def, the device vocabulary
// that differs (the launch's wavefront width, 64-bit __ballot and masks, *_sync forms by
// release) in parity/simt/dialect/device_api.def.
#pragma once

#include "hip/hip_vector_types.h"
#include "parity/simt/prelude.hpp"

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIP_PLATFORM_HCC__
#define __HIP_PLATFORM_HCC__ 1
#endif
#ifndef __HIPCC__
#define __HIPCC__ 1
#endif
#define PARITY_SIMT_DIALECT_HIP 1
#include "parity/simt/dialect/spelling.hpp"
#include "parity/simt/target_macros.hpp"
#define HIP_VERSION_MAJOR (PARITY_SIMT_ROCM_VERSION / 10000)
#define HIP_VERSION_MINOR (PARITY_SIMT_ROCM_VERSION / 100 % 100)
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#include "parity/simt/dialect/device_api.def"
#include "parity/simt/dialect/runtime_api.def"
