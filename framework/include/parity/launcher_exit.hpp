// A launcher that gives up: kernel files check every runtime call with macros that call exit()
// or abort(), and assert() what they assume. Inside Case::launch, parity turns such a call into
// a failure of that case (LauncherExit) and the run goes on with the next case; the suite
// binary's wrappers of exit, abort and __assert_fail (framework/catch2, linked with
// --wrap=exit,--wrap=abort,--wrap=__assert_fail) call leave_launch().
#pragma once

#include <csetjmp>
#include <string>

#include "parity/error.hpp"

namespace parity {

//! Code run by Case::launch called exit(), abort() or failed an assert(); the message says which
//! and what to do.
class LauncherExit : public Error {
 public:
  using Error::Error;
};

namespace detail {

//! Where a launch running on this thread returns to when its launcher gives up.
struct LaunchGuard {
  std::jmp_buf where;
  std::string what;  // "called exit(1)", "called abort()", "failed assert(n > 0) at f.cu:12"
};

//! The guard of the launch running on this thread, or nullptr outside Case::launch.
LaunchGuard*& active_launch_guard() noexcept;

//! Returns to the running launch's guard with `what` (never returns), or returns at once when no
//! launch runs on this thread. The frames in between (the launcher's) are abandoned, not unwound:
//! what they own leaks, which is the price of going on with the next case.
void leave_launch(std::string what) noexcept;

}  // namespace detail
}  // namespace parity
