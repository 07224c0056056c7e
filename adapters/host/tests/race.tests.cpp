// Race mode (kernels built with RACE_CHECK): shared-memory accesses between barriers are
// recorded and conflicting ones reported with kernel, block, threads and the variable.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <regex>
#include <string>
#include <vector>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

struct RaceCheck {
  RaceCheck() { parity::simt::set_race_check(true); }
  ~RaceCheck() { parity::simt::set_race_check(false); }
};

std::string failure_of(parity::Backend& b) {
  try {
    b.synchronize(b.stream());
  } catch (const parity::BackendError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("race/a reduction missing __syncthreads is reported", "[race]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 512;
  auto x = b->allocate(n * sizeof(float)), sums = b->allocate(4 * sizeof(float));
  for (int i = 0; i < n; ++i) x.as<float>()[i] = 1.0f;
  {
    RaceCheck on;
    simt_test::race::reduce_missing_sync(b->stream(), x.as<float>(), sums.as<float>(), n);
    const std::string message = failure_of(*b);
    CHECK_THAT(message, ContainsSubstring("shared-memory race"));
    CHECK_THAT(message, ContainsSubstring("reduce_missing_sync_kernel"));
    CHECK_THAT(message, ContainsSubstring("__shared__ partial"));
    CHECK_THAT(message, ContainsSubstring("with no __syncthreads() in between"));
  }
  // Without race mode the same kernel runs (and is silently wrong or right by luck).
  simt_test::race::reduce_missing_sync(b->stream(), x.as<float>(), sums.as<float>(), n);
  CHECK(failure_of(*b) == "no error");
}

TEST_CASE("race/the same reduction with its barriers is clean", "[race]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 512;
  auto x = b->allocate(n * sizeof(float)), sums = b->allocate(4 * sizeof(float));
  for (int i = 0; i < n; ++i) x.as<float>()[i] = static_cast<float>(i % 3);
  RaceCheck on;
  simt_test::race::reduce_synced(b->stream(), x.as<float>(), sums.as<float>(), n);
  CHECK(failure_of(*b) == "no error");
  float expect = 0.0f;
  for (int i = 0; i < 128; ++i) expect += static_cast<float>(i % 3);
  CHECK(sums.as<float>()[0] == expect);
}

TEST_CASE("race/reading shared memory no thread of the block wrote is reported", "[race]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(64 * sizeof(float));
  RaceCheck on;
  simt_test::race::read_uninitialized(b->stream(), out.as<float>());
  const std::string message = failure_of(*b);
  CHECK_THAT(message, ContainsSubstring("uninitialized shared memory"));
  // Which reader comes first is the scheduler's business; it must be one of threads 32-63,
  // reading its own element tile[t] (bytes 128-255).
  std::smatch m;
  REQUIRE(std::regex_search(
      message, m, std::regex(R"(thread \((\d+),0,0\) reads .*__shared__ tile \+ (\d+) bytes)")));
  const int thread = std::stoi(m[1].str()), offset = std::stoi(m[2].str());
  CHECK(thread >= 32);
  CHECK(thread < 64);
  CHECK(offset / 4 == thread);
}

TEST_CASE("race/lanes ordered by __syncwarp and shared-memory atomics are not races", "[race]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 256;
  auto x = b->allocate(n * sizeof(int)), out = b->allocate(n * sizeof(int));
  for (int i = 0; i < n; ++i) x.as<int>()[i] = i;
  RaceCheck on;
  simt_test::race::warp_synchronous(b->stream(), x.as<int>(), out.as<int>(), n);
  CHECK(failure_of(*b) == "no error");
  for (int i = 0; i < n; ++i) CHECK(out.as<int>()[i] == (i ^ 1));
  auto counts = b->allocate(8 * sizeof(int));
  simt_test::race::atomics_in_shared(b->stream(), counts.as<int>(), 8);
  CHECK(failure_of(*b) == "no error");
  for (int k = 0; k < 8; ++k) CHECK(counts.as<int>()[k] == 96);
}
