// The Catch2 matcher: passes quietly, and on failure describes itself with the verdict table.
#include "parity/catch2.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <cmath>
#include <vector>

using namespace parity;
using Catch::Matchers::ContainsSubstring;

namespace {
std::vector<float> ramp(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(static_cast<float>(i)) + 2.0f;
  return v;
}
}  // namespace

TEST_CASE("IsEquivalentTo passes for an equivalent candidate", "[catch2]") {
  const auto g = ramp(4096);
  auto c = g;
  c[7] = std::nextafter(c[7], 10.0f);
  const TensorView gv(DType::kFloat32, {64, 64}, g.data());
  const TensorView cv(DType::kFloat32, {64, 64}, c.data());
  CHECK_THAT(cv, IsEquivalentTo(gv, Policy{}.max_ulp(1)));
  CHECK_THAT(cv, IsEquivalentTo(gv));  // the float32 default
  Tensor t(DType::kFloat32, {64, 64});
  std::copy(g.begin(), g.end(), t.as<float>().begin());
  CHECK_THAT(t.view(), IsEquivalentTo(gv, Policy{}));
}

TEST_CASE("a failing match describes itself with the verdict table", "[catch2]") {
  const auto g = ramp(64 * 128);
  auto c = g;
  for (std::size_t i = 0; i < c.size(); ++i)
    if (i % 64 >= 32) c[i] += 0.5f;  // a wave64 bug: lanes 32-63 wrong
  const TensorView gv(DType::kFloat32, {64, 128}, g.data());
  const TensorView cv(DType::kFloat32, {64, 128}, c.data());
  CompareOptions opt;
  opt.name = "y";
  auto matcher = IsEquivalentTo(gv, policy::for_dtype<float>(), opt);
  CHECK_THAT(matcher.describe(), ContainsSubstring("is equivalent to golden float32 [64x128]"));
  CHECK_FALSE(matcher.match(cv));  // negative control
  const std::string message = matcher.describe();
  CHECK_THAT(message, ContainsSubstring("FAIL y: float32 [64x128]"));
  CHECK_THAT(message, ContainsSubstring("4096 of 8192"));
  CHECK_THAT(message, ContainsSubstring("lanes 32-63 of each 64"));
  REQUIRE(matcher.verdict().has_value());
  CHECK(matcher.verdict()->has_hint(HintKind::kWarpHalf));
  CHECK(Catch::Detail::stringify(cv) == "float32 tensor [64x128]");
}
