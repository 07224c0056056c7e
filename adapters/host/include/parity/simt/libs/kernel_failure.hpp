// How an emulated library primitive fails the running block when it is misused in a way the
// hardware would answer with garbage, a hang or a fault (a cub::BlockReduce sized for more
// threads than the block has, a logical warp wider than the wavefront): the launch fails with
// cudaErrorLaunchFailure / hipErrorLaunchFailure and a message that says what to change.
#pragma once

#include <source_location>
#include <string>

namespace parity::simt::libs {

//! Aborts the running block with `message` (prefixed with the thread and the call site).
[[noreturn]] void fail_kernel(const std::string& message, const std::source_location& where);

}  // namespace parity::simt::libs
