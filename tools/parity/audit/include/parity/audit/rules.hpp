// The audit's two tables: the porting hazards it looks for, and the GPU libraries it recognises
// with their counterparts on the other vendor. docs/migration-audit.md lists both; keep them in
// step.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace parity::audit {

enum class Severity { kLow, kMedium, kHigh };

std::string_view name(Severity severity);  // "low", "medium", "high"
std::optional<Severity> parse_severity(std::string_view text);

//! One kind of porting hazard.
struct HazardRule {
  std::string_view id;        // stable, used in JSON and tests: "warp32-arith"
  Severity severity;          // high: wrong numbers or no build on AMD unless changed
  std::string_view title;     // a few words for tables
  std::string_view message;   // why it matters and what to do
  std::string_view pitfalls;  // the research/pitfalls.md section ("§1"), empty if none
};

//! Every rule, in report order.
std::span<const HazardRule> hazard_rules();
//! The rule with this id; throws UsageError for an unknown one.
const HazardRule& hazard_rule(std::string_view id);

enum class Vendor { kNvidia, kAmd };
std::string_view name(Vendor vendor);  // "NVIDIA", "AMD"

//! A GPU library and how the audit recognises it:
//! - #include: a `headers` pattern "name.h" matches that file name exactly, "name*" any file
//!   name starting with "name", "dir/" a header inside a folder of that name;
//! - CMake: a word of a command argument equal to one of `cmake_names`, also as -l<name> or a
//!   lib<name>.so / lib<name>.a path;
//! - code: an identifier starting with one of `api_prefixes` followed by '(' (a call), or one of
//!   `namespaces` followed by '::'.
struct LibraryInfo {
  std::string_view id;    // "cublas"
  std::string_view name;  // "cuBLAS"
  Vendor vendor;
  std::span<const std::string_view> headers;       // "cublas_v2.h", "cudnn*", "thrust/"
  std::span<const std::string_view> cmake_names;   // "CUDA::cublas", "cublas"
  std::span<const std::string_view> api_prefixes;  // "cublas"
  std::span<const std::string_view> namespaces;    // "thrust"
  std::string_view counterpart;                    // the other vendor's library
  std::string_view note;                           // what porting it involves
};

//! Whether an #include header name ("cub/cub.cuh", without <> or quotes) belongs to `lib`.
bool matches_header(const LibraryInfo& lib, std::string_view header);
//! Whether a CMake word names `lib`.
bool matches_cmake_word(const LibraryInfo& lib, std::string_view word);
//! Whether a called identifier belongs to `lib` (longest prefix wins across libraries: use
//! library_of_call).
const LibraryInfo* library_of_call(std::string_view identifier);

//! Every library, NVIDIA's first, in report order.
std::span<const LibraryInfo> libraries();
//! The library with this id; throws UsageError for an unknown one.
const LibraryInfo& library(std::string_view id);

}  // namespace parity::audit
