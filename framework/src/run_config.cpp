#include "parity/run_config.hpp"

#include <cstdlib>
#include <string>

#include "parity/error.hpp"

namespace parity {

std::string_view name(Mode mode) {
  switch (mode) {
    case Mode::kCapture:
      return "capture";
    case Mode::kVerify:
      return "verify";
    case Mode::kRecord:
      return "record";
  }
  return "?";
}

std::optional<Mode> parse_mode(std::string_view text) {
  for (Mode m : {Mode::kCapture, Mode::kVerify, Mode::kRecord})
    if (text == name(m)) return m;
  return std::nullopt;
}

void RunConfig::apply_environment() {
  auto env = [](const char* var) -> std::optional<std::string> {
    const char* v = std::getenv(var);
    if (!v || !*v) return std::nullopt;
    return std::string(v);
  };
  if (auto v = env("PARITY_MODE")) {
    auto m = parse_mode(*v);
    if (!m)
      throw UsageError("PARITY_MODE='" + *v + "' is not a mode: use capture, verify or record");
    mode = *m;
  }
  if (auto v = env("PARITY_BACKEND")) backend = *v;
  if (auto v = env("PARITY_GOLDEN_DIR")) golden_dir = *v;
  if (auto v = env("PARITY_STAGING_DIR")) staging_dir = *v;
  if (auto v = env("PARITY_RESULTS_DIR")) results_dir = *v;
  if (auto v = env("PARITY_OVERRIDES")) overrides_file = *v;
  if (auto v = env("PARITY_SUMMARY")) summary_file = *v;
  if (auto v = env("PARITY_SOURCE_COMMIT")) source_commit = *v;
  if (auto v = env("PARITY_REPEAT")) {
    char* end = nullptr;
    long n = std::strtol(v->c_str(), &end, 10);
    if (*end || n < 1 || n > 1000)
      throw UsageError("PARITY_REPEAT='" + *v + "' must be a whole number from 1 to 1000");
    repeat = static_cast<int>(n);
  }
}

std::string exact_test_spec(std::string_view name) {
  std::string spec;
  for (char c : name) {
    if (std::string_view(",[]\\*~\"").find(c) != std::string_view::npos) spec += '\\';
    spec += c;
  }
  return spec;
}

}  // namespace parity
