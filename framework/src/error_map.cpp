#include "parity/error_map.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "parity/error.hpp"
#include "parity/float_format.hpp"
#include "parity/ulp.hpp"

namespace parity {
namespace {

std::uint64_t bits_at(const TensorView& v, std::int64_t i) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, v.element(i), size_bytes(v.dtype()));  // little-endian host
  return bits;
}

// Integers and bool as exact doubles where they fit (|x| < 2^53; beyond that the map is coarse
// anyway).
double integer_at(const TensorView& v, std::int64_t i) {
  const std::uint64_t bits = bits_at(v, i);
  const auto width = 8 * size_bytes(v.dtype());
  if (kind(v.dtype()) == DTypeKind::kSignedInt && width < 64 && (bits >> (width - 1)) & 1u)
    return static_cast<double>(static_cast<std::int64_t>(bits | (~std::uint64_t{0} << width)));
  if (kind(v.dtype()) == DTypeKind::kSignedInt)
    return static_cast<double>(static_cast<std::int64_t>(bits));
  return static_cast<double>(bits);
}

}  // namespace

ErrorMap error_map(const TensorView& golden, const TensorView& candidate,
                   std::int64_t max_cells_per_side) {
  if (golden.shape() != candidate.shape())
    throw UsageError("error_map: golden " + shape_string(golden.shape()) + " and candidate " +
                     shape_string(candidate.shape()) + " differ in shape");
  ErrorMap map;
  const std::int64_t n = golden.numel();
  if (n == 0 || n > (std::int64_t{1} << 26) || is_complex(golden.dtype()) ||
      is_complex(candidate.dtype()) || max_cells_per_side < 1)
    return map;
  if (golden.rank() >= 2) {
    map.layout = "rows x last dimension";
    map.cols = golden.shape().back();
    map.rows = n / map.cols;
  } else {
    map.layout = "folded at 64";
    map.cols = std::min<std::int64_t>(n, 64);
    map.rows = (n + map.cols - 1) / map.cols;
  }
  map.cell_rows = (map.rows + max_cells_per_side - 1) / max_cells_per_side;
  map.cell_cols = (map.cols + max_cells_per_side - 1) / max_cells_per_side;
  map.grid_rows = (map.rows + map.cell_rows - 1) / map.cell_rows;
  map.grid_cols = (map.cols + map.cell_cols - 1) / map.cell_cols;
  map.cells.assign(static_cast<std::size_t>(map.grid_rows * map.grid_cols), 0.0);

  const FloatFormat* gf = float_format(golden.dtype());
  const FloatFormat* cf = float_format(candidate.dtype());
  const FloatFormat* grid = (gf && cf) ? &coarser_format(*gf, *cf) : nullptr;
  for (std::int64_t i = 0; i < n; ++i) {
    double d = 0;
    if (grid) {
      const double a = decode(*gf, bits_at(golden, i));
      const double b = decode(*cf, bits_at(candidate, i));
      if (std::isnan(a) || std::isnan(b)) {
        d = (std::isnan(a) && std::isnan(b)) ? 0.0 : -1.0;
      } else {
        d = static_cast<double>(ulp_distance_on_grid(*grid, a, b).value_or(0));
      }
    } else {
      d = std::fabs(integer_at(golden, i) - integer_at(candidate, i));
    }
    if (d == 0) continue;
    const std::int64_t r = i / map.cols, c = i % map.cols;
    double& cell = map.cells[static_cast<std::size_t>((r / map.cell_rows) * map.grid_cols +
                                                      c / map.cell_cols)];
    if (d < 0 || cell < 0)
      cell = -1;
    else
      cell = std::max(cell, d);
  }
  for (double c : map.cells) map.max = std::max(map.max, c);
  return map;
}

void to_json(nlohmann::json& j, const ErrorMap& map) {
  j = {{"layout", map.layout},       {"rows", map.rows},
       {"cols", map.cols},           {"cell_rows", map.cell_rows},
       {"cell_cols", map.cell_cols}, {"grid_rows", map.grid_rows},
       {"grid_cols", map.grid_cols}, {"max", map.max},
       {"cells", map.cells}};
}

}  // namespace parity
