// Number formats and intrinsics in CUDA kernels.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include "launchers.hpp"

namespace cg = cooperative_groups;

__global__ void conversions_kernel(const float* x, std::uint16_t* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float v = x[i];
  std::uint16_t* o = out + 12 * i;
  o[0] = __half_as_ushort(__float2half_rn(v));
  o[1] = __half_as_ushort(__float2half_rz(v));
  o[2] = __half_as_ushort(__float2half_ru(v));
  o[3] = __half_as_ushort(__float2half_rd(v));
  o[4] = __bfloat16_as_ushort(__float2bfloat16_rn(v));
  o[5] = __bfloat16_as_ushort(__float2bfloat16_rz(v));
  o[6] = __bfloat16_as_ushort(__float2bfloat16_ru(v));
  o[7] = __bfloat16_as_ushort(__float2bfloat16_rd(v));
  o[8] = __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
  o[9] = __nv_cvt_float_to_fp8(v, __NV_NOSAT, __NV_E4M3);
  o[10] = __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E5M2);
  o[11] = __nv_cvt_float_to_fp8(v, __NV_NOSAT, __NV_E5M2);
  if (__nv_fp8_e4m3(v).__x != o[8]) o[8] = 0xdead;  // the constructor saturates too
}

__global__ void intrinsics_kernel(float* f, int* i, unsigned* u) {
  const float tiny = 0x1p-30f;
  f[0] = __saturatef(-1.0f);
  f[1] = __saturatef(2.0f);
  f[2] = __saturatef(nanf(""));
  f[3] = __fadd_rz(1.0f, tiny);
  f[4] = __fadd_ru(1.0f, tiny);
  f[5] = __fadd_rd(-1.0f, -tiny);
  f[6] = __fmul_rz(1.0f + 0x1p-23f, 1.0f + 0x1p-23f);
  f[7] = __fmul_ru(1.0f + 0x1p-23f, 1.0f + 0x1p-23f);
  f[8] = __fdiv_rz(1.0f, 3.0f);
  f[9] = __fdiv_ru(1.0f, 3.0f);
  f[10] = rsqrtf(4.0f);
  f[11] = __half2float(__hadd(__float2half(1.5f), __float2half(2.25f)));
  f[12] = __half2float(__hfma(__float2half(2.0f), __float2half(3.0f), __float2half(1.0f)));
  f[13] = __bfloat162float(__hmul(__float2bfloat16(3.0f), __float2bfloat16(-0.5f)));
  f[14] = __half2float(hsqrt(__float2half(16.0f)));
  f[15] = __fsqrt_rd(2.0f);
  f[16] = __fsqrt_ru(2.0f);
  f[17] = __double2float_rz(1.0 / 3.0);
  f[18] = __int2float_rz(16777217);
  f[19] = __int2float_ru(16777217);
  i[0] = __float2int_rn(2.5f);
  i[1] = __float2int_rz(-2.7f);
  i[2] = __float2int_rd(-2.2f);
  i[3] = __float2int_ru(2.2f);
  i[4] = __float2int_rn(nanf(""));
  i[5] = __float2int_rz(1e10f);
  i[6] = __popc(0xf0f0f0f0u);
  i[7] = __clz(0);
  i[8] = __ffs(0x10);
  i[9] = __popcll(~0ull);
  i[10] = __clzll(1ll);
  i[11] = __ffsll(0);
  i[12] = min(3, -4);
  i[13] = max(3u, 7);
  u[0] = __brev(1u);
  u[1] = __byte_perm(0x33221100u, 0x77665544u, 0x5410u);
  u[2] = __umulhi(0xffffffffu, 2u);
  u[3] = __funnelshift_l(0x80000000u, 0x1u, 1u);
  u[4] = __float_as_uint(1.0f);
  u[5] = static_cast<unsigned>(__half_as_ushort(__float2half(65520.0f)));
}

__global__ void tile_sums_kernel(const int* x, int* sums, unsigned* ballots, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  const int i = static_cast<int>(blockIdx.x * blockDim.x + block.thread_rank());
  const int v = i < n ? x[i] : 0;
  const int total = cg::reduce(tile, v, cg::plus<int>());
  const unsigned long long odd = tile.ballot(v % 2 != 0);
  block.sync();
  if (tile.thread_rank() == 0 && i < n) {
    sums[i / 16] = total;
    ballots[i / 16] = static_cast<unsigned>(odd);
  }
}

namespace simt_test::cuda {

void conversions(parity::Stream s, const float* x, std::uint16_t* out, int n) {
  conversions_kernel<<<(n + 31) / 32, 32, 0, parity::native_handle<cudaStream_t>(s)>>>(x, out, n);
}
void intrinsics(parity::Stream s, float* f, int* i, unsigned* u) {
  intrinsics_kernel<<<1, 1, 0, parity::native_handle<cudaStream_t>(s)>>>(f, i, u);
}
void tile_sums(parity::Stream s, const int* x, int* sums, unsigned* ballots, int n) {
  tile_sums_kernel<<<(n + 63) / 64, 64, 0, parity::native_handle<cudaStream_t>(s)>>>(x, sums,
                                                                                     ballots, n);
}

}  // namespace simt_test::cuda
