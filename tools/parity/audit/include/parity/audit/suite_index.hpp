// Which kernels already have a parity suite. A suite is a folder directly under the suites
// folder; it covers a kernel when one of its own .cu files (not those in subfolders such as bad/)
// defines a __global__ function of that name or launches one with <<<...>>> or a launch API.
// Matching is by name only: a suite written for a different kernel of the same name counts.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "parity/audit/inventory.hpp"

namespace parity::audit {

class SuiteIndex {
 public:
  //! Reads every suite folder under `dir`. Throws UsageError when `dir` is not a folder.
  static SuiteIndex load(const std::filesystem::path& dir);

  //! Suite folders that cover kernel `name`, sorted; empty when none.
  std::vector<std::string> suites_for(const std::string& name) const;
  //! Every suite folder found (with or without a .cu file), sorted.
  const std::vector<std::string>& suites() const { return suites_; }

  //! Fills Kernel::suites and Inventory::suites_dir.
  void apply(Inventory& inventory, const std::string& dir_as_shown) const;

 private:
  std::vector<std::string> suites_;
  std::map<std::string, std::vector<std::string>> kernels_;  // kernel name -> suite folders
};

}  // namespace parity::audit
