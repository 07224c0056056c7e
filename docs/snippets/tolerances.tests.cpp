// The C++ snippets of docs/tolerances.md, compiled and run: tools/docs/doc_test.py checks that
// every line the doc shows occurs here, in order, so the doc cannot drift from the API.
#include <catch2/catch_test_macros.hpp>

#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "parity/catch2.hpp"
#include "parity/compare.hpp"
#include "parity/tolerance.hpp"

namespace {

std::vector<parity::f16> ramp(int n, int ulp_offset) {
  std::vector<parity::f16> out(n);
  for (int i = 0; i < n; ++i) {
    out[i] = parity::f16(0.25 + i / 64.0);
    out[i].bits = static_cast<std::uint16_t>(out[i].bits + ulp_offset);
  }
  return out;
}

}  // namespace

TEST_CASE("tolerances/compare", "[docs]") {
  const auto golden = ramp(100, 0);
  const auto candidate = ramp(100, 5);  // 5 ulp off everywhere: beyond max_ulp(4)
  const parity::TensorView golden_view(parity::DType::kFloat16, {100}, golden.data());
  const parity::TensorView candidate_view(parity::DType::kFloat16, {100}, candidate.data());

  parity::Verdict v = parity::compare(golden_view, candidate_view,
                                      parity::policy::for_dtype<parity::f16>().max_ulp(4));
  if (!v.passed) std::cerr << v.table();  // the failure message
  nlohmann::json j = v;                   // for reports and CI artifacts

  CHECK_FALSE(v.passed);
  CHECK(v.table().find("FAIL") != std::string::npos);
  CHECK(j.at("mismatches") == 100);
}

TEST_CASE("tolerances/catch2", "[docs]") {
  const auto golden = ramp(100, 0);
  const auto candidate = ramp(100, 4);  // 4 ulp off: within max_ulp(4)
  const parity::TensorView golden_view(parity::DType::kFloat16, {100}, golden.data());
  const parity::TensorView candidate_view(parity::DType::kFloat16, {100}, candidate.data());
  const auto policy = parity::policy::for_dtype<parity::f16>().max_ulp(4);

  CHECK_THAT(candidate_view, parity::IsEquivalentTo(golden_view, policy));
  // The matcher's negative: one more ulp fails it.
  const auto worse = ramp(100, 5);
  const parity::TensorView worse_view(parity::DType::kFloat16, {100}, worse.data());
  CHECK_FALSE(parity::IsEquivalentTo(golden_view, policy).match(worse_view));
}
