// Round trips through GoldenWriter/GoldenReader for every dtype and layout, chunk streaming, and
// every kind of bad input the reader must refuse with a clear message (never a crash).
// Oracle for round trips: the bytes that went in (and, for recipes, generate()).
#include "parity/golden_reader.hpp"

#include <sys/stat.h>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/generators/catch_generators_range.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <functional>

#include "golden_surgery.hpp"
#include "golden_test_support.hpp"
#include "parity/error.hpp"
#include "parity/golden_writer.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;
using testing::ScratchDir;

namespace {

// Expects GoldenError whose message contains every fragment.
template <class F>
void expect_golden_error(F&& f, std::initializer_list<std::string_view> fragments) {
  try {
    f();
    FAIL("no GoldenError was thrown");
  } catch (const GoldenError& e) {
    for (auto frag : fragments) CHECK_THAT(e.what(), ContainsSubstring(std::string(frag)));
  }
}

std::filesystem::path write_simple(const ScratchDir& dir, const std::string& name = "g.h5",
                                   GoldenWriteOptions options = {}) {
  GoldenWriter w(dir / name, testing::test_provenance(), options);
  w.add_input("x", testing::sample(DType::kFloat32, {4, 5}));
  w.add_output("y", testing::sample(DType::kFloat16, {4, 5}, 2), R"({"max_ulp":2})");
  w.commit();
  return dir / name;
}

}  // namespace

TEST_CASE("every dtype round-trips bit-exactly, contiguous and chunked", "[golden]") {
  const DType dtype = GENERATE(from_range(all_dtypes().begin(), all_dtypes().end()));
  const std::size_t chunk_bytes = GENERATE(std::size_t{4} << 20, std::size_t{100});
  ScratchDir dir;
  const Shape shape{7, 3, 5};
  Tensor in = testing::sample(dtype, shape, 3);
  Tensor out = testing::sample(dtype, shape, 4);
  {
    GoldenWriteOptions o;
    o.chunk_bytes = chunk_bytes;
    GoldenWriter w(dir / "all.h5", testing::test_provenance(), o);
    w.add_input("in", in);
    w.add_output("out", out, R"({"rtol":0.01})");
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "all.h5");
  INFO(name(dtype) << " chunk_bytes " << chunk_bytes);
  REQUIRE(r.datasets().size() == 2);
  const DatasetInfo& di = r.dataset("inputs/in");
  CHECK(di.dtype == dtype);
  CHECK(di.shape == shape);
  CHECK(di.encoding == storage_encoding(dtype));
  CHECK(di.nbytes == in.nbytes());
  CHECK(di.checksum.text() == "xxh3-128:" + xxh3_128_hex(in.bytes()));
  CHECK(di.chunk_shape.empty() == (chunk_bytes > in.nbytes()));
  CHECK(r.dataset("outputs/out").policy == R"({"rtol":0.01})");
  CHECK(testing::same_bytes(r.read("in"), in));
  CHECK(testing::same_bytes(r.read("outputs/out"), out));
}

TEST_CASE("provenance round-trips", "[golden]") {
  ScratchDir dir;
  Provenance p = testing::test_provenance("softmax/f16/4096x1024");
  p.kind = FileKind::kResult;
  p.backend = "hip";
  p.device_name = "AMD Instinct MI300X";
  p.architecture = "gfx942";
  p.warp_size = 64;
  p.driver_version = "6.2";
  p.runtime_version = "6.2.41133";
  p.compiler = "hipcc 6.2";
  p.compiler_flags = "-O3 --offload-arch=gfx942";
  p.source_commit = "90c46c9";
  p.seed = 0xFFFFFFFFFFFFFFFFull;
  {
    GoldenWriter w(dir / "p.h5", p);
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "p.h5");
  CHECK(r.provenance() == p);
  CHECK(r.schema_major() == 1);
  CHECK(r.schema_minor() == 0);
  CHECK(r.datasets().empty());
}

