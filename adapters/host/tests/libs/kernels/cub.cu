// CUB kernels and device-wide calls for the CUB tests (cub_launchers.hpp). Plain CUDA: built by
// the emulator against parity's stand-ins, and by nvcc against the real CUB (the signature
// check of tests/libs/CMakeLists.txt). cub.hip is its hipCUB port.
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda/std/functional>

#include "cub_launchers.hpp"

namespace {

cub_test::Status finish() {
  const cudaError_t e = cudaDeviceSynchronize();
  return {static_cast<int>(e), e == cudaSuccess ? "" : cudaGetErrorString(e)};
}
cub_test::Status status(cudaError_t e) {
  const cudaError_t s = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = s;
  return {static_cast<int>(e), e == cudaSuccess ? "" : cudaGetErrorString(e)};
}

__global__ void block_sum_kernel(const float* in, float* out, float* every) {
  using BlockReduce = cub::BlockReduce<float, 128>;
  __shared__ typename BlockReduce::TempStorage temp;
  const float x = in[blockIdx.x * 128 + threadIdx.x];
  const float s = BlockReduce(temp).Sum(x);
  every[blockIdx.x * 128 + threadIdx.x] = s;
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

__global__ void block_max_partial_kernel(const int* in, int* out, int num_valid) {
  using BlockReduce = cub::BlockReduce<int, 1024>;
  __shared__ typename BlockReduce::TempStorage temp;
  const int x = threadIdx.x < static_cast<unsigned>(num_valid) ? in[threadIdx.x] : 0;
  const int m = BlockReduce(temp).Reduce(x, cuda::maximum<>{}, num_valid);
  if (threadIdx.x == 0) *out = m;
}

__global__ void block_argmax_kernel(const float* in, int* index, float* value) {
  using Pair = cub::KeyValuePair<int, float>;
  using BlockReduce = cub::BlockReduce<Pair, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  Pair items[4];
  for (int i = 0; i < 4; ++i) {
    const int k = threadIdx.x * 4 + i;
    items[i] = Pair(k, in[k]);
  }
  const Pair best = BlockReduce(temp).Reduce(items, cub::ArgMax());
  if (threadIdx.x == 0) {
    *index = best.key;
    *value = best.value;
  }
}

__global__ void block_sum_threads_kernel(const int* in, int* out) {
  using BlockReduce = cub::BlockReduce<int, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  const int s = BlockReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = s;
}

__global__ void block_scan_kernel(const int* in, int* exclusive, int* inclusive, int* aggregate) {
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ typename BlockScan::TempStorage temp;
  int items[4], ex[4], inc[4];
  for (int i = 0; i < 4; ++i) items[i] = in[threadIdx.x * 4 + i];
  int total = 0;
  BlockScan(temp).ExclusiveSum(items, ex, total);
  __syncthreads();  // the TempStorage is used again
  BlockScan(temp).InclusiveSum(items, inc);
  for (int i = 0; i < 4; ++i) {
    exclusive[threadIdx.x * 4 + i] = ex[i];
    inclusive[threadIdx.x * 4 + i] = inc[i];
  }
  if (threadIdx.x == 0) *aggregate = total;
}

__global__ void block_scan_float_kernel(const float* in, float* out) {
  using BlockScan = cub::BlockScan<float, 64>;
  __shared__ typename BlockScan::TempStorage temp;
  float y;
  BlockScan(temp).InclusiveSum(in[threadIdx.x], y);
  out[threadIdx.x] = y;
}

// The running prefix of CUB's documentation example: the first warp calls it with each tile's
// aggregate; lane 0's return value seeds the tile.
struct RunningPrefix {
  int running;
  int* calls;
  __device__ int operator()(int tile_aggregate) {
    atomicAdd(calls, 1);
    const int old = running;
    running += tile_aggregate;
    return old;
  }
};

__global__ void block_scan_tiles_kernel(const int* in, int* out, int n, int* calls) {
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ typename BlockScan::TempStorage temp;
  RunningPrefix prefix{0, calls};
  for (int tile = 0; tile < n; tile += 128) {
    const int i = tile + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    int y;
    BlockScan(temp).ExclusiveSum(x, y, prefix);
    __syncthreads();
    if (i < n) out[i] = y;
  }
}

template <int LOGICAL>
__global__ void warp_sum_kernel(const int* in, int* out, int valid) {
  using WarpReduce = cub::WarpReduce<int, LOGICAL>;
  __shared__ typename WarpReduce::TempStorage temp[64 / LOGICAL];
  const int w = threadIdx.x / LOGICAL;
  const int x = in[threadIdx.x];
  const int s = valid > 0 ? WarpReduce(temp[w]).Sum(x, valid) : WarpReduce(temp[w]).Sum(x);
  if (threadIdx.x % LOGICAL == 0) out[w] = s;
}

__global__ void warp_sum_divergent_kernel(const float* in, float* out) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage temp;
  if (threadIdx.x < 16) {  // half a warp: CUB's shuffles name all 32 lanes
    const float s = WarpReduce(temp).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0) *out = s;
  }
  __syncthreads();  // the other lanes wait here instead of returning
}

