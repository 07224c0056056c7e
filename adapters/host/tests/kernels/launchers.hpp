// Launchers of the emulator's test kernels. Each .cu file defines the cuda:: ones and each .hip
// file the hip:: ones; the tests call them like suites call theirs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "parity/simt/vector_types.hpp"
#include "parity/stream.hpp"

namespace simt_test::cuda {

// elementwise.cu
void saxpy(parity::Stream s, float a, const float* x, const float* y, float* out, int n);
//! out[linear id] = packed (threadIdx, blockIdx) of a 3-D launch.
void thread_ids(parity::Stream s, std::uint32_t* out, unsigned gx, unsigned gy, unsigned gz,
                unsigned bx, unsigned by, unsigned bz);
//! Each thread decrements its own copy of the by-value parameter n.
void param_copies(parity::Stream s, int* out, int n, int threads);

// reduce.cu
void tree_reduce_256(parity::Stream s, const float* x, float* block_sums, int n, int blocks);
void dynamic_reduce(parity::Stream s, const float* x, float* block_sums, int n, int blocks,
                    int threads);
void global_shared_reduce(parity::Stream s, const float* x, float* block_sums, int n);

}  // namespace simt_test::cuda

namespace simt_test::cuda {

// warp.cu (warp size 32)
//! Per-warp sums with __shfl_down_sync over segments of `width` lanes: out[i / width] = sum.
void segment_sums(parity::Stream s, const int* x, int* out, int n, int width);
//! Inclusive scan within each warp with __shfl_up_sync.
void warp_scan(parity::Stream s, const int* x, int* out, int n);
//! __shfl_xor_sync butterfly: every lane gets the warp total.
void butterfly_sums(parity::Stream s, const int* x, int* out, int n);
//! __shfl_sync broadcast of lane `src` to its warp.
void broadcast(parity::Stream s, const int* x, int* out, int n, int src);
//! Stream compaction: keeps x[i] > 0 with __ballot_sync, __popc and one atomicAdd per warp.
//! Returns nothing; out receives the kept values (order within warps preserved), *count their
//! number.
void compact_positive(parity::Stream s, const int* x, int* out, int* count, int n);
//! Per-thread results of votes over predicate x[i] != 0: out[3i] = __any_sync, out[3i+1] =
//! __all_sync, out[3i+2] = __ballot_sync.
void votes(parity::Stream s, const int* x, unsigned* out, int n);
//! __match_any_sync(x[i]) per lane.
void match_any(parity::Stream s, const int* x, unsigned* out, int n);
//! __activemask() from the odd lanes only (a divergent branch).
void active_mask_odd(parity::Stream s, unsigned* out, int n);
//! __syncthreads_count/_and/_or of x[i] != 0 per block: out[3b..3b+2].
void barrier_votes(parity::Stream s, const int* x, int* out, int n, int block);
//! __reduce_add_sync over each warp.
void reduce_add(parity::Stream s, const unsigned* x, unsigned* out, int n);

// atomics.cu
void histogram(parity::Stream s, const int* x, unsigned* bins, int n, int nbins);
void float_sum(parity::Stream s, const float* x, float* sum, int n);
void double_sum(parity::Stream s, const double* x, double* sum, int n);
//! out[0..8]: atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor (int), atomicInc/atomicDec
//! wrap counters, atomicExch winner count, atomicCAS lock-protected counter.
void atomic_misc(parity::Stream s, const int* x, int* out, int n);

// faults.cu
void divergent_barrier(parity::Stream s, int* out);     //! __syncthreads only in lanes < 16
void two_barriers(parity::Stream s, int* out);          //! if/else with a barrier in each
void partial_mask_shuffle(parity::Stream s, int* out);  //! mask 0xffff, all 32 lanes call
void throwing_kernel(parity::Stream s, int* out);       //! a kernel calling __trap()
//! `blocks` blocks of 32 threads; blocks `bad_low` and `bad_high` trap, the others set out[b].
void two_failing_blocks(parity::Stream s, int* out, int blocks, int bad_low, int bad_high);

}  // namespace simt_test::cuda

