#include "parity/case.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "parity/error.hpp"
#include "parity/error_map.hpp"
#include "parity/float_format.hpp"
#include "parity/folder.hpp"
#include "parity/golden_store.hpp"
#include "parity/golden_writer.hpp"
#include "parity/launcher_exit.hpp"
#include "parity/manifest.hpp"

#include "unwritten.hpp"

namespace parity {
namespace {

// The byte pattern outputs are pre-filled with: a quiet NaN with a recognisable payload where the
// format allows one, so an element the kernel never wrote both fails the comparison and can be
// told apart from a NaN the kernel computed; 0xA5 bytes for integers.
std::vector<std::byte> sentinel_element(DType dtype) {
  const std::size_t size = size_bytes(dtype);
  std::vector<std::byte> bytes(size, std::byte{0xA5});
  auto put = [&](std::uint64_t bits, std::size_t width, std::size_t offset) {
    for (std::size_t i = 0; i < width; ++i)
      bytes[offset + i] = static_cast<std::byte>((bits >> (8 * i)) & 0xFF);
  };
  auto float_sentinel = [](DType d) -> std::uint64_t {
    switch (d) {
      case DType::kFloat64:
        return 0x7FF8DEADDEADDEADull;
      case DType::kFloat32:
        return 0x7FC0DEADu;
      case DType::kFloat16:
        return 0x7EADu;
      case DType::kBFloat16:
        return 0x7FEDu;
      case DType::kFloat4E2M1FN:
        return 0xFu;  // no NaN: -6, the most negative value
      default:
        return float_format(d)->canonical_nan;
    }
  };
  if (is_floating(dtype)) {
    put(float_sentinel(dtype), size, 0);
  } else if (is_complex(dtype)) {
    DType c = component_dtype(dtype);
    put(float_sentinel(c), size / 2, 0);
    put(float_sentinel(c), size / 2, size / 2);
  }
  return bytes;
}

void fill_with(Tensor& t, const std::vector<std::byte>& element) {
  auto bytes = t.bytes();
  for (std::size_t i = 0; i + element.size() <= bytes.size(); i += element.size())
    std::memcpy(bytes.data() + i, element.data(), element.size());
}

std::int64_t count_sentinels(const Tensor& t, const std::vector<std::byte>& element) {
  std::int64_t n = 0;
  auto bytes = t.bytes();
  for (std::size_t i = 0; i + element.size() <= bytes.size(); i += element.size())
    n += std::memcmp(bytes.data() + i, element.data(), element.size()) == 0;
  return n;
}

// One flag per element: whether it still holds the sentinel. Only for outputs that have some
// (every checked output is counted; this allocates, so it is not run on passing ones).
std::vector<std::uint8_t> sentinel_mask(const Tensor& t, const std::vector<std::byte>& element) {
  std::vector<std::uint8_t> mask;
  auto bytes = t.bytes();
  mask.reserve(bytes.size() / element.size());
  for (std::size_t i = 0; i + element.size() <= bytes.size(); i += element.size())
    mask.push_back(std::memcmp(bytes.data() + i, element.data(), element.size()) == 0);
  return mask;
}

// "232 of 1000 elements still hold the never-written sentinel (0x7fc0dead): elements [768, 1000)
// of 1000 (the tail: ...)".
std::string unwritten_hint(const Tensor& t, const std::vector<std::byte>& element,
                           std::int64_t sentinels) {
  std::string bits = "0x";
  static constexpr char kDigits[] = "0123456789abcdef";
  for (std::size_t i = element.size(); i-- > 0;) {  // little-endian element, most significant first
    const auto b = std::to_integer<unsigned>(element[i]);
    bits += kDigits[b >> 4];
    bits += kDigits[b & 15];
  }
  return std::to_string(sentinels) + " of " + std::to_string(t.numel()) +
         " elements still hold the never-written sentinel (" + bits +
         ") parity filled the output with before the launch: " +
         describe_unwritten(sentinel_mask(t, element), t.shape());
}

std::string vendor_of(std::string_view backend) {
  if (backend == "cuda") return "nvidia";
  if (backend == "hip") return "amd";
  return "host";
}

nlohmann::json to_json(const DeviceInfo& d) {
  return {{"backend", d.backend},
          {"device_name", d.device_name},
          {"architecture", d.architecture},
          {"warp_size", d.warp_size},
          {"device_index", d.device_index},
          {"driver_version", d.driver_version},
          {"runtime_version", d.runtime_version},
          {"total_memory", d.total_memory},
          {"compiler", d.compiler}};
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string describe_tensor(DType dtype, const Shape& shape) {
  return std::string(name(dtype)) + " [" + shape_string(shape) + "]";
}

// Runs `kernel` under a LaunchGuard: an exit(), abort() or failed assert() in it comes back here
// (detail::leave_launch) and becomes a LauncherExit thrown from this frame, which unwinds
// normally through the backend's timing code to the test.
void run_guarded(const std::function<void()>& kernel, const std::string& case_name) {
  detail::LaunchGuard guard;
  detail::LaunchGuard*& slot = detail::active_launch_guard();
  detail::LaunchGuard* const previous = slot;
  if (setjmp(guard.where) == 0) {
    slot = &guard;
    kernel();
    slot = previous;
    return;
  }
  slot = previous;
  throw LauncherExit("case '" + case_name + "': the launcher " + guard.what +
                     " inside run.launch, so this case fails (the kernel file's own message, if "
                     "any, is printed above) and the run goes on with the next case. Fix what "
                     "the check reports; see docs/troubleshooting.md, \"the launcher called "
                     "exit\".");
}

}  // namespace

namespace detail {

LaunchGuard*& active_launch_guard() noexcept {
  thread_local LaunchGuard* guard = nullptr;
  return guard;
}

void leave_launch(std::string what) noexcept {
  LaunchGuard* guard = active_launch_guard();
  if (guard == nullptr) return;
  guard->what = std::move(what);
  std::longjmp(guard->where, 1);
}

}  // namespace detail

Case::Case(const RunConfig& config, std::string name, Backend& backend, const DeviceInfo& device,
           CaseReporter& reporter, const ToleranceOverrides* overrides)
    : config_(config),
      name_(std::move(name)),
      backend_(backend),
      device_(device),
      reporter_(reporter),
      overrides_(overrides),
      seed_(stream_id(config.suite + "/" + name_)) {}

Case::~Case() = default;

std::filesystem::path Case::relative_path() const {
  // Case names conventionally start with the suite ("softmax/f16/4096x1024"); the suite is
  // already the folder, so golden/softmax/f16/4096x1024.h5 rather than golden/softmax/softmax/...
  return case_golden_path(config_.suite, name_);
}

void Case::fail(const std::string& message) {
  failed_ = true;
  reporter_.fail(message);
}

const GoldenReader& Case::golden() {
  if (golden_) return *golden_;
  const std::string rel = relative_path().generic_string();
  const auto path = config_.golden_dir / rel;
  std::optional<Folder> root;
  try {
    root = Folder::open(config_.golden_dir);
  } catch (const FileError& e) {
    throw GoldenError(std::string(e.what()) + " (the approved goldens of suite '" + config_.suite +
                      "'; pass --golden-dir or set PARITY_GOLDEN_DIR)");
  }
  const std::size_t slash = rel.rfind('/');
  std::optional<Folder> sub;
  try {
    sub = root->find(rel.substr(0, slash));
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  if (!sub || !sub->stat(rel.substr(slash + 1))) {
    std::ostringstream msg;
    // Point at the CUDA original's binary even when a HIP port is the one that found no golden:
    // goldens come from the original. Fall back to this binary outside parity_add_suite's layout.
    std::filesystem::path original = config_.program.empty() ? "<test binary>" : config_.program;
    if (!config_.program.empty()) {
      const bool host = config_.backend.starts_with("host");
      auto candidate = std::filesystem::path(config_.program).parent_path() /
                       (config_.suite + (host ? "_host_cuda" : "_cuda"));
      if (std::filesystem::exists(candidate)) original = candidate;
    }
    msg << "no golden for case '" << name_ << "' of suite '" << config_.suite << "': " << path
        << " does not exist.\nCapture it with the CUDA original (not a HIP port), review it, "
        << "then approve it:\n  " << original.string() << " --parity-mode capture --staging-dir "
        << "staging \"" << name_ << "\"\n  parity golden approve --staging staging --golden "
        << config_.golden_dir.string();
    throw GoldenError(msg.str());
  }
  // Every golden is checked against MANIFEST before HDF5 parses it; a folder without one has no
  // reviewed goldens at all.
  if (!root->stat(Manifest::kFileName))
    throw GoldenError("golden folder '" + config_.golden_dir.string() +
                      "' has no MANIFEST: every golden is checked against it before it is "
                      "read. Restore it from version control, or approve goldens into the "
                      "folder with `parity golden approve`, which writes it");
  const std::string manifest_file = (config_.golden_dir / Manifest::kFileName).string();
  GoldenOpenOptions options;
  options.kind = FileKind::kGolden;
  Manifest manifest;
  try {
    manifest = Manifest::parse(
        root->read_file(Manifest::kFileName, Manifest::kMaxBytes, "manifest"), manifest_file);
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  const auto* entry = manifest.find(rel);
  const std::string interrupted =
      root->stat(GoldenStore::kJournalName)
          ? " An approve or prune of this folder was interrupted: finish it with `parity golden "
            "recover " +
                config_.golden_dir.string() + "`."
          : "";
  if (!entry)
    throw GoldenError("golden " + path.string() + " is not listed in " + manifest_file +
                      ": an unreviewed file is never parsed. Approve it with "
                      "`parity golden approve`, or remove it." +
                      interrupted);
  options.expected = *entry;
  try {
    golden_.emplace(GoldenReader::open(*root, rel, options));
  } catch (const GoldenError& e) {
    if (interrupted.empty()) throw;
    throw GoldenError(e.what() + interrupted);
  }
  return *golden_;
}

CaseTensor& Case::input(std::string name, DType dtype, Shape shape,
                        const Distribution& distribution) {
  check_tensor_name(name);
  CaseTensor& t = tensors_.emplace_back();
  t.name = std::move(name);
  if (config_.mode == Mode::kCapture) {
    Recipe recipe{seed_, stream_id(t.name), distribution};
    t.host = generate(recipe, dtype, shape);
    t.recipe = recipe;
  } else {
    const auto& g = golden();
    const DatasetInfo* info = g.find("inputs/" + t.name);
    if (!info)
      throw GoldenError("golden " + g.path().string() + " has no input '" + t.name +
                        "'; the test declares " + describe_tensor(dtype, shape) +
                        ". Re-capture the case.");
    if (info->dtype != dtype || info->shape != shape)
      throw GoldenError("input '" + t.name + "' of case '" + name_ +
                        "' does not match its golden:\n" +
                        "  test declares: " + describe_tensor(dtype, shape) + "\n" +
                        "  golden holds:  " + describe_tensor(info->dtype, info->shape) + "\n" +
                        "  (" + g.path().string() + "). Re-capture the case, or fix the test.");
    t.host = g.read("inputs/" + t.name);
  }
  t.device = backend_.allocate(std::max<std::size_t>(t.host.nbytes(), 1));
  if (t.host.nbytes()) backend_.upload(t.device.get(), t.host.data(), t.host.nbytes(), stream());
  return t;
}

CaseTensor& Case::input(std::string name, const TensorView& values) {
  check_tensor_name(name);
  if (!values.is_contiguous())
    throw UsageError("input '" + name + "': constructed input values must be contiguous");
  CaseTensor& t = tensors_.emplace_back();
  t.name = std::move(name);
  t.host = Tensor(values.dtype(), values.shape());
  if (t.host.nbytes()) std::memcpy(t.host.data(), values.data(), t.host.nbytes());
  if (config_.mode != Mode::kCapture) {
    const auto& g = golden();
    if (!g.find("inputs/" + t.name))
      throw GoldenError("golden " + g.path().string() + " has no input '" + t.name +
                        "'; the test declares " + describe_tensor(values.dtype(), values.shape()) +
                        ". Re-capture the case.");
    const Tensor stored = g.read("inputs/" + t.name);
    if (stored.dtype() != t.host.dtype() || stored.shape() != t.host.shape() ||
        (t.host.nbytes() && std::memcmp(stored.data(), t.host.data(), t.host.nbytes()) != 0))
      throw GoldenError("input '" + t.name + "' of case '" + name_ +
                        "' is not what the golden holds (" + g.path().string() +
                        "): the test constructs other values than at capture. Re-capture the "
                        "case.");
  }
  t.device = backend_.allocate(std::max<std::size_t>(t.host.nbytes(), 1));
  if (t.host.nbytes()) backend_.upload(t.device.get(), t.host.data(), t.host.nbytes(), stream());
  return t;
}

CaseTensor& Case::output(std::string name, DType dtype, Shape shape) {
  check_tensor_name(name);
  for (const auto& existing : tensors_)
    if (existing.name == name && existing.is_output)
      throw UsageError("case '" + name_ + "' declares output '" + name + "' twice");
  CaseTensor& t = tensors_.emplace_back();
  t.name = std::move(name);
  t.is_output = true;
  t.host = Tensor(dtype, std::move(shape));
  fill_with(t.host, sentinel_element(dtype));
  t.device = backend_.allocate(std::max<std::size_t>(t.host.nbytes(), 1));
  if (t.host.nbytes()) backend_.upload(t.device.get(), t.host.data(), t.host.nbytes(), stream());
  return t;
}

void Case::param(const std::string& key, nlohmann::json value) {
  params_[key] = std::move(value);
}

void Case::geometry(nlohmann::json geometry) {
  geometry_ = std::move(geometry);
}

void Case::launch(const std::function<void()>& kernel) {
  const int runs = config_.mode == Mode::kCapture ? config_.repeat : 1;
  std::vector<Tensor> first;  // run 0 of every output, for the envelope
  for (int r = 0; r < runs; ++r) {
    if (r > 0) {  // every run starts from the sentinel again
      for (auto& t : tensors_) {
        if (!t.is_output || !t.host.nbytes()) continue;
        Tensor fresh(t.host.dtype(), t.host.shape());
        fill_with(fresh, sentinel_element(t.host.dtype()));
        backend_.upload(t.device.get(), fresh.data(), fresh.nbytes(), stream());
      }
    }
    kernel_ms_.push_back(backend_.time_ms(stream(), [&] { run_guarded(kernel, name_); }));
    if (runs == 1) continue;
    std::size_t k = 0;
    for (auto& t : tensors_) {
      if (!t.is_output) continue;
      Tensor run(t.host.dtype(), t.host.shape());
      if (run.nbytes()) backend_.download(run.data(), t.device.get(), run.nbytes(), stream());
      backend_.synchronize(stream());
      if (r == 0) {
        first.push_back(std::move(run));
        continue;
      }
      const auto a = values(first[k].view());
      const auto b = values(run.view());
      double spread = 0.0;
      std::int64_t differing = 0;
      for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::memcmp(&a[i], &b[i], sizeof(double)) == 0) continue;
        ++differing;
        if (std::isfinite(a[i]) && std::isfinite(b[i]))
          spread = std::max(spread, std::abs(a[i] - b[i]));
      }
      auto& e = envelope_[t.name];
      e["runs"] = runs;
      e["max_abs_spread"] = std::max(e.value("max_abs_spread", 0.0), spread);
      e["differing_elements"] = std::max<std::int64_t>(e.value("differing_elements", 0), differing);
      ++k;
    }
  }
}

std::optional<Verdict> Case::check(CaseTensor& out, Policy policy, const CheckOptions& options) {
  if (!out.is_output) throw UsageError("check('" + out.name + "'): only outputs can be checked");
  backend_.synchronize(stream());
  if (out.host.nbytes())
    backend_.download(out.host.data(), out.device.get(), out.host.nbytes(), stream());
  backend_.synchronize(stream());

  OutputRecord record{out.name, nullptr, true, {}};
  const auto sentinel = sentinel_element(out.host.dtype());
  const auto sentinels = count_sentinels(out.host, sentinel);
  if (out.host.numel() > 0 && sentinels == out.host.numel()) {
    record.passed = false;
    record.error = "output '" + out.name + "' was never written: all " + std::to_string(sentinels) +
                   " elements still hold the pre-filled sentinel. The kernel did not run, "
                   "failed to launch, or wrote somewhere else.";
    outputs_.push_back(record);
    fail("case '" + name_ + "': " + record.error);
    return std::nullopt;
  }

  if (overrides_) {
    OverrideTarget target{config_.suite, name_, out.name, vendor_of(device_.backend),
                          device_.architecture};
    policy = overrides_->resolve(std::move(policy), target);
  }

  if (config_.mode == Mode::kCapture) {
    nlohmann::json pj;
    to_json(pj, policy);
    staged_outputs_.emplace_back(&out, pj.dump());
    outputs_.push_back(record);
    if (sentinels > 0)
      reporter_.info("capture: output '" + out.name +
                     "': " + unwritten_hint(out.host, sentinel, sentinels));
    return std::nullopt;
  }

  const auto& g = golden();
  const DatasetInfo* info = g.find("outputs/" + out.name);
  if (!info)
    throw GoldenError(
        "golden " + g.path().string() + " has no output '" + out.name + "'; the test declares " +
        describe_tensor(out.host.dtype(), out.host.shape()) + ". Re-capture the case.");
  const bool dtype_ok = info->dtype == out.host.dtype() ||
                        (is_floating(info->dtype) && is_floating(out.host.dtype()));
  if (!dtype_ok || info->shape != out.host.shape())
    throw GoldenError("output '" + out.name + "' of case '" + name_ +
                      "' does not match its golden:\n" +
                      "  test declares: " + describe_tensor(out.host.dtype(), out.host.shape()) +
                      "\n  golden holds:  " + describe_tensor(info->dtype, info->shape) + "\n  (" +
                      g.path().string() + "). Re-capture the case, or fix the test.");
  if (options.use_envelope) {
    const auto params = nlohmann::json::parse(g.provenance().params, nullptr, false);
    if (params.is_object() && params.contains("envelope") &&
        params["envelope"].contains(out.name)) {
      const auto& e = params["envelope"][out.name];
      const double spread = e.value("max_abs_spread", 0.0);
      if (spread > policy.atol()) {
        policy.atol(spread);
        policy.add_note(
            "atol widened to the determinism envelope: " + std::to_string(e.value("runs", 0)) +
            " capture runs differed by up to " + std::to_string(spread));
      }
    }
  }
  Tensor golden_tensor = g.read("outputs/" + out.name);
  CompareOptions copts;
  copts.reference = options.reference;
  copts.magnitude = options.magnitude;
  copts.name = out.name;
  Verdict verdict = compare(golden_tensor.view(), out.host.view(), policy, copts);
  if (!verdict.passed && sentinels > 0) {
    // Where the never-written elements are says more than "NaN where the golden is a number".
    std::erase_if(verdict.hints, [](const Hint& h) { return h.kind == HintKind::kNanWhereFinite; });
    verdict.hints.insert(verdict.hints.begin(),
                         {HintKind::kUnwritten, unwritten_hint(out.host, sentinel, sentinels)});
  }
  to_json(record.verdict, verdict);
  record.passed = verdict.passed;
  // Only for failures: the map decodes every element again (generic path, far slower than the
  // comparison itself), which a passing output in a verify run should not pay for.
  if (!verdict.passed) record.error_map = error_map(golden_tensor.view(), out.host.view());
  outputs_.push_back(record);
  if (!verdict.passed)
    fail("case '" + name_ + "' output '" + out.name + "' differs from its golden (" +
         g.provenance().backend + " " + g.provenance().device_name + "):\n" + verdict.table());
  if (config_.mode == Mode::kRecord) staged_outputs_.emplace_back(&out, "");
  return verdict;
}

std::vector<double> Case::values(const TensorView& view) {
  const auto n = view.numel();
  const DType dtype = view.dtype();
  const bool complex = is_complex(dtype);
  const DType component = component_dtype(dtype);
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(complex ? 2 * n : n));
  const std::size_t width = size_bytes(component);
  auto read_bits = [&](const std::byte* p) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, p, width);  // little-endian host
    return bits;
  };
  for (std::int64_t i = 0; i < n; ++i) {
    const std::byte* p = view.element(i);
    for (int part = 0; part < (complex ? 2 : 1); ++part, p += width) {
      const std::uint64_t bits = read_bits(p);
      double v = 0.0;
      switch (kind(component)) {
        case DTypeKind::kFloat:
        case DTypeKind::kComplex:
          v = decode(*float_format(component), bits);
          break;
        case DTypeKind::kSignedInt: {
          const int shift = static_cast<int>(64 - 8 * width);
          v = static_cast<double>(static_cast<std::int64_t>(bits << shift) >> shift);
          break;
        }
        case DTypeKind::kUnsignedInt:
          v = static_cast<double>(bits);
          break;
        case DTypeKind::kBool:
          v = bits != 0 ? 1.0 : 0.0;
          break;
      }
      out.push_back(v);
    }
  }
  return out;
}

