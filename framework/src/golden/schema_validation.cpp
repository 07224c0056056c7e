#include "golden/schema_validation.hpp"

#include <cstring>
#include <nlohmann/json.hpp>

#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/policy.hpp"

namespace parity::detail {

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw GoldenError(where + ": " + what);
}

std::string kind_of(const AttributeValue& v) {
  struct Describe {
    std::string operator()(const std::string&) const { return "a string"; }
    std::string operator()(std::int32_t) const { return "an int32"; }
    std::string operator()(std::uint64_t) const { return "a uint64"; }
    std::string operator()(const std::vector<std::int64_t>&) const { return "an int64 array"; }
    std::string operator()(const UnsupportedAttribute& u) const { return u.description; }
  };
  return std::visit(Describe{}, v);
}

const AttributeValue* find(const AttributeMap& m, const char* key) {
  auto it = m.find(key);
  return it == m.end() ? nullptr : &it->second;
}

const AttributeValue& require(const AttributeMap& m, const char* key, const std::string& where) {
  const AttributeValue* v = find(m, key);
  if (v == nullptr)
    bad(where, std::string("attribute '") + key +
                   "' is missing (schema v1 requires it; was the file written by parity?)");
  return *v;
}

const std::string& as_string(const AttributeValue& v, const char* key, const std::string& where) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  bad(where,
      std::string("attribute '") + key + "' must be a fixed-length string, found " + kind_of(v));
}

std::string required_string(const AttributeMap& m, const char* key, const std::string& where) {
  return as_string(require(m, key, where), key, where);
}

std::string optional_string(const AttributeMap& m, const char* key, const std::string& where) {
  const AttributeValue* v = find(m, key);
  return v ? as_string(*v, key, where) : std::string();
}

std::int32_t as_int32(const AttributeValue& v, const char* key, const std::string& where) {
  if (const auto* i = std::get_if<std::int32_t>(&v)) return *i;
  bad(where, std::string("attribute '") + key + "' must be an int32 scalar, found " + kind_of(v));
}

std::uint64_t as_uint64(const AttributeValue& v, const char* key, const std::string& where) {
  if (const auto* u = std::get_if<std::uint64_t>(&v)) return *u;
  bad(where, std::string("attribute '") + key + "' must be a uint64 scalar, found " + kind_of(v));
}

std::int32_t version_number(const AttributeMap& m, const char* key, const std::string& where) {
  const std::int32_t v = as_int32(require(m, key, where), key, where);
  if (v < 0 || v > 1000000) bad(where, std::string("attribute '") + key + "' is out of range");
  return v;
}

}  // namespace

