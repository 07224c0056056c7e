// Which targets the emulated kernels of this process were compiled for.
#include "parity/simt/target.hpp"

#include <mutex>
#include <string>
#include <vector>

#include "parity/error.hpp"
#include "scheduler.hpp"

#ifndef PARITY_SIMT_DEFAULT_CUDA_TARGET
#define PARITY_SIMT_DEFAULT_CUDA_TARGET "sm_90"
#endif
#ifndef PARITY_SIMT_DEFAULT_HIP_TARGET
#define PARITY_SIMT_DEFAULT_HIP_TARGET "gfx942"
#endif

namespace parity::simt {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<const Target*> targets;  // distinct, in registration order
};
Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: registration runs at static init
  return *r;
}

const Target& default_target(Dialect dialect) {
  static const Target* cuda = find_target(PARITY_SIMT_DEFAULT_CUDA_TARGET);
  static const Target* hip = find_target(PARITY_SIMT_DEFAULT_HIP_TARGET);
  static_assert(
      known_target(PARITY_SIMT_DEFAULT_CUDA_TARGET) && known_target(PARITY_SIMT_DEFAULT_HIP_TARGET),
      "parity-simt: PARITY_SIMT_DEFAULT_*_TARGET names no target of target.hpp");
  return dialect == Dialect::kCuda ? *cuda : *hip;
}

}  // namespace

const Target& current_target(Dialect dialect) noexcept {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const Target* t : r.targets)
    if (t->dialect == dialect) return *t;
  return default_target(dialect);
}

std::string target_names(Dialect dialect) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::string names;
  for (const Target* t : r.targets) {
    if (t->dialect != dialect) continue;
    if (!names.empty()) names += '+';
    names += t->name;
  }
  return names.empty() ? std::string(default_target(dialect).name) : names;
}

namespace detail {

bool register_target(int id) noexcept {
  const Target* t = find_target(id);
  if (t == nullptr) return false;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const Target* known : r.targets)
    if (known == t) return true;
  try {
    r.targets.push_back(t);
  } catch (...) {
    return false;
  }
  return true;
}

void arch_device_path_on_host(const char* function, const char* file, int line) {
  throw UsageError(
      std::string("parity-simt: __host__ __device__ function '") + function + "' (" + file + ":" +
      std::to_string(line) +
      ") was called from host code, but it tests an architecture macro and the emulator "
      "compiled it once, with its device path (nvcc and hipcc give host callers the host "
      "pass's body). Split it into a __device__ function and a host function, or keep the "
      "architecture test out of what the host calls");
}

void arch_host_path_in_kernel(const char* function, const char* file, int line) {
  Worker& w = *static_cast<Worker*>(t_ctx.worker);
  abort_block(w, Status::kLaunchFailure,
              std::string("function '") + function + "' (" + file + ":" + std::to_string(line) +
                  ") tests an architecture macro and was compiled with the host pass's value, "
                  "because no __device__ was visible in its declaration (a qualifier macro from "
                  "another file?); called from a kernel it would take the host path. Declare it "
                  "__device__ or __host__ __device__ in the same file, or define the qualifier "
                  "macro there");
}

}  // namespace detail
}  // namespace parity::simt
