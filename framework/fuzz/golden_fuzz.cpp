// libFuzzer target for everything parity does with golden-file bytes: an input that starts with
// the HDF5 signature is a whole golden file, opened and read through GoldenReader (every rule of
// the reader: storage inside the file, no filters, declared sizes against the file, attribute
// types, JSON limits, checksums); any other input drives one of the pre-parse paths: the MANIFEST
// parser, the superblock check, schema v1 validation of root and dataset attributes (fed as
// structured in-memory values, the way the reader hands them over), storage facts, recipe JSON,
// bounded JSON and the case-name mapping. Expected rejections are parity::Error exceptions;
// anything else (a crash, a sanitizer report, another exception, a hang) is a finding.
#include <fuzzer/FuzzedDataProvider.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "golden/schema_validation.hpp"
#include "parity/bounded_json.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"
#include "parity/golden_schema.hpp"
#include "parity/manifest.hpp"
#include "parity/rng.hpp"

namespace {

using parity::detail::AttributeMap;
using parity::detail::AttributeValue;

// Keys schema v1 knows, so the fuzzer reaches deep validation quickly; plus random ones.
const char* const kKeys[] = {"schema",          "schema_major",
                             "schema_minor",    "kind",
                             "suite",           "case",
                             "created",         "parity_version",
                             "backend",         "device_name",
                             "architecture",    "warp_size",
                             "driver_version",  "runtime_version",
                             "compiler",        "compiler_flags",
                             "source_commit",   "seed",
                             "launch_geometry", "params",
                             "dtype",           "encoding",
                             "shape",           "nbytes",
                             "checksum",        "policy",
                             "recipe"};

// Strings that make valid-looking values likely.
const char* const kWords[] = {"parity-golden",
                              "golden",
                              "result",
                              "float16",
                              "bfloat16",
                              "float8_e4m3fnuz",
                              "complex64",
                              "bool",
                              "native",
                              "raw_bits",
                              "recipe",
                              "xxh3-128:99aa06d3014798d86001c324468d497f",
                              "{}",
                              R"({"max_ulp":2})",
                              R"({"algorithm":"philox4x32-10","seed":1,"stream":2,)"
                              R"("distribution":"normal","mean":0,"stddev":1})"};

AttributeValue value(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 5)) {
    case 0:
      return in.PickValueInArray(kWords) + std::string();
    case 1:
      return in.ConsumeRandomLengthString(256);
    case 2:
      return in.ConsumeIntegral<std::int32_t>();
    case 3:
      return in.ConsumeIntegral<std::uint64_t>();
    case 4: {
      std::vector<std::int64_t> dims(in.ConsumeIntegralInRange<std::size_t>(0, 40));
      for (auto& d : dims) d = in.ConsumeIntegralInRange<std::int64_t>(-2, 1 << 20);
      return dims;
    }
    default:
      return parity::detail::UnsupportedAttribute{"fuzzed"};
  }
}

AttributeMap attributes(FuzzedDataProvider& in) {
  AttributeMap m;
  const int n = in.ConsumeIntegralInRange(0, 30);
  for (int i = 0; i < n; ++i) {
    std::string key = in.ConsumeBool() ? std::string(in.PickValueInArray(kKeys))
                                       : in.ConsumeRandomLengthString(16);
    m[key] = value(in);
  }
  return m;
}

}  // namespace

// Writes the input to one scratch file per process and reads it as a golden.
void read_golden_file(const std::uint8_t* data, std::size_t size) {
  static std::string path = [] {
    char name[] = "/tmp/parity-golden-fuzz-XXXXXX";
    const int fd = ::mkstemp(name);
    if (fd >= 0) ::close(fd);
    std::atexit([] { ::unlink(path.c_str()); });
    return std::string(name);
  }();
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return;
  std::fwrite(data, 1, size, f);
  std::fclose(f);
  try {
    parity::GoldenReader r = parity::GoldenReader::open(path);
    r.verify_all();
    for (const auto& d : r.datasets())
      if (d.nbytes <= (std::uint64_t{64} << 20)) (void)r.read(d.path());
  } catch (const parity::Error&) {
    // an expected rejection
  }
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const unsigned char kHdf5[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  if (size >= 8 && std::memcmp(data, kHdf5, 8) == 0) {
    read_golden_file(data, size);
    return 0;
  }
  FuzzedDataProvider in(data, size);
  try {
    switch (in.ConsumeIntegralInRange(0, 6)) {
      case 0: {
        parity::Manifest m = parity::Manifest::parse(in.ConsumeRemainingBytesAsString());
        // Whatever parses must serialize and parse back to the same entries.
        if (parity::Manifest::parse(m.serialize()).entries() != m.entries()) __builtin_trap();
        break;
      }
      case 1: {
        const auto file_size = in.ConsumeIntegral<std::uint64_t>();
        auto head = in.ConsumeRemainingBytes<std::byte>();
        parity::detail::check_superblock(head, file_size, "fuzz.h5");
        break;
      }
      case 2: {
        AttributeMap m = attributes(in);
        parity::detail::validate_root_attributes(m, "fuzz");
        break;
      }
      case 3: {
        const auto role =
            in.ConsumeBool() ? parity::TensorRole::kInput : parity::TensorRole::kOutput;
        const std::string name = in.ConsumeBool() ? "y" : in.ConsumeRandomLengthString(40);
        AttributeMap m = attributes(in);
        parity::DatasetInfo info =
            parity::detail::validate_dataset_attributes(m, role, name, "fuzz");
        parity::detail::StorageFacts facts;
        facts.null_space = in.ConsumeBool();
        facts.dims =
            in.ConsumeBool() ? info.shape : parity::Shape{in.ConsumeIntegral<std::int32_t>()};
        facts.type_matches = in.ConsumeBool();
        facts.type_description = "fuzzed type";
        parity::detail::check_dataset_storage(info, facts, "fuzz");
        break;
      }
      case 4: {
        parity::Recipe r = parity::Recipe::from_json(in.ConsumeRemainingBytesAsString());
        // Whatever parses must print and parse back to the same recipe.
        if (!(parity::Recipe::from_json(r.to_json()) == r)) __builtin_trap();
        break;
      }
      case 5: {
        // The depth scan must agree with the parser: what it lets through parses or is refused
        // as JSON, never crashes dump() (which recurses).
        const std::string text = in.ConsumeRemainingBytesAsString();
        const nlohmann::json j = parity::parse_bounded_json(text, "fuzz");
        (void)parity::dump_json(j);
        break;
      }
      default: {
        const std::string suite = in.ConsumeRandomLengthString(20);
        const std::string name = in.ConsumeRemainingBytesAsString();
        auto path = parity::golden_relative_path(suite, name);
        // Every segment of the mapped path decodes back to the original text.
        std::vector<std::string> parts;
        for (const auto& part : path) parts.push_back(part.string());
        if (parts.size() < 2 || !parts.back().ends_with(".h5")) __builtin_trap();
        parts.back().resize(parts.back().size() - 3);
        std::string rebuilt;
        for (std::size_t i = 1; i < parts.size(); ++i) {
          auto decoded = parity::decode_path_segment(parts[i]);
          if (!decoded) __builtin_trap();
          rebuilt += (i == 1 ? "" : "/") + *decoded;
        }
        if (rebuilt != name) __builtin_trap();
        break;
      }
    }
  } catch (const parity::Error&) {
    // an expected rejection
  }
  return 0;
}
