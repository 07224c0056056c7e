#include "parity/golden_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "golden/h5_attributes.hpp"
#include "golden/h5_handle.hpp"
#include "golden/h5_types.hpp"
#include "golden/schema_validation.hpp"
#include "golden/slab_plan.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"
#include "parity/rng.hpp"

namespace parity {

using namespace detail::h5;  // NOLINT: the HDF5 layer's names read best unqualified here
using detail::SlabPlan;

namespace {

// Raw reads hash each block right after reading it, while it is still in the CPU cache.
constexpr std::size_t kReadBlock = std::size_t{512} << 10;

// Where a tensor's logical bytes live in the file, when HDF5 stores them plainly (contiguous or
// unfiltered chunks): then parity reads them with pread(2) on HDF5's own descriptor, at the
// speed of the page cache, instead of through HDF5's per-chunk machinery.
struct Segment {
  std::uint64_t logical = 0;  // byte offset in the tensor
  std::uint64_t file = 0;     // byte offset in the file
  std::uint64_t length = 0;
};

enum class Access : std::uint8_t { kRecipe, kSegments, kHdf5 };

struct Layout {
  Access access = Access::kHdf5;
  std::vector<Segment> segments;
};

[[noreturn]] void fail_io(const std::string& file, const std::string& what, int err) {
  throw GoldenError("golden file '" + file + "': " + what + ": " + std::strerror(err));
}

struct FileIdentity {
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = 0;
  std::int64_t mtime_ns = 0;
  friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};

FileIdentity identity_of(const struct stat& st) {
  return {st.st_dev, st.st_ino, st.st_size,
          static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

}  // namespace

namespace detail {
struct GoldenFile {
  std::filesystem::path path;
  GoldenOpenOptions options;
  File file;
  int fd = -1;  // HDF5's sec2 descriptor (owned by HDF5), -1 when another driver is in use
  std::uint64_t file_size = 0;
  detail::RootInfo root;
  std::vector<DatasetInfo> datasets;
  std::vector<Layout> layouts;  // parallel to datasets

  std::string where() const { return "golden file '" + path.string() + "'"; }
  Where at(const std::string& object) const { return {path.string(), object}; }

  std::size_t index_of(std::string_view name) const {
    std::size_t found = datasets.size();
    for (std::size_t i = 0; i < datasets.size(); ++i) {
      const DatasetInfo& d = datasets[i];
      if (d.path() == name) return i;
      if (d.name == name) {
        if (found != datasets.size())
          throw GoldenError(where() + ": tensor name \"" + std::string(name) +
                            "\" is both an input and an output; say inputs/" + std::string(name) +
                            " or outputs/" + std::string(name));
        found = i;
      }
    }
    return found;
  }

  void pread_exact(std::byte* dst, std::uint64_t length, std::uint64_t offset) const {
    while (length > 0) {
      ssize_t got = ::pread(fd, dst, length, static_cast<off_t>(offset));
      if (got < 0) {
        if (errno == EINTR) continue;
        fail_io(path.string(), "read failed", errno);
      }
      if (got == 0)
        throw GoldenError(where() + ": unexpected end of file at byte " + std::to_string(offset) +
                          " (truncated while open?)");
      dst += got;
      length -= static_cast<std::uint64_t>(got);
      offset += static_cast<std::uint64_t>(got);
    }
  }

  Layout layout_of(hid_t ds, const DatasetInfo& info, const Where& w) const {
    Layout layout;
    if (info.encoding == Encoding::kRecipe) {
      layout.access = Access::kRecipe;
      return layout;
    }
    if (info.nbytes == 0 || fd < 0) return layout;
    PropertyList dcpl(check(H5Dget_create_plist(ds), w, "cannot read the creation properties"));
    if (H5Pget_nfilters(dcpl.get()) != 0 || H5Pget_external_count(dcpl.get()) != 0) return layout;
    const H5D_layout_t kind = H5Pget_layout(dcpl.get());
    const std::size_t esize = size_bytes(info.dtype);
    auto in_file = [&](std::uint64_t offset, std::uint64_t length) {
      return offset <= file_size && length <= file_size - offset;
    };
    if (kind == H5D_CONTIGUOUS) {
      const haddr_t offset = H5Dget_offset(ds);
      if (offset == HADDR_UNDEF) return layout;  // never written: HDF5 yields fill values
      if (!in_file(offset, info.nbytes))
        throw GoldenError(where() + ", dataset /" + info.path() +
                          ": its data lies outside the file (damaged layout message)");
      layout.segments.push_back({0, offset, info.nbytes});
      layout.access = Access::kSegments;
      return layout;
    }
    if (kind != H5D_CHUNKED || info.shape.empty()) return layout;
    // Raw chunk reads need schema v1's chunk shape {1, .., 1, rows, full, .., full}.
    std::vector<hsize_t> chunk(info.shape.size());
    if (H5Pget_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()) !=
        static_cast<int>(chunk.size()))
      return layout;
    int split = -1;
    for (std::size_t i = 0; i < chunk.size(); ++i) {
      if (chunk[i] != 1) {
        split = static_cast<int>(i);
        break;
      }
    }
    if (split < 0) split = static_cast<int>(chunk.size()) - 1;
    for (std::size_t i = static_cast<std::size_t>(split) + 1; i < chunk.size(); ++i)
      if (chunk[i] != static_cast<hsize_t>(info.shape[i])) return layout;
    const auto rows = static_cast<std::int64_t>(chunk[static_cast<std::size_t>(split)]);
    SlabPlan plan(info.shape, split, rows);
    if (plan.rows() != rows) return layout;  // chunk taller than the dataset: let HDF5 do it
    const std::uint64_t chunk_bytes = static_cast<std::uint64_t>(plan.slab_elements()) * esize;
    layout.segments.reserve(static_cast<std::size_t>(plan.count()));
    for (std::int64_t i = 0; i < plan.count(); ++i) {
      const detail::Slab slab = plan.slab(i);
      unsigned filter_mask = 0;
      haddr_t address = HADDR_UNDEF;
      hsize_t stored = 0;
      check(H5Dget_chunk_info_by_coord(ds, slab.start.data(), &filter_mask, &address, &stored), w,
            "cannot look up a chunk");
      if (address == HADDR_UNDEF || filter_mask != 0 || stored != chunk_bytes) return Layout{};
      const std::uint64_t length = static_cast<std::uint64_t>(slab.count) * esize;
      if (!in_file(address, chunk_bytes))
        throw GoldenError(where() + ", dataset /" + info.path() + ": chunk " + std::to_string(i) +
                          " lies outside the file (damaged chunk index)");
      layout.segments.push_back({static_cast<std::uint64_t>(slab.first) * esize, address, length});
    }
    layout.access = Access::kSegments;
    return layout;
  }
};
}  // namespace detail

// ---- sequential producers of a tensor's bytes ----------------------------------------------

namespace {

class Producer {
 public:
  virtual ~Producer() = default;
  //! Writes the next bytes (a whole number of elements, at most max_bytes, at least one element
  //! when max_bytes allows) into dst; returns how many; 0 at the end.
  virtual std::size_t next(std::byte* dst, std::size_t max_bytes) = 0;
  //! True when next() must be offered at least the block size it was made with (HDF5 slabs).
  virtual bool whole_slabs() const { return false; }
};

class SegmentProducer final : public Producer {
 public:
  SegmentProducer(const detail::GoldenFile& r, const Layout& l, const DatasetInfo& info)
      : reader_(r), layout_(l), total_(info.nbytes), esize_(size_bytes(info.dtype)) {}
  std::size_t next(std::byte* dst, std::size_t max_bytes) override {
    std::uint64_t want = std::min<std::uint64_t>(total_ - position_, max_bytes / esize_ * esize_);
    std::size_t done = 0;
    while (want > 0) {
      const Segment& s = layout_.segments[segment_];
      const std::uint64_t inside = position_ - s.logical;
      const std::uint64_t take = std::min(want, s.length - inside);
      reader_.pread_exact(dst + done, take, s.file + inside);
      done += take;
      want -= take;
      position_ += take;
      if (position_ == s.logical + s.length) ++segment_;
    }
    return done;
  }

