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
#include "parity/bounded_json.hpp"
#include "parity/checksum.hpp"
#include "parity/error.hpp"
#include "parity/regular_file.hpp"
#include "parity/rng.hpp"

namespace parity {

using namespace detail::h5;  // NOLINT: the HDF5 layer's names read best unqualified here
using detail::SlabPlan;

namespace {

// Raw reads hash each block right after reading it, while it is still in the CPU cache.
constexpr std::size_t kReadBlock = std::size_t{512} << 10;
// /meta/params.json: free-form case parameters, not tensors.
constexpr std::uint64_t kMaxParamsBytes = std::uint64_t{16} << 20;

// Where a tensor's logical bytes live in the file. Schema v1 stores every tensor contiguous or
// in unfiltered chunks inside the file, so parity reads them with pread(2) on its own descriptor
// (at the speed of the page cache) and HDF5 never reads tensor data at all: no external file, no
// filter pipeline, no virtual dataset can be reached through a golden.
struct Segment {
  std::uint64_t logical = 0;  // byte offset in the tensor
  std::uint64_t file = 0;     // byte offset in the file
  std::uint64_t length = 0;
};

struct Layout {
  bool recipe = false;
  std::vector<Segment> segments;
};

std::string human(std::uint64_t bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 5) {
    v /= 1024.0;
    ++u;
  }
  char text[40];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", v, kUnits[u]);
  return text;
}

std::string link_kind(H5L_type_t type) {
  return type == H5L_TYPE_SOFT       ? "a soft link"
         : type == H5L_TYPE_EXTERNAL ? "an external link"
                                     : "a user-defined link";
}

struct FileIdentity {
  dev_t dev = 0;
  ino_t ino = 0;
  friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};

}  // namespace

namespace detail {
struct GoldenFile {
  std::filesystem::path path;
  GoldenOpenOptions options;
  FileDescriptor fd;  // parity's own descriptor: every byte of data is read through it
  File file;
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
    try {
      parity::pread_exact(fd.get(), dst, length, offset, where());
    } catch (const FileError& e) {
      throw GoldenError(e.what());
    }
  }

