#include "parity/audit/suite_index.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "parity/audit/scanner.hpp"
#include "parity/error.hpp"

namespace parity::audit {

namespace fs = std::filesystem;

SuiteIndex SuiteIndex::load(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    throw UsageError("suites folder '" + dir.string() +
                     "' is not a directory; pass --suites DIR with the folder of parity suites");
  }
  SuiteIndex index;
  std::vector<fs::path> folders;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
    if (e.is_directory() && e.path().filename().string().front() != '.')
      folders.push_back(e.path());
  if (ec) throw Error("cannot list suites folder '" + dir.string() + "': " + ec.message());
  std::sort(folders.begin(), folders.end());
  for (const fs::path& folder : folders) {
    const std::string suite = folder.filename().string();
    index.suites_.push_back(suite);
    std::vector<fs::path> sources;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, ec))
      if (e.is_regular_file() && e.path().extension() == ".cu") sources.push_back(e.path());
    std::sort(sources.begin(), sources.end());
    Scanner scanner(folder.string());
    for (const fs::path& source : sources) {
      std::ifstream in(source, std::ios::binary);
      if (!in) throw Error("cannot read suite source '" + source.string() + "'");
      std::ostringstream text;
      text << in.rdbuf();
      scanner.add_file(source.filename().string(), text.str());
    }
    const Inventory inv = scanner.finish();
    std::set<std::string> names;
    for (const Kernel& k : inv.kernels) names.insert(k.name);
    for (const Launch& l : inv.launches) names.insert(l.kernel);
    for (const std::string& name : names) index.kernels_[name].push_back(suite);
  }
  return index;
}

std::vector<std::string> SuiteIndex::suites_for(const std::string& name) const {
  const auto it = kernels_.find(name);
  return it == kernels_.end() ? std::vector<std::string>{} : it->second;
}

void SuiteIndex::apply(Inventory& inventory, const std::string& dir_as_shown) const {
  inventory.suites_dir = dir_as_shown;
  for (Kernel& k : inventory.kernels) k.suites = suites_for(k.name);
}

}  // namespace parity::audit