 private:
  const detail::GoldenFile& reader_;
  const Layout& layout_;
  std::uint64_t total_;
  std::size_t esize_;
  std::uint64_t position_ = 0;
  std::size_t segment_ = 0;
};

class Hdf5Producer final : public Producer {
 public:
  Hdf5Producer(const detail::GoldenFile& r, const DatasetInfo& info, std::size_t block)
      : where_(r.at("dataset /" + info.path())),
        plan_(info.shape, size_bytes(info.dtype), block),
        esize_(size_bytes(info.dtype)) {
    dataset_ = Dataset(check(H5Dopen2(r.file.get(), ("/" + info.path()).c_str(), H5P_DEFAULT),
                             where_, "cannot open the dataset"));
    type_ = Datatype(check(H5Dget_type(dataset_.get()), where_, "cannot read the type"));
  }
  std::size_t next(std::byte* dst, std::size_t max_bytes) override {
    if (index_ >= plan_.count()) return 0;
    const detail::Slab slab = plan_.slab(index_);
    const std::size_t bytes = static_cast<std::size_t>(slab.count) * esize_;
    if (bytes > max_bytes)
      throw GoldenError(where_.describe() + ": internal error: slab larger than the buffer");
    ErrorSilencer silence;
    if (slab.start.empty()) {
      check(H5Dread(dataset_.get(), type_.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, dst), where_,
            "cannot read the data");
    } else {
      Dataspace fs(check(H5Dget_space(dataset_.get()), where_, "cannot read the dataspace"));
      check(H5Sselect_hyperslab(fs.get(), H5S_SELECT_SET, slab.start.data(), nullptr,
                                slab.extent.data(), nullptr),
            where_, "cannot select a slab");
      Dataspace ms(
          check(H5Screate_simple(static_cast<int>(slab.extent.size()), slab.extent.data(), nullptr),
                where_, "cannot create a memory dataspace"));
      // Memory type == file type: HDF5 copies bytes and never converts a value.
      check(H5Dread(dataset_.get(), type_.get(), ms.get(), fs.get(), H5P_DEFAULT, dst), where_,
            "cannot read the data");
    }
    ++index_;
    return bytes;
  }
  bool whole_slabs() const override { return true; }