__global__ void warp_scan_kernel(const int* in, int* inclusive, int* exclusive, int* aggregate,
                                 int* broadcast) {
  using WarpScan = cub::WarpScan<int>;
  __shared__ typename WarpScan::TempStorage temp;
  const int x = in[threadIdx.x];
  int inc, ex, total;
  WarpScan(temp).InclusiveSum(x, inc, total);
  WarpScan(temp).ExclusiveSum(x, ex);
  inclusive[threadIdx.x] = inc;
  exclusive[threadIdx.x] = ex;
  aggregate[threadIdx.x] = total;
  broadcast[threadIdx.x] = WarpScan(temp).Broadcast(x * 10, 3);
}

template <cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
__global__ void load_store_kernel(const int* in, int* loaded, int* stored, int valid) {
  using Load = cub::BlockLoad<int, 128, 4, L>;
  using Store = cub::BlockStore<int, 128, 4, S>;
  // (The rewriter takes __shared__ declarations of a named type: the union is named.)
  union Shared {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  };
  __shared__ Shared temp;
  int items[4];
  Load(temp.load).Load(in, items, valid, -1);
  for (int i = 0; i < 4; ++i) loaded[threadIdx.x * 4 + i] = items[i];
  __syncthreads();
  Store(temp.store).Store(stored, items, valid);
}

template <cub::BlockLoadAlgorithm L, cub::BlockStoreAlgorithm S>
cub_test::Status load_store(const int* in, int* loaded, int* stored, int valid) {
  load_store_kernel<L, S><<<1, 128>>>(in, loaded, stored, valid);
  return finish();
}

__global__ void radix_u32_kernel(std::uint32_t* keys, int* values, int begin_bit, int end_bit,
                                 bool descending, bool striped) {
  using Sort = cub::BlockRadixSort<std::uint32_t, 128, 4, int>;
  __shared__ typename Sort::TempStorage temp;
  std::uint32_t k[4];
  int v[4];
  for (int i = 0; i < 4; ++i) {
    k[i] = keys[threadIdx.x * 4 + i];
    v[i] = values[threadIdx.x * 4 + i];
  }
  if (striped) {
    Sort(temp).SortBlockedToStriped(k, v, begin_bit, end_bit);
    for (int i = 0; i < 4; ++i) {
      keys[i * 128 + threadIdx.x] = k[i];
      values[i * 128 + threadIdx.x] = v[i];
    }
    return;
  }
  if (descending) {
    Sort(temp).SortDescending(k, v, begin_bit, end_bit);
  } else {
    Sort(temp).Sort(k, v, begin_bit, end_bit);
  }
  for (int i = 0; i < 4; ++i) {
    keys[threadIdx.x * 4 + i] = k[i];
    values[threadIdx.x * 4 + i] = v[i];
  }
}

