// Kernel attributes set through cudaFuncSetAttribute / hipFuncSetAttribute, looked up by the
// launch. A launch knows its kernel by the expression it was written with (LaunchSite::kernel),
// not by address, so attributes are keyed by that expression, normalised: "k<float, 4>",
// "&k<float,4>", "(const void*)k<float, 4>" and "reinterpret_cast<const void*>(k<float, 4>)" are
// one kernel.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "parity/simt/context.hpp"

namespace parity::simt::detail {

//! The kernel an expression names: without whitespace, casts to void pointers, '&', a leading
//! '::', HIP_KERNEL_NAME(...) and enclosing parentheses.
std::string kernel_key(std::string_view expression);

struct FuncAttributes {
  long long max_dynamic_shared = -1;  // cudaFuncAttributeMaxDynamicSharedMemorySize; -1: unset
  std::string set_at;                 // "file.cu:12", where it was set
};

//! The attributes set for `kernel` (a launch's kernel expression) in `dialect`, if any.
std::optional<FuncAttributes> find_func_attributes(Dialect dialect, std::string_view kernel);

}  // namespace parity::simt::detail