TEST_CASE("large params JSON goes to /meta/params.json", "[golden]") {
  ScratchDir dir;
  Provenance p = testing::test_provenance();
  p.params = R"({"blob":")" + std::string(40000, 'a') + R"("})";
  {
    GoldenWriter w(dir / "p.h5", p);
    w.commit();
  }
  CHECK(GoldenReader::open(dir / "p.h5").provenance().params == p.params);
}

TEST_CASE("scalars, empty tensors and strided views", "[golden]") {
  ScratchDir dir;
  Tensor scalar = testing::sample(DType::kFloat64, {});
  Tensor empty(DType::kBFloat16, {0, 4});
  Tensor base = testing::sample(DType::kInt32, {4, 6});
  // A transposed view of base: strides {1, 6}.
  TensorView transposed(DType::kInt32, {6, 4}, {1, 6}, base.data());
  {
    GoldenWriter w(dir / "s.h5", testing::test_provenance());
    w.add_input("scalar", scalar);
    w.add_input("empty", empty);
    w.add_output("t", transposed);
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "s.h5");
  CHECK(testing::same_bytes(r.read("scalar"), scalar));
  CHECK(r.read("empty").numel() == 0);
  Tensor t = r.read("t");
  REQUIRE(t.shape() == Shape{6, 4});
  auto v = t.as<std::int32_t>();
  auto b = base.as<std::int32_t>();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 4; ++j)
      CHECK(v[static_cast<std::size_t>(i * 4 + j)] == b[static_cast<std::size_t>(j * 6 + i)]);
}

TEST_CASE("recipe inputs regenerate and verify their bytes", "[golden]") {
  ScratchDir dir;
  Recipe recipe{5, stream_id("x"), gen::normal(0, 3)};
  {
    GoldenWriter w(dir / "r.h5", testing::test_provenance());
    w.add_input_recipe("x", recipe, DType::kFloat16, {64, 33});
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "r.h5");
  const DatasetInfo& info = r.dataset("x");
  CHECK(info.encoding == Encoding::kRecipe);
  REQUIRE(info.recipe.has_value());
  CHECK(*info.recipe == recipe);
  Tensor expected = generate(recipe, DType::kFloat16, {64, 33});
  CHECK(testing::same_bytes(r.read("x"), expected));
  // Streaming a recipe in pieces gives the same bytes.
  TensorStream s = r.stream("x", 1000);
  std::vector<std::byte> all;
  while (auto c = s.next()) all.insert(all.end(), c->bytes.begin(), c->bytes.end());
  CHECK(std::memcmp(all.data(), expected.data(), expected.nbytes()) == 0);
}

TEST_CASE("streams deliver contiguous chunks in order with bounded buffers", "[golden]") {
  ScratchDir dir;
  const std::size_t chunk_bytes = GENERATE(std::size_t{4} << 20, std::size_t{256});
  Tensor t = testing::sample(DType::kFloat32, {37, 11, 3});
  GoldenWriteOptions o;
  o.chunk_bytes = chunk_bytes;
  {
    GoldenWriter w(dir / "s.h5", testing::test_provenance(), o);
    w.add_output("y", t);
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "s.h5");
  for (std::size_t max_bytes :
       {std::size_t{4}, std::size_t{100}, std::size_t{1000}, std::size_t{1} << 20}) {
    TensorStream s = r.stream("y", max_bytes);
    std::int64_t expect_offset = 0;
    while (auto c = s.next()) {
      CHECK(c->offset == expect_offset);
      CHECK(c->bytes.size() <= std::max<std::size_t>(max_bytes, 4));
      CHECK(c->bytes.size() == static_cast<std::size_t>(c->count) * 4);
      CHECK(std::memcmp(c->bytes.data(), t.data() + expect_offset * 4, c->bytes.size()) == 0);
      expect_offset += c->count;
    }
    CHECK(expect_offset == t.numel());
  }
}