__global__ void radix_f32_kernel(float* keys, bool descending) {
  using Sort = cub::BlockRadixSort<float, 128, 4>;
  __shared__ typename Sort::TempStorage temp;
  float k[4];
  for (int i = 0; i < 4; ++i) k[i] = keys[threadIdx.x * 4 + i];
  if (descending) {
    Sort(temp).SortDescending(k);
  } else {
    Sort(temp).Sort(k);
  }
  for (int i = 0; i < 4; ++i) keys[threadIdx.x * 4 + i] = k[i];
}

}  // namespace

namespace cub_test {

Status cuda_block_sum(const float* in, float* out, float* every, int blocks) {
  block_sum_kernel<<<blocks, 128>>>(in, out, every);
  return finish();
}
Status cuda_block_max_partial(const int* in, int* out, int threads, int num_valid) {
  block_max_partial_kernel<<<1, threads>>>(in, out, num_valid);
  return finish();
}
Status cuda_block_argmax(const float* in, int* index, float* value) {
  block_argmax_kernel<<<1, 256>>>(in, index, value);
  return finish();
}
Status cuda_block_sum_threads(const int* in, int* out, int threads) {
  block_sum_threads_kernel<<<1, threads>>>(in, out);
  return finish();
}
Status cuda_block_scan(const int* in, int* exclusive, int* inclusive, int* aggregate) {
  block_scan_kernel<<<1, 128>>>(in, exclusive, inclusive, aggregate);
  return finish();
}
Status cuda_block_scan_float(const float* in, float* out) {
  block_scan_float_kernel<<<1, 64>>>(in, out);
  return finish();
}
Status cuda_block_scan_tiles(const int* in, int* out, int n, int* callback_calls) {
  block_scan_tiles_kernel<<<1, 128>>>(in, out, n, callback_calls);
  return finish();
}
Status cuda_warp_sum(const int* in, int* out, int logical, int valid) {
  if (logical == 32) {
    warp_sum_kernel<32><<<1, 64>>>(in, out, valid);
  } else if (logical == 16) {
    warp_sum_kernel<16><<<1, 64>>>(in, out, valid);
  } else {
    warp_sum_kernel<8><<<1, 64>>>(in, out, valid);
  }
  return finish();
}
Status cuda_warp_sum_divergent(const float* in, float* out) {
  warp_sum_divergent_kernel<<<1, 32>>>(in, out);
  return finish();
}
Status cuda_warp_scan(const int* in, int* inclusive, int* exclusive, int* aggregate,
                      int* broadcast) {
  warp_scan_kernel<<<1, 64>>>(in, inclusive, exclusive, aggregate, broadcast);
  return finish();
}
Status cuda_load_store(const int* in, int* loaded, int* stored, int algorithm, int valid) {
  switch (algorithm) {
    case 0:
      return load_store<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT>(in, loaded, stored, valid);
    case 1:
      return load_store<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>(in, loaded, stored,
                                                                           valid);
    case 2:
      return load_store<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>(in, loaded, stored,
                                                                               valid);
    case 3:
      return load_store<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE>(in, loaded, stored,
                                                                               valid);
    case 4:
      return load_store<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>(
          in, loaded, stored, valid);
    default:
      return load_store<cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
                        cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>(in, loaded, stored, valid);
  }
}
Status cuda_radix_sort_u32(std::uint32_t* keys, int* values, int begin_bit, int end_bit,
                           bool descending, bool striped) {
  radix_u32_kernel<<<1, 128>>>(keys, values, begin_bit, end_bit, descending, striped);
  return finish();
}
Status cuda_radix_sort_f32(float* keys, bool descending) {
  radix_f32_kernel<<<1, 128>>>(keys, descending);
  return finish();
}

//! The temporary storage of a device algorithm, freed on return.
struct DeviceAllocation {
  void* p = nullptr;
  cudaError_t error;
  explicit DeviceAllocation(size_t bytes) : error(cudaMalloc(&p, bytes)) {}
  ~DeviceAllocation() {
    if (p != nullptr) (void)cudaFree(p);
  }
  DeviceAllocation(const DeviceAllocation&) = delete;
  DeviceAllocation& operator=(const DeviceAllocation&) = delete;
};

Status cuda_device_reduce(const double* in, int n, double* sum, double* min, double* max,
                          int* argmax, std::size_t short_by) {
  size_t bytes = 0;
  cudaError_t e = cub::DeviceReduce::Sum(nullptr, bytes, in, sum, n);
  if (e != cudaSuccess) return status(e);
  DeviceAllocation storage(bytes);
  if (storage.error != cudaSuccess) return status(storage.error);
  void* temp = storage.p;
  size_t given = bytes - short_by;
  e = cub::DeviceReduce::Sum(temp, given, in, sum, n);
  if (e == cudaSuccess) e = cub::DeviceReduce::Min(temp, bytes, in, min, n);
  if (e == cudaSuccess) e = cub::DeviceReduce::Max(temp, bytes, in, max, n);
  if (e == cudaSuccess) {
    double value = 0;
    e = cub::DeviceReduce::ArgMax(temp, bytes, in, &value, argmax, n);
  }
  return status(e);
}
Status cuda_device_scan(const long long* in, long long* inclusive, long long* exclusive, int n) {
  size_t bytes = 0;
  cudaError_t e = cub::DeviceScan::InclusiveSum(nullptr, bytes, in, inclusive, n);
  DeviceAllocation storage(bytes);
  if (storage.error != cudaSuccess) return status(storage.error);
  void* temp = storage.p;
  if (e == cudaSuccess) e = cub::DeviceScan::InclusiveSum(temp, bytes, in, inclusive, n);
  size_t bytes2 = 0;
  if (e == cudaSuccess) e = cub::DeviceScan::ExclusiveSum(nullptr, bytes2, in, exclusive, n);
  if (e == cudaSuccess && bytes2 <= bytes)
    e = cub::DeviceScan::ExclusiveSum(temp, bytes, in, exclusive, n);
  return status(e);
}
Status cuda_device_sort_pairs(const float* keys_in, float* keys_out, const int* values_in,
                              int* values_out, int n, bool descending) {
  size_t bytes = 0;
  cudaError_t e = descending ? cub::DeviceRadixSort::SortPairsDescending(
                                   nullptr, bytes, keys_in, keys_out, values_in, values_out, n)
                             : cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys_in, keys_out,
                                                               values_in, values_out, n);
  if (e != cudaSuccess) return status(e);
  DeviceAllocation storage(bytes);
  if (storage.error != cudaSuccess) return status(storage.error);
  void* temp = storage.p;
  e = descending ? cub::DeviceRadixSort::SortPairsDescending(temp, bytes, keys_in, keys_out,
                                                             values_in, values_out, n)
                 : cub::DeviceRadixSort::SortPairs(temp, bytes, keys_in, keys_out, values_in,
                                                   values_out, n);
  return status(e);
}
Status cuda_device_sort_double_buffer(std::uint64_t* a, std::uint64_t* b, int n, int* selector) {
  cub::DoubleBuffer<std::uint64_t> keys(a, b);
  size_t bytes = 0;
  cudaError_t e = cub::DeviceRadixSort::SortKeys(nullptr, bytes, keys, n);
  DeviceAllocation storage(bytes);
  if (storage.error != cudaSuccess) return status(storage.error);
  void* temp = storage.p;
  if (e == cudaSuccess) e = cub::DeviceRadixSort::SortKeys(temp, bytes, keys, n);
  *selector = keys.selector;
  return status(e);
}

}  // namespace cub_test