Provenance Case::provenance() const {
  Provenance p = Provenance::for_this_host();
  p.kind = config_.mode == Mode::kCapture ? FileKind::kGolden : FileKind::kResult;
  p.suite = config_.suite;
  p.case_name = name_;
  p.backend = device_.backend;
  p.device_name = device_.device_name;
  p.architecture = device_.architecture;
  p.warp_size = device_.warp_size;
  p.driver_version = device_.driver_version;
  p.runtime_version = device_.runtime_version;
  p.compiler = device_.compiler;
  p.source_commit = config_.source_commit;
  p.seed = seed_;
  p.launch_geometry = geometry_.is_null() ? std::string() : geometry_.dump();
  nlohmann::json params = params_;
  if (!kernel_ms_.empty()) params["kernel_ms"] = kernel_ms_;
  if (!envelope_.empty()) params["envelope"] = envelope_;
  p.params = params.dump();
  return p;
}

void Case::finish() {
  if (config_.mode != Mode::kCapture && golden_) {
    // Every output the golden holds is judged: one the test never checks would pass unseen.
    for (const DatasetInfo& d : golden_->datasets()) {
      if (d.role != TensorRole::kOutput) continue;
      const bool checked = std::any_of(outputs_.begin(), outputs_.end(),
                                       [&](const OutputRecord& o) { return o.name == d.name; });
      if (!checked)
        throw GoldenError("golden " + golden_->path().string() + " has output '" + d.name +
                          "', which case '" + name_ +
                          "' never checks: check it with run.check(), or recapture the case if "
                          "the output was removed");
    }
  }
  if (config_.mode == Mode::kVerify) return;
  if (config_.mode == Mode::kCapture && failed_) return;
  // Record: the outputs that were judged, passed or failed; none (the launch failed): no file.
  if (config_.mode == Mode::kRecord && staged_outputs_.empty()) return;
  if (config_.mode == Mode::kCapture) {
    for (const auto& t : tensors_) {
      const bool staged = std::any_of(staged_outputs_.begin(), staged_outputs_.end(),
                                      [&](const auto& s) { return s.first == &t; });
      if (t.is_output && !staged)
        throw UsageError("case '" + name_ + "' declares output '" + t.name +
                         "' but never checks it: call run.check(" + t.name + ", policy)");
    }
  }
  const auto root = config_.mode == Mode::kCapture ? config_.staging_dir : config_.results_dir;
  GoldenWriteOptions options;
  options.overwrite = true;  // staging and results are scratch; approved goldens live elsewhere
  std::optional<Folder> folder;
  try {
    folder = Folder::open(root, /*create=*/true);
  } catch (const FileError& e) {
    throw GoldenError(e.what());
  }
  // Below the staging (or results) folder nothing is a link: a link cannot send the write into
  // the approved goldens or anywhere else.
  GoldenWriter writer(*folder, relative_path().generic_string(), provenance(), options);
  if (config_.mode == Mode::kCapture) {
    for (const auto& t : tensors_) {
      if (t.is_output) continue;
      if (t.recipe && t.host.nbytes() > config_.recipe_threshold_bytes)
        writer.add_input_recipe(t.name, *t.recipe, t.host.dtype(), t.host.shape());
      else
        writer.add_input(t.name, t.host.view());
    }
  }
  for (const auto& [t, policy_json] : staged_outputs_)
    writer.add_output(t->name, t->host.view(), policy_json);
  writer.commit();
}

