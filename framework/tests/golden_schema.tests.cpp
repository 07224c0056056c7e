// Schema v1 pieces that need no HDF5: the file-name mapping, names, encodings, and the pure
// validation functions the reader (and the fuzzer) run on attributes and the superblock.
#include "parity/golden_schema.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "../src/golden/schema_validation.hpp"
#include "golden_test_support.hpp"
#include "parity/error.hpp"
#include "parity/golden_writer.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using detail::AttributeMap;

TEST_CASE("case names map to portable relative paths and back", "[golden][schema]") {
  CHECK(golden_relative_path("softmax", "softmax/f16/4096x1024") ==
        std::filesystem::path("softmax/softmax/f16/4096x1024.h5"));
  CHECK(golden_relative_path("gemm", "tile=128,k=64/bf16+fp32") ==
        std::filesystem::path("gemm/tile=128,k=64/bf16+fp32.h5"));
  CHECK(golden_relative_path("s", "a b:c*?") == std::filesystem::path("s/a%20b%3Ac%2A%3F.h5"));
  CHECK(golden_relative_path("s", ".hidden/x.y") == std::filesystem::path("s/%2Ehidden/x.y.h5"));
  CHECK(golden_relative_path("s", "100%") == std::filesystem::path("s/100%25.h5"));
  CHECK(golden_relative_path("s", "\xc3\xa9") == std::filesystem::path("s/%C3%A9.h5"));
  for (const char* bad : {"", "a//b", "/a", "a/", "a/../b", "./a", ".."})
    CHECK_THROWS_AS(golden_relative_path("s", bad), UsageError);
  CHECK_THROWS_AS(golden_relative_path("a/b", "c"), UsageError);
  CHECK_THROWS_AS(golden_relative_path("", "c"), UsageError);
  CHECK_THROWS_AS(golden_relative_path("s", std::string(161, 'a')), UsageError);
  CHECK_NOTHROW(golden_relative_path("s", std::string(160, 'a')));

  CHECK(decode_path_segment("a%20b%3Ac") == "a b:c");
  CHECK(decode_path_segment("%2Ehidden") == ".hidden");
  CHECK_FALSE(decode_path_segment("a%2").has_value());
  CHECK_FALSE(decode_path_segment("a%zz").has_value());
  CHECK_FALSE(decode_path_segment("a b").has_value());
}

TEST_CASE("tensor names are restricted", "[golden][schema]") {
  for (const char* ok : {"x", "weights.0", "a-b_c", "X9"}) CHECK_NOTHROW(check_tensor_name(ok));
  for (const char* bad : {"", ".x", "a/b", "a b", "\xc3\xa9"})
    CHECK_THROWS_AS(check_tensor_name(bad), UsageError);
  CHECK_THROWS_AS(check_tensor_name(std::string(129, 'a')), UsageError);
}

TEST_CASE("each dtype has one storage encoding", "[golden][schema]") {
  CHECK(storage_encoding(DType::kFloat16) == Encoding::kNative);
  CHECK(storage_encoding(DType::kBFloat16) == Encoding::kNative);
  CHECK(storage_encoding(DType::kFloat8E5M2) == Encoding::kNative);
  CHECK(storage_encoding(DType::kComplex64) == Encoding::kNative);
  CHECK(storage_encoding(DType::kBool) == Encoding::kNative);
  for (DType d : {DType::kFloat8E4M3FN, DType::kFloat8E4M3FNUZ, DType::kFloat8E5M2FNUZ,
                  DType::kFloat8E8M0FNU, DType::kFloat4E2M1FN})
    CHECK(storage_encoding(d) == Encoding::kRawBits);
  for (auto e : {Encoding::kNative, Encoding::kRawBits, Encoding::kRecipe})
    CHECK(parse_encoding(name(e)) == e);
  CHECK_FALSE(parse_encoding("raw").has_value());
}

namespace {

AttributeMap good_root() {
  return {{"schema", std::string("parity-golden")},
          {"schema_major", std::int32_t{1}},
          {"schema_minor", std::int32_t{0}},
          {"kind", std::string("golden")},
          {"suite", std::string("s")},
          {"case", std::string("c")},
          {"created", std::string("2026-01-01T00:00:00Z")},
          {"parity_version", std::string("0.1.0")},
          {"backend", std::string("cuda")},
          {"warp_size", std::int32_t{32}},
          {"seed", std::uint64_t{5}},
          {"params", std::string("{}")}};
}

AttributeMap good_dataset() {
  return {{"dtype", std::string("float16")},
          {"encoding", std::string("native")},
          {"shape", std::vector<std::int64_t>{4, 5}},
          {"nbytes", std::uint64_t{40}},
          {"checksum", std::string("xxh3-128:99aa06d3014798d86001c324468d497f")}};
}

template <class F>
void expect_error(F&& f, std::string_view fragment) {
  try {
    f();
    FAIL("accepted; expected: " << fragment);
  } catch (const GoldenError& e) {
    CHECK_THAT(e.what(), ContainsSubstring(std::string(fragment)));
  }
}

}  // namespace

