// cudaFuncSetAttribute / hipFuncSetAttribute, checked as the vendors' runtimes check them:
//  - CUDA: cudaFuncAttributeMaxDynamicSharedMemorySize above the device's opt-in maximum
//    (cudaDevAttrMaxSharedMemoryPerBlockOptin, less the kernel's static shared memory) returns
//    cudaErrorInvalidValue; a launch may then use up to that much dynamic shared memory.
//  - HIP (ROCm clr, hipFuncSetAttribute): a value above the LDS available to the kernel returns
//    hipErrorInvalidValue; it raises nothing, because AMD's LDS ceiling is the same with and
//    without it.
// The kernel's static shared memory is only known once a launch reaches its declarations, so the
// part of the check that needs it happens then (scheduler.cpp, shared_first_use).
#include "func_attributes.hpp"

#include <atomic>
#include <cctype>
#include <map>
#include <mutex>

#include "parity/simt/runtime_api.hpp"
#include "parity/simt/target.hpp"

namespace parity::simt::detail {
namespace {

struct Registry {
  std::mutex mutex;
  std::map<std::string, FuncAttributes> attributes;  // "<dialect>:<kernel key>"
  std::atomic<bool> any{false};
};
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

std::string key_of(Dialect dialect, std::string_view kernel) {
  return std::string(dialect == Dialect::kCuda ? "cuda:" : "hip:") + kernel_key(kernel);
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

//! Index of the ')' closing the '(' at `open`, or npos.
std::size_t closing(std::string_view s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    if (s[i] == '(') ++depth;
    if (s[i] == ')' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

//! The first top-level comma-separated argument of an argument list.
std::string_view first_argument(std::string_view args) {
  int depth = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const char c = args[i];
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == '>' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) return args.substr(0, i);
  }
  return args;
}

std::string kib(long long bytes) {
  const long long whole = bytes / 1024, rest = bytes % 1024;
  return std::to_string(bytes) + " bytes (" + std::to_string(whole) +
         (rest == 0 ? "" : "." + std::to_string(rest * 10 / 1024)) + " KiB)";
}

}  // namespace

std::string kernel_key(std::string_view expression) {
  std::string s;
  for (char c : expression)
    if (!std::isspace(static_cast<unsigned char>(c))) s += c;
  for (bool changed = true; changed && !s.empty();) {
    changed = false;
    std::string_view v = s;
    if (v.front() == '&' || starts_with(v, "::")) {
      s.erase(0, v.front() == '&' ? 1 : 2);
      changed = true;
      continue;
    }
    for (std::string_view wrapper :
         {"HIP_KERNEL_NAME(", "reinterpret_cast<", "static_cast<", "const_cast<"}) {
      if (!starts_with(v, wrapper)) continue;
      std::size_t open = wrapper.back() == '(' ? wrapper.size() - 1 : v.find(">(");
      if (open == std::string_view::npos) break;
      if (wrapper.back() != '(') ++open;
      const std::size_t close = closing(v, open);
      if (close == v.size() - 1) {
        s = std::string(v.substr(open + 1, close - open - 1));
        changed = true;
      }
      break;
    }
    if (changed || s.empty() || s.front() != '(') continue;
    const std::size_t close = closing(s, 0);
    if (close == std::string::npos) break;
    if (close == s.size() - 1) {  // (k)
      s = s.substr(1, s.size() - 2);
      changed = true;
    } else if (s.substr(1, close - 1).find("void") != std::string::npos) {  // (const void*)k
      s.erase(0, close + 1);
      changed = true;
    }
  }
  return s;
}

std::optional<FuncAttributes> find_func_attributes(Dialect dialect, std::string_view kernel) {
  Registry& r = registry();
  if (!r.any.load(std::memory_order_acquire)) return std::nullopt;
  std::lock_guard lock(r.mutex);
  auto it = r.attributes.find(key_of(dialect, kernel));
  if (it == r.attributes.end()) return std::nullopt;
  return it->second;
}

Status set_func_attribute(Dialect dialect, int target_id, const char* arguments, int attribute,
                          long long value, const char* file, int line) {
  const bool cuda = dialect == Dialect::kCuda;
  const Target* found = target_id != 0 ? find_target(target_id) : nullptr;
  const Target& t = found != nullptr ? *found : current_target(dialect);
  const std::string_view kernel = first_argument(arguments);
  const std::string call = std::string(cuda ? "cudaFuncSetAttribute(" : "hipFuncSetAttribute(") +
                           arguments + ") at " + file + ":" + std::to_string(line);
  constexpr int kMaxDynamicSharedMemorySize = 8;  // the same value in both runtimes' enums
  constexpr int kPreferredSharedMemoryCarveout = 9;
  if (attribute == kMaxDynamicSharedMemorySize) {
    if (value < 0)
      return fail(Status::kInvalidValue, call + ": a negative shared-memory size is invalid");
    if (cuda && value > static_cast<long long>(t.shared_per_block_optin)) {
      return fail(Status::kInvalidValue,
                  call + ": " + kib(value) + " exceed " + std::string(t.name) +
                      "'s opt-in maximum of " +
                      kib(static_cast<long long>(t.shared_per_block_optin)) +
                      " of shared memory per block (" + std::string(t.product) +
                      "); the CUDA runtime returns cudaErrorInvalidValue and the kernel keeps its "
                      "48 KiB limit");
    }
    if (!cuda && value > static_cast<long long>(t.shared_per_block)) {
      return fail(Status::kInvalidValue,
                  call + ": " + kib(value) + " exceed " + std::string(t.name) + "'s " +
                      kib(static_cast<long long>(t.shared_per_block)) + " of LDS per workgroup (" +
                      std::string(t.product) +
                      "); ROCm returns hipErrorInvalidValue: on AMD GPUs no attribute raises "
                      "the LDS ceiling, tile the kernel or cut its shared memory");
    }
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    FuncAttributes& a = r.attributes[key_of(dialect, kernel)];
    a.max_dynamic_shared = value;
    a.set_at = std::string(file) + ":" + std::to_string(line);
    r.any.store(true, std::memory_order_release);
    return Status::kSuccess;
  }
  if (attribute == kPreferredSharedMemoryCarveout && (value < -1 || value > 100)) {
    return fail(Status::kInvalidValue,
                call +
                    ": the shared-memory carveout is a percentage from 0 to 100, or -1 for "
                    "the default");
  }
  return Status::kSuccess;  // other attributes change nothing the emulator models
}

}  // namespace parity::simt::detail
