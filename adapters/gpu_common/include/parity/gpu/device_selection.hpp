// Which GPU a backend uses: PARITY_DEVICE, else the GPU CTest's resource allocation allotted to
// the test, else device 0. Ordinals count the devices the runtime sees, i.e. after
// CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES have masked and renumbered them.
#pragma once

#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "parity/error.hpp"

namespace parity::gpu {

//! A device ordinal and where it came from, for messages ("PARITY_DEVICE=1", "default").
struct DeviceSelection {
  int ordinal = 0;
  std::string source = "default";
};

//! Reads an environment variable; nullptr when unset. Tests pass their own.
using EnvironmentLookup = std::function<const char*(const char*)>;

namespace detail {
inline std::string_view trim_blanks(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}
}  // namespace detail

//! Parses a device ordinal (decimal digits, blanks around allowed); `origin` names the setting
//! in the UsageError thrown for anything else.
inline int parse_device_ordinal(std::string_view text, std::string_view origin) {
  const std::string_view digits = detail::trim_blanks(text);
  constexpr int kLimit = 1 << 20;  // far above any machine's GPU count; keeps the sum in range
  int value = 0;
  bool valid = !digits.empty();
  for (char c : digits) {
    if (c < '0' || c > '9' || value >= kLimit) {
      valid = false;
      break;
    }
    value = value * 10 + (c - '0');
  }
  if (!valid) {
    throw UsageError(std::string(origin) + "='" + std::string(text) +
                     "' is not a device ordinal: set it to 0, 1, ... (the index among the "
                     "devices the runtime sees) or unset it to use device 0");
  }
  return value;
}

//! The first GPU id of a CTest resource-group value ("id:1,slots:1;id:3,slots:1" -> 1). parity's
//! resource spec names GPUs by their ordinals.
inline int parse_ctest_gpu_resource(std::string_view value, std::string_view origin) {
  std::string_view first = value.substr(0, value.find(';'));
  for (std::string_view rest = first; !rest.empty();) {
    const auto comma = rest.find(',');
    const std::string_view field = detail::trim_blanks(rest.substr(0, comma));
    if (field.substr(0, 3) == "id:") return parse_device_ordinal(field.substr(3), origin);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
  }
  throw UsageError(std::string(origin) + "='" + std::string(value) +
                   "' has no 'id:' field: the CTest resource spec must list GPUs as "
                   "{\"id\": \"<ordinal>\", \"slots\": 1}");
}

//! PARITY_DEVICE when set and not blank; else, under CTest resource allocation, the first GPU
//! allotted to the test (resource type "gpus"); else device 0.
inline DeviceSelection select_device(const EnvironmentLookup& lookup = std::getenv) {
  if (const char* value = lookup("PARITY_DEVICE"); value && !detail::trim_blanks(value).empty()) {
    const std::string origin = "PARITY_DEVICE";
    return {parse_device_ordinal(value, origin), origin + "=" + value};
  }
  if (const char* value = lookup("CTEST_RESOURCE_GROUP_0_GPUS"); value && *value) {
    const std::string origin = "CTEST_RESOURCE_GROUP_0_GPUS";
    return {parse_ctest_gpu_resource(value, origin), origin + "=" + value};
  }
  return {};
}

}  // namespace parity::gpu