 private:
  Where where_;
  SlabPlan plan_;
  std::size_t esize_;
  Dataset dataset_;
  Datatype type_;
  std::int64_t index_ = 0;
};

class RecipeProducer final : public Producer {
 public:
  explicit RecipeProducer(const DatasetInfo& info)
      : recipe_(*info.recipe), dtype_(info.dtype), total_(info.numel()) {}
  std::size_t next(std::byte* dst, std::size_t max_bytes) override {
    const std::size_t esize = size_bytes(dtype_);
    const std::int64_t n =
        std::min<std::int64_t>(total_ - next_, static_cast<std::int64_t>(max_bytes / esize));
    if (n <= 0) return 0;
    const std::size_t bytes = static_cast<std::size_t>(n) * esize;
    generate_into(recipe_, dtype_, next_, std::span(dst, bytes));
    next_ += n;
    return bytes;
  }

 private:
  Recipe recipe_;
  DType dtype_;
  std::int64_t total_;
  std::int64_t next_ = 0;
};

std::unique_ptr<Producer> producer_for(const detail::GoldenFile& r, std::size_t index,
                                       std::size_t block) {
  const DatasetInfo& info = r.datasets[index];
  const Layout& layout = r.layouts[index];
  switch (layout.access) {
    case Access::kRecipe:
      return std::make_unique<RecipeProducer>(info);
    case Access::kSegments:
      return std::make_unique<SegmentProducer>(r, layout, info);
    case Access::kHdf5:
      break;
  }
  return std::make_unique<Hdf5Producer>(r, info, block);
}

// Checks what a producer delivered against the stored checksum.
class Verifier {
 public:
  Verifier(const detail::GoldenFile& r, const DatasetInfo& info)
      : reader_(r), info_(info), enabled_(r.options.verify_checksums) {
    if (enabled_ && info.checksum.algorithm != kXxh3Algorithm)
      throw GoldenError(r.where() + ", dataset /" + info.path() + ": checksum algorithm \"" +
                        info.checksum.algorithm +
                        "\" is unknown to this parity; upgrade parity, or open the file with "
                        "its manifest entry and verify_checksums off");
  }
  void update(std::span<const std::byte> bytes) {
    if (enabled_) hasher_.update(bytes);
  }
  void finish() {
    if (!enabled_) return;
    const std::string actual = hasher_.hex_digest();
    if (actual != info_.checksum.hex)
      throw GoldenError(
          reader_.where() + ", dataset /" + info_.path() + ": checksum mismatch: stored " +
          info_.checksum.text() + ", data hashes to " + std::string(kXxh3Algorithm) + ":" + actual +
          (info_.encoding == Encoding::kRecipe
               ? " (the recipe generated different bytes: parity's RNG or number formats changed)"
               : " (the data is corrupt; restore the file from version control or recapture it)"));
  }

