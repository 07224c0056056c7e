#include "parity/golden_writer.hpp"

#include <unistd.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <system_error>
#include <vector>

#include "golden/atomic_file.hpp"
#include "golden/h5_attributes.hpp"
#include "golden/h5_handle.hpp"
#include "golden/h5_types.hpp"
#include "golden/slab_plan.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"

namespace parity {

using namespace detail::h5;  // NOLINT: the HDF5 layer's names read best unqualified here
using detail::Slab;
using detail::SlabPlan;

namespace {

// Root attributes up to this size are attributes; a larger params JSON goes to /meta/params.json.
constexpr std::size_t kMaxTextAttribute = std::size_t{16} << 10;

void check_json_text(std::string_view text, std::string_view what) {
  if (text.empty()) return;
  if (!nlohmann::json::accept(text))
    throw UsageError(std::string(what) + " is not valid JSON: " + std::string(text.substr(0, 80)));
}

void check_text_size(std::string_view text, std::string_view what) {
  if (text.size() > kMaxTextAttribute)
    throw UsageError(std::string(what) + " has " + std::to_string(text.size()) +
                     " bytes; golden attributes hold at most " + std::to_string(kMaxTextAttribute));
}

}  // namespace

struct GoldenWriter::Impl {
  std::filesystem::path target;
  std::filesystem::path temporary;
  GoldenWriteOptions options;
  File file;
  Group inputs, outputs;
  bool sink_open = false;
  bool poisoned = false;  // a failed write or an unfinished sink: commit must refuse
  bool committed = false;
  std::vector<std::string> names;  // "inputs/x", to refuse duplicates

  Where where(const std::string& object = "/") const { return {temporary.string(), object}; }

  void require_usable() const {
    if (committed)
      throw UsageError("golden writer for '" + target.string() + "' already committed");
    if (sink_open)
      throw UsageError("golden writer for '" + target.string() +
                       "': finish the open TensorSink before adding another tensor");
  }

  void claim_name(TensorRole role, std::string_view name) {
    check_tensor_name(name);
    std::string path = std::string(parity::name(role)) + "/" + std::string(name);
    for (const auto& n : names)
      if (n == path)
        throw UsageError("golden file '" + target.string() + "' already has a tensor " + path);
    names.push_back(path);
  }

  hid_t group_of(TensorRole role) const {
    return role == TensorRole::kInput ? inputs.get() : outputs.get();
  }

  // Creates the dataset (data not yet written) and its descriptive attributes.
  Dataset create_dataset(TensorRole role, std::string_view name, DType dtype, const Shape& shape,
                         bool recipe, std::string_view policy) {
    const std::string object = "/" + std::string(parity::name(role)) + "/" + std::string(name);
    const Where at = where(object);
    Datatype type = file_type(dtype);
    Dataspace space;
    if (recipe) {
      space = Dataspace(check(H5Screate(H5S_NULL), at, "cannot create a NULL dataspace"));
    } else if (shape.empty()) {
      space = Dataspace(check(H5Screate(H5S_SCALAR), at, "cannot create a scalar dataspace"));
    } else {
      std::vector<hsize_t> dims(shape.begin(), shape.end());
      space = Dataspace(check(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
                              at, "cannot create the dataspace"));
    }
    PropertyList dcpl(check(H5Pcreate(H5P_DATASET_CREATE), at, "cannot create a property list"));
    // Every byte gets written, so HDF5 need not pre-fill (that would double the write cost).
    check(H5Pset_fill_time(dcpl.get(), H5D_FILL_TIME_NEVER), at, "cannot set the fill time");
    const std::uint64_t nbytes =
        static_cast<std::uint64_t>(element_count(shape)) * size_bytes(dtype);
    if (!recipe && !shape.empty() && nbytes > options.chunk_bytes) {
      SlabPlan plan(shape, size_bytes(dtype), options.chunk_bytes);
      auto chunk = plan.slab_dims();
      check(H5Pset_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()), at,
            "cannot set the chunk shape");
    }
    Dataset ds(check(H5Dcreate2(group_of(role), std::string(name).c_str(), type.get(), space.get(),
                                H5P_DEFAULT, dcpl.get(), H5P_DEFAULT),
                     at, "cannot create the dataset"));
    write_string(ds.get(), "dtype", parity::name(dtype), at);
    write_string(ds.get(), "encoding",
                 parity::name(recipe ? Encoding::kRecipe : storage_encoding(dtype)), at);
    write_int64_array(ds.get(), "shape", shape, at);
    write_uint64(ds.get(), "nbytes", nbytes, at);
    if (!policy.empty()) write_string(ds.get(), "policy", policy, at);
    return ds;
  }
};

