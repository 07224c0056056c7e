#include "parity/golden_writer.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <system_error>
#include <vector>

#include "golden/h5_attributes.hpp"
#include "golden/h5_handle.hpp"
#include "golden/h5_types.hpp"
#include "golden/schema_validation.hpp"
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

// What the reader accepts (golden/schema_validation.hpp) is what the writer writes.
void check_json_text(std::string_view text, std::string_view what) {
  if (text.empty()) return;
  try {
    detail::check_json_attribute(std::string(text), "json", std::string(what));
  } catch (const GoldenError&) {
    throw UsageError(std::string(what) + " is not valid JSON within parity's limits (nested at " +
                     "most " + std::to_string(detail::kMaxJsonDepth) +
                     " levels): " + std::string(text.substr(0, 80)));
  }
}

void check_text_size(std::string_view text, std::string_view what) {
  if (text.size() > kMaxTextAttribute)
    throw UsageError(std::string(what) + " has " + std::to_string(text.size()) +
                     " bytes; golden attributes hold at most " + std::to_string(kMaxTextAttribute));
}

}  // namespace

struct GoldenWriter::Impl {
  std::filesystem::path target;  // for messages
  std::string target_name;       // the target's name in `folder`
  std::optional<Folder> folder;
  std::optional<TemporaryFile> temporary;
  int hdf5_fd = -1;  // the descriptor HDF5 writes through (its own, on our temporary file)
  GoldenWriteOptions options;
  File file;
  Group inputs, outputs;
  bool sink_open = false;
  bool poisoned = false;  // a failed write or an unfinished sink: commit must refuse
  bool committed = false;
  std::vector<std::string> names;  // "inputs/x", to refuse duplicates

  Where where(const std::string& object = "/") const { return {target.string(), object}; }

  // After a failed write the file is garbage: HDF5's descriptor is pointed at an anonymous
  // memory file, so every flush HDF5 still attempts (closing datasets, the file, or at library
  // shutdown) succeeds there and nothing is left open, half-closed or written to the disk.
  void divert() noexcept {
    if (hdf5_fd < 0) return;
    const int sink = ::memfd_create("parity-abandoned-golden", MFD_CLOEXEC);
    if (sink >= 0) {
      ::dup2(sink, hdf5_fd);
      ::close(sink);
    }
    hdf5_fd = -1;
  }

  void poison() noexcept {
    poisoned = true;
    divert();
  }

  // Closes every HDF5 object of the file (H5F_CLOSE_STRONG); throws when HDF5 could not write.
  // Everything reaches the file in H5Fflush (metadata, superblock, truncation to its end). Then
  // HDF5's descriptor is diverted, so the close itself never writes to the disk and cannot fail
  // half-way: a failed H5Fclose leaves HDF5 with a half-destroyed file that crashes a second
  // close, or the library's shutdown at exit.
  void close_file(bool keep) {
    inputs.reset();
    outputs.reset();
    if (!file.valid()) return;
    const hid_t id = file.release();
    std::string stack;
    if (keep && H5Fflush(id, H5F_SCOPE_LOCAL) < 0) {
      stack = error_stack_text();
      H5Eclear2(H5E_DEFAULT);
    }
    divert();
    if (H5Fclose(id) < 0 && stack.empty()) stack = error_stack_text();
    H5Eclear2(H5E_DEFAULT);
    if (!keep) return;
    if (stack.empty()) return;
    throw GoldenError(where().describe() + ": cannot close (flush) the file; is the disk full?" +
                      (stack.empty() ? "" : " (HDF5: " + stack + ")"));
  }

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
    state_->writer->poison();
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
    s.writer->poison();
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
    s.writer->poison();
    s.finished = true;
    throw;
  }
  s.finished = true;
}

// ---- GoldenWriter --------------------------------------------------------------------------

GoldenWriter::GoldenWriter(std::filesystem::path target, const Provenance& provenance,
                           GoldenWriteOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->target = std::move(target);
  impl_->options = options;
  const auto parent = impl_->target.parent_path().empty() ? std::filesystem::path(".")
                                                          : impl_->target.parent_path();
  std::optional<Folder> folder;
  try {
    folder = Folder::open(parent, options.create_directories);
  } catch (const FileError& e) {
    throw GoldenError("cannot write golden file '" + impl_->target.string() + "': " + e.what() +
                      " (check that the folder exists and is writable)");
  }
  start(std::move(*folder), impl_->target.filename().string(), provenance);
}