 private:
  const detail::GoldenFile& reader_;
  const DatasetInfo& info_;
  bool enabled_;
  Xxh3Hasher hasher_;
};

}  // namespace

// ---- TensorStream --------------------------------------------------------------------------

// Fills one buffer with the next bytes of a tensor, hashing each read while it is cached.
// Returns the bytes filled (0 at the end).
std::size_t fill(Producer& producer, Verifier& verifier, std::byte* buffer, std::size_t capacity,
                 std::size_t esize) {
  std::size_t got = 0;
  const bool whole = producer.whole_slabs();
  while (got < capacity) {
    const std::size_t room = capacity - got;
    const std::size_t n =
        producer.next(buffer + got, whole ? room : std::min(room, std::max(kReadBlock, esize)));
    if (n == 0) break;
    verifier.update(std::span(buffer + got, n));
    got += n;
    if (whole) break;  // one HDF5 slab per chunk
  }
  return got;
}

struct TensorStream::State {
  using Buffer = std::unique_ptr<std::byte, decltype(&std::free)>;
  struct Slot {
    Buffer buffer{nullptr, &std::free};
    std::size_t bytes = 0;
  };

  std::shared_ptr<const detail::GoldenFile> reader;
  const DatasetInfo* info = nullptr;
  std::size_t esize = 0;
  std::unique_ptr<Producer> producer;
  Verifier verifier;
  std::size_t capacity = 0;
  std::vector<Slot> slots;  // one without read-ahead; a ring of three with it
  std::int64_t delivered = 0;
  bool done = false;

  // Read-ahead: a worker fills free slots in order while the consumer works on the last one.
  std::thread worker;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::size_t> filled, free_slots;
  std::optional<std::size_t> lent;  // the slot the consumer holds
  bool produced_all = false, stop = false;
  std::exception_ptr error;

  State(std::shared_ptr<const detail::GoldenFile> r, std::size_t index, std::size_t max_bytes,
        bool read_ahead)
      : reader(std::move(r)),
        info(&reader->datasets[index]),
        esize(size_bytes(info->dtype)),
        verifier(*reader, *info) {
    const std::uint64_t wanted = std::min<std::uint64_t>(max_bytes, info->nbytes);
    capacity = std::max<std::size_t>(esize, static_cast<std::size_t>(wanted) / esize * esize);
    // Read-ahead only pays when there is more than one buffer's worth.
    read_ahead = read_ahead && info->nbytes > 2 * static_cast<std::uint64_t>(capacity);
    slots.resize(read_ahead ? 3 : 1);
    for (Slot& slot : slots) {
      slot.buffer.reset(
          static_cast<std::byte*>(std::aligned_alloc(4096, (capacity + 4095) / 4096 * 4096)));
      if (!slot.buffer) throw std::bad_alloc();
    }
    producer = producer_for(*reader, index, capacity);
    if (read_ahead) {
      for (std::size_t i = 0; i < slots.size(); ++i) free_slots.push_back(i);
      worker = std::thread([this] { work(); });
    }
  }