nlohmann::json Case::summary() const {
  nlohmann::json j;
  j["case"] = name_;
  j["suite"] = config_.suite;
  j["mode"] = std::string(parity::name(config_.mode));
  j["passed"] = !failed_;
  j["device"] = to_json(device_);
  j["kernel_ms"] =
      kernel_ms_.empty() ? nlohmann::json(nullptr) : nlohmann::json(median(kernel_ms_));
  nlohmann::json outs = nlohmann::json::array();
  for (const auto& o : outputs_) {
    nlohmann::json oj{{"name", o.name}, {"passed", o.passed}, {"verdict", o.verdict}};
    if (!o.error.empty()) oj["error"] = o.error;
    if (!o.error_map.is_null()) oj["error_map"] = o.error_map;
    outs.push_back(std::move(oj));
  }
  j["outputs"] = std::move(outs);
  if (golden_) {
    j["golden"] = golden_->provenance().to_json();
    const auto params = nlohmann::json::parse(golden_->provenance().params, nullptr, false);
    if (params.is_object() && params.contains("kernel_ms") && params["kernel_ms"].is_array()) {
      std::vector<double> ms;
      for (const auto& v : params["kernel_ms"]) ms.push_back(v.get<double>());
      j["golden_kernel_ms"] = median(ms);
      if (!kernel_ms_.empty() && median(ms) > 0) j["speed_ratio"] = median(kernel_ms_) / median(ms);
    }
  }
  return j;
}

}  // namespace parity
