// The comparator: judges a candidate tensor against its golden under a Policy and returns a
// Verdict. One-shot over TensorViews, or streaming chunk by chunk for tensors bigger than memory.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "parity/dtype.hpp"
#include "parity/policy.hpp"
#include "parity/tensor.hpp"
#include "parity/verdict.hpp"

namespace parity {

//! Elements are judged in blocks of this many, aligned to the linear index. Statistics are
//! summed within a block in a fixed lane order and blocks are folded in index order, so a
//! verdict is bit-identical however the tensor is split into chunks or threads.
inline constexpr std::int64_t kCompareBlockSize = 4096;

//! Which implementation judges blocks. kAuto: the vectorized kernel where it applies (AVX2 when
//! the CPU has it, else the x86-64 baseline build); kBaseline: that kernel's baseline build;
//! kScalar: the generic path, one element at a time. All give bit-identical verdicts; tests and
//! benchmarks use the others to prove it.
enum class ComparePath : std::uint8_t { kAuto, kBaseline, kScalar };

struct CompareOptions {
  std::optional<TensorView> reference;  // for the reference models (any float dtype, fp64 best)
  std::optional<TensorView> magnitude;  // for the reduction model: sum_k |x_ik| per element
  int threads = 1;                      // blocks are split between this many threads
  int worst = 8;                        // how many worst elements the verdict lists
  std::string name;                     // the output's name, shown in the table
  ComparePath path = ComparePath::kAuto;
};

//! Compares `candidate` with `golden` (same shape; strided or contiguous). Floats of different
//! formats are compared by value, ULPs counted on the coarser grid; integers and bool need the
//! same dtype. complex64/128 compare as pairs of floats (a trailing dimension of 2).
//! Throws UsageError for a shape or dtype mismatch, or a missing reference/magnitude.
Verdict compare(const TensorView& golden, const TensorView& candidate, const Policy& policy,
                const CompareOptions& options = {});

struct ComparisonOptions {
  std::optional<DType> reference;  // dtype of the reference chunks, when the policy needs them
  std::optional<DType> magnitude;  // dtype of the magnitude chunks
  int threads = 1;
  int worst = 8;
  std::string name;
  ComparePath path = ComparePath::kAuto;
};

namespace detail {
struct ComparisonState;
}

//! Streaming comparison: feed chunks in order, then finish(). Chunks are TensorViews of any shape
//! (strided allowed) whose elements are the next `numel` elements of the whole tensor in
//! row-major order; `offset` is the linear index of their first element and must equal
//! processed(). Memory use is bounded by one block per input, whatever the chunk size.
class Comparison {
 public:
  Comparison(DType golden, DType candidate, Shape shape, Policy policy,
             ComparisonOptions options = {});
  ~Comparison();
  Comparison(Comparison&&) noexcept;
  Comparison& operator=(Comparison&&) noexcept;

  void add(std::int64_t offset, const TensorView& golden, const TensorView& candidate,
           const TensorView* reference = nullptr, const TensorView* magnitude = nullptr);
  std::int64_t processed() const;
  std::int64_t total() const;
  //! The verdict; throws UsageError unless every element was added. Call once.
  Verdict finish();

 private:
  std::unique_ptr<detail::ComparisonState> state_;
};

}  // namespace parity