TEST_CASE("TensorSink writes in arbitrary pieces", "[golden]") {
  ScratchDir dir;
  Tensor t = testing::sample(DType::kBFloat16, {50, 9});
  GoldenWriteOptions o;
  o.chunk_bytes = 64;
  {
    GoldenWriter w(dir / "k.h5", testing::test_provenance(), o);
    TensorSink sink = w.begin_output("y", DType::kBFloat16, {50, 9}, R"({"max_ulp":1})");
    auto bytes = t.bytes();
    std::size_t pos = 0, step = 1;
    while (pos < bytes.size()) {
      const std::size_t n = std::min(step, bytes.size() - pos);
      sink.write(bytes.subspan(pos, n));
      pos += n;
      step = step * 3 + 1;  // odd sizes, splitting elements
    }
    sink.finish();
    w.commit();
  }
  CHECK(testing::same_bytes(GoldenReader::open(dir / "k.h5").read("y"), t));
}

TEST_CASE("dataset lookup by path and by unique name", "[golden]") {
  ScratchDir dir;
  {
    GoldenWriter w(dir / "n.h5", testing::test_provenance());
    w.add_input("a", testing::sample(DType::kFloat32, {2}));
    w.add_input("both", testing::sample(DType::kFloat32, {2}));
    w.add_output("both", testing::sample(DType::kFloat32, {2}));
    w.commit();
  }
  GoldenReader r = GoldenReader::open(dir / "n.h5");
  CHECK(r.find("a") == r.find("inputs/a"));
  CHECK(r.find("nope") == nullptr);
  CHECK(r.find("outputs/both")->role == TensorRole::kOutput);
  expect_golden_error([&] { r.find("both"); }, {"both an input and an output"});
  expect_golden_error([&] { r.dataset("missing"); },
                      {"has no tensor \"missing\"", "inputs/a", "outputs/both"});
}

// ---- bad input -----------------------------------------------------------------------------

TEST_CASE("a file that is not HDF5 is refused before HDF5 parses it", "[golden][bad]") {
  ScratchDir dir;
  testing::write_bytes(dir / "text.h5", std::vector<char>(1000, 'x'));
  expect_golden_error([&] { GoldenReader::open(dir / "text.h5"); },
                      {"text.h5", "not an HDF5 file"});
  testing::write_bytes(dir / "empty.h5", {});
  expect_golden_error([&] { GoldenReader::open(dir / "empty.h5"); }, {"empty.h5"});
  expect_golden_error([&] { GoldenReader::open(dir / "missing.h5"); },
                      {"missing.h5", "No such file"});
  expect_golden_error([&] { GoldenReader::open(dir.path()); }, {"not a regular file"});
}

TEST_CASE("truncated files are refused, at every length", "[golden][bad]") {
  ScratchDir dir;
  auto path = write_simple(dir);
  const auto bytes = testing::read_bytes(path);
  for (std::size_t keep : {std::size_t{0}, std::size_t{7}, std::size_t{47}, std::size_t{48},
                           std::size_t{500}, bytes.size() / 2, bytes.size() - 1}) {
    INFO("kept " << keep << " of " << bytes.size());
    testing::write_bytes(dir / "cut.h5",
                         std::vector<char>(bytes.begin(), bytes.begin() + static_cast<long>(keep)));
    expect_golden_error([&] { GoldenReader::open(dir / "cut.h5"); }, {"cut.h5"});
  }
  // Appended junk is caught too (the superblock records the end of file).
  auto longer = bytes;
  longer.push_back('x');
  testing::write_bytes(dir / "long.h5", longer);
  expect_golden_error([&] { GoldenReader::open(dir / "long.h5"); }, {"past the end"});
}

