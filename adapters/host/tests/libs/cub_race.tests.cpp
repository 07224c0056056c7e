// Race mode and the CUB primitives' TempStorage (kernels/cub_race.cu, built with RACE_CHECK):
// a TempStorage reused without the __syncthreads() CUB requires between two uses is reported,
// as on a GPU a fast warp's second use can overwrite what a slow warp still reads; with the
// barrier the same kernels pass and compute the right values.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <algorithm>
#include <numeric>
#include <vector>

#include "cub_launchers.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {
struct RaceMode {
  RaceMode() { parity::simt::set_race_check(true); }
  ~RaceMode() { parity::simt::set_race_check(false); }
};
}  // namespace

TEST_CASE("libs/cub_race/BlockReduce TempStorage reused without __syncthreads is a race",
          "[libs][cub][race]") {
  RaceMode race;
  std::vector<float> in(128);
  std::iota(in.begin(), in.end(), 1.0f);
  std::vector<float> out(2, 0.0f);
  const auto bad = cub_test::race_block_reduce_twice(in.data(), out.data(), false);
  CHECK(bad.code == 719);
  CHECK_THAT(bad.message, ContainsSubstring("shared-memory race"));
  CHECK_THAT(bad.message, ContainsSubstring("temp"));
  const auto good = cub_test::race_block_reduce_twice(in.data(), out.data(), true);
  CHECK(good.code == 0);
  CHECK(out[0] == 128.0f * 129.0f / 2);
  CHECK(out[1] == 128.0f);
}

TEST_CASE("libs/cub_race/BlockLoad then BlockReduce in one TempStorage union needs a barrier",
          "[libs][cub][race]") {
  RaceMode race;
  std::vector<int> in(128);
  std::iota(in.begin(), in.end(), 0);
  int out = 0;
  const auto bad = cub_test::race_load_reduce_union(in.data(), &out, false);
  CHECK(bad.code == 719);
  CHECK_THAT(bad.message, ContainsSubstring("shared-memory race"));
  const auto good = cub_test::race_load_reduce_union(in.data(), &out, true);
  CHECK(good.code == 0);
  CHECK(out == 127 * 128 / 2);
}