TEST_CASE("root attributes are validated", "[golden][schema]") {
  auto info = detail::validate_root_attributes(good_root(), "golden file 'f'");
  CHECK(info.schema_major == 1);
  CHECK(info.provenance.backend == "cuda");
  CHECK(info.provenance.warp_size == 32);
  CHECK(info.provenance.seed == 5);
  CHECK_FALSE(info.params_in_dataset);

  auto with = [](const char* key, detail::AttributeValue v) {
    AttributeMap m = good_root();
    m[key] = std::move(v);
    return m;
  };
  auto without = [](const char* key) {
    AttributeMap m = good_root();
    m.erase(key);
    return m;
  };
  const std::string w = "golden file 'f'";
  expect_error([&] { detail::validate_root_attributes(with("schema_major", std::int32_t{2}), w); },
               "upgrade parity");
  CHECK_NOTHROW(detail::validate_root_attributes(with("schema_minor", std::int32_t{9}), w));
  expect_error([&] { detail::validate_root_attributes(with("schema", std::string("x")), w); },
               "not a parity golden file");
  expect_error([&] { detail::validate_root_attributes(without("schema"), w); },
               "not a parity golden file");
  expect_error([&] { detail::validate_root_attributes(without("suite"), w); },
               "attribute 'suite' is missing");
  expect_error([&] { detail::validate_root_attributes(with("suite", std::int32_t{1}), w); },
               "'suite' must be a fixed-length string, found an int32");
  // Exactly the integer types of the schema: a uint64 schema_major (or any other width) is not
  // an int32, an int32 seed is not a uint64.
  expect_error([&] { detail::validate_root_attributes(with("schema_major", std::uint64_t{1}), w); },
               "'schema_major' must be an int32 scalar, found a uint64");
  expect_error(
      [&] {
        detail::validate_root_attributes(
            with("schema_major", detail::UnsupportedAttribute{"a 64-bit signed integer"}), w);
      },
      "must be an int32 scalar, found a 64-bit signed integer");
  expect_error([&] { detail::validate_root_attributes(with("kind", std::string("draft")), w); },
               "\"golden\" or \"result\"");
  expect_error([&] { detail::validate_root_attributes(with("warp_size", std::int32_t{-1}), w); },
               "warp_size");
  expect_error([&] { detail::validate_root_attributes(with("seed", std::int32_t{-1}), w); },
               "'seed' must be a uint64 scalar, found an int32");
  // JSON attributes: depth and length limits before any parser sees them.
  expect_error(
      [&] {
        detail::validate_root_attributes(
            with("launch_geometry", std::string(65, '[') + std::string(65, ']')), w);
      },
      "'launch_geometry' is nested deeper than 64 levels");
  CHECK_NOTHROW(detail::validate_root_attributes(
      with("launch_geometry", std::string(64, '[') + std::string(64, ']')), w));
  expect_error([&] { detail::validate_root_attributes(with("params", std::string("{")), w); },
               "'params' is not valid JSON");
  expect_error(
      [&] {
        detail::validate_root_attributes(
            with("backend", detail::UnsupportedAttribute{"a variable-length string"}), w);
      },
      "variable-length");
  CHECK(detail::validate_root_attributes(without("params"), w).params_in_dataset);
}

