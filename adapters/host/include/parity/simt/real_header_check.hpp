// Stops an emulated translation unit into which a real CUDA or ROCm header slipped past the
// stand-ins (an absolute #include path, a quoted include from inside a vendor folder, a vendor
// include folder passed as a compile option). By name, every vendor header resolves to a stand-in
// or to a refusal (see docs/host-emulation.md, "Header isolation"); by path nothing can intercept
// it, so this header checks the include guards that the real toolkits' common headers define.
// It is included first by every stand-in (a real header included before) and last in every
// rewritten source (one included after). Each macro below is the include guard of the named
// header in CUDA 13 / CCCL 3 and ROCm 5.2-6.x, which every header of that toolkit includes.
// No stand-in may define these macros.
#if defined(__HOST_DEFINES_H__) || defined(__VECTOR_TYPES_H__) || defined(__DRIVER_TYPES_H__)
#error \
    "parity-simt: a real CUDA toolkit header (crt/host_defines.h, vector_types.h or driver_types.h of a CUDA installation) was included into an emulated source. Emulated sources must see only parity's stand-ins: include CUDA headers by name (#include <cuda_runtime.h>), never by an absolute path, and do not pass a CUDA include folder (/usr/local/cuda/include) to an emulated build. See docs/troubleshooting.md."
#include "parity-simt: stopped: a real CUDA header in an emulated source"
#elif defined(_CUDA__CCCL_CONFIG) || defined(__cuda_std__)
#error \
    "parity-simt: a real CCCL header (libcu++ cuda/std/..., CUB or Thrust of a CUDA installation) was included into an emulated source. Include them by name, never by an absolute path, and do not pass a CUDA include folder to an emulated build: names parity has no stand-in for are refused with a message. See docs/troubleshooting.md."
#include "parity-simt: stopped: a real CCCL header in an emulated source"
#elif defined(HIP_INCLUDE_HIP_HIP_COMMON_H) || defined(HIP_INCLUDE_HIP_AMD_DETAIL_HOST_DEFINES_H)
#error \
    "parity-simt: a real ROCm header (hip/hip_common.h or hip/amd_detail/host_defines.h of a ROCm installation) was included into an emulated source. Emulated sources must see only parity's stand-ins: include HIP headers by name (#include <hip/hip_runtime.h>), never by an absolute path, and do not pass a ROCm include folder (/opt/rocm/include) to an emulated build. See docs/troubleshooting.md."
#include "parity-simt: stopped: a real ROCm header in an emulated source"
#elif defined(ROCPRIM_CONFIG_HPP_) || defined(HIPCUB_CONFIG_HPP_)
#error \
    "parity-simt: a real rocPRIM / hipCUB header (rocprim/config.hpp or hipcub/config.hpp of a ROCm installation) was included into an emulated source. Include them by name, never by an absolute path, and do not pass a ROCm include folder to an emulated build. See docs/troubleshooting.md."
#include "parity-simt: stopped: a real rocPRIM or hipCUB header in an emulated source"
#endif
