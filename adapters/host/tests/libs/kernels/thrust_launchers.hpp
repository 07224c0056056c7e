// The Thrust / rocThrust test code's entry points (thrust.cu and its port thrust.hip): one
// function per dialect runs the covered algorithms on device_vectors (with the policies code
// uses: none, thrust::device, thrust::cuda::par.on(stream) / thrust::hip::par.on(stream)) and a
// kernel on raw_pointer_cast(data()), and returns every result for the test to check against
// std:: algorithms.
#pragma once

#include <cstddef>
#include <vector>

namespace thrust_test {

struct Results {
  float sum = 0, sum_from_init = 0, max_by_reduce = 0, sum_of_squares = 0, dot = 0;
  std::vector<float> sorted, sorted_descending, inclusive, exclusive, doubled, transformed;
  std::vector<int> keys_sorted, values_by_key, sequence_step, filled, counted_squares;
  long count_positive = 0, count_value = 0;
  long min_index = 0, max_index = 0, minmax_first = 0, minmax_second = 0;
  int constant_sum = 0;
  bool equal_self = false;
};

Results cuda_thrust(const std::vector<float>& x, const std::vector<int>& keys);
Results hip_thrust(const std::vector<float>& x, const std::vector<int>& keys);

}  // namespace thrust_test
