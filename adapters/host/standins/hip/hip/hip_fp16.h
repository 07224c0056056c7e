// Stand-in for HIP's hip/hip_fp16.h (parity-simt host builds): __half and __half2, the same type
// as CUDA's, exact.
#pragma once

#include "hip/hip_runtime.h"
#include "parity/simt/half.hpp"

// ROCm's amd_hip_fp16.h has these cache-hint loads for the 16-bit types only (every other type
// is refused in HIP: parity/simt/dialect/device_api.def).
inline __half __ldcg(const __half* p) {
  return *p;
}
inline __half __ldca(const __half* p) {
  return *p;
}
inline __half __ldcs(const __half* p) {
  return *p;
}
inline __half2 __ldcg(const __half2* p) {
  return *p;
}
inline __half2 __ldca(const __half2* p) {
  return *p;
}
inline __half2 __ldcs(const __half2* p) {
  return *p;
}