  ~State() {
    if (worker.joinable()) {
      {
        std::lock_guard lock(mutex);
        stop = true;
      }
      changed.notify_all();
      worker.join();
    }
  }
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  void work() {
    ErrorSilencer silence;  // HDF5 keeps this setting per thread
    try {
      for (;;) {
        std::size_t slot = 0;
        {
          std::unique_lock lock(mutex);
          changed.wait(lock, [&] { return stop || !free_slots.empty(); });
          if (stop) return;
          slot = free_slots.front();
          free_slots.pop_front();
        }
        const std::size_t got =
            fill(*producer, verifier, slots[slot].buffer.get(), capacity, esize);
        if (got == 0) verifier.finish();  // throws on a checksum mismatch
        {
          std::lock_guard lock(mutex);
          if (got == 0) {
            produced_all = true;
            free_slots.push_back(slot);
          } else {
            slots[slot].bytes = got;
            filled.push_back(slot);
          }
        }
        changed.notify_all();
        if (got == 0) return;
      }
    } catch (...) {
      {
        std::lock_guard lock(mutex);
        error = std::current_exception();
      }
      changed.notify_all();
    }
  }

  // The next filled slot, or nullopt at the end; rethrows the worker's error.
  std::optional<std::size_t> take() {
    std::unique_lock lock(mutex);
    if (lent) {
      free_slots.push_back(*lent);
      lent.reset();
      changed.notify_all();
    }
    changed.wait(lock, [&] { return error || !filled.empty() || produced_all; });
    if (!filled.empty()) {
      lent = filled.front();
      filled.pop_front();
      return lent;
    }
    if (error) std::rethrow_exception(error);
    return std::nullopt;
  }
};

TensorStream::TensorStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
TensorStream::TensorStream(TensorStream&&) noexcept = default;
TensorStream& TensorStream::operator=(TensorStream&&) noexcept = default;
TensorStream::~TensorStream() = default;

const DatasetInfo& TensorStream::info() const {
  return *state_->info;
}

std::optional<TensorChunk> TensorStream::next() {
  State& s = *state_;
  if (s.done) return std::nullopt;
  ErrorSilencer silence;
  std::optional<std::size_t> slot;
  if (s.worker.joinable()) {
    try {
      slot = s.take();
    } catch (...) {
      s.done = true;
      throw;
    }
  } else {
    const std::size_t got =
        fill(*s.producer, s.verifier, s.slots[0].buffer.get(), s.capacity, s.esize);
    if (got > 0) {
      s.slots[0].bytes = got;
      slot = 0;
    }
  }
  if (!slot) {
    s.done = true;
    if (s.delivered != s.info->numel())
      throw GoldenError(s.reader->where() + ", dataset /" + s.info->path() + ": delivered " +
                        std::to_string(s.delivered) + " of " + std::to_string(s.info->numel()) +
                        " elements");
    if (!s.worker.joinable()) s.verifier.finish();  // the worker verified already
    return std::nullopt;
  }
  const auto& filled = s.slots[*slot];
  TensorChunk chunk;
  chunk.offset = s.delivered;
  chunk.count = static_cast<std::int64_t>(filled.bytes / s.esize);
  chunk.bytes = std::span<const std::byte>(filled.buffer.get(), filled.bytes);
  s.delivered += chunk.count;
  return chunk;
}

// ---- GoldenReader --------------------------------------------------------------------------

GoldenReader::GoldenReader(std::shared_ptr<detail::GoldenFile> impl) : impl_(std::move(impl)) {}
GoldenReader::GoldenReader(GoldenReader&&) noexcept = default;
GoldenReader& GoldenReader::operator=(GoldenReader&&) noexcept = default;
GoldenReader::~GoldenReader() = default;

namespace {

struct LinkList {
  std::vector<std::string> names;
  std::string problem;
};

herr_t collect_link(hid_t, const char* name, const H5L_info_t* info, void* data) {
  auto* list = static_cast<LinkList*>(data);
  if (info->type != H5L_TYPE_HARD) {
    list->problem =
        std::string("'") + name + "' is a soft or external link; golden files hold only datasets";
    return -1;
  }
  list->names.emplace_back(name);
  return 0;
}

}  // namespace

GoldenReader GoldenReader::open(const std::filesystem::path& file,
                                const GoldenOpenOptions& options) {
  auto impl = std::make_shared<detail::GoldenFile>();
  detail::GoldenFile& r = *impl;
  r.path = file;
  r.options = options;
  const std::string where = r.where();

  struct stat before {};
  if (::stat(file.c_str(), &before) != 0) fail_io(file.string(), "cannot open it", errno);
  if (!S_ISREG(before.st_mode)) throw GoldenError(where + ": not a regular file");
  r.file_size = static_cast<std::uint64_t>(before.st_size);

  // 1. Manifest: size and SHA-256 before any parser sees the bytes.
  if (options.expected) verify_against_manifest(file, *options.expected);

  // 2. Our own pre-parse of the superblock.
  {
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail_io(file.string(), "cannot open it", errno);
    std::byte head[detail::kSuperblockBytes] = {};
    ssize_t got = ::pread(fd, head, sizeof head, 0);
    const int err = errno;
    ::close(fd);
    if (got < 0) fail_io(file.string(), "cannot read it", err);
    detail::check_superblock(std::span(head, static_cast<std::size_t>(got)), r.file_size,
                             file.string());
  }

  // 3. HDF5.
  ErrorSilencer silence;
  r.file = File(check(H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), r.at(""),
                      "HDF5 cannot open it (damaged, or not an HDF5 file)"));
  {
    PropertyList fapl(
        check(H5Fget_access_plist(r.file.get()), r.at(""), "cannot read access properties"));
    void* handle = nullptr;
    if (H5Pget_driver(fapl.get()) == H5FD_SEC2 &&
        H5Fget_vfd_handle(r.file.get(), fapl.get(), &handle) >= 0 && handle != nullptr) {
      r.fd = *static_cast<int*>(handle);
      // The file HDF5 opened must be the one that was checked (no rename in between).
      struct stat opened {};
      if (::fstat(r.fd, &opened) != 0 || identity_of(opened) != identity_of(before))
        throw GoldenError(where + ": the file changed while it was being opened; try again");
    }
  }

