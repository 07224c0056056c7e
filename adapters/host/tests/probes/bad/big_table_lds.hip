// hipify's port of the 100 KiB shared-memory table: the launch asks gfx942 for 100 KiB of LDS,
// which no AMD GPU before gfx950 has per workgroup (hipFuncSetAttribute cannot raise it).
#include <hip/hip_runtime.h>

#include <cstdint>

#include "../probes.hpp"

namespace {
constexpr int kTable = 25600;
constexpr int kTerms = 64;

__global__ void big_table_kernel(const std::int32_t* table, std::int32_t* out) {
  extern __shared__ std::int32_t t[];
  for (int i = static_cast<int>(threadIdx.x); i < kTable; i += static_cast<int>(blockDim.x))
    t[i] = table[i];
  __syncthreads();
  const int me = static_cast<int>(threadIdx.x);
  std::int32_t s = 0;
  for (int j = 0; j < kTerms; ++j) s += t[(me * 97 + j * 389) % kTable];
  out[me] = s;
}
}  // namespace

void launch_big_table(parity::Stream stream, const std::int32_t* table, std::int32_t* out) {
  // Unchecked, as in the CUDA original; ROCm declares hipError_t [[nodiscard]], hence the cast.
  static_cast<void>(hipFuncSetAttribute(reinterpret_cast<const void*>(big_table_kernel),
                                        hipFuncAttributeMaxDynamicSharedMemorySize,
                                        kTable * static_cast<int>(sizeof(std::int32_t))));
  hipLaunchKernelGGL(big_table_kernel, dim3(1), dim3(256), kTable * sizeof(std::int32_t),
                     parity::native_handle<hipStream_t>(stream), table, out);
}