  // Schema v1's storage rules for one dataset; `object` names it ("/inputs/x"). `nbytes` is what
  // the attributes declare; `esize` the element size; `shape` its dims (for the chunk rule).
  Layout storage_of(hid_t ds, const std::string& object, std::uint64_t nbytes, std::size_t esize,
                    const Shape& shape, bool recipe, const Where& w) const {
    const std::string at = where() + ", dataset " + object;
    auto refuse = [&](const std::string& what) { throw GoldenError(at + ": " + what); };
    PropertyList dcpl(check(H5Dget_create_plist(ds), w, "cannot read the creation properties"));
    const H5D_layout_t kind = H5Pget_layout(dcpl.get());
    if (kind == H5D_VIRTUAL)
      refuse(
          "is a virtual dataset (its data lives in other files); schema v1 stores every tensor "
          "inside its golden file: recapture it with parity");
    const int external = H5Pget_external_count(dcpl.get());
    if (external != 0) {
      char name[256] = {};
      off_t offset = 0;
      hsize_t size = 0;
      if (external > 0) H5Pget_external(dcpl.get(), 0, sizeof name - 1, name, &offset, &size);
      refuse("uses external storage (its data would be read from '" + std::string(name) +
             "', outside the file); schema v1 stores every tensor inside its golden file, so "
             "parity never reads it: recapture it with parity");
    }
    const int filters = H5Pget_nfilters(dcpl.get());
    if (filters != 0) {
      char name[64] = {};
      unsigned flags = 0, config = 0;
      std::size_t n = 0;
      if (filters > 0)
        H5Pget_filter2(dcpl.get(), 0, &flags, &n, nullptr, sizeof name - 1, name, &config);
      refuse("uses the HDF5 filter '" + std::string(name[0] ? name : "?") +
             "'; schema v1 stores tensors unfiltered (a filter could inflate a small file into "
             "gigabytes): recapture it with parity");
    }
    if (kind != H5D_CONTIGUOUS && kind != H5D_CHUNKED)
      refuse(std::string(kind == H5D_COMPACT ? "has compact layout" : "has an unknown layout") +
             "; schema v1 stores tensors contiguous or chunked");
    Layout layout;
    if (recipe) {
      // No data: the bytes are regenerated, and a test holds them in memory.
      layout.recipe = true;
      const std::uint64_t memory = physical_memory_bytes();
      if (nbytes > memory)
        refuse("is a recipe that declares " + std::to_string(nbytes) + " bytes (" + human(nbytes) +
               "), more memory than this machine has (" + human(memory) +
               "); a recipe tensor must fit in memory");
      return layout;
    }
    if (nbytes == 0) return layout;
    if (nbytes > file_size)
      refuse("declares " + std::to_string(nbytes) + " bytes (" + human(nbytes) +
             ") of data, but the whole file has " + std::to_string(file_size) +
             " bytes: the data is not there (a damaged or forged file)");
    auto in_file = [&](std::uint64_t offset, std::uint64_t length) {
      return offset <= file_size && length <= file_size - offset;
    };
    const hsize_t stored_total = H5Dget_storage_size(ds);
    if (kind == H5D_CONTIGUOUS) {
      const haddr_t offset = H5Dget_offset(ds);
      if (offset == HADDR_UNDEF || stored_total != nbytes)
        refuse("declares " + std::to_string(nbytes) + " bytes of data but stores " +
               std::to_string(offset == HADDR_UNDEF ? 0 : stored_total) +
               " (it was never completely written)");
      if (!in_file(offset, nbytes))
        refuse("its data lies outside the file (damaged layout message)");
      layout.segments.push_back({0, offset, nbytes});
      return layout;
    }
    // Chunked: schema v1's chunk shape {1, .., 1, rows, full, .., full}, every chunk stored.
    if (shape.empty()) refuse("is a chunked scalar; schema v1 stores scalars contiguous");
    std::vector<hsize_t> chunk(shape.size());
    if (H5Pget_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()) !=
        static_cast<int>(chunk.size()))
      refuse("has a chunk shape of another rank than its dataspace");
    int split = -1;
    for (std::size_t i = 0; i < chunk.size(); ++i) {
      if (chunk[i] != 1) {
        split = static_cast<int>(i);
        break;
      }
    }
    if (split < 0) split = static_cast<int>(chunk.size()) - 1;
    bool schema_shape = chunk[static_cast<std::size_t>(split)] >= 1 &&
                        chunk[static_cast<std::size_t>(split)] <=
                            static_cast<hsize_t>(shape[static_cast<std::size_t>(split)]);
    for (std::size_t i = static_cast<std::size_t>(split) + 1; i < chunk.size(); ++i)
      schema_shape = schema_shape && chunk[i] == static_cast<hsize_t>(shape[i]);
    if (!schema_shape)
      refuse("has chunk shape " + shape_string(Shape(chunk.begin(), chunk.end())) +
             ", which is not schema v1's {1, .., 1, rows, full extents} for shape " +
             shape_string(shape));
    const auto rows = static_cast<std::int64_t>(chunk[static_cast<std::size_t>(split)]);
    SlabPlan plan(shape, split, rows);
    const std::uint64_t chunk_bytes = static_cast<std::uint64_t>(plan.slab_elements()) * esize;
    const auto count = static_cast<std::uint64_t>(plan.count());
    // Every chunk is stored in full (edge chunks too): bound the work by the file before looking.
    if (chunk_bytes == 0 || count > file_size / chunk_bytes)
      refuse("declares " + std::to_string(nbytes) + " bytes in " + std::to_string(count) +
             " chunks of " + std::to_string(chunk_bytes) + " bytes, more than the " +
             std::to_string(file_size) + " bytes of the whole file: the data is not there");
    hsize_t stored_chunks = 0;
    {
      Dataspace space(check(H5Dget_space(ds), w, "cannot read the dataspace"));
      check(H5Dget_num_chunks(ds, space.get(), &stored_chunks), w, "cannot count the chunks");
    }
    if (stored_chunks != count || stored_total != count * chunk_bytes)
      refuse("declares " + std::to_string(nbytes) + " bytes in " + std::to_string(count) +
             " chunks but stores " + std::to_string(stored_chunks) + " chunks (" +
             std::to_string(stored_total) + " bytes): it was never completely written");
    layout.segments.reserve(static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < plan.count(); ++i) {
      const detail::Slab slab = plan.slab(i);
      unsigned filter_mask = 0;
      haddr_t address = HADDR_UNDEF;
      hsize_t stored = 0;
      check(H5Dget_chunk_info_by_coord(ds, slab.start.data(), &filter_mask, &address, &stored), w,
            "cannot look up a chunk");
      if (address == HADDR_UNDEF || filter_mask != 0 || stored != chunk_bytes ||
          !in_file(address, chunk_bytes))
        refuse("chunk " + std::to_string(i) + " is missing, filtered or lies outside the file " +
               "(damaged chunk index)");
      layout.segments.push_back({static_cast<std::uint64_t>(slab.first) * esize, address,
                                 static_cast<std::uint64_t>(slab.count) * esize});
    }
    // No two chunks share bytes: what is read is at most the file, once.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
    spans.reserve(layout.segments.size());
    for (const Segment& seg : layout.segments) spans.emplace_back(seg.file, chunk_bytes);
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
      if (spans[i].first < spans[i - 1].first + spans[i - 1].second)
        refuse("two chunks overlap in the file (damaged chunk index)");
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

std::unique_ptr<Producer> producer_for(const detail::GoldenFile& r, std::size_t index) {
  const DatasetInfo& info = r.datasets[index];
  const Layout& layout = r.layouts[index];
  if (layout.recipe) return std::make_unique<RecipeProducer>(info);
  return std::make_unique<SegmentProducer>(r, layout, info);
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
  while (got < capacity) {
    const std::size_t room = capacity - got;
    const std::size_t n = producer.next(buffer + got, std::min(room, std::max(kReadBlock, esize)));
    if (n == 0) break;
    verifier.update(std::span(buffer + got, n));
    got += n;
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
    producer = producer_for(*reader, index);
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
  std::string group;  // "/outputs"
  std::vector<std::string> names;
  std::string problem;
};

herr_t collect_link(hid_t, const char* name, const H5L_info_t* info, void* data) {
  auto* list = static_cast<LinkList*>(data);
  if (info->type != H5L_TYPE_HARD) {
    list->problem = list->group + "/" + name + " is " + link_kind(info->type) +
                    "; golden files hold only datasets (hard links), and parity never follows "
                    "a link out of a file";
    return -1;
  }
  list->names.emplace_back(name);
  return 0;
}

// `name` (one component, under `parent`) must be a hard link to an object of `type` before
// anything opens it: H5Gopen2 and H5Dopen2 would follow a soft or external link.
bool hard_link_to(hid_t parent, const char* name, H5O_type_t type, const Where& at,
                  const std::string& object, bool required, const std::string& what) {
  const htri_t exists = H5Lexists(parent, name, H5P_DEFAULT);
  if (exists <= 0) {
    if (required) throw GoldenError(at.describe() + " is missing (" + what + ")");
    return false;
  }
  H5L_info_t link{};
  check(H5Lget_info(parent, name, &link, H5P_DEFAULT), at, "cannot read the link");
  if (link.type != H5L_TYPE_HARD)
    throw GoldenError(at.describe() + " is " + link_kind(link.type) + "; " + object +
                      " must be a " + (type == H5O_TYPE_GROUP ? "group" : "dataset") +
                      " in the file itself, and parity never follows a link out of a file");
  H5O_info_t info{};
  check(H5Oget_info_by_name(parent, name, &info, H5P_DEFAULT), at, "cannot read the object");
  if (info.type != type)
    throw GoldenError(at.describe() + " is not a " +
                      (type == H5O_TYPE_GROUP ? "group" : "dataset"));
  return true;
}

FileIdentity identity_of(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return {};
  return {st.st_dev, st.st_ino};
}

}  // namespace

GoldenReader GoldenReader::open(const std::filesystem::path& file,
                                const GoldenOpenOptions& options) {
  auto impl = std::make_shared<detail::GoldenFile>();
  impl->path = file;
  impl->options = options;
  try {
    RegularFileOptions ro;
    ro.what = "golden file";
    impl->fd = open_regular_file(file, ro);
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  return open_descriptor(std::move(impl));
}

GoldenReader GoldenReader::open(const Folder& root, std::string_view relative,
                                const GoldenOpenOptions& options) {
  auto impl = std::make_shared<detail::GoldenFile>();
  impl->path = root.path() / std::string(relative);
  impl->options = options;
  try {
    check_relative_path(relative, "golden path");
    const std::size_t slash = relative.rfind('/');
    std::optional<Folder> sub;
    if (slash != std::string_view::npos) {
      sub = root.find(relative.substr(0, slash));
      if (!sub)
        throw FileError("golden file '" + impl->path.string() +
                        "': cannot open it: " + std::strerror(ENOENT));
    }
    const std::string_view name =
        slash == std::string_view::npos ? relative : relative.substr(slash + 1);
    impl->fd = (sub ? *sub : root).open_file(name, "golden file");
  } catch (const Error& e) {
    throw GoldenError(e.what());
  }
  GoldenReader reader = open_descriptor(std::move(impl));
  // Its place must be its case's: a golden copied or renamed to another path is not that case.
  const Provenance& p = reader.provenance();
  std::string expected;
  try {
    expected = case_golden_path(p.suite, p.case_name).generic_string();
  } catch (const UsageError& e) {
    throw GoldenError(reader.impl_->where() +
                      ": its suite and case have no golden path: " + e.what());
  }
  if (expected != relative)
    throw GoldenError(reader.impl_->where() + " holds suite '" + p.suite + "' case '" +
                      p.case_name + "', whose golden path is " + expected + ", not " +
                      std::string(relative) +
                      ": it was copied or renamed; recapture the case instead");
  return reader;
}

GoldenReader GoldenReader::open_descriptor(std::shared_ptr<detail::GoldenFile> impl) {
  detail::GoldenFile& r = *impl;
  const std::string where = r.where();
  struct stat st {};
  if (::fstat(r.fd.get(), &st) != 0)
    throw GoldenError(where + ": cannot inspect it: " + std::strerror(errno));
  r.file_size = static_cast<std::uint64_t>(st.st_size);

  // 1. Manifest: size and SHA-256 before any parser sees the bytes.
  if (r.options.expected) verify_against_manifest(r.fd.get(), r.path, *r.options.expected);

  // 2. Our own pre-parse of the superblock.
  {
    std::byte head[detail::kSuperblockBytes] = {};
    const ssize_t got = ::pread(r.fd.get(), head, sizeof head, 0);
    if (got < 0) throw GoldenError(where + ": cannot read it: " + std::strerror(errno));
    detail::check_superblock(std::span(head, static_cast<std::size_t>(got)), r.file_size,
                             r.path.string());
  }

  // 3. HDF5, on exactly the file that was checked: /proc/self/fd/N reopens the same inode, so no
  //    rename, link or FIFO can be put in its place between the check and the parse.
  ErrorSilencer silence;
  const std::string reopen = "/proc/self/fd/" + std::to_string(r.fd.get());
  const bool by_descriptor = ::access(reopen.c_str(), F_OK) == 0;
  r.file = File(
      check(H5Fopen(by_descriptor ? reopen.c_str() : r.path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT),
            r.at(""), "HDF5 cannot open it (damaged, or not an HDF5 file)"));
  {
    PropertyList fapl(
        check(H5Fget_access_plist(r.file.get()), r.at(""), "cannot read access properties"));
    void* handle = nullptr;
    if (H5Pget_driver(fapl.get()) != H5FD_SEC2 ||
        H5Fget_vfd_handle(r.file.get(), fapl.get(), &handle) < 0 || handle == nullptr ||
        identity_of(*static_cast<int*>(handle)) != identity_of(r.fd.get()))
      throw GoldenError(where + ": the file changed while it was being opened; try again");
  }

  r.root =
      detail::validate_root_attributes(read_attributes(r.file.get(), r.at("root group")), where);
  if (r.options.kind && r.root.provenance.kind != *r.options.kind)
    throw GoldenError(where + " is a " + std::string(name(r.root.provenance.kind)) + " file; a " +
                      std::string(name(*r.options.kind)) +
                      " file belongs here (result files come from record mode and are never "
                      "approved; stage goldens with `parity golden capture`)");
  if (r.root.params_in_dataset) {
    const Where at = r.at("dataset /meta/params.json");
    hard_link_to(r.file.get(), "meta", H5O_TYPE_GROUP, r.at("group /meta"), "/meta", true,
                 "attribute 'params' is missing and there is no /meta/params.json dataset");
    Group meta(check(H5Gopen2(r.file.get(), "meta", H5P_DEFAULT), at, "cannot open /meta"));
    hard_link_to(meta.get(), "params.json", H5O_TYPE_DATASET, at, "/meta/params.json", true,
                 "attribute 'params' is missing and there is no /meta/params.json dataset");
    Dataset ds(check(H5Dopen2(meta.get(), "params.json", H5P_DEFAULT), at, "cannot open"));
    Datatype type(check(H5Dget_type(ds.get()), at, "cannot read the type"));
    Dataspace space(check(H5Dget_space(ds.get()), at, "cannot read the dataspace"));
    const hssize_t n = H5Sget_simple_extent_npoints(space.get());
    if (H5Tequal(type.get(), H5T_STD_U8LE) <= 0 || H5Sget_simple_extent_ndims(space.get()) != 1 ||
        n < 0 || static_cast<std::uint64_t>(n) > kMaxParamsBytes)
      throw GoldenError(at.describe() + ": must be a 1-D uint8 dataset of UTF-8 JSON, at most " +
                        std::to_string(kMaxParamsBytes) + " bytes");
    const Layout layout = r.storage_of(ds.get(), "/meta/params.json", static_cast<std::uint64_t>(n),
                                       1, {static_cast<std::int64_t>(n)}, false, at);
    std::string text(static_cast<std::size_t>(n), '\0');
    for (const Segment& seg : layout.segments)
      r.pread_exact(reinterpret_cast<std::byte*>(text.data()) + seg.logical, seg.length, seg.file);
    if (!detail::is_valid_utf8(text)) throw GoldenError(at.describe() + ": not valid UTF-8");
    JsonLimits limits;
    limits.max_depth = detail::kMaxJsonDepth;
    if (auto problem = json_limit_problem(text, limits))
      throw GoldenError(at.describe() + ": " + *problem);
    if (!nlohmann::json::accept(text)) throw GoldenError(at.describe() + ": not valid JSON");
    r.root.provenance.params = std::move(text);
  }

  for (TensorRole role : {TensorRole::kInput, TensorRole::kOutput}) {
    const std::string group_name(name(role));
    const Where group_at = r.at("group /" + group_name);
    hard_link_to(r.file.get(), group_name.c_str(), H5O_TYPE_GROUP, group_at, "/" + group_name, true,
                 "schema v1 always has /inputs and /outputs");
    Group group(
        check(H5Gopen2(r.file.get(), group_name.c_str(), H5P_DEFAULT), group_at, "cannot open"));
    LinkList links;
    links.group = "/" + group_name;
    hsize_t index = 0;
    herr_t rc = H5Literate(group.get(), H5_INDEX_NAME, H5_ITER_INC, &index, collect_link, &links);
    if (!links.problem.empty()) throw GoldenError(r.where() + ": " + links.problem);
    check(rc, group_at, "cannot list its members");
    for (const std::string& member : links.names) {
      const std::string object = "/" + group_name + "/" + member;
      const Where at = r.at("dataset " + object);
      const std::string ds_where = at.describe();
      H5O_info_t oinfo{};
      check(H5Oget_info_by_name(group.get(), member.c_str(), &oinfo, H5P_DEFAULT), at,
            "cannot read the object");
      if (oinfo.type != H5O_TYPE_DATASET)
        throw GoldenError(ds_where + " is not a dataset (groups hold only datasets)");
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
      Layout layout = r.storage_of(ds.get(), object, info.nbytes, size_bytes(info.dtype),
                                   info.shape, info.encoding == Encoding::kRecipe, at);
      if (!facts.null_space) {
        PropertyList dcpl(check(H5Dget_create_plist(ds.get()), at, "cannot read properties"));
        if (H5Pget_layout(dcpl.get()) == H5D_CHUNKED && !info.shape.empty()) {
          std::vector<hsize_t> chunk(info.shape.size());
          if (H5Pget_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()) ==
              static_cast<int>(chunk.size()))
            info.chunk_shape.assign(chunk.begin(), chunk.end());
        }
      }
      r.layouts.push_back(std::move(layout));
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
  std::unique_ptr<Producer> producer = producer_for(*impl_, index);
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
      const std::size_t n = producer->next(out.data() + done, std::min(block, room));
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
