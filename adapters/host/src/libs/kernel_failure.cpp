// Library misuse inside a kernel: the block fails like a __trap(), with the library's message.
#include "parity/simt/libs/kernel_failure.hpp"

#include <cstdio>
#include <cstdlib>

#include "../scheduler.hpp"

namespace parity::simt::libs {

void fail_kernel(const std::string& message, const std::source_location& where) {
  detail::sync_loop_state();
  const detail::ThreadContext& c = detail::t_ctx;
  if (!c.in_kernel) {
    std::fprintf(stderr, "parity-simt: %s (%s) outside a kernel\n", message.c_str(),
                 detail::site_text(where).c_str());
    std::abort();
  }
  detail::abort_block(*static_cast<detail::Worker*>(c.worker), Status::kLaunchFailure,
                      "thread " + detail::thread_text(::threadIdx) + ": " + message + " (" +
                          detail::site_text(where) + ")");
}

}  // namespace parity::simt::libs