TEST_CASE("a bit flip in tensor data fails its checksum", "[golden][bad]") {
  ScratchDir dir;
  const std::size_t chunk_bytes = GENERATE(std::size_t{4} << 20, std::size_t{32});
  Tensor t = testing::sample(DType::kFloat32, {64});
  GoldenWriteOptions o;
  o.chunk_bytes = chunk_bytes;
  {
    GoldenWriter w(dir / "d.h5", testing::test_provenance(), o);
    w.add_output("y", t);
    w.commit();
  }
  // Locate element 40's bytes in the file and flip one bit.
  auto bytes = testing::read_bytes(dir / "d.h5");
  std::string_view needle(reinterpret_cast<const char*>(t.data()) + 160, 8);
  auto at = testing::find_in_file(dir / "d.h5", needle);
  REQUIRE(at > 0);
  bytes[static_cast<std::size_t>(at)] ^= 0x10;
  testing::write_bytes(dir / "d.h5", bytes);
  GoldenReader r = GoldenReader::open(dir / "d.h5");  // metadata intact: opens
  expect_golden_error([&] { r.read("y"); }, {"d.h5", "/outputs/y", "checksum mismatch"});
  expect_golden_error(
      [&] {
        TensorStream s = r.stream("y", 64);
        while (s.next()) {
        }
      },
      {"checksum mismatch"});
  // With checksums off (only legitimate after a manifest check) the corrupt value comes through.
  GoldenOpenOptions no_verify;
  no_verify.verify_checksums = false;
  CHECK_FALSE(testing::same_bytes(GoldenReader::open(dir / "d.h5", no_verify).read("y"), t));
}

TEST_CASE("bit flips in metadata are caught by HDF5's metadata checksums", "[golden][bad]") {
  ScratchDir dir;
  auto path = write_simple(dir);
  const auto bytes = testing::read_bytes(path);
  // Flip a byte inside an attribute value ("float16" of the dtype attribute) and in the
  // superblock's root address.
  for (std::string_view needle : {std::string_view("float16"), std::string_view("unit/case")}) {
    auto at = testing::find_in_file(path, needle);
    REQUIRE(at > 0);
    auto damaged = bytes;
    damaged[static_cast<std::size_t>(at) + 2] ^= 0x01;
    testing::write_bytes(dir / "m.h5", damaged);
    INFO(needle);
    expect_golden_error([&] { GoldenReader::open(dir / "m.h5"); }, {"m.h5"});
  }
  auto damaged = bytes;
  damaged[36] ^= 0x01;  // root group object header address
  testing::write_bytes(dir / "m.h5", damaged);
  expect_golden_error([&] { GoldenReader::open(dir / "m.h5"); }, {"m.h5"});
}

TEST_CASE("the manifest entry is checked before parsing", "[golden][bad]") {
  ScratchDir dir;
  auto path = write_simple(dir);
  ManifestEntry good = manifest_entry_for(dir.path(), "g.h5");
  GoldenOpenOptions o;
  o.expected = good;
  CHECK_NOTHROW(GoldenReader::open(path, o));
  ManifestEntry wrong_size = good;
  wrong_size.size += 1;
  o.expected = wrong_size;
  expect_golden_error([&] { GoldenReader::open(path, o); }, {"g.h5", "MANIFEST lists"});
  ManifestEntry wrong_hash = good;
  wrong_hash.sha256[0] = wrong_hash.sha256[0] == '0' ? '1' : '0';
  o.expected = wrong_hash;
  expect_golden_error([&] { GoldenReader::open(path, o); }, {"does not match MANIFEST"});
}

TEST_CASE("foreign HDF5 files are refused with a reason", "[golden][bad]") {
  ScratchDir dir;
  // An HDF5 file with the old superblock (no metadata checksums): written by h5py defaults etc.
  {
    auto path = write_simple(dir);
    auto bytes = testing::read_bytes(path);
    bytes[8] = 0;  // superblock version 0
    testing::write_bytes(dir / "v0.h5", bytes);
    expect_golden_error([&] { GoldenReader::open(dir / "v0.h5"); },
                        {"superblock version 0", "no metadata checksums"});
  }
}

