// fp64 reference for fp_atomics: per-bin sums in double (error below count * 2^-53 * sum|x|,
// negligible beside fp32's), sum |x| per bin (the magnitude the summation bound is scaled by),
// and exact counts. The bin of x is computed as the kernels do, in float, with one correctly
// rounded subtraction and division.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

struct BinnedReference {
  std::vector<double> sums;
  std::vector<double> magnitudes;
  std::vector<std::uint32_t> counts;
  std::int64_t max_count = 0;
};

inline BinnedReference binned_reference(const std::vector<double>& values,
                                        const std::vector<int>& bin_of, int bins) {
  BinnedReference ref{std::vector<double>(static_cast<std::size_t>(bins), 0.0),
                      std::vector<double>(static_cast<std::size_t>(bins), 0.0),
                      std::vector<std::uint32_t>(static_cast<std::size_t>(bins), 0u), 0};
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto b = static_cast<std::size_t>(bin_of[i]);
    ref.sums[b] += values[i];
    ref.magnitudes[b] += std::abs(values[i]);
    ++ref.counts[b];
  }
  for (const auto c : ref.counts) ref.max_count = std::max<std::int64_t>(ref.max_count, c);
  return ref;
}

inline int histogram_bin(float x, float lo, float width, int bins) {
  const float q = (x - lo) / width;  // float arithmetic, as on the GPU
  return std::clamp(static_cast<int>(std::floor(q)), 0, bins - 1);
}
