// Writes golden files for the interop (h5py, h5dump) and CLI tests, which are Python scripts:
//   parity_golden_fixtures dtypes DIR   one file per dtype + the values parity decodes
//   parity_golden_fixtures diff DIR     pairs of files for `parity diff`
//   parity_golden_fixtures bad DIR      damaged files and golden trees for error paths
#include <hdf5.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "parity/float_format.hpp"
#include "parity/golden.hpp"
#include "parity/rng.hpp"

namespace fs = std::filesystem;
using namespace parity;

namespace {

Provenance provenance(const std::string& case_name) {
  Provenance p = Provenance::for_this_host();
  p.suite = "fixtures";
  p.case_name = case_name;
  p.seed = 7;
  p.params = R"({"purpose":"interop and CLI tests"})";
  return p;
}

GoldenWriteOptions replace(std::size_t chunk_bytes = std::size_t{4} << 20) {
  GoldenWriteOptions o;
  o.overwrite = true;
  o.chunk_bytes = chunk_bytes;
  return o;
}

// Every bit pattern of a <= 16-bit format (e2m1fn: its 16 codes), else a sample with specials.
Tensor every_value(DType dtype) {
  const FloatFormat* fmt = float_format(component_dtype(dtype));
  if (fmt != nullptr && !is_complex(dtype) && fmt->bits <= 16) {
    const std::int64_t n = std::int64_t{1} << fmt->bits;
    Tensor t(dtype, {n});
    for (std::int64_t i = 0; i < n; ++i) {
      if (size_bytes(dtype) == 1) {
        t.data()[i] = static_cast<std::byte>(i);
      } else {
        const auto v = static_cast<std::uint16_t>(i);
        std::memcpy(t.data() + 2 * i, &v, 2);
      }
    }
    return t;
  }
  Recipe r{3, 0, gen::special_mix(0.2, -1e3, 1e3)};
  if (is_integral(dtype)) r.distribution = gen::uniform_int(-100000, 100000);
  if (dtype == DType::kBool) r.distribution = gen::bernoulli(0.5);
  return generate(r, dtype, {1000});
}

// The values parity decodes, as float64 (complex: real, imag interleaved; ints: the value).
std::vector<double> decoded(const Tensor& t) {
  const DType d = t.dtype();
  std::vector<double> out;
  const std::size_t esize = size_bytes(component_dtype(d));
  const std::size_t parts = is_complex(d) ? 2 : 1;
  for (std::int64_t i = 0; i < t.numel(); ++i) {
    for (std::size_t p = 0; p < parts; ++p) {
      const std::byte* e = t.data() + (static_cast<std::size_t>(i) * parts + p) * esize;
      std::uint64_t bits = 0;
      std::memcpy(&bits, e, esize);
      double v = 0;
      switch (component_dtype(d)) {
        case DType::kInt8:
          v = static_cast<std::int8_t>(bits);
          break;
        case DType::kInt16:
          v = static_cast<std::int16_t>(bits);
          break;
        case DType::kInt32:
          v = static_cast<std::int32_t>(bits);
          break;
        case DType::kInt64:
          v = static_cast<double>(static_cast<std::int64_t>(bits));
          break;
        case DType::kUInt8:
        case DType::kUInt16:
        case DType::kUInt32:
        case DType::kUInt64:
        case DType::kBool:
          v = static_cast<double>(bits);
          break;
        default:
          v = decode(*float_format(component_dtype(d)), bits);
          break;
      }
      out.push_back(v);
    }
  }
  return out;
}

void write_dtypes(const fs::path& dir) {
  fs::create_directories(dir);
  for (DType d : all_dtypes()) {
    const std::string n(name(d));
    Tensor t = every_value(d);
    {
      GoldenWriter w(dir / (n + ".h5"), provenance("dtypes/" + n), replace(64));
      w.add_input("x", t);  // chunked (64-byte chunks) unless 64 bytes or less
      w.add_output("y", t, R"({"max_ulp":0})");
      w.add_input_recipe("r", Recipe{1, 2, gen::normal(0, 1)}, d, {3, 4});
      w.commit();
    }
    auto values = decoded(t);
    std::ofstream out(dir / (n + ".decoded.f64"), std::ios::binary);
    out.write(reinterpret_cast<const char*>(values.data()),
              static_cast<std::streamsize>(values.size() * sizeof(double)));
  }
  std::printf("wrote %zu dtype files to %s\n", all_dtypes().size(), dir.c_str());
}

Tensor normal_f32(const Shape& shape, std::uint64_t stream) {
  return generate({11, stream, gen::normal(0, 1)}, DType::kFloat32, shape);
}

// Moves the element by `ulps` representable float32 values.
void nudge(float& v, int ulps) {
  for (int i = 0; i < std::abs(ulps); ++i)
    v = std::nextafter(v, ulps > 0 ? std::numeric_limits<float>::infinity()
                                   : -std::numeric_limits<float>::infinity());
}

void write_pair_member(const fs::path& file, const Tensor& y, const Tensor& z, const Tensor& x,
                       bool with_z = true, std::size_t chunk_bytes = std::size_t{4} << 20) {
  GoldenWriter w(file, provenance("diff/pair"), replace(chunk_bytes));
  w.add_input("x", x);
  w.add_output("y", y, R"({"max_ulp":2})");
  if (with_z) w.add_output("z", z);  // no stored policy: exact
  w.commit();
}

void write_diff(const fs::path& dir) {
  fs::create_directories(dir);
  const Tensor y = normal_f32({64, 128}, 1);
  const Tensor z = generate({11, 2, gen::uniform(-1, 1)}, DType::kBFloat16, {100});
  const Tensor x = generate({11, 3, gen::normal(0, 1)}, DType::kFloat16, {8, 8});
  write_pair_member(dir / "a.h5", y, z, x);
  write_pair_member(dir / "same.h5", y, z, x, true, 1024);  // chunked, same values
  {
    Tensor y1(DType::kFloat32, y.shape());
    std::memcpy(y1.data(), y.data(), y.nbytes());
    auto v = y1.as<float>();
    for (std::size_t i = 0; i < v.size(); i += 97) nudge(v[i], (i % 2) ? 1 : -2);
    write_pair_member(dir / "ulp2.h5", y1, z, x);
    for (std::size_t i = 0; i < v.size(); i += 1001) nudge(v[i], 5);
    write_pair_member(dir / "ulp5.h5", y1, z, x);
  }
  {
    // Same outputs, an input one f16 ulp off in one element: another case, whatever --atol says.
    Tensor x1(DType::kFloat16, x.shape());
    std::memcpy(x1.data(), x.data(), x.nbytes());
    x1.as<f16>()[5].bits = static_cast<std::uint16_t>(x1.as<f16>()[5].bits + 1);
    write_pair_member(dir / "input_ulp1.h5", y, z, x1);
  }
  {
    Tensor lanes(DType::kFloat32, y.shape());
    std::memcpy(lanes.data(), y.data(), y.nbytes());
    auto v = lanes.as<float>();
    for (std::size_t i = 0; i < v.size(); ++i)
      if (i % 64 >= 32) v[i] = v[i] * 0.5f + 1.0f;  // lanes 32-63 wrong: warp-size bug
    write_pair_member(dir / "lanes.h5", lanes, z, x);
  }
  {
    Tensor transposed(DType::kFloat32, {128, 64});
    std::memcpy(transposed.data(), y.data(), y.nbytes());
    write_pair_member(dir / "shape.h5", transposed, z, x);
  }
  {
    Tensor ints = generate({1, 1, gen::uniform_int(-5, 5)}, DType::kInt32, y.shape());
    write_pair_member(dir / "dtype.h5", ints, z, x);
  }
  write_pair_member(dir / "missing.h5", y, z, x, /*with_z=*/false);
  {
    // The same fp8 values as OCP e4m3fn and as FNUZ e4m3fnuz: equal by value, different bytes.
    Tensor ocp = generate({5, 5, gen::uniform(-200, 200)}, DType::kFloat8E4M3FN, {256});
    Tensor fnuz(DType::kFloat8E4M3FNUZ, {256});
    const FloatFormat& fn = *float_format(DType::kFloat8E4M3FN);
    const FloatFormat& uz = *float_format(DType::kFloat8E4M3FNUZ);
    for (std::size_t i = 0; i < 256; ++i)
      fnuz.data()[i] = static_cast<std::byte>(
          encode(uz, decode(fn, std::to_integer<std::uint64_t>(ocp.data()[i]))));
    for (auto [file, t] : {std::pair{"fp8_ocp.h5", &ocp}, std::pair{"fp8_fnuz.h5", &fnuz}}) {
      GoldenWriter w(dir / file, provenance("diff/fp8"), replace());
      w.add_output("q", *t);
      w.commit();
    }
    // The classic mix-up: FNUZ bytes read as if they were OCP: every value doubles.
    GoldenWriter w(dir / "fp8_mixup.h5", provenance("diff/fp8"), replace());
    Tensor wrong(DType::kFloat8E4M3FN, {256});
    std::memcpy(wrong.data(), fnuz.data(), 256);
    w.add_output("q", wrong);
    w.commit();
  }
  std::printf("wrote diff fixtures to %s\n", dir.c_str());
}

// ---- damaged files -------------------------------------------------------------------------

void set_attr_int(const fs::path& file, const char* object, const char* name, int value) {
  hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  H5Adelete_by_name(f, object, name, H5P_DEFAULT);
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t a = H5Acreate_by_name(f, object, name, H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT,
                              H5P_DEFAULT);
  H5Awrite(a, H5T_NATIVE_INT, &value);
  H5Aclose(a);
  H5Sclose(space);
  H5Fclose(f);
}

void set_attr_string(const fs::path& file, const char* object, const char* name,
                     const std::string& value) {
  hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  H5Adelete_by_name(f, object, name, H5P_DEFAULT);
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, value.size());
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t a = H5Acreate_by_name(f, object, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, type, value.data());
  H5Aclose(a);
  H5Sclose(space);
  H5Tclose(type);
  H5Fclose(f);
}