// ---- TensorSink ----------------------------------------------------------------------------

struct TensorSink::State {
  GoldenWriter::Impl* writer = nullptr;
  Dataset dataset;
  Datatype type;
  Where where;
  DType dtype = DType::kFloat32;
  SlabPlan plan;
  std::int64_t next_slab = 0;
  std::uint64_t expected = 0;
  std::uint64_t received = 0;
  std::vector<std::byte> pending;  // bytes of the current slab not yet written
  Xxh3Hasher hasher;
  bool finished = false;

  State(GoldenWriter::Impl* w, Dataset ds, DType d, const Shape& shape, Where at)
      : writer(w),
        dataset(std::move(ds)),
        type(file_type(d)),
        where(std::move(at)),
        dtype(d),
        plan(shape, size_bytes(d), w->options.chunk_bytes),
        expected(static_cast<std::uint64_t>(element_count(shape)) * size_bytes(d)) {}

  std::size_t slab_bytes(std::int64_t index) const {
    return static_cast<std::size_t>(plan.slab(index).count) * size_bytes(dtype);
  }

  void write_slab(const std::byte* data) {
    const Slab slab = plan.slab(next_slab);
    if (slab.start.empty()) {  // scalar
      check(H5Dwrite(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data), where,
            "cannot write the data (is the disk full?)");
    } else {
      Dataspace file_space(check(H5Dget_space(dataset.get()), where, "cannot get the dataspace"));
      check(H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, slab.start.data(), nullptr,
                                slab.extent.data(), nullptr),
            where, "cannot select a slab");
      Dataspace mem_space(
          check(H5Screate_simple(static_cast<int>(slab.extent.size()), slab.extent.data(), nullptr),
                where, "cannot create a memory dataspace"));
      check(
          H5Dwrite(dataset.get(), type.get(), mem_space.get(), file_space.get(), H5P_DEFAULT, data),
          where, "cannot write the data (is the disk full?)");
    }
    ++next_slab;
  }
};

TensorSink::TensorSink(std::unique_ptr<State> state) : state_(std::move(state)) {}
TensorSink::TensorSink(TensorSink&&) noexcept = default;
TensorSink& TensorSink::operator=(TensorSink&&) noexcept = default;

TensorSink::~TensorSink() {
  if (!state_) return;
  ErrorSilencer silence;  // closing flushes HDF5's chunk cache, which fails on a full disk
  if (!state_->finished && state_->writer != nullptr) {
    state_->writer->poisoned = true;
    state_->writer->sink_open = false;
  }
  state_->dataset.reset();
}

void TensorSink::write(std::span<const std::byte> bytes) {
  if (!state_ || state_->finished) throw UsageError("TensorSink::write after finish()");
  State& s = *state_;
  ErrorSilencer silence;
  if (s.received + bytes.size() > s.expected) {
    s.writer->poisoned = true;
    throw UsageError(s.where.describe() + ": received more than the " + std::to_string(s.expected) +
                     " bytes its shape and dtype hold");
  }
  try {
    s.hasher.update(bytes);
    s.received += bytes.size();
    while (!bytes.empty()) {
      const std::size_t want = s.slab_bytes(s.next_slab);
      if (s.pending.empty() && bytes.size() >= want) {  // whole slab straight from the caller
        s.write_slab(bytes.data());
        bytes = bytes.subspan(want);
        continue;
      }
      const std::size_t take = std::min(want - s.pending.size(), bytes.size());
      s.pending.insert(s.pending.end(), bytes.begin(), bytes.begin() + static_cast<long>(take));
      bytes = bytes.subspan(take);
      if (s.pending.size() == want) {
        s.write_slab(s.pending.data());
        s.pending.clear();
      }
    }
  } catch (...) {
    s.writer->poisoned = true;
    throw;
  }
}