  r.root =
      detail::validate_root_attributes(read_attributes(r.file.get(), r.at("root group")), where);
  if (r.root.params_in_dataset) {
    const Where at = r.at("dataset /meta/params.json");
    if (H5Lexists(r.file.get(), "meta", H5P_DEFAULT) <= 0 ||
        H5Lexists(r.file.get(), "meta/params.json", H5P_DEFAULT) <= 0)
      throw GoldenError(where +
                        ": attribute 'params' is missing and there is no "
                        "/meta/params.json dataset");
    Dataset ds(check(H5Dopen2(r.file.get(), "/meta/params.json", H5P_DEFAULT), at, "cannot open"));
    Datatype type(check(H5Dget_type(ds.get()), at, "cannot read the type"));
    Dataspace space(check(H5Dget_space(ds.get()), at, "cannot read the dataspace"));
    const hssize_t n = H5Sget_simple_extent_npoints(space.get());
    if (H5Tequal(type.get(), H5T_STD_U8LE) <= 0 || H5Sget_simple_extent_ndims(space.get()) != 1 ||
        n < 0 || n > (hssize_t{1} << 28))
      throw GoldenError(at.describe() + ": must be a 1-D uint8 dataset of UTF-8 JSON");
    std::string text(static_cast<std::size_t>(n), '\0');
    if (n > 0)
      check(H5Dread(ds.get(), H5T_STD_U8LE, H5S_ALL, H5S_ALL, H5P_DEFAULT, text.data()), at,
            "cannot read");
    if (!nlohmann::json::accept(text)) throw GoldenError(at.describe() + ": not valid JSON");
    r.root.provenance.params = std::move(text);
  }

