// describe_unwritten: where the never-written elements of an output are, by structure.
#include <catch2/catch_test_macros.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../src/unwritten.hpp"

namespace {

std::vector<std::uint8_t> flags(std::int64_t n, const std::function<bool(std::int64_t)>& unset) {
  std::vector<std::uint8_t> f(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = unset(i) ? 1 : 0;
  return f;
}

}  // namespace

TEST_CASE("unwritten: nothing unwritten is described as nothing", "[unwritten]") {
  CHECK(parity::describe_unwritten(flags(10, [](auto) { return false; }), {10}).empty());
}

TEST_CASE("unwritten: a tail is a grid that does not reach the end", "[unwritten]") {
  // scale/f32/1000 with a grid of n / 256 blocks: 768 written.
  const auto text =
      parity::describe_unwritten(flags(1000, [](auto i) { return i >= 768; }), {1000});
  CHECK(text ==
        "elements [768, 1000) of 1000: the tail (a grid or loop that does not reach the end?)");
}

TEST_CASE("unwritten: a head, a single element, an irregular set", "[unwritten]") {
  CHECK(parity::describe_unwritten(flags(100, [](auto i) { return i < 4; }), {100}) ==
        "elements [0, 4) of 100: the head (a start index or offset that skips the beginning?)");
  CHECK(parity::describe_unwritten(flags(100, [](auto i) { return i == 50; }), {100}) ==
        "elements 50 of 100");
  CHECK(parity::describe_unwritten(
            flags(100, [](auto i) { return i == 3 || i == 10 || i == 11 || i == 90; }), {100}) ==
        "4 elements in 3 runs, the first 3, the last 90 of 100");
}

TEST_CASE("unwritten: half of every 64 names the warp-size bug", "[unwritten]") {
  // A 1-D output whose lanes 32-63 of each wavefront were never written.
  const auto text =
      parity::describe_unwritten(flags(4096, [](auto i) { return i % 64 >= 32; }), {4096});
  CHECK(text ==
        "elements 32-63 of each 64 (2048 elements in 64 runs): half of every 64 (a "
        "launch or index sized for 32-lane warps, on 64-lane wavefronts?)");
  // One output per row (a row reduction): rows 32-63 of each 64, the last run cut by the end.
  const auto rows = parity::describe_unwritten(
      flags(100 * 8, [](auto i) { return (i / 8) % 64 >= 32; }), {100, 8});
  CHECK(rows ==
        "rows 32-63 of each 64 (36 rows in 2 runs), whole rows of 8: half of every 64 "
        "(a launch or index sized for 32-lane warps, on 64-lane wavefronts?)");
}

TEST_CASE("unwritten: whole rows and the same columns of rows", "[unwritten]") {
  // softmax with half its rows never reached: rows [32, 64) of 64 x 1000.
  CHECK(parity::describe_unwritten(flags(64 * 1000, [](auto i) { return i / 1000 >= 32; }),
                                   {64, 1000}) ==
        "rows [32, 64) of 64, whole rows of 1000: the tail (a grid or loop that does not reach "
        "the end?)");
  // a column bound: the last 6 columns of every row
  CHECK(parity::describe_unwritten(flags(10 * 100, [](auto i) { return i % 100 >= 94; }),
                                   {10, 100}) ==
        "columns [94, 100) of 100 in every row: the tail (a grid or loop that does not reach the "
        "end?)");
  // the same columns, in some rows only
  CHECK(parity::describe_unwritten(
            flags(10 * 100, [](auto i) { return i / 100 >= 8 && i % 100 < 3; }), {10, 100}) ==
        "columns [0, 3) of 100: the head (a start index or offset that skips the beginning?); in "
        "rows [8, 10) of 10: the tail (a grid or loop that does not reach the end?)");
  // nothing regular: element runs, row-major
  CHECK(parity::describe_unwritten(
            flags(4 * 10, [](auto i) { return i == 5 || i == 17 || i == 18; }), {4, 10}) ==
        "3 elements (row-major) in 2 runs, the first 5, the last [17, 19) of 40");
}
