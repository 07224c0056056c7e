#include "dataset_compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include "parity/error.hpp"

namespace parity::cli {

namespace {

// Walks a TensorStream element by element: hands out views of what is buffered, pulls the next
// chunk only when the current one is used up (its bytes stay valid until then).
class Cursor {
 public:
  explicit Cursor(TensorStream stream)
      : stream_(std::move(stream)), esize_(size_bytes(stream_.info().dtype)) {}
  //! Elements available without pulling; pulls when none are. 0 at the end.
  std::int64_t available() {
    if (used_ == (chunk_ ? chunk_->count : 0)) {
      chunk_ = stream_.next();
      used_ = 0;
    }
    return chunk_ ? chunk_->count - used_ : 0;
  }
  const std::byte* data() const {
    return chunk_->bytes.data() + used_ * static_cast<std::int64_t>(esize_);
  }
  void consume(std::int64_t n) { used_ += n; }
  //! Pulls to the end, so the stream verifies its checksum.
  void drain() {
    while (available() > 0) consume(available());
  }

 private:
  TensorStream stream_;
  std::size_t esize_;
  std::optional<TensorChunk> chunk_;
  std::int64_t used_ = 0;
};

}  // namespace

bool comparable_dtypes(DType a, DType b) {
  if (a == b) return true;
  return (is_floating(a) && is_floating(b)) || (is_complex(a) && is_complex(b));
}

Policy stored_policy(const DatasetInfo& info) {
  Policy policy;
  if (info.policy.empty()) return policy;
  const nlohmann::json stored = nlohmann::json::parse(info.policy, nullptr, false);
  if (stored.is_discarded())
    throw GoldenError("dataset /" + info.path() + ": stored policy is not valid JSON");
  from_json(stored, policy);
  return policy;
}

Verdict compare_dataset(const GoldenReader& ra, const DatasetInfo& a, const GoldenReader& rb,
                        const DatasetInfo& b, const Policy& policy, std::size_t chunk_bytes,
                        int threads) {
  if (a.shape != b.shape)
    throw GoldenError("shape mismatch for /" + a.path() + ": " + shape_string(a.shape) + " in " +
                      ra.path().string() + ", " + shape_string(b.shape) + " in " +
                      rb.path().string());
  if (!comparable_dtypes(a.dtype, b.dtype))
    throw GoldenError("dtype mismatch for /" + a.path() + ": " + std::string(name(a.dtype)) +
                      " in " + ra.path().string() + ", " + std::string(name(b.dtype)) + " in " +
                      rb.path().string() + " (only floats of different formats compare by value)");
  ComparisonOptions options;
  options.name = a.path();
  options.threads = threads;  // verdicts are bit-identical for any thread count
  Comparison comparison(a.dtype, b.dtype, a.shape, policy, options);
  // The same element count per chunk on both sides, whatever their element sizes.
  const std::size_t widest = std::max(size_bytes(a.dtype), size_bytes(b.dtype));
  const std::size_t elements = std::max<std::size_t>(1, chunk_bytes / widest);
  // Read-ahead: one worker per file reads and verifies the next chunks while this thread
  // compares the current ones.
  Cursor ca(ra.stream(a.path(), elements * size_bytes(a.dtype), /*read_ahead=*/true));
  Cursor cb(rb.stream(b.path(), elements * size_bytes(b.dtype), /*read_ahead=*/true));
  std::int64_t offset = 0;
  for (;;) {
    const std::int64_t n = std::min(ca.available(), cb.available());
    if (n == 0) break;
    const TensorView va(a.dtype, {n}, ca.data());
    const TensorView vb(b.dtype, {n}, cb.data());
    comparison.add(offset, va, vb);
    ca.consume(n);
    cb.consume(n);
    offset += n;
  }
  ca.drain();  // checksums are verified at the end of each stream
  cb.drain();
  return comparison.finish();
}

nlohmann::json json_number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

}  // namespace parity::cli
