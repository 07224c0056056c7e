#include "parity/backend.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "parity/error.hpp"

namespace parity {
namespace {
struct Registry {
  std::mutex mutex;
  std::map<std::string, BackendFactory, std::less<>> factories;
};
Registry& registry() {
  static Registry r;  // function-local: safe from static-initialisation order
  return r;
}
}  // namespace

void register_backend(std::string name, BackendFactory factory) {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  r.factories[std::move(name)] = std::move(factory);
}

std::vector<std::string> registered_backends() {
  auto& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::string> names;
  for (auto& [name, _] : r.factories) names.push_back(name);
  return names;
}

std::unique_ptr<Backend> make_backend(std::string_view name) {
  auto& r = registry();
  BackendFactory factory;
  {
    std::lock_guard lock(r.mutex);
    auto it = r.factories.find(name);
    if (it == r.factories.end()) {
      std::string known;
      for (auto& [n, _] : r.factories) known += (known.empty() ? "" : ", ") + n;
      throw UsageError("unknown backend '" + std::string(name) + "'; this program has: " +
                       (known.empty() ? "none (link an adapter)" : known));
    }
    factory = it->second;
  }
  return factory();
}

}  // namespace parity
