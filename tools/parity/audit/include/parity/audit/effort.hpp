// The migration-effort estimate: points, a relative measure for planning and ordering work, not
// hours. The rule (docs/migration-audit.md states the same numbers):
//
//   kernel    = 2 (its suite: launcher, cases, reference)
//             + 1 per started 25 lines of its body
//             + per hazard finding in its body, its declaration or a __device__ function it
//               reaches: high 5, medium 2, low 1
//   library   = NVIDIA library with an AMD counterpart 3, without one (CUTLASS, CuTe) 15,
//               + 1 per started 10 call sites / namespace uses; AMD libraries 0 (already ported)
//   other     = each finding no kernel reaches (host code, build flags, unused helpers):
//               its severity weight
//   total     = sum of kernels + libraries + other
//
// Size of a kernel: S up to 5 points, M up to 12, L up to 25, XL above.
#pragma once

#include <string>

#include "parity/audit/inventory.hpp"
#include "parity/audit/rules.hpp"

namespace parity::audit::effort {

inline constexpr int kKernelBase = 2;
inline constexpr int kLinesPerPoint = 25;
inline constexpr int kLibraryWithCounterpart = 3;
inline constexpr int kLibraryWithout = 15;
inline constexpr int kUsesPerPoint = 10;

int weight(Severity severity);       // high 5, medium 2, low 1
std::string size_class(int points);  // S, M, L, XL

//! Fills every Kernel::effort and the inventory's effort totals.
void estimate(Inventory& inventory);

}  // namespace parity::audit::effort
