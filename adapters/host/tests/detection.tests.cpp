// What the emulator reports instead of hanging or computing garbage: barrier divergence, shuffle
// masks that do not match the lanes that call, __trap(), bad launch configurations. Each is an
// error from the stand-in runtime and a BackendError from the host backend's synchronize().
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <string>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

std::string failure_of(parity::Backend& b) {
  try {
    b.synchronize(b.stream());
  } catch (const parity::BackendError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("divergence/__syncthreads reached by half of the block is reported, not a hang",
          "[detection][barrier]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(64 * sizeof(int));
  simt_test::cuda::divergent_barrier(b->stream(), out.as<int>());
  const std::string message = failure_of(*b);
  CHECK_THAT(message, ContainsSubstring("barrier divergence"));
  CHECK_THAT(message, ContainsSubstring("divergent_barrier_kernel"));
  CHECK_THAT(message, ContainsSubstring("faults.cu"));
  CHECK_THAT(message, ContainsSubstring("in block (0,0,0)"));
  CHECK_THAT(message, ContainsSubstring("thread (16,0,0) returned while 16 thread(s)"));
  // Reported once: the next synchronize is clean.
  CHECK(failure_of(*b) == "no error");
}

TEST_CASE("divergence/threads waiting at two different __syncthreads are reported",
          "[detection][barrier]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(32 * sizeof(int));
  simt_test::cuda::two_barriers(b->stream(), out.as<int>());
  const std::string message = failure_of(*b);
  CHECK_THAT(message, ContainsSubstring("barrier divergence"));
  CHECK_THAT(message, ContainsSubstring("two_barriers_kernel"));
  CHECK_THAT(message, ContainsSubstring("must wait at the same __syncthreads()"));
}

TEST_CASE("masks/a shuffle whose mask does not name the calling lanes is an error",
          "[detection][warp]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(32 * sizeof(int));
  simt_test::cuda::partial_mask_shuffle(b->stream(), out.as<int>());
  const std::string message = failure_of(*b);
  CHECK_THAT(message, ContainsSubstring("__shfl_down_sync"));
  CHECK_THAT(message, ContainsSubstring("partial_mask_kernel"));
  CHECK_THAT(message, ContainsSubstring("in warp 0"));
  CHECK_THAT(message, ContainsSubstring("lanes 16-31 called it with mask 0x0000ffff"));
}

TEST_CASE("trap/__trap() fails the launch with the thread and place", "[detection]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(32 * sizeof(int));
  simt_test::cuda::throwing_kernel(b->stream(), out.as<int>());
  const std::string message = failure_of(*b);
  CHECK_THAT(message, ContainsSubstring("cudaErrorLaunchFailure"));
  CHECK_THAT(message, ContainsSubstring("thread (3,0,0) executed __trap()"));
}

TEST_CASE("trap/of two failing blocks the lower one is reported, whatever the timing",
          "[detection]") {
  // Workers claim blocks in batches. With 4 workers and 4096 blocks the batches hold 64 blocks:
  // block 130 is the third block of the third batch and usually fails first, while block 60
  // waits near the end of the first batch. The report must still name block 60: blocks below a
  // failure keep running, blocks above it do not start.
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(4096 * sizeof(int));
  const int workers = parity::simt::worker_count();
  parity::simt::set_worker_count(4);
  for (int run = 0; run < 20; ++run) {
    simt_test::cuda::two_failing_blocks(b->stream(), out.as<int>(), 4096, 60, 130);
    const std::string message = failure_of(*b);
    INFO("run " << run);
    CHECK_THAT(message, ContainsSubstring("two_failing_blocks_kernel"));
    CHECK_THAT(message, ContainsSubstring("failed in block (60,0,0)"));
  }
  parity::simt::set_worker_count(workers);
}

TEST_CASE("launch/a block of 2048 threads is an invalid configuration", "[detection][launch]") {
  auto b = parity::make_backend("host-cuda");
  (void)parity::simt::last_error(true);
  auto out = b->allocate(4 * sizeof(int));
  simt_test::cuda::param_copies(b->stream(), out.as<int>(), 1, 2048);
  CHECK(parity::simt::last_error(true) == parity::simt::Status::kInvalidConfiguration);
  CHECK_THAT(std::string(parity::simt::status_message(parity::simt::Status::kInvalidConfiguration)),
             ContainsSubstring("has 2048 threads; sm_90"));
}

TEST_CASE("recovery/a failed block does not poison later launches", "[detection]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(64 * sizeof(int));
  simt_test::cuda::divergent_barrier(b->stream(), out.as<int>());
  CHECK(failure_of(*b) != "no error");
  simt_test::cuda::param_copies(b->stream(), out.as<int>(), 10, 32);
  CHECK(failure_of(*b) == "no error");
  CHECK(out.as<int>()[31] == 10 - 31);
}