namespace simt_test::hip {

// warp.hip (warp size of the stream: 64 by default, 32 on request)
//! Full-wavefront __shfl_down reduction written for any warpSize: out[warp] = sum.
void warp_sums(parity::Stream s, const float* x, float* out, int n);
//! The faulty port: shuffle offsets from 16 (CUDA's habit), lanes from warpSize: out[warp].
void warp32_sums(parity::Stream s, const float* x, float* out, int n);
//! Number of lanes with x[i] > 0 per wavefront, ballot kept in 64 bits: out[warp].
void ballot_count64(parity::Stream s, const int* x, int* out, int n);
//! The same with the ballot stored in a 32-bit unsigned (the CUDA habit): out[warp].
void ballot_count32(parity::Stream s, const int* x, int* out, int n);
//! hipLaunchKernelGGL with a template kernel, and <<<>>> in a .hip file: out = a * x + y.
void saxpy_ggl(parity::Stream s, float a, const float* x, const float* y, float* out, int n);
void saxpy_chevrons(parity::Stream s, float a, const float* x, const float* y, float* out, int n);
//! warpSize as the kernel sees it.
void warp_size(parity::Stream s, int* out);
//! __shfl_down_sync(~0ull) in a 96-thread block (its second wavefront has 32 lanes).
void full_mask_partial_wave(parity::Stream s, int* out);
//! __shfl_xor_sync(~0ull) after lanes 40-63 returned.
void exited_lanes_mask(parity::Stream s, int* out);
//! The same 96-thread block with __activemask() as the mask: out[t] = t + (t ^ 1).
void active_mask_partial_wave(parity::Stream s, int* out);

}  // namespace simt_test::hip

namespace simt_test::race {

// race.cu (built with RACE_CHECK)
void reduce_missing_sync(parity::Stream s, const float* x, float* sums, int n);  //! a race
void reduce_synced(parity::Stream s, const float* x, float* sums, int n);        //! no race
void read_uninitialized(parity::Stream s, float* out);                           //!
void warp_synchronous(parity::Stream s, const int* x, int* out, int n);          //! __syncwarp'd
void atomics_in_shared(parity::Stream s, int* out, int n);                       //! no race

}  // namespace simt_test::race

namespace simt_test::cuda {

// numeric.cu
//! Per input x[i] (row layout of numeric_oracle::Row from the half fields on): half rn/rz/ru/rd,
//! bf16 rn/rz/ru/rd, then e4m3 sat/nosat, e5m2 sat/nosat (__nv_cvt_float_to_fp8), as 16-bit
//! words; 12 words per input.
void conversions(parity::Stream s, const float* x, std::uint16_t* out, int n);
//! Scalar intrinsics, one thread: see numeric.tests.cpp for the list.
void intrinsics(parity::Stream s, float* f, int* i, unsigned* u);
//! cooperative_groups: tiled_partition<16> sums with cg::reduce, ballot of ranks, block sync.
void tile_sums(parity::Stream s, const int* x, int* sums, unsigned* ballots, int n);

}  // namespace simt_test::cuda

namespace simt_test::hip {

// numeric.hip
//! Per input: e4m3fnuz sat/nosat, e5m2fnuz sat/nosat (__hip_cvt_float_to_fp8), the
//! __hip_fp8_e4m3_fnuz constructor, hip_bfloat16 rounding and truncating constructors.
void conversions(parity::Stream s, const float* x, std::uint16_t* out, int n);
//! float4 arithmetic with HIP's vector operators: out[i] = a[i] * 2 + b[i] - a[i] / 4.
void vector_ops(parity::Stream s, const float4* a, const float4* b, float4* out, int n);

}  // namespace simt_test::hip