void TensorSink::finish() {
  if (!state_ || state_->finished) throw UsageError("TensorSink::finish called twice");
  State& s = *state_;
  ErrorSilencer silence;
  s.writer->sink_open = false;
  if (s.received != s.expected) {
    s.writer->poisoned = true;
    s.finished = true;
    throw UsageError(s.where.describe() + ": received " + std::to_string(s.received) +
                     " bytes, its shape and dtype need " + std::to_string(s.expected));
  }
  try {
    write_string(s.dataset.get(), "checksum",
                 std::string(kXxh3Algorithm) + ":" + s.hasher.hex_digest(), s.where);
    s.dataset.close(s.where, "cannot close the dataset");
  } catch (...) {
    s.writer->poisoned = true;
    s.finished = true;
    throw;
  }
  s.finished = true;
}

// ---- GoldenWriter --------------------------------------------------------------------------

GoldenWriter::GoldenWriter(std::filesystem::path target, const Provenance& provenance,
                           GoldenWriteOptions options)
    : impl_(std::make_unique<Impl>()) {
  Impl& w = *impl_;
  w.target = std::move(target);
  w.options = options;
  if (w.options.chunk_bytes == 0) throw UsageError("GoldenWriteOptions::chunk_bytes must be > 0");
  ErrorSilencer silence;

  const auto folder =
      w.target.parent_path().empty() ? std::filesystem::path(".") : w.target.parent_path();
  if (w.options.create_directories) {
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
      throw GoldenError("cannot create folder '" + folder.string() + "' for golden file '" +
                        w.target.filename().string() + "': " + ec.message());
  }
  if (!w.options.overwrite && std::filesystem::exists(w.target))
    throw GoldenError("golden file '" + w.target.string() +
                      "' already exists; refusing to replace it (capture into a staging folder, "
                      "or approve the change, to replace a golden)");
  check_json_text(provenance.params, "provenance params");
  check_json_text(provenance.launch_geometry, "provenance launch_geometry");

  w.temporary = detail::temporary_sibling(w.target);
  detail::create_exclusive(w.temporary);  // clear errno message for unwritable folders
  try {
    PropertyList fapl(
        check(H5Pcreate(H5P_FILE_ACCESS), w.where(), "cannot create a property list"));
    // Superblock v2+ and v2 object headers: metadata checksums, readable by HDF5 >= 1.8/1.10.
    check(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_V110), w.where(),
          "cannot set the library version bounds");
    w.file = File(check(H5Fcreate(w.temporary.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()),
                        w.where(), "cannot create the file"));
    const hid_t root = w.file.get();
    const Where at = w.where();
    write_string(root, "schema", kGoldenSchemaName, at);
    write_int32(root, "schema_major", kGoldenSchemaMajor, at);
    write_int32(root, "schema_minor", kGoldenSchemaMinor, at);
    write_string(root, "kind", name(provenance.kind), at);
    const Provenance& p = provenance;
    for (auto [key, value] : {std::pair<const char*, const std::string*>{"suite", &p.suite},
                              {"case", &p.case_name},
                              {"created", &p.created},
                              {"parity_version", &p.parity_version},
                              {"backend", &p.backend},
                              {"device_name", &p.device_name},
                              {"architecture", &p.architecture},
                              {"driver_version", &p.driver_version},
                              {"runtime_version", &p.runtime_version},
                              {"compiler", &p.compiler},
                              {"compiler_flags", &p.compiler_flags},
                              {"source_commit", &p.source_commit},
                              {"launch_geometry", &p.launch_geometry}}) {
      check_text_size(*value, std::string("provenance ") + key);
      write_string(root, key, *value, at);
    }
    write_int32(root, "warp_size", p.warp_size, at);
    write_uint64(root, "seed", p.seed, at);
    if (p.params.size() <= kMaxTextAttribute) {
      write_string(root, "params", p.params, at);
    } else {  // big JSON: a uint8 dataset, never an attribute (object header limit 64 KiB)
      Group meta(check(H5Gcreate2(root, "meta", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), at,
                       "cannot create group /meta"));
      hsize_t n = p.params.size();
      Dataspace space(check(H5Screate_simple(1, &n, nullptr), at, "cannot create a dataspace"));
      Dataset ds(check(H5Dcreate2(meta.get(), "params.json", H5T_STD_U8LE, space.get(), H5P_DEFAULT,
                                  H5P_DEFAULT, H5P_DEFAULT),
                       at, "cannot create /meta/params.json"));
      check(H5Dwrite(ds.get(), H5T_STD_U8LE, H5S_ALL, H5S_ALL, H5P_DEFAULT, p.params.data()), at,
            "cannot write /meta/params.json");
    }
    w.inputs = Group(check(H5Gcreate2(root, "inputs", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), at,
                           "cannot create group /inputs"));
    w.outputs = Group(check(H5Gcreate2(root, "outputs", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), at,
                            "cannot create group /outputs"));
  } catch (...) {
    w.inputs.reset();
    w.outputs.reset();
    w.file.reset();
    std::filesystem::remove(w.temporary);
    throw;
  }
}

