#include "parity/audit/inventory.hpp"

namespace parity::audit {

int Inventory::count_findings(const std::string& rule) const {
  int n = 0;
  for (const Finding& f : findings) n += f.rule == rule;
  return n;
}

const Kernel* Inventory::kernel(const std::string& name) const {
  for (const Kernel& k : kernels)
    if (k.name == name) return &k;
  return nullptr;
}

const LibraryUse* Inventory::library(const std::string& id) const {
  for (const LibraryUse& l : libraries)
    if (l.id == id) return &l;
  return nullptr;
}

int Inventory::api_count(const std::string& name) const {
  for (const ApiUse& a : api)
    if (a.name == name) return a.count;
  return 0;
}

int Inventory::total_lines() const {
  int n = 0;
  for (const SourceFile& f : files) n += f.lines;
  return n;
}

std::string_view name(FileKind kind) {
  switch (kind) {
    case FileKind::kCuda:
      return "cuda";
    case FileKind::kSource:
      return "source";
    case FileKind::kHeader:
      return "header";
    case FileKind::kCMake:
      return "cmake";
  }
  return "?";
}

std::string_view name(ApiKind kind) {
  return kind == ApiKind::kRuntime ? "runtime" : "driver";
}

}  // namespace parity::audit
