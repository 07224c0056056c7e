// parity devices: the devices of every backend linked into this program, with the provenance
// fields goldens record, and the CTest resource spec that spreads GPU tests over them.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "display.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"

namespace parity::cli {

namespace {

struct DevicesOptions {
  std::vector<std::string> backends;
  bool json = false;
  bool resource_spec = false;
  int slots = 1;
};

struct BackendDevices {
  std::string name;
  bool emulated = false;
  std::string reason;  // why there is no device, when there is none
  std::vector<DeviceInfo> devices;
};

// Restores an environment variable on scope exit.
class EnvironmentOverride {
 public:
  explicit EnvironmentOverride(const char* name) : name_(name) {
    if (const char* v = std::getenv(name)) saved_ = v;
  }
  ~EnvironmentOverride() {
    if (saved_)
      setenv(name_, saved_->c_str(), 1);
    else
      unsetenv(name_);
  }
  EnvironmentOverride(const EnvironmentOverride&) = delete;
  EnvironmentOverride& operator=(const EnvironmentOverride&) = delete;
  void set(const std::string& value) { setenv(name_, value.c_str(), 1); }

 private:
  const char* name_;
  std::optional<std::string> saved_;
};

// A backend object drives one device, the one PARITY_DEVICE selects; ask for 0, 1, ... until one
// is not there (unavailable, or another device answers). PARITY_DEVICE comes before CTest's
// allocation variable, so that one does not interfere.
BackendDevices probe(const std::string& name) {
  constexpr int kMaxDevices = 256;
  BackendDevices result;
  result.name = name;
  result.emulated = name.rfind("host", 0) == 0;
  EnvironmentOverride device("PARITY_DEVICE");
  for (int ordinal = 0; ordinal < kMaxDevices; ++ordinal) {
    device.set(std::to_string(ordinal));
    std::unique_ptr<Backend> backend = make_backend(name);
    const Availability availability = backend->availability();
    if (!availability.available) {
      if (ordinal == 0) result.reason = availability.reason;
      break;
    }
    DeviceInfo info = backend->device_info();
    if (info.device_index != ordinal) break;  // it has one device, whatever is asked for
    result.devices.push_back(std::move(info));
  }
  return result;
}

nlohmann::json device_json(const DeviceInfo& d, bool emulated) {
  return {{"index", d.device_index},
          {"name", d.device_name},
          {"architecture", d.architecture},
          {"warp_size", d.warp_size},
          {"driver_version", d.driver_version},
          {"runtime_version", d.runtime_version},
          {"total_memory", d.total_memory},
          {"compiler", d.compiler},
          {"emulated", emulated}};
}

int run(const DevicesOptions& o) {
  if (o.slots < 1) throw UsageError("--slots " + std::to_string(o.slots) + ": use 1 or more");
  const std::vector<std::string> linked = registered_backends();
  std::vector<std::string> names = o.backends.empty() ? linked : o.backends;
  for (const auto& n : names) make_backend(n);  // UsageError listing the linked ones if unknown
  std::vector<BackendDevices> found;
  for (const auto& n : names) found.push_back(probe(n));

  if (o.resource_spec) {
    // GPU ordinals of the GPU backends; where there is none, the host backend's emulated devices
    // (PARITY_HOST_DEVICES), so that the spreading can be exercised without a GPU.
    std::size_t gpus = 0, emulated = 0;
    for (const auto& b : found) {
      std::size_t& count = b.emulated ? emulated : gpus;
      count = std::max(count, b.devices.size());
    }
    const std::size_t count = gpus > 0 ? gpus : emulated;
    if (gpus == 0)
      std::fprintf(stderr,
                   "parity devices: no GPU found; the spec lists the host backend's %zu emulated "
                   "device(s) (set PARITY_HOST_DEVICES for more)\n",
                   count);
    nlohmann::json gpu_list = nlohmann::json::array();
    for (std::size_t i = 0; i < count; ++i)
      gpu_list.push_back({{"id", std::to_string(i)}, {"slots", o.slots}});
    const nlohmann::json spec{{"version", {{"major", 1}, {"minor", 0}}},
                              {"local", nlohmann::json::array({{{"gpus", gpu_list}}})}};
    std::cout << spec.dump(2) << "\n";
    return kExitOk;
  }
  if (o.json) {
    nlohmann::json j{{"backends", nlohmann::json::array()}};
    for (const auto& b : found) {
      nlohmann::json bj{{"name", b.name},
                        {"emulated", b.emulated},
                        {"available", !b.devices.empty()},
                        {"devices", nlohmann::json::array()}};
      if (!b.reason.empty()) bj["reason"] = b.reason;
      for (const auto& d : b.devices) bj["devices"].push_back(device_json(d, b.emulated));
      j["backends"].push_back(std::move(bj));
    }
    std::cout << j.dump(2) << "\n";
    return kExitOk;
  }
  for (const auto& b : found) {
    std::printf("%s%s: %zu device(s)%s%s\n", b.name.c_str(), b.emulated ? " (emulated)" : "",
                b.devices.size(), b.reason.empty() ? "" : " - ", b.reason.c_str());
    for (const auto& d : b.devices) {
      std::printf("  [%d] %s\n", d.device_index, d.device_name.c_str());
      auto row = [](const char* key, const std::string& value) {
        if (!value.empty()) std::printf("      %-13s %s\n", key, value.c_str());
      };
      row("architecture", d.architecture);
      row("warp size", std::to_string(d.warp_size));
      row("driver", d.driver_version);
      row("runtime", d.runtime_version);
      row("memory", d.total_memory ? human_bytes(d.total_memory) : "");
      row("compiler", d.compiler);
    }
  }
  return kExitOk;
}

}  // namespace

void add_devices_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<DevicesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "devices",
      "List the devices of every backend built into parity (host backends count as emulated "
      "devices), or print a CTest resource spec for them");
  cmd->add_option("--backend", o->backends, "Only this backend (repeatable), e.g. cuda, host-cuda");
  cmd->add_flag("--json", o->json, "Print one JSON document");
  cmd->add_flag("--ctest-resource-spec", o->resource_spec,
                "Print a CTest resource spec (version 1.0) with one \"gpus\" entry per GPU, for "
                "ctest --resource-spec-file");
  cmd->add_option("--slots", o->slots, "With --ctest-resource-spec: tests per GPU at once (1)");
  cmd->callback([o, &exit_code] { exit_code = run(*o); });
}

}  // namespace parity::cli
