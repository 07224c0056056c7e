// Where a golden or result file came from: the root attributes of schema v1.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace parity {

//! What a file holds: approved goldens, or the candidate outputs of a `record` run.
enum class FileKind : std::uint8_t { kGolden, kResult };
std::string_view name(FileKind kind);

struct Provenance {
  FileKind kind = FileKind::kGolden;
  std::string suite;           // "softmax"
  std::string case_name;       // "softmax/f16/4096x1024"
  std::string created;         // ISO-8601 UTC, "2026-12-02T13:04:05Z"
  std::string parity_version;  // parity that wrote the file
  std::string backend;         // "cuda", "hip", "host-..."
  std::string device_name;     // "NVIDIA H200"
  std::string architecture;    // "sm_90", "gfx942", "cpu"
  std::int32_t warp_size = 0;  // 32, 64; 0 when not applicable
  std::string driver_version;
  std::string runtime_version;
  std::string compiler;  // "nvcc 13.0.48"
  std::string compiler_flags;
  std::string source_commit;    // git commit of the code that produced the tensors
  std::uint64_t seed = 0;       // the case's base seed
  std::string launch_geometry;  // JSON, e.g. {"grid":[256,1,1],"block":[256,1,1]}
  std::string params;           // JSON object of free-form case parameters

  //! A provenance for this process: kind golden, created now, this parity's version, host
  //! backend "host-cpu", architecture "cpu", the C++ compiler that built parity.
  static Provenance for_this_host();

  nlohmann::json to_json() const;
  friend bool operator==(const Provenance&, const Provenance&) = default;
};

//! The current time as ISO-8601 UTC with seconds, e.g. "2026-12-02T13:04:05Z".
std::string utc_timestamp_now();

//! This library's version, e.g. "0.1.0".
std::string_view parity_version();

}  // namespace parity
