#include "parity/provenance.hpp"

#include <ctime>

namespace parity {

std::string_view name(FileKind kind) {
  return kind == FileKind::kGolden ? "golden" : "result";
}

std::string_view parity_version() {
  return PARITY_VERSION;
}

std::string utc_timestamp_now() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

Provenance Provenance::for_this_host() {
  Provenance p;
  p.created = utc_timestamp_now();
  p.parity_version = std::string(parity::parity_version());
  p.backend = "host-cpu";
  p.device_name = "host CPU";
  p.architecture = "cpu";
#if defined(__clang__)
  p.compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
  p.compiler = "gcc " __VERSION__;
#endif
  return p;
}

nlohmann::json Provenance::to_json() const {
  auto parsed_or_text = [](const std::string& text) -> nlohmann::json {
    if (text.empty()) return nullptr;
    auto j = nlohmann::json::parse(text, nullptr, false);
    return j.is_discarded() ? nlohmann::json(text) : j;
  };
  return {
      {"kind", name(kind)},
      {"suite", suite},
      {"case", case_name},
      {"created", created},
      {"parity_version", parity_version},
      {"backend", backend},
      {"device_name", device_name},
      {"architecture", architecture},
      {"warp_size", warp_size},
      {"driver_version", driver_version},
      {"runtime_version", runtime_version},
      {"compiler", compiler},
      {"compiler_flags", compiler_flags},
      {"source_commit", source_commit},
      {"seed", seed},
      {"launch_geometry", parsed_or_text(launch_geometry)},
      {"params", parsed_or_text(params)},
  };
}

}  // namespace parity
