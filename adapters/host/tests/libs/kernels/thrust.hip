// The rocThrust port of thrust.cu (hipify-style).
#include <hip/hip_runtime.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/hip/execution_policy.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include "runtime_check.hpp"
#include "thrust_launchers.hpp"

namespace {

__global__ void double_kernel(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

struct Square {
  __host__ __device__ float operator()(float v) const { return v * v; }
};
struct Positive {
  __host__ __device__ bool operator()(float v) const { return v > 0.0f; }
};
struct SquareInt {
  __host__ __device__ int operator()(int v) const { return v * v; }
};

std::vector<float> to_std(const thrust::device_vector<float>& d) {
  thrust::host_vector<float> h = d;
  return std::vector<float>(h.begin(), h.end());
}
std::vector<int> to_std(const thrust::device_vector<int>& d) {
  thrust::host_vector<int> h = d;
  return std::vector<int>(h.begin(), h.end());
}

}  // namespace

thrust_test::Results thrust_test::hip_thrust(const std::vector<float>& x,
                                             const std::vector<int>& keys) {
  Results r;
  const int n = static_cast<int>(x.size());
  thrust::host_vector<float> hx(x.begin(), x.end());
  thrust::device_vector<float> d = hx;
  hipStream_t stream = nullptr;
  libs_test::require(hipStreamCreate(&stream), "hipStreamCreate");

  r.sum = thrust::reduce(d.begin(), d.end());
  r.sum_from_init = thrust::reduce(thrust::device, d.begin(), d.end(), 1.5f);
  r.max_by_reduce = thrust::reduce(thrust::hip::par.on(stream), d.begin(), d.end(), -1e30f,
                                   thrust::maximum<float>());
  r.sum_of_squares =
      thrust::transform_reduce(d.begin(), d.end(), Square(), 0.0f, thrust::plus<float>());
  r.dot = thrust::inner_product(d.begin(), d.end(), d.begin(), 0.0f);
  r.count_positive = static_cast<long>(thrust::count_if(d.begin(), d.end(), Positive()));
  r.count_value = static_cast<long>(thrust::count(thrust::device, d.begin(), d.end(), x[3]));
  r.min_index = static_cast<long>(thrust::min_element(d.begin(), d.end()) - d.begin());
  r.max_index = static_cast<long>(thrust::max_element(d.begin(), d.end()) - d.begin());
  const auto mm = thrust::minmax_element(d.begin(), d.end());
  r.minmax_first = static_cast<long>(mm.first - d.begin());
  r.minmax_second = static_cast<long>(mm.second - d.begin());
  r.equal_self = thrust::equal(d.begin(), d.end(), hx.begin());

  thrust::device_vector<float> scan(n);
  thrust::inclusive_scan(d.begin(), d.end(), scan.begin());
  r.inclusive = to_std(scan);
  thrust::exclusive_scan(thrust::hip::par.on(stream), d.begin(), d.end(), scan.begin(), 0.25f);
  r.exclusive = to_std(scan);

  thrust::device_vector<float> sorted = d;
  thrust::sort(sorted.begin(), sorted.end());
  r.sorted = to_std(sorted);
  thrust::sort(thrust::device, sorted.begin(), sorted.end(), thrust::greater<float>());
  r.sorted_descending = to_std(sorted);

  thrust::device_vector<int> k(keys.begin(), keys.end());
  thrust::device_vector<int> v(keys.size());
  thrust::sequence(v.begin(), v.end());
  thrust::sort_by_key(k.begin(), k.end(), v.begin());
  r.keys_sorted = to_std(k);
  r.values_by_key = to_std(v);

  thrust::device_vector<int> seq(10);
  thrust::sequence(seq.begin(), seq.end(), 5, 3);
  r.sequence_step = to_std(seq);
  thrust::fill(thrust::device, seq.begin(), seq.begin() + 4, -2);
  r.filled = to_std(seq);
  thrust::device_vector<int> squares(8);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(8),
                    squares.begin(), SquareInt());
  r.counted_squares = to_std(squares);
  r.constant_sum =
      thrust::reduce(thrust::make_constant_iterator(7), thrust::make_constant_iterator(7) + 6);

  thrust::device_vector<float> t(n);
  thrust::transform(d.begin(), d.end(), d.begin(), t.begin(), thrust::plus<float>());
  r.transformed = to_std(t);

  double_kernel<<<(n + 127) / 128, 128, 0, stream>>>(thrust::raw_pointer_cast(d.data()), n);
  libs_test::require(hipStreamSynchronize(stream), "hipStreamSynchronize");
  r.doubled = to_std(d);
  libs_test::require(hipStreamDestroy(stream), "hipStreamDestroy");
  return r;
}
