// Where an output's never-written elements are (those still holding the sentinel parity filled
// the output with before the launch), described by their structure: a tail, whole rows, every
// other 32 rows, the same columns of some rows. The structure is what names the bug: a grid that
// misses the tail, a launch sized for 32-lane warps on 64-lane wavefronts, an early return.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "parity/tensor.hpp"

namespace parity {

//! One line: "[768, 1000) of 1000 (the tail: a grid or loop that does not reach the end?)",
//! "rows 32-63 of each 64, 32 rows in all (whole rows): ...". `unwritten` has one flag per
//! element, row-major over `shape` (rows: every dimension but the last). Empty when no flag is set.
std::string describe_unwritten(const std::vector<std::uint8_t>& unwritten, const Shape& shape);

}  // namespace parity
