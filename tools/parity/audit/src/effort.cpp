#include "parity/audit/effort.hpp"

#include <set>

namespace parity::audit::effort {

namespace {
int ceil_div(int a, int b) {
  return (a + b - 1) / b;
}
}  // namespace

int weight(Severity severity) {
  switch (severity) {
    case Severity::kHigh:
      return 5;
    case Severity::kMedium:
      return 2;
    case Severity::kLow:
      return 1;
  }
  return 0;
}

std::string size_class(int points) {
  if (points <= 5) return "S";
  if (points <= 12) return "M";
  if (points <= 25) return "L";
  return "XL";
}

void estimate(Inventory& inv) {
  std::set<std::string> reached;  // function names some kernel reaches
  int kernels = 0;
  for (Kernel& k : inv.kernels) {
    int points = kKernelBase + ceil_div(k.body_lines, kLinesPerPoint);
    for (const auto& [rule, count] : k.hazards)
      points += count * weight(hazard_rule(rule).severity);
    k.effort = {points, size_class(points)};
    kernels += points;
    reached.insert(k.name);
    reached.insert(k.calls.begin(), k.calls.end());
  }
  inv.effort_libraries = 0;
  for (const LibraryUse& use : inv.libraries) {
    const LibraryInfo& lib = library(use.id);
    if (lib.vendor != Vendor::kNvidia) continue;
    const bool direct = lib.counterpart.find("no direct") == std::string_view::npos;
    inv.effort_libraries +=
        (direct ? kLibraryWithCounterpart : kLibraryWithout) + ceil_div(use.calls, kUsesPerPoint);
  }
  inv.effort_other = 0;
  for (const Finding& f : inv.findings)
    if (f.function.empty() || !reached.contains(f.function))
      inv.effort_other += weight(hazard_rule(f.rule).severity);
  inv.effort_total = kernels + inv.effort_libraries + inv.effort_other;
}

}  // namespace parity::audit::effort
