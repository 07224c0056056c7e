// The CUB / hipCUB test kernels' entry points (cub.cu and its port cub.hip; cub_race.cu for
// race mode). Each runs one kernel or device-wide call and returns the launch's status and
// message, so one test body checks both dialects against std:: algorithms and the documented
// orders.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace cub_test {

struct Status {
  int code = 0;         // cudaError_t / hipError_t
  std::string message;  // cudaGetErrorString / hipGetErrorString of a failure
};

#define CUB_TEST_LAUNCHERS(prefix)                                                              \
  /* BlockReduce<float, 128>: out[b] = thread 0's Sum of block b; every[t] = each thread's  */  \
  /* return value. */                                                                           \
  Status prefix##block_sum(const float* in, float* out, float* every, int blocks);              \
  /* BlockReduce<int, 1024>::Reduce(x, max, num_valid) in blocks of `threads` (vLLM style). */  \
  Status prefix##block_max_partial(const int* in, int* out, int threads, int num_valid);        \
  /* BlockReduce<KeyValuePair<int, float>, 256> with ArgMax, over 4 items per thread. */        \
  Status prefix##block_argmax(const float* in, int* index, float* value);                       \
  /* BlockReduce<int, 256> full-tile Sum launched with `threads` threads (misuse if fewer). */  \
  Status prefix##block_sum_threads(const int* in, int* out, int threads);                       \
  /* BlockScan<int, 128>: exclusive and inclusive sums of 4 items per thread, the aggregate. */ \
  Status prefix##block_scan(const int* in, int* exclusive, int* inclusive, int* aggregate);     \
  /* BlockScan<float, 64>::InclusiveSum of one float per thread. */                             \
  Status prefix##block_scan_float(const float* in, float* out);                                 \
  /* One block of 128 scans n ints tile by tile with a running-prefix callback. */              \
  Status prefix##block_scan_tiles(const int* in, int* out, int n, int* callback_calls);         \
  /* WarpReduce<int, LOGICAL> Sum and Sum(valid) over a 64-thread block. */                     \
  Status prefix##warp_sum(const int* in, int* out, int logical, int valid);                     \
  /* WarpReduce<float> called by only half of a warp (a divergent call). */                     \
  Status prefix##warp_sum_divergent(const float* in, float* out);                               \
  /* WarpScan<int, 32>: inclusive and exclusive sums, warp aggregate, Broadcast of lane 3. */   \
  Status prefix##warp_scan(const int* in, int* inclusive, int* exclusive, int* aggregate,       \
                           int* broadcast);                                                     \
  /* BlockLoad then BlockStore with algorithm `algorithm` (0..5), 128 threads x 4 items, */     \
  /* valid_items and an out-of-bounds default of -1. */                                         \
  Status prefix##load_store(const int* in, int* loaded, int* stored, int algorithm, int valid); \
  /* BlockRadixSort<KEY, 128, 4> of one block: keys (and values), bits, descending, striped. */ \
  Status prefix##radix_sort_u32(std::uint32_t* keys, int* values, int begin_bit, int end_bit,   \
                                bool descending, bool striped);                                 \
  Status prefix##radix_sort_f32(float* keys, bool descending);                                  \
  /* Device-wide: two-phase calls; `short_by` bytes less temp storage than queried. */          \
  Status prefix##device_reduce(const double* in, int n, double* sum, double* min, double* max,  \
                               int* argmax, std::size_t short_by);                              \
  Status prefix##device_scan(const long long* in, long long* inclusive, long long* exclusive,   \
                             int n);                                                            \
  Status prefix##device_sort_pairs(const float* keys_in, float* keys_out, const int* values_in, \
                                   int* values_out, int n, bool descending);                    \
  /* DoubleBuffer form: returns in *selector which buffer holds the result. */                  \
  Status prefix##device_sort_double_buffer(std::uint64_t* a, std::uint64_t* b, int n,           \
                                           int* selector);

CUB_TEST_LAUNCHERS(cuda_)
CUB_TEST_LAUNCHERS(hip_)

//! hipcub::WarpReduce<int> (64-lane default) on a stream of 32-lane wavefronts.
Status hip_warp_sum_default_on_wave32(const int* in, int* out);

//! Race mode (cub_race.cu): BlockReduce twice on one TempStorage, with or without the
//! __syncthreads() between the two uses that CUB requires.
Status race_block_reduce_twice(const float* in, float* out, bool sync_between);
//! The same for BlockLoad (TRANSPOSE) then BlockReduce sharing a TempStorage union.
Status race_load_reduce_union(const int* in, int* out, bool sync_between);

}  // namespace cub_test