TEST_CASE("schema, attribute and storage defects are named precisely", "[golden][bad]") {
  ScratchDir dir;
  struct Defect {
    const char* label;
    std::function<void(testing::Surgery&)> damage;
    std::vector<std::string_view> message;
  };
  const std::vector<Defect> defects = {
      {"newer schema major",
       [](auto& s) { s.set_int("/", "schema_major", 2); },
       {"schema 2.0", "upgrade parity"}},
      {"newer schema minor is fine", [](auto& s) { s.set_int("/", "schema_minor", 7); }, {}},
      {"foreign schema",
       [](auto& s) { s.set_string("/", "schema", "kgold"); },
       {"not a parity golden file", "kgold"}},
      {"no schema at all",
       [](auto& s) { s.delete_attribute("/", "schema"); },
       {"not a parity golden file"}},
      {"missing root attribute",
       [](auto& s) { s.delete_attribute("/", "backend"); },
       {"attribute 'backend' is missing"}},
      {"variable-length string",
       [](auto& s) { s.set_variable_string("/", "suite", "unit"); },
       {"'suite' must be a fixed-length string", "variable-length"}},
      {"missing dataset attribute",
       [](auto& s) { s.delete_attribute("/outputs/y", "checksum"); },
       {"/outputs/y", "attribute 'checksum' is missing"}},
      {"dtype disagrees with the stored type",
       [](auto& s) { s.set_string("/outputs/y", "dtype", "bfloat16"); },
       {"/outputs/y", "says bfloat16", "stored HDF5 type is 16-bit float (5 exponent bits"}},
      {"dtype of another size",
       [](auto& s) { s.set_string("/inputs/x", "dtype", "float64"); },
       {"/inputs/x", "'nbytes' is 80"}},
      {"unknown dtype",
       [](auto& s) { s.set_string("/inputs/x", "dtype", "float7"); },
       {"\"float7\", which is not an ml_dtypes name"}},
      {"wrong encoding",
       [](auto& s) { s.set_string("/inputs/x", "encoding", "raw_bits"); },
       {"schema v1 stores float32 as \"native\""}},
      {"shape disagrees with the dataspace",
       [](auto& s) {
         s.set_int64_array("/inputs/x", "shape", {5, 4});
       },
       {"/inputs/x", "dataspace is 4x5 but attribute 'shape' says 5x4"}},
      {"bad policy JSON",
       [](auto& s) { s.set_string("/outputs/y", "policy", "{max_ulp"); },
       {"'policy' is not valid JSON"}},
      {"missing group", [](auto& s) { s.delete_link("/inputs"); }, {"group /inputs is missing"}},
      {"soft link",
       [](auto& s) { s.soft_link("/inputs/x", "/outputs/z"); },
       {"/outputs/z is a soft link"}},
      {"group inside /outputs",
       [](auto& s) { s.create_group("/outputs/sub"); },
       {"/outputs/sub is not a dataset"}},
      {"dataset without attributes",
       [](auto& s) { s.create_bare_dataset("/outputs/bare"); },
       {"/outputs/bare", "attribute 'dtype' is missing"}},
  };
  for (const Defect& d : defects) {
    INFO(d.label);
    auto path = write_simple(dir, "d.h5", {.overwrite = true});
    {
      testing::Surgery s(path);
      d.damage(s);
    }
    if (d.message.empty()) {
      CHECK_NOTHROW(GoldenReader::open(path));
      continue;
    }
    try {
      GoldenReader::open(path);
      FAIL("opened a file with: " << d.label);
    } catch (const GoldenError& e) {
      CHECK_THAT(e.what(), ContainsSubstring("d.h5"));
      for (auto frag : d.message) CHECK_THAT(e.what(), ContainsSubstring(std::string(frag)));
    }
  }
}

