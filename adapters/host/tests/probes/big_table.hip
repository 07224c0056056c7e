// The HIP port of the probe: a 100 KiB table in shared memory (probes.hpp).
#include <hip/hip_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

constexpr int kTable = 25600;
constexpr int kHalf = kTable / 2;  // 50 KiB: fits the 64 KiB of LDS of gfx90a / gfx942
constexpr int kTerms = 64;

// The table in two halves: each thread adds the terms that fall into the half in LDS.
__global__ void big_table_kernel(const std::int32_t* table, std::int32_t* out) {
  extern __shared__ std::int32_t t[];
  const int me = static_cast<int>(threadIdx.x);
  std::int32_t s = 0;
  for (int half = 0; half < 2; ++half) {
    __syncthreads();
    for (int i = me; i < kHalf; i += static_cast<int>(blockDim.x)) t[i] = table[half * kHalf + i];
    __syncthreads();
    for (int j = 0; j < kTerms; ++j) {
      const int k = (me * 97 + j * 389) % kTable;
      if (k / kHalf == half) s += t[k - half * kHalf];
    }
  }
  out[me] = s;
}

hipStream_t native(parity::Stream s) {
  return parity::native_handle<hipStream_t>(s);
}

}  // namespace

void launch_big_table(parity::Stream stream, const std::int32_t* table, std::int32_t* out) {
  hipLaunchKernelGGL(big_table_kernel, dim3(1), dim3(256), kHalf * sizeof(std::int32_t),
                     native(stream), table, out);
}
