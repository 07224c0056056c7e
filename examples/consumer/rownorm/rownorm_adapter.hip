// The adapter for the launcher that takes a hipStream_t: the test source is built once for
// every backend and cannot name hipStream_t (nor cudaStream_t), so it calls this function, which
// hands the case's stream to the kernel file as its native type. rownorm_adapter.cu is its
// CUDA twin.
#include <hip/hip_runtime.h>

#include "parity/stream.hpp"
#include "rownorm.hpp"

void rownorm_forward2(hipStream_t stream, float* out, const float* inp, int N, int C,
                      int block_size);  // rownorm.hip, unchanged

void launch_rownorm_forward2(parity::Stream stream, float* out, const float* inp, int N, int C,
                             int block_size) {
  rownorm_forward2(parity::native_handle<hipStream_t>(stream), out, inp, N, C, block_size);
}
