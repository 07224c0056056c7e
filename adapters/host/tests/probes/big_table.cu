// The CUDA original of the probe: a 100 KiB table in shared memory (probes.hpp).
#include <cuda_runtime.h>

#include <cstdint>

#include "probes.hpp"

namespace {

constexpr int kTable = 25600;  // 100 KiB of int32
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

cudaStream_t native(parity::Stream s) {
  return parity::native_handle<cudaStream_t>(s);
}

}  // namespace

void launch_big_table(parity::Stream stream, const std::int32_t* table, std::int32_t* out) {
  // Above 48 KiB of dynamic shared memory a kernel must opt in (sm_90 allows up to 227 KiB).
  cudaFuncSetAttribute(big_table_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       kTable * static_cast<int>(sizeof(std::int32_t)));
  big_table_kernel<<<1, 256, kTable * sizeof(std::int32_t), native(stream)>>>(table, out);
}
