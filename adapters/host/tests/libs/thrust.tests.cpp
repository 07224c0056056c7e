// The emulated Thrust and rocThrust (parity/simt/libs/thrust/), called from real .cu / .hip code
// (kernels/thrust.cu and its port): every result against the std:: algorithm that defines it,
// with the orders the docs state (index-order folds, the radix order of sorts, Thrust's
// minmax_element pair).
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "thrust_launchers.hpp"

TEST_CASE("libs/thrust/the covered algorithms against std::", "[libs][thrust]") {
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-4, 4);
  std::vector<float> x(1000);
  for (auto& v : x) v = std::round(u(rng) * 8) / 8;  // many ties
  x[10] = x[20] = 100.0f;                            // the first maximum is at 10
  x[30] = x[40] = -100.0f;                           // the first minimum is at 30
  x[3] = 0.5f;
  std::vector<int> keys(300);
  for (auto& k : keys) k = static_cast<int>(rng() % 20);

  for (bool hip : {false, true}) {
    INFO((hip ? "rocThrust" : "Thrust"));
    const auto r = hip ? thrust_test::hip_thrust(x, keys) : thrust_test::cuda_thrust(x, keys);
    CHECK(r.sum == std::accumulate(x.begin(), x.end(), 0.0f));  // index order, as documented
    CHECK(r.sum_from_init == std::accumulate(x.begin(), x.end(), 1.5f));
    CHECK(r.max_by_reduce == 100.0f);
    CHECK(r.sum_of_squares ==
          std::accumulate(x.begin(), x.end(), 0.0f, [](float a, float v) { return a + v * v; }));
    CHECK(r.dot == std::inner_product(x.begin(), x.end(), x.begin(), 0.0f));
    CHECK(r.count_positive == std::count_if(x.begin(), x.end(), [](float v) { return v > 0; }));
    CHECK(r.count_value == std::count(x.begin(), x.end(), 0.5f));
    CHECK(r.min_index == 30);
    CHECK(r.max_index == 10);
    // Thrust's pair is (min_element, max_element): the first maximum, where std::minmax_element
    // gives the last one.
    CHECK(r.minmax_first == 30);
    CHECK(r.minmax_second == 10);
    CHECK(std::minmax_element(x.begin(), x.end()).second - x.begin() == 20);
    CHECK(r.equal_self);

    std::vector<float> want(x.size());
    std::inclusive_scan(x.begin(), x.end(), want.begin());
    CHECK(r.inclusive == want);
    std::exclusive_scan(x.begin(), x.end(), want.begin(), 0.25f);
    CHECK(r.exclusive == want);

    std::vector<float> sorted = x;
    std::stable_sort(sorted.begin(), sorted.end());
    CHECK(r.sorted == sorted);
    std::stable_sort(sorted.begin(), sorted.end(), std::greater<float>());
    CHECK(r.sorted_descending == sorted);

    std::vector<int> order(keys.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    std::vector<int> sorted_keys;
    for (int i : order) sorted_keys.push_back(keys[i]);
    CHECK(r.keys_sorted == sorted_keys);
    CHECK(r.values_by_key == order);  // stable: equal keys keep their input order

    CHECK(r.sequence_step == std::vector<int>{5, 8, 11, 14, 17, 20, 23, 26, 29, 32});
    CHECK(r.filled == std::vector<int>{-2, -2, -2, -2, 17, 20, 23, 26, 29, 32});
    CHECK(r.counted_squares == std::vector<int>{0, 1, 4, 9, 16, 25, 36, 49});
    CHECK(r.constant_sum == 42);
    std::vector<float> twice(x.size());
    std::transform(x.begin(), x.end(), twice.begin(), [](float v) { return v + v; });
    CHECK(r.transformed == twice);
    CHECK(r.doubled == twice);  // the kernel on raw_pointer_cast(data()) wrote device memory
  }
}