void delete_attr(const fs::path& file, const char* object, const char* name) {
  hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  H5Adelete_by_name(f, object, name, H5P_DEFAULT);
  H5Fclose(f);
}

std::vector<char> slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const fs::path& p, const std::vector<char>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A golden of suite `suite`, case `case_name` (as a golden folder holds it: at its case's path).
void write_good(const fs::path& file, std::uint64_t stream = 4,
                const std::string& suite = "fixtures", const std::string& case_name = "bad/base") {
  Provenance p = provenance(case_name);
  p.suite = suite;
  GoldenWriter w(file, p, replace());
  w.add_input("x", normal_f32({16, 16}, stream));
  w.add_output("y", normal_f32({16, 16}, 5), R"({"max_ulp":1})");
  w.commit();
}

void write_tree(const fs::path& root, const std::vector<std::string>& files) {
  fs::create_directories(root);
  Manifest m;
  for (const auto& f : files) {
    fs::create_directories((root / f).parent_path());
    // "suite/sub/b.h5" holds suite "suite", case "sub/b": its place is its case's.
    const std::size_t slash = f.find('/');
    write_good(root / f, 4, f.substr(0, slash), f.substr(slash + 1, f.size() - slash - 4));
    m.upsert(manifest_entry_for(root, f));
  }
  m.save(root / "MANIFEST");
}

void write_bad(const fs::path& dir) {
  fs::create_directories(dir);
  write_good(dir / "good.h5");
  const auto bytes = slurp(dir / "good.h5");
  spit(dir / "truncated.h5", std::vector<char>(bytes.begin(), bytes.begin() + 1000));
  spit(dir / "text.h5", std::vector<char>(4000, 'x'));
  {
    // Flip one bit in the middle of y's data (its first float's bytes are found in the file).
    GoldenReader r = GoldenReader::open(dir / "good.h5");
    Tensor y = r.read("y");
    auto flipped = bytes;
    auto it = std::search(flipped.begin(), flipped.end(), reinterpret_cast<const char*>(y.data()),
                          reinterpret_cast<const char*>(y.data()) + 16);
    it[5] ^= 0x04;
    spit(dir / "flipped_data.h5", flipped);
  }
  for (const char* name :
       {"newer.h5", "foreign.h5", "dtype_disagrees.h5", "shape_attr.h5", "no_checksum.h5"})
    fs::copy_file(dir / "good.h5", dir / name, fs::copy_options::overwrite_existing);
  set_attr_int(dir / "newer.h5", "/", "schema_major", 2);
  set_attr_string(dir / "foreign.h5", "/", "schema", "someone-else");
  set_attr_string(dir / "dtype_disagrees.h5", "/outputs/y", "dtype", "int32");
  {
    hid_t f = H5Fopen((dir / "shape_attr.h5").c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    H5Adelete_by_name(f, "/outputs/y", "shape", H5P_DEFAULT);
    hsize_t n = 2;
    std::int64_t dims[2] = {8, 32};
    hid_t space = H5Screate_simple(1, &n, nullptr);
    hid_t a = H5Acreate_by_name(f, "/outputs/y", "shape", H5T_STD_I64LE, space, H5P_DEFAULT,
                                H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(a, H5T_NATIVE_INT64, dims);
    H5Aclose(a);
    H5Sclose(space);
    H5Fclose(f);
  }
  delete_attr(dir / "no_checksum.h5", "/outputs/y", "checksum");

  // Golden trees for `parity golden check`.
  write_tree(dir / "tree_ok", {"suite/a.h5", "suite/sub/b.h5"});
  write_tree(dir / "tree_stale", {"suite/a.h5"});
  write_good(dir / "tree_stale/suite/a.h5", 40, "suite", "a");  // other data: stale hash
  write_tree(dir / "tree_unlisted", {"suite/a.h5"});
  write_good(dir / "tree_unlisted/suite/extra.h5", 4, "suite", "extra");
  write_tree(dir / "tree_missing", {"suite/a.h5", "suite/gone.h5"});
  fs::remove(dir / "tree_missing/suite/gone.h5");
  write_tree(dir / "tree_no_manifest", {"suite/a.h5"});
  fs::remove(dir / "tree_no_manifest/MANIFEST");
  write_tree(dir / "tree_tmp", {"suite/a.h5"});
  spit(dir / "tree_tmp/suite/a.h5.tmp.123.00000000deadbeef", {'x'});
  write_tree(dir / "tree_corrupt", {"suite/a.h5"});
  {
    // Manifest updated to a corrupted file: the manifest passes, the dataset checksum does not.
    auto good = slurp(dir / "tree_corrupt/suite/a.h5");
    GoldenReader r = GoldenReader::open(dir / "tree_corrupt/suite/a.h5");
    Tensor y = r.read("y");
    auto it = std::search(good.begin(), good.end(), reinterpret_cast<const char*>(y.data()),
                          reinterpret_cast<const char*>(y.data()) + 16);
    it[3] ^= 0x01;
    spit(dir / "tree_corrupt/suite/a.h5", good);
    Manifest m = Manifest::load(dir / "tree_corrupt/MANIFEST");
    m.upsert(manifest_entry_for(dir / "tree_corrupt", "suite/a.h5"));
    m.save(dir / "tree_corrupt/MANIFEST");
  }
  fs::create_directories(dir / "tree_empty");
  Manifest().save(dir / "tree_empty/MANIFEST");
  std::printf("wrote bad fixtures to %s\n", dir.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s dtypes|diff|bad DIR\n", argv[0]);
    return 2;
  }
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const std::string what = argv[1];
  try {
    if (what == "dtypes")
      write_dtypes(argv[2]);
    else if (what == "diff")
      write_diff(argv[2]);
    else if (what == "bad")
      write_bad(argv[2]);
    else {
      std::fprintf(stderr, "unknown fixture set '%s'\n", argv[1]);
      return 2;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fixtures: %s\n", e.what());
    return 1;
  }
  return 0;
}
