// The suite binaries of a build folder, from the <build>/parity-suites.json that
// parity_add_suite writes (framework/cmake/ParitySuite.cmake), and what each binary lists.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "process.hpp"

namespace parity::cli {

//! One suite built for one backend.
struct SuiteBinary {
  std::string suite;
  std::string backend;  // "cuda", "hip", "host-cuda", "host-hip"
  std::string dialect;  // the kernel sources it runs: "cuda" or "hip"
  bool emulated = false;
  std::filesystem::path binary;
  std::filesystem::path golden_dir;   // the approved goldens it verifies against by default
  std::filesystem::path staging_dir;  // where it stages captures by default
  std::string resource_groups;        // CTest RESOURCE_GROUPS of its tests ("" for none)
};

//! A test case of a suite binary and the golden file it uses.
struct SuiteCase {
  std::string name;               // the Catch2 test name, "saxpy/f32/4099"
  std::vector<std::string> tags;  // without brackets: "saxpy", "f32"
  std::string golden;             // relative to the golden root, "saxpy/f32/4099.h5"
  std::string error;              // when the name maps to no golden path
  bool hidden() const;            // tagged [.]: not run unless asked for
  //! The golden path without ".h5": what --case patterns match besides the name.
  std::string golden_id() const;
};

class SuiteIndex {
 public:
  //! Finds the index of `build_dir` (a build folder, or the index file itself); without one,
  //! the current folder, then ./build. Throws UsageError saying what to pass when there is none.
  static SuiteIndex load(const std::optional<std::string>& build_dir);

  const std::filesystem::path& file() const { return file_; }
  const std::vector<SuiteBinary>& binaries() const { return binaries_; }
  //! Suite names, sorted, unique.
  std::vector<std::string> suites() const;
  //! Backend names present, sorted, unique.
  std::vector<std::string> backends() const;
  //! Throws UsageError naming the known suites for a name that is not one of them.
  void check_suites(const std::vector<std::string>& names) const;
  const SuiteBinary* find(const std::string& suite, const std::string& backend) const;

 private:
  std::filesystem::path file_;
  std::vector<SuiteBinary> binaries_;
};

//! The cases of a suite binary (`<binary> --parity-list-goldens`). Throws UsageError when the
//! binary is missing (says how to build it) or does not answer.
std::vector<SuiteCase> list_cases(const SuiteBinary& binary, const std::filesystem::path& scratch);

//! Whether a --case glob selects the case: it matches the case name or its golden id.
bool case_selected(const std::vector<std::string>& patterns, const SuiteCase& c);

//! Canonical form of a folder for comparisons (absolute, normalized; need not exist).
std::filesystem::path canonical_folder(const std::filesystem::path& folder);
//! Whether `inner` is `outer` or lies inside it.
bool folder_contains(const std::filesystem::path& outer, const std::filesystem::path& inner);

}  // namespace parity::cli