  for (TensorRole role : {TensorRole::kInput, TensorRole::kOutput}) {
    const std::string group_name(name(role));
    const Where group_at = r.at("group /" + group_name);
    if (H5Lexists(r.file.get(), group_name.c_str(), H5P_DEFAULT) <= 0)
      throw GoldenError(group_at.describe() +
                        " is missing (schema v1 always has /inputs and "
                        "/outputs)");
    Group group(
        check(H5Gopen2(r.file.get(), group_name.c_str(), H5P_DEFAULT), group_at, "cannot open"));
    LinkList links;
    hsize_t index = 0;
    herr_t rc = H5Literate(group.get(), H5_INDEX_NAME, H5_ITER_INC, &index, collect_link, &links);
    if (!links.problem.empty()) throw GoldenError(group_at.describe() + ": " + links.problem);
    check(rc, group_at, "cannot list its members");
    for (const std::string& member : links.names) {
      const std::string object = "/" + group_name + "/" + member;
      const Where at = r.at("dataset " + object);
      const std::string ds_where = at.describe();
      Handle<H5Oclose> any(
          check(H5Oopen(group.get(), member.c_str(), H5P_DEFAULT), at, "cannot open"));
      if (H5Iget_type(any.get()) != H5I_DATASET)
        throw GoldenError(ds_where + " is not a dataset (groups hold only datasets)");
      any.reset();
      Dataset ds(check(H5Dopen2(group.get(), member.c_str(), H5P_DEFAULT), at, "cannot open"));
      DatasetInfo info = detail::validate_dataset_attributes(read_attributes(ds.get(), at), role,
                                                             member, ds_where);
      detail::StorageFacts facts;
      Dataspace space(check(H5Dget_space(ds.get()), at, "cannot read the dataspace"));
      const H5S_class_t space_class = H5Sget_simple_extent_type(space.get());
      facts.null_space = space_class == H5S_NULL;
      if (space_class == H5S_SIMPLE) {
        const int rank = check(H5Sget_simple_extent_ndims(space.get()), at, "cannot read the rank");
        std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
        check(H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr), at,
              "cannot read the dims");
        facts.dims.assign(dims.begin(), dims.end());
      }
      Datatype type(check(H5Dget_type(ds.get()), at, "cannot read the type"));
      facts.type_matches = is_file_type(type.get(), info.dtype);
      facts.type_description = describe_type(type.get());
      detail::check_dataset_storage(info, facts, ds_where);
      if (!facts.null_space) {
        PropertyList dcpl(check(H5Dget_create_plist(ds.get()), at, "cannot read properties"));
        if (H5Pget_layout(dcpl.get()) == H5D_CHUNKED && !info.shape.empty()) {
          std::vector<hsize_t> chunk(info.shape.size());
          if (H5Pget_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()) ==
              static_cast<int>(chunk.size()))
            info.chunk_shape.assign(chunk.begin(), chunk.end());
        }
      }
      r.layouts.push_back(r.layout_of(ds.get(), info, at));
      r.datasets.push_back(std::move(info));
    }
  }
  return GoldenReader(std::move(impl));
}

const std::filesystem::path& GoldenReader::path() const {
  return impl_->path;
}
const Provenance& GoldenReader::provenance() const {
  return impl_->root.provenance;
}
std::int32_t GoldenReader::schema_major() const {
  return impl_->root.schema_major;
}
std::int32_t GoldenReader::schema_minor() const {
  return impl_->root.schema_minor;
}
const std::vector<DatasetInfo>& GoldenReader::datasets() const {
  return impl_->datasets;
}

const DatasetInfo* GoldenReader::find(std::string_view name) const {
  std::size_t i = impl_->index_of(name);
  return i < impl_->datasets.size() ? &impl_->datasets[i] : nullptr;
}

const DatasetInfo& GoldenReader::dataset(std::string_view name) const {
  if (const DatasetInfo* d = find(name)) return *d;
  std::string list;
  for (const auto& d : impl_->datasets) list += (list.empty() ? "" : ", ") + d.path();
  throw GoldenError(impl_->where() + " has no tensor \"" + std::string(name) +
                    "\" (it has: " + (list.empty() ? "none" : list) + ")");
}