TEST_CASE("dataset attributes and storage are validated", "[golden][schema]") {
  const std::string w = "golden file 'f', dataset /outputs/y";
  auto info = detail::validate_dataset_attributes(good_dataset(), TensorRole::kOutput, "y", w);
  CHECK(info.dtype == DType::kFloat16);
  CHECK(info.shape == Shape{4, 5});
  CHECK(detail::is_valid_utf8("h\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  CHECK_FALSE(detail::is_valid_utf8("\xff"));
  CHECK_FALSE(detail::is_valid_utf8("\xC3"));          // truncated
  CHECK_FALSE(detail::is_valid_utf8("\xC0\xAF"));      // overlong '/'
  CHECK_FALSE(detail::is_valid_utf8("\xED\xA0\x80"));  // a surrogate
  auto with = [](const char* key, detail::AttributeValue v) {
    AttributeMap m = good_dataset();
    m[key] = std::move(v);
    return m;
  };
  auto check_with = [&](const char* key, detail::AttributeValue v, std::string_view fragment) {
    expect_error(
        [&] {
          detail::validate_dataset_attributes(with(key, std::move(v)), TensorRole::kOutput, "y", w);
        },
        fragment);
  };
  check_with("dtype", std::string("f16"), "not an ml_dtypes name");  // aliases are not stored
  check_with("dtype", std::string("float32"), "'nbytes' is 40");
  check_with("encoding", std::string("raw_bits"), "stores float16 as \"native\"");
  check_with("encoding", std::string("zip"), "expected \"native\", \"raw_bits\" or \"recipe\"");
  check_with("shape", std::vector<std::int64_t>{-1, 5}, "negative extent");
  check_with("shape", std::vector<std::int64_t>{1 << 30, 1 << 30, 1 << 30}, "2^62");
  check_with("shape", std::string("4x5"), "must be an int64 array");
  check_with("checksum", std::string("xxh3-128:XYZ"), "32 lowercase hex digits");
  check_with("policy", std::string("[1,"), "'policy' is not valid JSON");
  // A stored policy parity cannot apply is refused for every reader, not only by `parity diff`.
  check_with("policy", std::string(R"({"max_ulp":"lots"})"), "not a policy this parity can apply");
  check_with("policy", std::string(R"({"max_ulps":1})"), "unknown policy key 'max_ulps'");
  check_with("policy", std::string(65, '[') + std::string(65, ']'), "nested deeper than 64");
  check_with("nbytes", std::int32_t{40}, "'nbytes' must be a uint64 scalar, found an int32");
  check_with("recipe", std::string("{}"), "encoding is not \"recipe\"");
  expect_error(
      [&] { detail::validate_dataset_attributes(good_dataset(), TensorRole::kOutput, "a/b", w); },
      "tensor name");
  expect_error(
      [&] {
        detail::validate_dataset_attributes(with("policy", std::string("{}")), TensorRole::kInput,
                                            "y", w);
      },
      "an input has a 'policy'");
  {
    AttributeMap m = with("encoding", std::string("recipe"));
    expect_error([&] { detail::validate_dataset_attributes(m, TensorRole::kInput, "y", w); },
                 "'recipe' is missing");
    m["recipe"] = std::string(R"({"algorithm":"philox4x32-10","seed":1,"stream":2,)"
                              R"("distribution":"uniform","lo":0,"hi":1})");
    auto r = detail::validate_dataset_attributes(m, TensorRole::kInput, "y", w);
    REQUIRE(r.recipe.has_value());
    CHECK(r.recipe->stream == 2);
    detail::StorageFacts null_facts{true, {}, true, "16-bit float"};
    CHECK_NOTHROW(detail::check_dataset_storage(r, null_facts, w));
  }

  detail::StorageFacts facts{false, {4, 5}, true, "16-bit float"};
  CHECK_NOTHROW(detail::check_dataset_storage(info, facts, w));
  facts.dims = {5, 4};
  expect_error([&] { detail::check_dataset_storage(info, facts, w); },
               "dataspace is 5x4 but attribute 'shape' says 4x5");
  facts = {false, {4, 5}, false, "8-bit unsigned integer"};
  expect_error([&] { detail::check_dataset_storage(info, facts, w); },
               "says float16 but the stored HDF5 type is 8-bit unsigned integer");
  facts = {true, {}, true, ""};
  expect_error([&] { detail::check_dataset_storage(info, facts, w); }, "not a recipe");
}

TEST_CASE("the superblock pre-parse check", "[golden][schema]") {
  testing::ScratchDir dir;
  {
    GoldenWriter wr(dir / "g.h5", testing::test_provenance());
    wr.commit();
  }
  auto bytes = testing::read_bytes(dir / "g.h5");
  const auto size = static_cast<std::uint64_t>(bytes.size());
  auto head = [&](const std::vector<char>& b) {
    return std::span(reinterpret_cast<const std::byte*>(b.data()),
                     std::min<std::size_t>(b.size(), detail::kSuperblockBytes));
  };
  CHECK(std::to_integer<int>(head(bytes)[8]) == 2);  // libver V18: superblock version 2
  CHECK_NOTHROW(detail::check_superblock(head(bytes), size, "g.h5"));
  expect_error([&] { detail::check_superblock(head(bytes), size - 1, "g.h5"); }, "truncated");
  expect_error([&] { detail::check_superblock(head(bytes), size + 1, "g.h5"); }, "past the end");
  auto damaged = bytes;
  damaged[1] = 'X';
  expect_error([&] { detail::check_superblock(head(damaged), size, "g.h5"); }, "not an HDF5 file");
  damaged = bytes;
  damaged[8] = 1;
  expect_error([&] { detail::check_superblock(head(damaged), size, "g.h5"); },
               "no metadata checksums");
  damaged = bytes;
  damaged[9] = 4;
  expect_error([&] { detail::check_superblock(head(damaged), size, "g.h5"); }, "4-byte offsets");
  damaged = bytes;
  damaged[36 + 7] = 0x7f;  // root group address far beyond the end
  expect_error([&] { detail::check_superblock(head(damaged), size, "g.h5"); }, "outside the file");
  expect_error([&] { detail::check_superblock(head(bytes).first(20), size, "g.h5"); }, "too short");
}
