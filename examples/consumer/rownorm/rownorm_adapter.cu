// The adapter for the launcher that takes a cudaStream_t: the test source is built once for
// every backend and cannot name cudaStream_t (nor hipStream_t), so it calls this function, which
// hands the case's stream to the kernel file as its native type. rownorm_adapter.hip is its
// hipified twin.
#include <cuda_runtime.h>

#include "parity/stream.hpp"
#include "rownorm.hpp"

void rownorm_forward2(cudaStream_t stream, float* out, const float* inp, int N, int C,
                      int block_size);  // rownorm.cu, unchanged

void launch_rownorm_forward2(parity::Stream stream, float* out, const float* inp, int N, int C,
                             int block_size) {
  rownorm_forward2(parity::native_handle<cudaStream_t>(stream), out, inp, N, C, block_size);
}