GoldenWriter::GoldenWriter(GoldenWriter&&) noexcept = default;
GoldenWriter& GoldenWriter::operator=(GoldenWriter&&) noexcept = default;

GoldenWriter::~GoldenWriter() {
  if (!impl_ || impl_->committed) return;
  ErrorSilencer silence;
  impl_->inputs.reset();
  impl_->outputs.reset();
  impl_->file.reset();
  std::error_code ec;
  std::filesystem::remove(impl_->temporary, ec);
}

const std::filesystem::path& GoldenWriter::target() const {
  return impl_->target;
}
const std::filesystem::path& GoldenWriter::temporary_path() const {
  return impl_->temporary;
}

namespace {

// A contiguous copy of a strided view (golden data is always stored row-major).
Tensor gather(const TensorView& view) {
  Tensor t(view.dtype(), view.shape());
  const std::size_t esize = size_bytes(view.dtype());
  for (std::int64_t i = 0; i < view.numel(); ++i)
    std::memcpy(t.data() + static_cast<std::size_t>(i) * esize, view.element(i), esize);
  return t;
}

void check_bool_bytes(const TensorView& view, std::string_view name) {
  if (view.dtype() != DType::kBool) return;
  const auto* p = reinterpret_cast<const std::uint8_t*>(view.data());
  for (std::size_t i = 0; i < view.nbytes(); ++i)
    if (p[i] > 1)
      throw UsageError("bool tensor \"" + std::string(name) + "\" holds byte " +
                       std::to_string(p[i]) + " at element " + std::to_string(i) +
                       "; bool elements must be 0 or 1");
}

}  // namespace

TensorSink GoldenWriter::begin_input(std::string_view name, DType dtype, const Shape& shape) {
  Impl& w = *impl_;
  w.require_usable();
  ErrorSilencer silence;
  w.claim_name(TensorRole::kInput, name);
  Dataset ds = w.create_dataset(TensorRole::kInput, name, dtype, shape, false, {});
  w.sink_open = true;
  return TensorSink(std::make_unique<TensorSink::State>(&w, std::move(ds), dtype, shape,
                                                        w.where("/inputs/" + std::string(name))));
}

TensorSink GoldenWriter::begin_output(std::string_view name, DType dtype, const Shape& shape,
                                      std::string_view policy_json) {
  Impl& w = *impl_;
  w.require_usable();
  check_json_text(policy_json, "policy of output \"" + std::string(name) + "\"");
  check_text_size(policy_json, "policy of output \"" + std::string(name) + "\"");
  ErrorSilencer silence;
  w.claim_name(TensorRole::kOutput, name);
  Dataset ds = w.create_dataset(TensorRole::kOutput, name, dtype, shape, false, policy_json);
  w.sink_open = true;
  return TensorSink(std::make_unique<TensorSink::State>(&w, std::move(ds), dtype, shape,
                                                        w.where("/outputs/" + std::string(name))));
}