GoldenWriter::GoldenWriter(const Folder& root, std::string_view relative,
                           const Provenance& provenance, GoldenWriteOptions options)
    : impl_(std::make_unique<Impl>()) {
  impl_->target = root.path() / std::string(relative);
  impl_->options = options;
  std::optional<Folder> folder;
  try {
    check_relative_path(relative, "golden path");
    const std::size_t slash = relative.rfind('/');
    if (slash == std::string_view::npos) {
      folder = root.duplicate();
    } else {
      folder = root.sub(relative.substr(0, slash), options.create_directories);
    }
  } catch (const Error& e) {
    throw GoldenError("cannot write golden file '" + impl_->target.string() + "': " + e.what());
  }
  const std::size_t slash = relative.rfind('/');
  start(std::move(*folder),
        std::string(slash == std::string_view::npos ? relative : relative.substr(slash + 1)),
        provenance);
}

void GoldenWriter::start(Folder folder, std::string target_name, const Provenance& provenance) {
  Impl& w = *impl_;
  w.target_name = std::move(target_name);
  if (w.options.chunk_bytes == 0) throw UsageError("GoldenWriteOptions::chunk_bytes must be > 0");
  ErrorSilencer silence;
  try {
    if (const auto existing = folder.stat(w.target_name)) {
      if (!existing->is_regular())
        throw GoldenError("golden file '" + w.target.string() + "' is " +
                          std::string(describe_file_type(existing->mode)) +
                          "; parity never writes through or replaces it: remove it");
      if (!w.options.overwrite)
        throw GoldenError("golden file '" + w.target.string() +
                          "' already exists; refusing to replace it (capture into a staging "
                          "folder, or approve the change, to replace a golden)");
    }
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  check_json_text(provenance.params, "provenance params");
  check_json_text(provenance.launch_geometry, "provenance launch_geometry");
  w.folder.emplace(std::move(folder));
  try {
    // Named (exclusive, unique): HDF5 resolves the path it is given with realpath(3), which an
    // unnamed O_TMPFILE does not survive. A kill leaves "<target>.tmp.<pid>.<random>", which
    // `golden check` reports and capture and recover remove.
    w.temporary.emplace(w.folder->create_temporary(w.target_name, /*named=*/true));
  } catch (const FileError& e) {
    throw GoldenError("cannot write golden file '" + w.target.string() + "': " + e.what());
  }
  try {
    PropertyList fapl(
        check(H5Pcreate(H5P_FILE_ACCESS), w.where(), "cannot create a property list"));
    // Superblock v2+ and v2 object headers: metadata checksums, readable by HDF5 >= 1.8/1.10.
    check(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_V110), w.where(),
          "cannot set the library version bounds");
    // Closing the file closes whatever is still open in it: nothing outlives a failed write.
    check(H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG), w.where(),
          "cannot set the close degree");
    // HDF5 opens exactly our temporary file (by /proc/self/fd/N): no name to substitute, so a
    // link planted at the temporary name between its creation and here is never followed.
    w.file = File(
        check(H5Fcreate(w.temporary->reopen_path().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()),
              w.where(), "cannot create the file"));
    void* handle = nullptr;
    if (H5Fget_vfd_handle(w.file.get(), H5P_DEFAULT, &handle) >= 0 && handle != nullptr)
      w.hdf5_fd = *static_cast<int*>(handle);
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
    w.poison();
    try {
      w.close_file(false);
    } catch (...) {
    }
    w.temporary.reset();
    throw;
  }
}

GoldenWriter::GoldenWriter(GoldenWriter&&) noexcept = default;
GoldenWriter& GoldenWriter::operator=(GoldenWriter&&) noexcept = default;

GoldenWriter::~GoldenWriter() {
  if (!impl_ || impl_->committed) return;
  ErrorSilencer silence;
  try {
    impl_->close_file(false);  // abandoned: nothing more reaches the disk
  } catch (...) {
  }
  impl_->temporary.reset();  // removes a named temporary file; an unnamed one just goes
}

const std::filesystem::path& GoldenWriter::target() const {
  return impl_->target;
}
std::filesystem::path GoldenWriter::temporary_path() const {
  if (!impl_->temporary || impl_->temporary->name().empty()) return {};
  return impl_->folder->path() / impl_->temporary->name();
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
    w.poison();
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
    // H5Fclose flushes the metadata: a full disk often shows up here.
    w.close_file(true);
    w.temporary->sync();
    if (!w.temporary->publish(w.target_name, w.options.overwrite))
      throw GoldenError("golden file '" + w.target.string() +
                        "' appeared while this one was being written (another writer won the "
                        "race); refusing to replace it");
  } catch (const FileError& e) {
    w.poisoned = true;
    w.temporary.reset();
    throw GoldenError("golden file '" + w.target.string() + "' was not written: " + e.what());
  } catch (...) {
    w.poisoned = true;
    w.temporary.reset();
    throw;
  }
  w.committed = true;
}

}  // namespace parity
