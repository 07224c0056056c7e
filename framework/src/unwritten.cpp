#include "unwritten.hpp"

#include <algorithm>
#include <cstddef>

namespace parity {
namespace {

struct Run {
  std::int64_t begin;
  std::int64_t end;
  std::int64_t size() const { return end - begin; }
};

// The maximal runs of set flags in flags[first, first + n).
std::vector<Run> runs_of(const std::vector<std::uint8_t>& flags, std::int64_t first,
                         std::int64_t n) {
  std::vector<Run> runs;
  for (std::int64_t i = 0; i < n; ++i) {
    if (!flags[static_cast<std::size_t>(first + i)]) continue;
    if (!runs.empty() && runs.back().end == i) {
      runs.back().end = i + 1;
    } else {
      runs.push_back({i, i + 1});
    }
  }
  return runs;
}

std::string range(const Run& r) {
  if (r.size() == 1) return std::to_string(r.begin);
  return "[" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
}

// The runs of one axis of length n, in words: where they are, and what that shape suggests.
struct Axis {
  std::string where;
  std::string why;  // empty when the shape suggests nothing
};

Axis describe_axis(const std::vector<Run>& runs, std::int64_t n, const std::string& unit) {
  std::int64_t count = 0;
  for (const Run& r : runs) count += r.size();
  if (runs.size() == 1) {
    const Run& r = runs.front();
    Axis axis{unit + " " + range(r) + " of " + std::to_string(n), ""};
    if (r.end == n && r.begin > 0)
      axis.why = "the tail (a grid or loop that does not reach the end?)";
    else if (r.begin == 0 && r.end < n)
      axis.why = "the head (a start index or offset that skips the beginning?)";
    return axis;
  }
  // The same run every `period` (the last one may be cut short by the end of the axis).
  const std::int64_t length = runs.front().size();
  const std::int64_t period = runs[1].begin - runs[0].begin;
  bool periodic = period > length;
  for (std::size_t k = 1; periodic && k < runs.size(); ++k) {
    const bool last = k + 1 == runs.size();
    periodic = runs[k].begin - runs[k - 1].begin == period &&
               (runs[k].size() == length || (last && runs[k].end == n && runs[k].size() < length));
  }
  if (periodic) {
    const std::int64_t phase = runs.front().begin % period;
    Axis axis{unit + " " + std::to_string(phase) + "-" + std::to_string(phase + length - 1) +
                  " of each " + std::to_string(period) + " (" + std::to_string(count) + " " + unit +
                  " in " + std::to_string(runs.size()) + " runs)",
              ""};
    if (period == 64 && length == 32)
      axis.why =
          "half of every 64 (a launch or index sized for 32-lane warps, on 64-lane "
          "wavefronts?)";
    else if (period == 2 * length)
      axis.why = "every other " + std::to_string(length);
    return axis;
  }
  return {std::to_string(count) + " " + unit + " in " + std::to_string(runs.size()) +
              " runs, the first " + range(runs.front()) + ", the last " + range(runs.back()) +
              " of " + std::to_string(n),
          ""};
}

std::string text(const Axis& axis, const std::string& extra = "") {
  return axis.where + extra + (axis.why.empty() ? "" : ": " + axis.why);
}

}  // namespace

std::string describe_unwritten(const std::vector<std::uint8_t>& unwritten, const Shape& shape) {
  const auto n = static_cast<std::int64_t>(unwritten.size());
  if (std::find(unwritten.begin(), unwritten.end(), std::uint8_t{1}) == unwritten.end()) return "";
  const std::int64_t cols = shape.size() >= 2 && shape.back() > 0 ? shape.back() : n;
  const std::int64_t rows = n / cols;
  if (rows > 1 && rows * cols == n) {
    std::vector<std::uint8_t> whole(static_cast<std::size_t>(rows)), any(whole);
    bool all_or_nothing = true;
    std::int64_t first_row = -1;
    for (std::int64_t r = 0; r < rows; ++r) {
      std::int64_t set = 0;
      for (std::int64_t c = 0; c < cols; ++c)
        set += unwritten[static_cast<std::size_t>(r * cols + c)];
      whole[static_cast<std::size_t>(r)] = set == cols;
      any[static_cast<std::size_t>(r)] = set > 0;
      if (set > 0 && set < cols) all_or_nothing = false;
      if (set > 0 && first_row < 0) first_row = r;
    }
    if (all_or_nothing)
      return text(describe_axis(runs_of(whole, 0, rows), rows, "rows"),
                  ", whole rows of " + std::to_string(cols));
    // The same columns in every row that has any: a column bound, not a row bound.
    bool same_columns = true;
    for (std::int64_t r = first_row + 1; same_columns && r < rows; ++r) {
      if (!any[static_cast<std::size_t>(r)]) continue;
      same_columns = std::equal(unwritten.begin() + r * cols, unwritten.begin() + (r + 1) * cols,
                                unwritten.begin() + first_row * cols);
    }
    if (same_columns) {
      const Axis columns =
          describe_axis(runs_of(unwritten, first_row * cols, cols), cols, "columns");
      if (std::find(any.begin(), any.end(), std::uint8_t{0}) == any.end())
        return text(columns, " in every row");
      const Axis in_rows = describe_axis(runs_of(any, 0, rows), rows, "rows");
      return text(columns) + "; in " + text(in_rows);
    }
  }
  return text(
      describe_axis(runs_of(unwritten, 0, n), n, rows > 1 ? "elements (row-major)" : "elements"));
}

}  // namespace parity