void GoldenWriter::add_input(std::string_view name, const TensorView& tensor) {
  check_bool_bytes(tensor, name);
  if (!tensor.is_contiguous()) {
    Tensor copy = gather(tensor);
    add_input(name, copy.view());
    return;
  }
  TensorSink sink = begin_input(name, tensor.dtype(), tensor.shape());
  sink.write(std::span(tensor.data(), tensor.nbytes()));
  sink.finish();
}

void GoldenWriter::add_output(std::string_view name, const TensorView& tensor,
                              std::string_view policy_json) {
  check_bool_bytes(tensor, name);
  if (!tensor.is_contiguous()) {
    Tensor copy = gather(tensor);
    add_output(name, copy.view(), policy_json);
    return;
  }
  TensorSink sink = begin_output(name, tensor.dtype(), tensor.shape(), policy_json);
  sink.write(std::span(tensor.data(), tensor.nbytes()));
  sink.finish();
}

void GoldenWriter::add_input_recipe(std::string_view name, const Recipe& recipe, DType dtype,
                                    const Shape& shape) {
  Impl& w = *impl_;
  w.require_usable();
  // Readers rebuild the recipe from its JSON: it must survive the trip (finite parameters).
  try {
    if (!(Recipe::from_json(recipe.to_json()) == recipe)) throw ConfigError("changed in JSON");
  } catch (const ConfigError& e) {
    throw UsageError("recipe of input \"" + std::string(name) + "\" cannot be stored: " + e.what());
  }
  ErrorSilencer silence;
  w.claim_name(TensorRole::kInput, name);
  // Checksum of the bytes the recipe produces, generated in bounded pieces.
  Xxh3Hasher hasher;
  const std::size_t esize = size_bytes(dtype);
  const std::int64_t total = element_count(shape);
  const std::int64_t step =
      std::max<std::int64_t>(1, (std::int64_t{1} << 20) / static_cast<std::int64_t>(esize));
  std::vector<std::byte> buffer(
      static_cast<std::size_t>(std::min(step, std::max<std::int64_t>(total, 1))) * esize);
  for (std::int64_t first = 0; first < total; first += step) {
    const std::int64_t n = std::min(step, total - first);
    std::span<std::byte> out(buffer.data(), static_cast<std::size_t>(n) * esize);
    generate_into(recipe, dtype, first, out);
    hasher.update(out);
  }
  try {
    Dataset ds = w.create_dataset(TensorRole::kInput, name, dtype, shape, true, {});
    const Where at = w.where("/inputs/" + std::string(name));
    write_string(ds.get(), "recipe", recipe.to_json(), at);
    write_string(ds.get(), "checksum", std::string(kXxh3Algorithm) + ":" + hasher.hex_digest(), at);
    ds.close(at, "cannot close the dataset");
  } catch (...) {
    w.poisoned = true;
    throw;
  }
}

void GoldenWriter::commit() {
  Impl& w = *impl_;
  w.require_usable();
  if (w.poisoned)
    throw GoldenError("golden file '" + w.target.string() +
                      "' was not written: an earlier write failed or a TensorSink was left "
                      "unfinished; the target is unchanged");
  ErrorSilencer silence;
  try {
    w.inputs.close(w.where(), "cannot close group /inputs");
    w.outputs.close(w.where(), "cannot close group /outputs");
    // H5Fclose flushes the metadata: a full disk often shows up here.
    w.file.close(w.where(), "cannot close (flush) the file; is the disk full?");
    detail::fsync_file(w.temporary);
    if (!detail::publish(w.temporary, w.target, w.options.overwrite))
      throw GoldenError("golden file '" + w.target.string() +
                        "' appeared while this one was being written (another writer won the "
                        "race); refusing to replace it");
  } catch (...) {
    w.poisoned = true;
    std::error_code ec;
    std::filesystem::remove(w.temporary, ec);
    throw;
  }
  w.committed = true;
}

}  // namespace parity
