// hipcub::WarpReduce<int> with its default logical warp (HIPCUB_DEVICE_WARP_THREADS, 64 on CDNA)
// launched on a stream of 32-lane wavefronts, as code built for wave64 would run on RDNA: the
// emulator fails the launch with a message (this file uses the emulator's stream API, so it is
// built for the emulator only).
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

#include "cub_launchers.hpp"
#include "parity/simt/runtime_api.hpp"
#include "runtime_check.hpp"

namespace {

__global__ void warp_sum_default_kernel(const int* in, int* out) {
  using WarpReduce = hipcub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage temp;
  const int s = WarpReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = s;
}

}  // namespace

cub_test::Status cub_test::hip_warp_sum_default_on_wave32(const int* in, int* out) {
  hipStream_t stream = ::parity::simt::create_stream(32);
  warp_sum_default_kernel<<<1, 64, 0, stream>>>(in, out);
  const hipError_t e = hipStreamSynchronize(stream);
  (void)hipDeviceSynchronize();  // the device reports a kernel failure too: take it here
  libs_test::require(hipStreamDestroy(stream), "hipStreamDestroy");
  return {static_cast<int>(e), e == hipSuccess ? "" : hipGetErrorString(e)};
}
