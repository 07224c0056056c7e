// A coarse picture of where an output differs from its golden, for the HTML report: the
// largest ULP distance in each cell of a grid laid over the tensor. Lane-periodic and
// tile-periodic bugs show up as stripes; a wrong block as a rectangle.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "parity/tensor.hpp"

namespace parity {

struct ErrorMap {
  //! How the tensor was laid out: "rows x last dimension" (2-D and up: leading dimensions are
  //! flattened into rows) or "folded at 64" (1-D: element i sits at row i / 64, column i % 64,
  //! so that lane patterns of warps of 32 and wavefronts of 64 line up in columns).
  std::string layout;
  std::int64_t rows = 0, cols = 0;            // of the tensor, as laid out
  std::int64_t cell_rows = 1, cell_cols = 1;  // tensor rows and columns per cell
  std::int64_t grid_rows = 0, grid_cols = 0;  // cells
  //! Per cell, row-major: the largest ULP distance on the coarser of the two grids (integers:
  //! the absolute difference); -1 where a NaN meets a number (worse than any distance).
  std::vector<double> cells;
  double max = 0;  // of cells, -1 not counted
};

//! The error map of `candidate` against `golden` (same shape; floats of any two formats,
//! integers, bool). At most `max_cells_per_side` cells per side; nothing (grid 0x0) for complex
//! tensors, empty tensors and tensors of more than 2^26 elements.
ErrorMap error_map(const TensorView& golden, const TensorView& candidate,
                   std::int64_t max_cells_per_side = 64);

void to_json(nlohmann::json& j, const ErrorMap& map);

}  // namespace parity