void check_json_attribute(const std::string& text, const char* key, const std::string& where) {
  if (text.empty()) return;
  JsonLimits limits;
  limits.max_depth = kMaxJsonDepth;
  limits.max_bytes = std::max<std::size_t>(kMaxAttributeText, std::size_t{16} << 20);
  if (auto problem = json_limit_problem(text, limits))
    bad(where, std::string("attribute '") + key + "' " + *problem);
  if (!nlohmann::json::accept(text))
    bad(where, std::string("attribute '") + key + "' is not valid JSON");
}

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (n >= text.size() - i) return false;  // truncated sequence
    for (std::size_t k = 1; k <= n; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

RootInfo validate_root_attributes(const AttributeMap& m, const std::string& where) {
  RootInfo info;
  const AttributeValue* schema = find(m, "schema");
  if (schema == nullptr)
    bad(where, "not a parity golden file: the root has no 'schema' attribute (expected \"" +
                   std::string(kGoldenSchemaName) + "\")");
  const std::string& schema_name = as_string(*schema, "schema", where);
  if (schema_name != kGoldenSchemaName)
    bad(where, "not a parity golden file: schema is \"" + schema_name + "\", expected \"" +
                   std::string(kGoldenSchemaName) + "\"");
  info.schema_major = version_number(m, "schema_major", where);
  info.schema_minor = version_number(m, "schema_minor", where);
  if (info.schema_major > kGoldenSchemaMajor)
    bad(where, "written with golden schema " + std::to_string(info.schema_major) + "." +
                   std::to_string(info.schema_minor) + ", but this parity reads schema " +
                   std::to_string(kGoldenSchemaMajor) + ".x only: upgrade parity to read it");
  if (info.schema_major < 1) bad(where, "golden schema major version 0 does not exist");

  Provenance& p = info.provenance;
  const std::string kind = required_string(m, "kind", where);
  if (kind == "golden") {
    p.kind = FileKind::kGolden;
  } else if (kind == "result") {
    p.kind = FileKind::kResult;
  } else {
    bad(where, "attribute 'kind' is \"" + kind + "\"; expected \"golden\" or \"result\"");
  }
  p.suite = required_string(m, "suite", where);
  p.case_name = required_string(m, "case", where);
  p.created = required_string(m, "created", where);
  p.parity_version = required_string(m, "parity_version", where);
  p.backend = required_string(m, "backend", where);
  p.device_name = optional_string(m, "device_name", where);
  p.architecture = optional_string(m, "architecture", where);
  if (const AttributeValue* w = find(m, "warp_size")) {
    const std::int32_t ws = as_int32(*w, "warp_size", where);
    if (ws < 0 || ws > 1024) bad(where, "attribute 'warp_size' is out of range");
    p.warp_size = ws;
  }
  p.driver_version = optional_string(m, "driver_version", where);
  p.runtime_version = optional_string(m, "runtime_version", where);
  p.compiler = optional_string(m, "compiler", where);
  p.compiler_flags = optional_string(m, "compiler_flags", where);
  p.source_commit = optional_string(m, "source_commit", where);
  if (const AttributeValue* s = find(m, "seed")) p.seed = as_uint64(*s, "seed", where);
  p.launch_geometry = optional_string(m, "launch_geometry", where);
  check_json_attribute(p.launch_geometry, "launch_geometry", where);
  if (find(m, "params") != nullptr) {
    p.params = optional_string(m, "params", where);
    check_json_attribute(p.params, "params", where);
  } else {
    info.params_in_dataset = true;
  }
  return info;
}

DatasetInfo validate_dataset_attributes(const AttributeMap& m, TensorRole role,
                                        const std::string& name, const std::string& where) {
  DatasetInfo info;
  info.role = role;
  info.name = name;
  try {
    check_tensor_name(name);
  } catch (const UsageError& e) {
    bad(where, e.what());
  }
  const std::string dtype_text = required_string(m, "dtype", where);
  auto dtype = parse_dtype(dtype_text);
  if (!dtype || dtype_text != parity::name(*dtype))
    bad(where,
        "attribute 'dtype' is \"" + dtype_text + "\", which is not an ml_dtypes name parity knows");
  info.dtype = *dtype;
  const std::string encoding_text = required_string(m, "encoding", where);
  auto encoding = parse_encoding(encoding_text);
  if (!encoding)
    bad(where, "attribute 'encoding' is \"" + encoding_text +
                   "\"; expected \"native\", \"raw_bits\" or \"recipe\"");
  info.encoding = *encoding;
  if (info.encoding != Encoding::kRecipe && info.encoding != storage_encoding(info.dtype))
    bad(where, "attribute 'encoding' is \"" + encoding_text + "\" but schema v1 stores " +
                   dtype_text + " as \"" + std::string(parity::name(storage_encoding(info.dtype))) +
                   "\"");

  const AttributeValue& shape = require(m, "shape", where);
  const auto* dims = std::get_if<std::vector<std::int64_t>>(&shape);
  if (dims == nullptr)
    bad(where, "attribute 'shape' must be an int64 array, found " + kind_of(shape));
  if (dims->size() > 32) bad(where, "attribute 'shape' has more than 32 dimensions");
  std::uint64_t numel = 1;
  for (auto d : *dims) {
    if (d < 0) bad(where, "attribute 'shape' has a negative extent");
    if (d != 0 && numel > (std::uint64_t{1} << 62) / static_cast<std::uint64_t>(d))
      bad(where, "attribute 'shape' describes more than 2^62 elements");
    numel *= static_cast<std::uint64_t>(d);
  }
  info.shape = *dims;
  info.nbytes = as_uint64(require(m, "nbytes", where), "nbytes", where);
  const std::uint64_t esize = size_bytes(info.dtype);
  if (numel > (std::uint64_t{1} << 62) / esize || info.nbytes != numel * esize)
    bad(where, "attribute 'nbytes' is " + std::to_string(info.nbytes) + " but shape " +
                   shape_string(info.shape) + " of " + dtype_text + " has " +
                   std::to_string(numel * esize) + " bytes");

  const std::string checksum_text = required_string(m, "checksum", where);
  info.checksum = parse_tagged_checksum(checksum_text);
  if (info.checksum.algorithm.empty())
    bad(where, "attribute 'checksum' is \"" + checksum_text +
                   "\"; expected \"xxh3-128:\" and 32 lowercase hex digits");

  if (const AttributeValue* policy = find(m, "policy")) {
    if (role != TensorRole::kOutput) bad(where, "an input has a 'policy' attribute");
    info.policy = as_string(*policy, "policy", where);
    check_json_attribute(info.policy, "policy", where);
    // The policy judges this output in `parity diff` and `golden diff`: one parity cannot apply
    // is refused here, for every reader alike.
    if (!info.policy.empty()) {
      try {
        Policy parsed;
        from_json(nlohmann::json::parse(info.policy), parsed);
      } catch (const Error& e) {
        bad(where, std::string("attribute 'policy' is not a policy this parity can apply: ") +
                       e.what() + " (fix the policy in the test and recapture, or upgrade parity)");
      }
    }
  }
  const AttributeValue* recipe = find(m, "recipe");
  if (info.encoding == Encoding::kRecipe) {
    if (recipe == nullptr) bad(where, "encoding is \"recipe\" but attribute 'recipe' is missing");
    const std::string& recipe_text = as_string(*recipe, "recipe", where);
    check_json_attribute(recipe_text, "recipe", where);
    try {
      info.recipe = Recipe::from_json(recipe_text);
    } catch (const ConfigError& e) {
      bad(where, std::string("attribute 'recipe': ") + e.what());
    }
  } else if (recipe != nullptr) {
    bad(where, "attribute 'recipe' is present but encoding is not \"recipe\"");
  }
  return info;
}

void check_dataset_storage(const DatasetInfo& info, const StorageFacts& facts,
                           const std::string& where) {
  if (info.encoding == Encoding::kRecipe) {
    if (!facts.null_space)
      bad(where, "a recipe tensor must have a NULL dataspace (its bytes are regenerated)");
  } else {
    if (facts.null_space)
      bad(where, "the dataset has no data (NULL dataspace) but is not a recipe");
    if (facts.dims != info.shape)
      bad(where, "the dataspace is " + shape_string(facts.dims) + " but attribute 'shape' says " +
                     shape_string(info.shape));
  }
  if (!facts.type_matches)
    bad(where, "attribute 'dtype' says " + std::string(parity::name(info.dtype)) +
                   " but the stored HDF5 type is " + facts.type_description +
                   " (schema v1 stores " + std::string(parity::name(info.dtype)) +
                   " differently; the file is damaged or was not written by parity)");
}

void check_superblock(std::span<const std::byte> head, std::uint64_t file_size,
                      const std::string& file) {
  const std::string where = "golden file '" + file + "'";
  static constexpr unsigned char kSignature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  if (head.size() < 8 || std::memcmp(head.data(), kSignature, 8) != 0)
    bad(where, "not an HDF5 file (no HDF5 signature at offset 0)");
  if (head.size() < kSuperblockBytes || file_size < kSuperblockBytes)
    bad(where,
        "truncated: " + std::to_string(file_size) + " bytes is too short for an HDF5 superblock");
  auto byte = [&](std::size_t i) { return std::to_integer<unsigned>(head[i]); };
  auto u64 = [&](std::size_t at) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{byte(at + i)} << (8 * i);
    return v;
  };
  const unsigned version = byte(8);
  if (version < 2)
    bad(where, "HDF5 superblock version " + std::to_string(version) +
                   " has no metadata checksums; parity goldens use version 2 or 3 "
                   "(libver bounds V18..V110): rewrite the file with parity");
  if (version > 3)
    bad(where, "HDF5 superblock version " + std::to_string(version) +
                   " is newer than this HDF5 1.10 reader understands");
  if (byte(9) != 8 || byte(10) != 8)
    bad(where, "HDF5 superblock uses " + std::to_string(byte(9)) + "-byte offsets and " +
                   std::to_string(byte(10)) + "-byte lengths; parity expects 8 and 8");
  if (u64(12) != 0) bad(where, "HDF5 base address is not 0 (user block or embedded file)");
  const std::uint64_t eof = u64(28);
  if (eof != file_size)
    bad(where, eof > file_size ? "truncated: the HDF5 superblock says " + std::to_string(eof) +
                                     " bytes but the file has " + std::to_string(file_size)
                               : "the file has " + std::to_string(file_size - eof) +
                                     " bytes past the end the HDF5 superblock records (" +
                                     std::to_string(eof) + ")");
  const std::uint64_t root = u64(36);
  if (root < kSuperblockBytes || root >= eof)
    bad(where, "HDF5 root group address " + std::to_string(root) + " lies outside the file");
}

}  // namespace parity::detail
