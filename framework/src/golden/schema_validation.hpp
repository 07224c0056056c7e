// Schema v1 validation as pure functions over in-memory values, apart from HDF5: the reader feeds
// them what it read from a file, and the fuzzer (framework/fuzz) feeds them arbitrary values.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "parity/golden_schema.hpp"
#include "parity/provenance.hpp"

namespace parity::detail {

//! An attribute whose HDF5 type schema v1 never uses (variable-length string, float, ...).
struct UnsupportedAttribute {
  std::string description;
};
//! The attribute kinds schema v1 uses, exactly: a fixed-length UTF-8 string, an int32 scalar, a
//! uint64 scalar, a 1-D int64 array. Anything else (another integer width or sign, a float, a
//! variable-length string) arrives as UnsupportedAttribute and is refused where it matters.
using AttributeValue = std::variant<std::string, std::int32_t, std::uint64_t,
                                    std::vector<std::int64_t>, UnsupportedAttribute>;

//! Longest string attribute schema v1 allows (writers keep root texts and policies under
//! 16 KiB and move longer params to /meta/params.json).
inline constexpr std::size_t kMaxAttributeText = std::size_t{64} << 10;
//! Deepest nesting of a JSON attribute (policy, params, launch_geometry, recipe).
inline constexpr std::size_t kMaxJsonDepth = 64;
using AttributeMap = std::map<std::string, AttributeValue, std::less<>>;

struct RootInfo {
  std::int32_t schema_major = 0;
  std::int32_t schema_minor = 0;
  Provenance provenance;
  bool params_in_dataset = false;  // the params attribute is absent: read /meta/params.json
};

//! Validates the root attributes. `where` names the file in messages. Throws GoldenError for a
//! missing or mistyped attribute, a foreign schema or a newer major version.
RootInfo validate_root_attributes(const AttributeMap& attributes, const std::string& where);

//! Validates one dataset's attributes into a DatasetInfo (storage facts are checked apart):
//! names, types, shape against nbytes, the checksum's form, a stored policy (valid JSON within
//! the limits, and a policy parity can apply), a recipe.
DatasetInfo validate_dataset_attributes(const AttributeMap& attributes, TensorRole role,
                                        const std::string& name, const std::string& where);

//! What HDF5 says about a dataset's storage.
struct StorageFacts {
  bool null_space = false;       // H5S_NULL
  Shape dims;                    // empty for a scalar dataspace
  bool type_matches = false;     // stored type == the type schema v1 uses for the dtype
  std::string type_description;  // the stored type, for messages
};

//! Checks storage against the attributes: encoding vs dtype, dataspace vs shape, stored HDF5
//! type vs dtype. Throws GoldenError naming the dataset.
void check_dataset_storage(const DatasetInfo& info, const StorageFacts& facts,
                           const std::string& where);

//! Throws GoldenError "<where>: attribute '<key>' ..." unless `text` is JSON within the limits
//! (empty text is allowed: "no value").
void check_json_attribute(const std::string& text, const char* key, const std::string& where);

//! Whether `text` is valid UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
bool is_valid_utf8(std::string_view text);

//! Pre-parse check of an HDF5 file head, before libhdf5 sees the file: signature at offset 0,
//! superblock version 2 or 3 (metadata checksums), 8-byte offsets and lengths, base address 0,
//! and an end-of-file address equal to the file's size (catches truncation and appended bytes).
//! `head` should hold at least the first 48 bytes. Throws GoldenError naming `file`.
void check_superblock(std::span<const std::byte> head, std::uint64_t file_size,
                      const std::string& file);

inline constexpr std::size_t kSuperblockBytes = 48;

}  // namespace parity::detail
