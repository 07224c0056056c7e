// Golden file schema v1: names, versions, file-name mapping and the per-tensor description.
// The full specification is docs/golden-format.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "parity/checksum.hpp"
#include "parity/dtype.hpp"
#include "parity/provenance.hpp"
#include "parity/rng.hpp"
#include "parity/tensor.hpp"

namespace parity {

inline constexpr std::string_view kGoldenSchemaName = "parity-golden";
inline constexpr std::int32_t kGoldenSchemaMajor = 1;  // readers refuse a newer major
inline constexpr std::int32_t kGoldenSchemaMinor = 0;  // minor versions only add

//! How a tensor's bytes are stored.
enum class Encoding : std::uint8_t {
  kNative,   // an HDF5 type that describes the values (IEEE, custom float, integer, compound)
  kRawBits,  // uint8 bit patterns; only the dtype attribute says what they mean
  kRecipe,   // no data: an RNG recipe regenerates the bytes (NULL dataspace)
};
std::string_view name(Encoding encoding);
std::optional<Encoding> parse_encoding(std::string_view text);

//! The encoding schema v1 uses for stored (non-recipe) data of a dtype.
Encoding storage_encoding(DType dtype);

enum class TensorRole : std::uint8_t { kInput, kOutput };
std::string_view name(TensorRole role);  // "inputs", "outputs": the group names

//! One tensor as a golden file describes it (everything but the data).
struct DatasetInfo {
  TensorRole role = TensorRole::kInput;
  std::string name;  // "x"
  DType dtype = DType::kFloat32;
  Encoding encoding = Encoding::kNative;
  Shape shape;
  std::uint64_t nbytes = 0;  // logical bytes: numel * size_bytes(dtype)
  TaggedChecksum checksum;   // over the logical bytes, C order, little-endian
  std::string policy;        // outputs: the comparison policy as JSON ("" when none)
  std::optional<Recipe> recipe;
  Shape chunk_shape;  // HDF5 chunk dims; empty when contiguous or a recipe

  //! "inputs/x" or "outputs/y".
  std::string path() const { return std::string(parity::name(role)) + "/" + name; }
  std::int64_t numel() const { return element_count(shape); }
};

//! Throws UsageError unless `name` is a valid tensor name: 1-128 bytes of [A-Za-z0-9_.-], not
//! starting with '.'.
void check_tensor_name(std::string_view name);

//! Maps a suite and a case name to a path relative to the golden root:
//! "<suite>/<segment>/.../<segment>.h5", one folder per '/' in the case name. Each segment keeps
//! [A-Za-z0-9_.+=,-] and percent-encodes every other byte as %XX (uppercase hex), and a leading
//! '.' as %2E, so names map to portable, hidden-free file names and back. Throws UsageError for
//! an empty name or segment, or a segment longer than 160 bytes once encoded.
std::filesystem::path golden_relative_path(std::string_view suite, std::string_view case_name);

//! The golden path of a test case: golden_relative_path(suite, case_name), where a leading
//! "<suite>/" of the case name is dropped (the suite is already the folder): suite "softmax",
//! case "softmax/f16/4096x1024" is "softmax/f16/4096x1024.h5". The one rule that the case API
//! writes with, suite binaries list, and readers check a golden's place against.
std::filesystem::path case_golden_path(std::string_view suite, std::string_view case_name);

//! Throws UsageError unless `suite` is a suite name parity can use as a folder name as it is:
//! 1-160 characters from [A-Za-z0-9_.+=,-], not starting with '.' (so it is never "..", never
//! has a '/', and its golden_relative_path segment is the name itself).
void check_suite_name(std::string_view suite);

//! The inverse of one segment's encoding; nullopt when `segment` is not a valid encoding.
std::optional<std::string> decode_path_segment(std::string_view segment);

}  // namespace parity