void GoldenReader::read_into(std::string_view name, std::span<std::byte> out) const {
  const DatasetInfo& info = dataset(name);
  const std::size_t index = static_cast<std::size_t>(&info - impl_->datasets.data());
  if (out.size() != info.nbytes)
    throw UsageError(impl_->where() + ", dataset /" + info.path() + ": has " +
                     std::to_string(info.nbytes) + " bytes, the buffer " +
                     std::to_string(out.size()));
  ErrorSilencer silence;
  Verifier verifier(*impl_, info);
  const std::size_t esize = size_bytes(info.dtype);
  // Slabs of at most `block` bytes; each is hashed right after it lands, while still cached.
  const std::size_t block = std::max(kReadBlock / esize * esize, esize);
  // HDF5's own path (filters, foreign layouts) works in bigger slabs: its overhead is per call.
  const bool via_hdf5 = impl_->layouts[index].access == Access::kHdf5;
  std::unique_ptr<Producer> producer =
      producer_for(*impl_, index, via_hdf5 ? std::max(block, std::size_t{8} << 20) : block);
  std::size_t done = 0;
  // Large tensors: a second thread hashes what has landed while this one reads on, so verifying
  // costs (almost) no time on a machine with a spare core.
  const bool overlap = impl_->options.verify_checksums && out.size() >= (std::size_t{64} << 20);
  std::mutex mutex;
  std::condition_variable landed;
  std::size_t ready = 0;
  bool abandon = false;
  std::exception_ptr hash_error;
  std::thread hasher;
  if (overlap) {
    hasher = std::thread([&] {
      try {
        std::size_t hashed = 0;
        while (hashed < out.size()) {
          std::size_t upto = 0;
          {
            std::unique_lock lock(mutex);
            landed.wait(lock, [&] { return abandon || ready > hashed; });
            if (abandon) return;
            upto = ready;
          }
          verifier.update(std::span(out.data() + hashed, upto - hashed));
          hashed = upto;
        }
      } catch (...) {
        hash_error = std::current_exception();
      }
    });
  }
  try {
    while (done < out.size()) {
      const std::size_t room = out.size() - done;
      const std::size_t n =
          producer->next(out.data() + done, producer->whole_slabs() ? room : std::min(block, room));
      if (n == 0) break;
      if (!overlap) verifier.update(std::span(out.data() + done, n));
      done += n;
      if (overlap) {
        {
          std::lock_guard lock(mutex);
          ready = done;
        }
        landed.notify_one();
      }
    }
  } catch (...) {
    if (hasher.joinable()) {
      {
        std::lock_guard lock(mutex);
        abandon = true;
      }
      landed.notify_one();
      hasher.join();
    }
    throw;
  }
  if (hasher.joinable()) {
    if (done != out.size()) {
      std::lock_guard lock(mutex);
      abandon = true;
    }
    landed.notify_one();
    hasher.join();
    if (hash_error) std::rethrow_exception(hash_error);
  }
  if (done != out.size())
    throw GoldenError(impl_->where() + ", dataset /" + info.path() + ": read " +
                      std::to_string(done) + " of " + std::to_string(out.size()) + " bytes");
  verifier.finish();
}

Tensor GoldenReader::read(std::string_view name) const {
  const DatasetInfo& info = dataset(name);
  Tensor t(info.dtype, info.shape);
  read_into(name, t.bytes());
  return t;
}

TensorStream GoldenReader::stream(std::string_view name, std::size_t max_chunk_bytes,
                                  bool read_ahead) const {
  const DatasetInfo& info = dataset(name);
  const std::size_t index = static_cast<std::size_t>(&info - impl_->datasets.data());
  ErrorSilencer silence;
  return TensorStream(
      std::make_unique<TensorStream::State>(impl_, index, max_chunk_bytes, read_ahead));
}

void GoldenReader::verify_all() const {
  for (const DatasetInfo& info : impl_->datasets) {
    TensorStream s = stream(info.path(), std::size_t{4} << 20);
    while (s.next()) {
    }
  }
}

}  // namespace parity