TEST_CASE("data outside the file, filters and undeclared data are refused", "[golden][bad]") {
  ScratchDir dir;
  testing::write_bytes(dir / "outside.bin", std::vector<char>(80, 'o'));
  const std::string outside = (dir / "outside.bin").string();
  struct Storage {
    const char* label;
    std::function<void(testing::Surgery&)> damage;
    std::vector<std::string_view> message;
  };
  const std::vector<Storage> cases = {
      {"external storage",
       [&](auto& s) {
         s.restore_dataset(
             "/inputs/x", {4, 5},
             [&](hid_t dcpl) { H5Pset_external(dcpl, outside.c_str(), 0, 80); }, /*write=*/false);
       },
       {"/inputs/x", "uses external storage", "outside.bin"}},
      {"a deflate filter",
       [](auto& s) {
         s.restore_dataset("/inputs/x", {4, 5}, [](hid_t dcpl) {
           hsize_t chunk[2] = {4, 5};
           H5Pset_chunk(dcpl, 2, chunk);
           H5Pset_deflate(dcpl, 6);
         });
       },
       {"/inputs/x", "HDF5 filter 'deflate'"}},
      {"compact layout",
       [](auto& s) {
         s.restore_dataset("/inputs/x", {4, 5},
                           [](hid_t dcpl) { H5Pset_layout(dcpl, H5D_COMPACT); });
       },
       {"/inputs/x", "compact layout"}},
      {"declared but never written",
       [](auto& s) {
         s.restore_dataset(
             "/inputs/x", {4, 5}, [](hid_t) {}, /*write=*/false);
       },
       {"/inputs/x", "declares 80 bytes of data but stores 0"}},
      {"a chunk shape schema v1 never writes",
       [](auto& s) {
         s.restore_dataset("/inputs/x", {4, 5}, [](hid_t dcpl) {
           hsize_t chunk[2] = {2, 2};
           H5Pset_chunk(dcpl, 2, chunk);
         });
       },
       {"/inputs/x", "chunk shape 2x2"}},
      {"/outputs as an external link",
       [&](auto& s) {
         s.move_link("/outputs", "/kept");
         s.external_link((dir / "other.h5").c_str(), "/outputs", "/outputs");
       },
       {"group /outputs is an external link"}},
      {"/inputs as a soft link",
       [](auto& s) {
         s.move_link("/inputs", "/kept");
         s.soft_link("/kept", "/inputs");
       },
       {"group /inputs is a soft link"}},
  };
  write_simple(dir, "other.h5");
  for (const Storage& c : cases) {
    INFO(c.label);
    auto path = write_simple(dir, "s.h5", {.overwrite = true});
    {
      testing::Surgery s(path);
      c.damage(s);
    }
    try {
      GoldenReader::open(path).verify_all();
      FAIL("read a file with " << c.label);
    } catch (const GoldenError& e) {
      for (auto frag : c.message) CHECK_THAT(e.what(), ContainsSubstring(std::string(frag)));
    }
  }
}

TEST_CASE("only regular files are opened, and a golden must be its case's", "[golden][bad]") {
  ScratchDir dir;
  auto path = write_simple(dir);
  std::filesystem::create_symlink(path, dir / "link.h5");
  REQUIRE(::mkfifo((dir / "fifo.h5").c_str(), 0600) == 0);
  expect_golden_error([&] { GoldenReader::open(dir / "link.h5"); }, {"link.h5", "symbolic link"});
  expect_golden_error([&] { GoldenReader::open(dir / "fifo.h5"); }, {"fifo.h5", "a FIFO"});
  expect_golden_error([&] { GoldenReader::open("/dev/zero"); }, {"a character device"});
  // In a golden folder: reached without links, at the path of its suite and case.
  std::filesystem::create_directories(dir / "root/unit");
  std::filesystem::copy_file(path, dir / "root/unit/case.h5");
  std::filesystem::copy_file(path, dir / "root/unit/other.h5");
  const Folder root = Folder::open(dir / "root");
  CHECK_NOTHROW(GoldenReader::open(root, "unit/case.h5"));
  expect_golden_error([&] { GoldenReader::open(root, "unit/other.h5"); },
                      {"holds suite 'unit' case 'unit/case'", "not unit/other.h5"});
  GoldenOpenOptions result_only;
  result_only.kind = FileKind::kResult;
  expect_golden_error([&] { GoldenReader::open(root, "unit/case.h5", result_only); },
                      {"is a golden file; a result file belongs here"});
}