namespace simt_test::limits {

//! What cudaGetDeviceProperties / hipGetDeviceProperties report inside an emulated TU.
struct DeviceReport {
  std::string name;  // CUDA: the device name; HIP: gcnArchName
  std::size_t shared_per_block;
  std::size_t shared_per_block_optin;  // CUDA: cudaDevAttrMaxSharedMemoryPerBlockOptin
  int warp_size;
  int major, minor;
  int max_block_z;
};

// limits.cu (sm_90)
//! One 64-thread block with `bytes` of dynamic shared memory; out[0] = the last word written.
void cuda_dynamic_shared(parity::Stream s, int* out, std::size_t bytes);
//! cudaFuncSetAttribute(kernel, MaxDynamicSharedMemorySize, bytes): the cudaError_t.
int cuda_opt_in(std::size_t bytes);
void cuda_static_56k(parity::Stream s, int* out);  //! 56 KiB of static shared memory
//! 40 KiB static + `bytes` dynamic; and its opt-in (through a const void* cast).
void cuda_static_40k_dynamic(parity::Stream s, int* out, std::size_t bytes);
int cuda_static_40k_opt_in(std::size_t bytes);
void cuda_grid(parity::Stream s, int* out, unsigned gx, unsigned gy);
DeviceReport cuda_properties();

// limits.hip (gfx942)
void hip_lds(parity::Stream s, int* out, std::size_t bytes);
int hip_set_max_lds(std::size_t bytes);  //! hipFuncSetAttribute: the hipError_t
void hip_lds_static_72k(parity::Stream s, int* out);
void hip_lds_static_40k_dynamic(parity::Stream s, int* out, std::size_t bytes);
void hip_grid(parity::Stream s, int* out, unsigned gx, unsigned bx);
DeviceReport hip_properties();

}  // namespace simt_test::limits

namespace simt_test::poison {

// poison.cu
void cuda_half_written_shared(parity::Stream s, float* out);   //! 64 threads, tile half written
void cuda_shuffle_past_the_block(parity::Stream s, int* out);  //! 48 threads, shfl_down by 16
std::uint32_t cuda_fresh_allocation_word();  //! a word of a fresh cudaMalloc allocation

// poison.hip
void hip_shuffle_past_the_block(parity::Stream s, int* out);  //! 48 threads, __shfl_down by 16
void hip_half_written_lds(parity::Stream s, float* out);

}  // namespace simt_test::poison

namespace simt_test::arch {

struct ArchReport {
  bool launcher_sees_arch = false;  // the launcher (host code) sees a device-only macro
  bool namespace_macro = false;     // a macro defined under a namespace-scope #if on it
  int wavefront_macro = 0;          // __AMDGCN_WAVEFRONT_SIZE in the launcher
};

// arch.cu: out[0] = __CUDA_ARCH__ (-1 undefined), out[1] = the warp sum's path (32: sm_80+),
// out[2] = a __host__ __device__ function's path (1: device), out[3] = a macro's device value.
ArchReport cuda_arch(parity::Stream s, int* out);
int cuda_path_of_hd_from_host();  //! must throw: compiled with its device path

// arch.hip: out[0] = __HIP_DEVICE_COMPILE__, out[1] = 942 when __gfx942__ and __GFX9__,
// out[2] = __AMDGCN_WAVEFRONT_SIZE, out[3] = whether __CUDA_ARCH__ is defined.
ArchReport hip_arch(parity::Stream s, int* out);

}  // namespace simt_test::arch

namespace simt_test::vendor_math {

// vendor_math.cu / .hip: per input x[i], out[6i..6i+5] = expf(x), logf(|x| + 1), sinf(x),
// powf(|x| + 0.5, 1.5), __expf(x), rsqrtf(|x| + 1); out64[i] = exp((double)x).
void cuda_functions(parity::Stream s, const float* x, float* out, double* out64, int n);
void hip_functions(parity::Stream s, const float* x, float* out, double* out64, int n);
float cuda_host_expf(float x);

}  // namespace simt_test::vendor_math

namespace simt_test::targets {

// targets_ampere.cu (TARGET sm_80): out[0] = __CUDA_ARCH__, out[1] = 1 (a dynamic shared word)
int ampere_opt_in(std::size_t bytes);  //! the cudaError_t
void ampere(parity::Stream s, int* out, std::size_t bytes);
std::size_t ampere_optin_reported();  //! cudaDevAttrMaxSharedMemoryPerBlockOptin
// targets_rdna.hip (TARGET gfx1100): out[0] = warpSize, out[1] = __AMDGCN_WAVEFRONT_SIZE,
// out[2] = 1100 when __gfx1100__ and __GFX11__ are defined in device code
void rdna(parity::Stream s, int* out);
int rdna_warp_size_reported();

}  // namespace simt_test::targets
