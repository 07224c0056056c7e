// Reviewed tolerance overrides from a TOML file, per suite / case / output / vendor / arch, each
// with a mandatory reason:
//
//   [[override]]
//   suite  = "softmax"
//   case   = "softmax/f16/*"     # glob: * and ?
//   output = "y"
//   arch   = "gfx942"
//   max_ulp = 4
//   reason = "OCML expf is 3 ulp on gfx942 (math_api.rst); CUDA's is 2"
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>  // settings hold JSON values

#include "parity/policy.hpp"

namespace parity {

//! What is being judged: matched against each override's selectors.
struct OverrideTarget {
  std::string suite;
  std::string case_name;
  std::string output;
  std::string vendor;  // "nvidia", "amd", "host"
  std::string arch;    // "sm_90", "gfx942", "cpu"
};

struct ToleranceOverride {
  // Selectors: empty matches anything; otherwise a glob (* any run, ? one character).
  std::string suite;
  std::string case_pattern;
  std::string output;
  std::string vendor;
  std::string arch;
  //! Policy keys and values to set, in file order (the keys of Policy's JSON form).
  std::vector<std::pair<std::string, nlohmann::json>> settings;
  std::string reason;
  std::string source;  // file name (or the name given to parse())
  int line = 0;        // line of the [[override]] header

  bool matches(const OverrideTarget& target) const;
  //! Applies the settings and a note "<source>:<line>: <reason>".
  void apply(Policy& policy) const;
};

class ToleranceOverrides {
 public:
  ToleranceOverrides() = default;

  //! Reads and validates a file. Throws ConfigError naming the file, line and key for a syntax
  //! error, an unknown key, a wrong type or range, or a missing/empty reason.
  static ToleranceOverrides load(const std::filesystem::path& file);
  static ToleranceOverrides parse(std::string_view toml_text, std::string source_name);

  std::span<const ToleranceOverride> entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }

  //! `base` with every matching override applied in file order (later entries win).
  Policy resolve(Policy base, const OverrideTarget& target,
                 std::vector<const ToleranceOverride*>* applied = nullptr) const;

 private:
  std::vector<ToleranceOverride> entries_;
};

//! Glob match used by the selectors: '*' matches any run (including '/'), '?' one character.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace parity
