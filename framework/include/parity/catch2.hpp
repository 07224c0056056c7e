// Catch2 v3 matchers over tensors. Link parity::catch2.
//
//   CHECK_THAT(candidate_view, parity::IsEquivalentTo(golden_view, policy));
//
// On failure Catch2 prints the verdict table (counts, worst elements, histogram, hints).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include <catch2/catch_tostring.hpp>
#include <catch2/matchers/catch_matchers_templated.hpp>

#include "parity/compare.hpp"
#include "parity/policy.hpp"
#include "parity/tensor.hpp"
#include "parity/tolerance.hpp"
#include "parity/verdict.hpp"

namespace parity {

class IsEquivalentToMatcher : public Catch::Matchers::MatcherGenericBase {
 public:
  IsEquivalentToMatcher(TensorView golden, Policy policy, CompareOptions options)
      : golden_(std::move(golden)), policy_(std::move(policy)), options_(std::move(options)) {}

  bool match(const TensorView& candidate) const {
    verdict_ = compare(golden_, candidate, policy_, options_);
    return verdict_->passed;
  }

  //! Before match(): what is expected; after: the verdict table.
  std::string describe() const override {
    if (verdict_) return "is equivalent to its golden\n" + verdict_->table();
    return "is equivalent to golden " + std::string(name(golden_.dtype())) + " [" +
           shape_string(golden_.shape()) + "] under " + policy_.describe();
  }

  //! The verdict of the last match() (for extra checks on its fields).
  const std::optional<Verdict>& verdict() const { return verdict_; }

 private:
  TensorView golden_;
  Policy policy_;
  CompareOptions options_;
  mutable std::optional<Verdict> verdict_;
};

//! Judges a candidate tensor against `golden` under `policy`.
inline IsEquivalentToMatcher IsEquivalentTo(TensorView golden, Policy policy,
                                            CompareOptions options = {}) {
  return {std::move(golden), std::move(policy), std::move(options)};
}

//! Under the default policy of the golden's dtype (tolerance.hpp).
inline IsEquivalentToMatcher IsEquivalentTo(TensorView golden) {
  Policy policy = default_policy(golden.dtype());
  return {std::move(golden), std::move(policy), {}};
}

}  // namespace parity

template <>
struct Catch::StringMaker<parity::TensorView> {
  static std::string convert(const parity::TensorView& view) {
    return std::string(parity::name(view.dtype())) + " tensor [" +
           parity::shape_string(view.shape()) + "]";
  }
};

template <>
struct Catch::StringMaker<parity::Tensor> {
  static std::string convert(const parity::Tensor& tensor) {
    return StringMaker<parity::TensorView>::convert(tensor.view());
  }
};
