// Tolerance overrides from TOML: matching, order, notes, and every kind of bad file.
#include "parity/tolerance_overrides.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_exception.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#include <filesystem>
#include <fstream>

#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::MessageMatches;

namespace {

constexpr const char* kGood = R"(# reviewed tolerance overrides
[[override]]
suite = "softmax"
case = "softmax/f16/*"
output = "y"
arch = "gfx942"
max_ulp = 4
reason = "OCML expf is 3 ulp; CUDA's is 2"

[[override]]
suite = "softmax"
vendor = "amd"
atol = 1e-4
max_mismatches = 2
reason = "second rule, applied after the first"
)";

OverrideTarget target(std::string case_name, std::string arch, std::string output = "y") {
  return {"softmax", std::move(case_name), std::move(output), "amd", std::move(arch)};
}

void expect_error(const std::string& text, const std::string& a, const std::string& b) {
  CHECK_THROWS_MATCHES(ToleranceOverrides::parse(text, "tol.toml"), ConfigError,
                       MessageMatches(ContainsSubstring(a) && ContainsSubstring(b)));
}

}  // namespace

TEST_CASE("glob patterns", "[overrides]") {
  CHECK(glob_match("softmax/f16/*", "softmax/f16/4096x1024"));
  CHECK(glob_match("*", ""));
  CHECK(glob_match("gfx94?", "gfx942"));
  CHECK_FALSE(glob_match("gfx94?", "gfx9420"));
  CHECK(glob_match("*/f16/*", "layernorm/f16/1x2"));
  CHECK_FALSE(glob_match("softmax/f16/*", "softmax/bf16/1"));
  CHECK(glob_match("a*b*c", "aXXbYYc"));
  CHECK_FALSE(glob_match("a*b*c", "aXXbYY"));
  CHECK(glob_match("exact", "exact"));
}

TEST_CASE("matching overrides apply in file order and leave a note", "[overrides]") {
  const auto o = ToleranceOverrides::parse(kGood, "tol.toml");
  REQUIRE(o.entries().size() == 2);
  CHECK(o.entries()[0].line == 2);
  CHECK(o.entries()[1].line == 10);
  const Policy base = Policy{}.max_ulp(2);
  std::vector<const ToleranceOverride*> applied;
  const Policy both = o.resolve(base, target("softmax/f16/4096x1024", "gfx942"), &applied);
  CHECK(applied.size() == 2);
  CHECK(both.max_ulp() == 4u);
  CHECK(both.atol() == 1e-4);
  CHECK(both.max_mismatches() == 2);
  REQUIRE(both.notes().size() == 2);
  CHECK(both.notes()[0] == "tol.toml:2: OCML expf is 3 ulp; CUDA's is 2");
  // Other arch, other case, other output: only the second (vendor-wide) rule.
  for (const auto& t : {target("softmax/f16/1x1", "gfx90a"), target("softmax/bf16/1x1", "gfx942"),
                        target("softmax/f16/1x1", "gfx942", "z")}) {
    const Policy p = o.resolve(base, t);
    CHECK(p.max_ulp() == 2u);
    CHECK(p.atol() == 1e-4);
  }
  OverrideTarget nvidia = target("softmax/f16/1x1", "sm_90");
  nvidia.vendor = "nvidia";
  CHECK(o.resolve(base, nvidia) == base);
}

TEST_CASE("overrides can switch the error model", "[overrides]") {
  const auto o = ToleranceOverrides::parse(R"([[override]]
factor = 3.0
model = "reference_relative"
reason = "flash attention"
[[override]]
case = "sum/*"
model = "reduction_bound"
reduction_length = 4096
accumulation = "float32"
reason = "atomics reorder the sum"
)",
                                           "m.toml");
  const Policy p = o.resolve(Policy{}, {"s", "x", "y", "amd", "gfx942"});
  CHECK(p.model() == ErrorModel::kReferenceRelative);
  CHECK(p.factor() == 3.0);
  const Policy r = o.resolve(Policy{}, {"s", "sum/1", "y", "amd", "gfx942"});
  CHECK(r.model() == ErrorModel::kReductionBound);
  CHECK(r.reduction_length() == 4096);
}

TEST_CASE("bad override files name the file, the line and the key", "[overrides][errors]") {
  expect_error("[[override]]\nmax_ulp = 4\n", "tol.toml:1", "reason");
  expect_error("[[override]]\nmax_ulp = 4\nreason = \"  \"\n", "tol.toml:3", "reason");
  expect_error("[[override]]\nmax_ulps = 4\nreason = \"x\"\n", "tol.toml:2", "max_ulps");
  expect_error("[[override]]\nmax_ulp = \"4\"\nreason = \"x\"\n", "tol.toml:2", "max_ulp");
  expect_error("[[override]]\nmax_ulp = -4\nreason = \"x\"\n", "tol.toml:2", "max_ulp");
  expect_error("[[override]]\natol = [1, 2]\nreason = \"x\"\n", "tol.toml:2", "atol");
  expect_error("[[override]]\nsuite = 3\nmax_ulp = 1\nreason = \"x\"\n", "tol.toml:2", "suite");
  expect_error("[[override]]\nreason = \"x\"\n", "tol.toml:1", "no policy key");
  expect_error("[[override]]\nmax_ulp = 4\nreason = \"x\"\n[[override\n", "tol.toml:4", "syntax");
  expect_error("[override]\nmax_ulp = 4\nreason = \"x\"\n", "tol.toml:1", "[[override]]");
  expect_error("title = \"x\"\n", "tol.toml:1", "title");
  expect_error("[[override]]\nmax_mismatch_fraction = 2.0\nreason = \"x\"\n", "tol.toml:2",
               "max_mismatch_fraction");
}

TEST_CASE("load reads a file and names it in errors", "[overrides]") {
  const auto dir = std::filesystem::temp_directory_path();
  const auto good = dir / "parity_overrides_good.toml";
  const auto bad = dir / "parity_overrides_bad.toml";
  std::ofstream(good) << kGood;
  std::ofstream(bad) << "[[override]]\nmax_ulp = 1\n";
  CHECK(ToleranceOverrides::load(good).entries().size() == 2);
  CHECK_THROWS_MATCHES(ToleranceOverrides::load(bad), ConfigError,
                       MessageMatches(ContainsSubstring(bad.string() + ":1")));
  CHECK_THROWS_MATCHES(ToleranceOverrides::load(dir / "parity_no_such_file.toml"), ConfigError,
                       MessageMatches(ContainsSubstring("parity_no_such_file.toml")));
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}
