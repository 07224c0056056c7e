#include "parity/compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "compare/engine.hpp"
#include "parity/error.hpp"
#include "parity/float_format.hpp"
#include "parity/poison.hpp"
#include "parity/ulp.hpp"

namespace parity {
namespace detail {

//! A chunk or tensor seen as components (complex: a trailing dimension of 2).
TensorView component_view(const TensorView& v) {
  if (!is_complex(v.dtype())) return v;
  Shape shape = v.shape();
  Shape strides = v.strides();
  for (auto& s : strides) s *= 2;
  shape.push_back(2);
  strides.push_back(1);
  return TensorView(component_dtype(v.dtype()), std::move(shape), std::move(strides), v.data());
}

namespace {

constexpr std::int64_t kBlock = kCompareBlockSize;

Side make_side(DType dtype) {
  Side s;
  s.dtype = component_dtype(dtype);
  s.size = size_bytes(s.dtype);
  switch (kind(s.dtype)) {
    case DTypeKind::kFloat:
    case DTypeKind::kComplex:
      s.kind = ValueKind::kFloat;
      s.format = float_format(s.dtype);
      break;
    case DTypeKind::kSignedInt:
      s.kind = ValueKind::kSigned;
      break;
    case DTypeKind::kUnsignedInt:
      s.kind = ValueKind::kUnsigned;
      break;
    case DTypeKind::kBool:
      s.kind = ValueKind::kBool;
      break;
  }
  return s;
}

std::string dtype_name(DType d) {
  return std::string(name(d));
}

// Copies elements [start, start + k) (row-major order of the view) into dst.
void copy_elements(const TensorView& v, std::int64_t start, std::int64_t k, std::byte* dst) {
  const std::size_t es = size_bytes(v.dtype());
  if (k <= 0) return;
  if (v.is_contiguous()) {
    std::memcpy(dst, v.data() + static_cast<std::size_t>(start) * es,
                static_cast<std::size_t>(k) * es);
    return;
  }
  Shape coords = unravel_index(start, v.shape());
  const auto& shape = v.shape();
  const auto& strides = v.strides();
  const int rank = v.rank();
  for (std::int64_t j = 0; j < k; ++j) {
    std::int64_t offset = 0;
    for (int d = 0; d < rank; ++d)
      offset += coords[static_cast<std::size_t>(d)] * strides[static_cast<std::size_t>(d)];
    std::memcpy(dst + static_cast<std::size_t>(j) * es,
                v.data() + static_cast<std::size_t>(offset) * es, es);
    for (int d = rank - 1; d >= 0; --d) {
      auto ud = static_cast<std::size_t>(d);
      if (++coords[ud] < shape[ud]) break;
      coords[ud] = 0;
    }
  }
}

}  // namespace

struct ComparisonState {
  Context x;
  DType golden_dtype, candidate_dtype;
  std::optional<DType> reference_dtype, magnitude_dtype;
  Shape original_shape;
  std::string name;
  int threads = 1;
  bool allow_fast = true;

  Running run;
  double sum = 0.0, sq = 0.0;
  std::int64_t processed = 0;
  bool first_set = false;
  bool finished = false;

  // The partial block a chunk ended in, completed by the next chunk.
  std::int64_t pending = 0;
  std::vector<std::byte> buf_g, buf_c, buf_r, buf_m;
  Scratch scratch;

  void fold(const BlockSums& b) {
    sum += b.sum;
    sq += b.sq;
  }
};

namespace {

void build_context(ComparisonState& st, const Policy& policy, int worst, ComparePath path) {
  Context& x = st.x;
  const DType g = st.golden_dtype, c = st.candidate_dtype;
  if (is_complex(g) != is_complex(c))
    throw UsageError("cannot compare " + dtype_name(g) + " with " + dtype_name(c) +
                     ": complex tensors compare only with complex tensors");
  x.golden = make_side(g);
  x.candidate = make_side(c);
  x.same_dtype = x.golden.dtype == x.candidate.dtype;
  const bool floats = x.golden.kind == ValueKind::kFloat && x.candidate.kind == ValueKind::kFloat;
  x.float_values = floats;
  if (!x.same_dtype && !floats)
    throw UsageError("cannot compare " + dtype_name(g) + " with " + dtype_name(c) +
                     ": integer and bool tensors compare only with the same dtype; floats of "
                     "different formats compare by value");
  if (floats && !x.same_dtype) {
    x.cross = true;
    x.grid = &coarser_format(*x.golden.format, *x.candidate.format);
    x.grid_is_golden = x.grid->dtype == x.golden.dtype;
    x.grid_is_candidate = x.grid->dtype == x.candidate.dtype;
  }
  auto side_for = [&](std::optional<DType> d, const char* what) -> std::optional<Side> {
    if (!d) return std::nullopt;
    if (is_complex(*d) != is_complex(g))
      throw UsageError(std::string("the ") + what + " tensor (" + dtype_name(*d) +
                       ") must be complex exactly when the golden (" + dtype_name(g) + ") is");
    if (kind(*d) == DTypeKind::kBool)
      throw UsageError(std::string("the ") + what + " tensor must be numeric, not bool");
    return make_side(*d);
  };
  x.reference = side_for(st.reference_dtype, "reference");
  x.magnitude = side_for(st.magnitude_dtype, "magnitude");
  if (policy.needs_reference() && !x.reference)
    throw UsageError("policy model " + std::string(name(policy.model())) +
                     " needs a reference tensor: pass CompareOptions::reference (an fp64 "
                     "reference computed from the same inputs)");
  if (policy.needs_magnitude() && !x.magnitude)
    throw UsageError(
        "policy model reduction_bound needs a magnitude tensor: pass "
        "CompareOptions::magnitude (m_i = sum_k |x_ik| of the reduced terms)");

  x.policy = policy;
  x.model = policy.model();
  x.value_check = x.model != ErrorModel::kReferenceRelativeMax;
  x.has_ulp = policy.max_ulp().has_value() && x.value_check;
  x.max_ulp = policy.max_ulp().value_or(0);
  switch (x.model) {
    case ErrorModel::kElementwise:
      x.tol_active = policy.has_tolerance();
      break;
    case ErrorModel::kReferenceRelative:
    case ErrorModel::kReductionBound:
      x.tol_active = true;
      break;
    case ErrorModel::kReferenceRelativeMax:
      x.tol_active = false;
      break;
  }
  x.exact = x.value_check && !x.has_ulp && !x.tol_active;
  x.any = policy.combine() == Combine::kAny;
  x.nan_equal = policy.nan_equal();
  x.signed_zero = policy.signed_zero();
  x.daz = policy.denormals_as_zero();
  x.atol = policy.atol();
  x.rtol = policy.rtol();
  x.factor = policy.factor();
  x.gamma = policy.gamma();
  x.worst = worst;

  const Shape& shape = st.original_shape;
  x.shape = shape;
  x.group = 1;
  if (is_complex(g)) {
    x.shape.push_back(2);
    x.group = 2;
  }
  x.count = element_count(x.shape);
  const std::int64_t positions = x.count / x.group;
  const std::int64_t last = shape.empty() ? 1 : shape.back();
  x.lane_wrap = last >= 64 ? last : std::max<std::int64_t>(positions, 1);

  x.float_stats =
      x.same_dtype && (x.golden.dtype == DType::kFloat32 || x.golden.dtype == DType::kFloat16 ||
                       x.golden.dtype == DType::kBFloat16);
  const bool fast_ok = x.same_dtype && x.golden.kind == ValueKind::kFloat &&
                       x.model == ErrorModel::kElementwise && !x.reference && !x.magnitude &&
                       path != ComparePath::kScalar;
  if (fast_ok) {
    x.fast = path == ComparePath::kBaseline ? fast_kernel_baseline(x.golden.dtype, x.daz)
                                            : fast_kernel(x.golden.dtype, x.daz);
    x.ulp64_scratch = x.golden.dtype == DType::kFloat64;
    x.fast_params.max_ulp = x.max_ulp;
    x.fast_params.has_ulp = x.has_ulp;
    x.fast_params.has_tol = x.tol_active;
    x.fast_params.any = x.any;
    x.fast_params.exact = x.exact;
    x.fast_params.signed_zero = x.signed_zero;
    x.fast_params.atol = x.atol;
    x.fast_params.rtol = x.rtol;
  }
}

struct ChunkSources {
  TensorView g, c;
  std::optional<TensorView> r, m;
  bool contiguous = true;
};

// Judges whole blocks [first, first + nblocks) of a chunk that starts at global index `origin`
// (block-aligned), folding their sums in block order.
void process_direct(ComparisonState& st, const ChunkSources& src, std::int64_t chunk_pos,
                    std::int64_t global_base, std::int64_t covered) {
  const Context& x = st.x;
  const std::int64_t nblocks = (covered + kBlock - 1) / kBlock;
  auto block_len = [&](std::int64_t b) { return std::min(kBlock, covered - b * kBlock); };

  struct Staging {
    std::vector<std::byte> g, c, r, m;
  };
  auto stage = [&](Staging& sg) {
    sg.g.resize(static_cast<std::size_t>(kBlock) * x.golden.size);
    sg.c.resize(static_cast<std::size_t>(kBlock) * x.candidate.size);
    if (src.r) sg.r.resize(static_cast<std::size_t>(kBlock) * x.reference->size);
    if (src.m) sg.m.resize(static_cast<std::size_t>(kBlock) * x.magnitude->size);
  };
  auto pointers = [&](std::int64_t b, Staging& sg) {
    const std::int64_t at = chunk_pos + b * kBlock;
    const std::int64_t len = block_len(b);
    BlockPtrs p;
    auto direct = [&](const TensorView& v, std::size_t es) {
      return v.data() + static_cast<std::size_t>(at) * es;
    };
    if (src.contiguous) {
      p.golden = direct(src.g, x.golden.size);
      p.candidate = direct(src.c, x.candidate.size);
      if (src.r) p.reference = direct(*src.r, x.reference->size);
      if (src.m) p.magnitude = direct(*src.m, x.magnitude->size);
    } else {
      copy_elements(src.g, at, len, sg.g.data());
      copy_elements(src.c, at, len, sg.c.data());
      p.golden = sg.g.data();
      p.candidate = sg.c.data();
      if (src.r) {
        copy_elements(*src.r, at, len, sg.r.data());
        p.reference = sg.r.data();
      }
      if (src.m) {
        copy_elements(*src.m, at, len, sg.m.data());
        p.magnitude = sg.m.data();
      }
    }
    return p;
  };

  const int threads = static_cast<int>(std::min<std::int64_t>(std::max(st.threads, 1), nblocks));
  if (threads <= 1) {
    Staging sg;
    if (!src.contiguous) stage(sg);
    for (std::int64_t b = 0; b < nblocks; ++b) {
      const BlockPtrs p = pointers(b, sg);
      st.fold(process_block(x, p, block_len(b), global_base + b * kBlock, st.run, st.scratch,
                            st.allow_fast));
    }
    return;
  }
  std::vector<BlockSums> sums(static_cast<std::size_t>(nblocks));
  std::vector<Running> partial(static_cast<std::size_t>(threads));
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  for (auto& r : partial) {
    r.golden_first = st.run.golden_first;
    r.cand_first = st.run.cand_first;
  }
  auto work = [&](int t) {
    try {
      const std::int64_t b0 = nblocks * t / threads, b1 = nblocks * (t + 1) / threads;
      Staging sg;
      if (!src.contiguous) stage(sg);
      Scratch scratch;
      auto& r = partial[static_cast<std::size_t>(t)];
      for (std::int64_t b = b0; b < b1; ++b) {
        const BlockPtrs p = pointers(b, sg);
        sums[static_cast<std::size_t>(b)] =
            process_block(x, p, block_len(b), global_base + b * kBlock, r, scratch, st.allow_fast);
      }
    } catch (...) {
      errors[static_cast<std::size_t>(t)] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
  for (const auto& r : partial) st.run.merge(r, x.worst);
  for (const auto& s : sums) st.fold(s);
}

void check_chunk(const TensorView& v, DType expected, const char* what, std::int64_t numel) {
  if (v.dtype() != expected)
    throw UsageError(std::string("comparison chunk: the ") + what + " chunk is " +
                     dtype_name(v.dtype()) + " but the comparison was set up for " +
                     dtype_name(expected));
  if (v.numel() != numel)
    throw UsageError(std::string("comparison chunk: the ") + what + " chunk has " +
                     std::to_string(v.numel()) + " elements, the golden chunk " +
                     std::to_string(numel));
}

// --- the verdict ---------------------------------------------------------------------------

std::string fmt_count(std::int64_t n) {
  return std::to_string(n);
}

std::string percent(double f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g%%", 100.0 * f);
  return buf;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

void lane_hints(const Context& x, const Running& r, Verdict& v) {
  const std::int64_t m = r.fails;
  if (m < 16) return;
  const std::int64_t positions = x.count / x.group;
  if (positions < 128) return;
  std::array<double, 64> e{};  // elements per lane
  const std::int64_t w = x.lane_wrap;
  const std::int64_t rows = positions / w;
  for (std::int64_t j = 0; j < 64; ++j)
    e[static_cast<std::size_t>(j)] =
        static_cast<double>(rows * (w / 64 + (j < w % 64 ? 1 : 0)) * x.group);
  double e_lo = 0, e_hi = 0, m_lo = 0, m_hi = 0;
  for (std::size_t j = 0; j < 64; ++j) {
    (j < 32 ? e_lo : e_hi) += e[j];
    (j < 32 ? m_lo : m_hi) += static_cast<double>(r.lanes[j]);
  }
  const double total = static_cast<double>(m);
  if (e_lo > 0 && e_hi > 0) {
    const double p = e_hi / (e_lo + e_hi);
    const double z = (m_hi - total * p) / std::sqrt(total * p * (1 - p));
    const double rate_lo = (m_lo + 0.5) / e_lo, rate_hi = (m_hi + 0.5) / e_hi;
    const double ratio = std::max(rate_lo, rate_hi) / std::min(rate_lo, rate_hi);
    if (std::fabs(z) >= 4 && ratio >= 8) {
      const bool upper = m_hi > m_lo;
      v.hints.push_back(
          {HintKind::kWarpHalf,
           fmt_count(static_cast<std::int64_t>(upper ? m_hi : m_lo)) + " of " + fmt_count(m) +
               " failing elements are in lanes " + (upper ? "32-63" : "0-31") +
               " of each 64 along the last dimension (every other 32-element chunk): a warp "
               "size 32 vs wavefront 64 bug (lane = tid & 31, warp = tid >> 5, a 0xffffffff "
               "mask, a shuffle loop starting at offset 16?)"});
      return;
    }
  }
  // Chi-square of the failing elements over lanes, folded mod 32 and then mod 64.
  auto test = [&](int period, HintKind kind) {
    std::vector<double> mm(static_cast<std::size_t>(period)), ee(static_cast<std::size_t>(period));
    for (std::size_t j = 0; j < 64; ++j) {
      mm[j % static_cast<std::size_t>(period)] += static_cast<double>(r.lanes[j]);
      ee[j % static_cast<std::size_t>(period)] += e[j];
    }
    double esum = 0;
    for (double q : ee) esum += q;
    double chi = 0, lo = 1e300, hi = 0;
    int df = -1;
    std::size_t hot = 0;
    for (std::size_t j = 0; j < mm.size(); ++j) {
      if (ee[j] <= 0) continue;
      const double expect = total * ee[j] / esum;
      chi += (mm[j] - expect) * (mm[j] - expect) / expect;
      ++df;
      const double rate = (mm[j] + 0.5) / ee[j];
      lo = std::min(lo, rate);
      if (rate > hi) {
        hi = rate;
        hot = j;
      }
    }
    if (df < 1) return false;
    if (chi > df + 6 * std::sqrt(2.0 * df) && hi >= 4 * lo) {
      v.hints.push_back({kind, "the failure rate depends on the lane mod " +
                                   std::to_string(period) + " along the last dimension (highest " +
                                   "in lane " + std::to_string(hot) + ", " + number(hi / lo) +
                                   "x the lowest): a lane-dependent bug (warp size, shuffle " +
                                   "width or lane-id arithmetic)?"});
      return true;
    }
    return false;
  };
  if (!test(32, HintKind::kLanePeriodic32)) test(64, HintKind::kLanePeriodic64);
}

void add_hints(const Context& x, const Running& r, Verdict& v) {
  const std::int64_t m = r.fails;
  const std::int64_t value_fails = r.fails - r.non_finite_fails;
  bool untouched = false;
  if (r.count > 0 && r.cand_zero && !r.golden_zero) {
    untouched = true;
    v.hints.push_back({HintKind::kAllZero,
                       "every candidate element is zero while the golden is not: the kernel "
                       "did not run, failed to launch, or did not write its output"});
  } else if (r.count > 1 && r.cand_constant && !r.golden_constant) {
    untouched = true;
    char bits[32];
    std::snprintf(bits, sizeof bits, "0x%llx", static_cast<unsigned long long>(r.cand_first));
    v.hints.push_back(
        {HintKind::kConstant, std::string("every candidate element has the same bits ") + bits +
                                  " while the golden varies: an untouched fill or sentinel, or a "
                                  "kernel that wrote one value everywhere"});
  }
  if (r.fail_poison > 0) {
    const std::size_t width = x.candidate.size;
    char pattern[24];
    std::snprintf(pattern, sizeof pattern, "0x%0*llx", static_cast<int>(2 * width),
                  static_cast<unsigned long long>(
                      width >= 8 ? poison::kWord : poison::kWord & ((1ull << (8 * width)) - 1)));
    v.hints.push_back({HintKind::kPoison, fmt_count(r.fail_poison) + " of " + fmt_count(m) +
                                              " failing elements carry the " +
                                              "emulator's poison (" + pattern +
                                              "): read of never-written shared memory / LDS or " +
                                              "device memory, or of an inactive lane (a CUDA "
                                              "shuffle from a lane that did not take " +
                                              "part); on a GPU these reads give garbage "
                                              "(PARITY_SIMT_POISON=0 turns the poison off)"});
  }
  const bool flushed = r.fail_zero_subnormal >= 8 && 10 * r.fail_zero_subnormal >= 9 * r.fail_zero;
  if (!untouched && flushed && 2 * r.fail_zero >= value_fails)
    v.hints.push_back({HintKind::kFlushedSubnormals,
                       "the candidate is 0 where the golden is subnormal in " +
                           fmt_count(r.fail_zero_subnormal) + " of " + fmt_count(value_fails) +
                           " failing elements: denormals flushed to zero (FTZ/DAZ: "
                           "-fgpu-flush-denormals-to-zero, -ftz=true, -use_fast_math, or a "
                           "matrix-unit path that flushes)?"});
  else if (!untouched && r.fail_zero >= 8 && 2 * r.fail_zero >= value_fails)
    v.hints.push_back({HintKind::kZerosWhereNonzero,
                       "the candidate is 0 where the golden is not in " + fmt_count(r.fail_zero) +
                           " of " + fmt_count(value_fails) +
                           " failing elements: part of the output was not written (grid too "
                           "small, early return, wrong bounds)?"});
  if (!untouched && r.cand_nan_only > 0 && 2 * r.cand_nan_only >= m)
    v.hints.push_back({HintKind::kNanWhereFinite,
                       "the candidate is NaN where the golden is a number in " +
                           fmt_count(r.cand_nan_only) +
                           " elements: an output left at a NaN sentinel, a read of "
                           "uninitialized memory, or invalid arithmetic (0/0, inf-inf)"});
  if (value_fails >= 4 && 10 * r.fail_half >= 9 * value_fails)
    v.hints.push_back(
        {HintKind::kHalfGolden, "the candidate is exactly 0.5x the golden in " +
                                    fmt_count(r.fail_half) + " of " + fmt_count(value_fails) +
                                    " failing elements: fp8 bytes in the OCP format (e4m3fn/e5m2, "
                                    "NVIDIA) read as FNUZ (gfx942, exponent bias one higher)?"});
  if (value_fails >= 4 && 10 * r.fail_twice >= 9 * value_fails)
    v.hints.push_back({HintKind::kTwiceGolden,
                       "the candidate is exactly 2x the golden in " + fmt_count(r.fail_twice) +
                           " of " + fmt_count(value_fails) +
                           " failing elements: fp8 bytes in the FNUZ format (gfx942) read as "
                           "OCP (e4m3fn/e5m2), or a missing/doubled scale?"});
  lane_hints(x, r, v);
  // Bias hints only for rounding-size errors (mostly 1-2 ULPs): a lopsided set of large errors
  // is a different bug, which the other hints describe better.
  const auto& h = r.hist.counts;
  const std::int64_t small = h[1] + h[2];
  if (v.biased() && 2 * small >= v.bias.nonzero()) {
    const auto& b = v.bias;
    const bool toward = b.nonzero() >= 64 && std::fabs(b.z_toward_zero()) >= 5 &&
                        (b.toward_zero_fraction() >= 0.75 || b.toward_zero_fraction() <= 0.25);
    if (toward && b.z_toward_zero() > 0) {
      v.hints.push_back({HintKind::kBiasedTowardZero,
                         percent(b.toward_zero_fraction()) + " of " + fmt_count(b.nonzero()) +
                             " nonzero errors are toward zero (z = " + number(b.z_toward_zero()) +
                             "): truncation (round toward zero) instead of round-to-nearest-even "
                             "in a conversion or an accumulation?"});
    } else {
      const bool negative = b.z_negative() > 0;
      const auto n = b.negative + b.positive;
      const double frac =
          static_cast<double>(negative ? b.negative : b.positive) / static_cast<double>(n);
      v.hints.push_back({negative ? HintKind::kBiasedNegative : HintKind::kBiasedPositive,
                         percent(frac) + " of " + fmt_count(n) + " nonzero errors are " +
                             (negative ? "negative" : "positive") +
                             " (z = " + number(std::fabs(b.z_negative())) + "): rounding " +
                             (negative ? "down" : "up") + " instead of to nearest?"});
    }
  }
}

}  // namespace
}  // namespace detail

using detail::ComparisonState;

Comparison::Comparison(DType golden, DType candidate, Shape shape, Policy policy,
                       ComparisonOptions options)
    : state_(std::make_unique<ComparisonState>()) {
  auto& st = *state_;
  for (auto d : shape)
    if (d < 0)
      throw UsageError("comparison shape " + shape_string(shape) + " has a negative extent");
  st.golden_dtype = golden;
  st.candidate_dtype = candidate;
  st.reference_dtype = options.reference;
  st.magnitude_dtype = options.magnitude;
  st.original_shape = std::move(shape);
  st.name = std::move(options.name);
  st.threads = options.threads;
  detail::build_context(st, policy, options.worst, options.path);
  st.buf_g.resize(static_cast<std::size_t>(kCompareBlockSize) * st.x.golden.size);
  st.buf_c.resize(static_cast<std::size_t>(kCompareBlockSize) * st.x.candidate.size);
  if (st.x.reference)
    st.buf_r.resize(static_cast<std::size_t>(kCompareBlockSize) * st.x.reference->size);
  if (st.x.magnitude)
    st.buf_m.resize(static_cast<std::size_t>(kCompareBlockSize) * st.x.magnitude->size);
}

Comparison::~Comparison() = default;
Comparison::Comparison(Comparison&&) noexcept = default;
Comparison& Comparison::operator=(Comparison&&) noexcept = default;

std::int64_t Comparison::processed() const {
  return state_->processed;
}
std::int64_t Comparison::total() const {
  return state_->x.count;
}

void Comparison::add(std::int64_t offset, const TensorView& golden, const TensorView& candidate,
                     const TensorView* reference, const TensorView* magnitude) {
  auto& st = *state_;
  const auto& x = st.x;
  if (st.finished) throw UsageError("comparison chunk added after finish()");
  const std::int64_t numel = golden.numel() * (is_complex(golden.dtype()) ? 2 : 1);
  detail::check_chunk(golden, st.golden_dtype, "golden", golden.numel());
  detail::check_chunk(candidate, st.candidate_dtype, "candidate", golden.numel());
  if (x.reference && !reference)
    throw UsageError(
        "comparison chunk: the comparison was set up with a reference; pass its "
        "chunk too");
  if (x.magnitude && !magnitude)
    throw UsageError(
        "comparison chunk: the comparison was set up with a magnitude tensor; pass "
        "its chunk too");
  if (reference) {
    if (!x.reference)
      throw UsageError(
          "comparison chunk: a reference chunk was given but the comparison was set "
          "up without one (ComparisonOptions::reference)");
    detail::check_chunk(*reference, *st.reference_dtype, "reference", golden.numel());
  }
  if (magnitude) {
    if (!x.magnitude)
      throw UsageError(
          "comparison chunk: a magnitude chunk was given but the comparison was set "
          "up without one (ComparisonOptions::magnitude)");
    detail::check_chunk(*magnitude, *st.magnitude_dtype, "magnitude", golden.numel());
  }
  const std::int64_t element_offset = offset * (is_complex(golden.dtype()) ? 2 : 1);
  if (element_offset != st.processed)
    throw UsageError("comparison chunks must arrive in order: got offset " +
                     std::to_string(offset) + ", expected " +
                     std::to_string(st.processed / x.group));
  if (st.processed + numel > x.count)
    throw UsageError("comparison chunk at offset " + std::to_string(offset) + " with " +
                     std::to_string(golden.numel()) + " elements runs past the tensor's " +
                     std::to_string(x.count / x.group) + " elements");
  if (numel == 0) return;

  detail::ChunkSources src;
  src.g = detail::component_view(golden);
  src.c = detail::component_view(candidate);
  if (reference) src.r = detail::component_view(*reference);
  if (magnitude) src.m = detail::component_view(*magnitude);
  src.contiguous = src.g.is_contiguous() && src.c.is_contiguous() &&
                   (!src.r || src.r->is_contiguous()) && (!src.m || src.m->is_contiguous());

  if (!st.first_set) {
    std::byte first[8];
    detail::copy_elements(src.g, 0, 1, first);
    st.run.golden_first = detail::decode_value(x.golden, first).bits;
    detail::copy_elements(src.c, 0, 1, first);
    st.run.cand_first = detail::decode_value(x.candidate, first).bits;
    st.first_set = true;
  }

  std::int64_t pos = 0;
  while (pos < numel) {
    if (st.pending > 0) {
      const std::int64_t block_start = st.processed - st.pending;
      const std::int64_t block_len = std::min(kCompareBlockSize, x.count - block_start);
      const std::int64_t take = std::min(block_len - st.pending, numel - pos);
      auto at = [&](std::vector<std::byte>& buf, std::size_t es) {
        return buf.data() + static_cast<std::size_t>(st.pending) * es;
      };
      detail::copy_elements(src.g, pos, take, at(st.buf_g, x.golden.size));
      detail::copy_elements(src.c, pos, take, at(st.buf_c, x.candidate.size));
      if (src.r) detail::copy_elements(*src.r, pos, take, at(st.buf_r, x.reference->size));
      if (src.m) detail::copy_elements(*src.m, pos, take, at(st.buf_m, x.magnitude->size));
      st.pending += take;
      st.processed += take;
      pos += take;
      if (st.pending == block_len) {
        detail::BlockPtrs p{st.buf_g.data(), st.buf_c.data(),
                            x.reference ? st.buf_r.data() : nullptr,
                            x.magnitude ? st.buf_m.data() : nullptr};
        st.fold(
            detail::process_block(x, p, block_len, block_start, st.run, st.scratch, st.allow_fast));
        st.pending = 0;
      }
      continue;
    }
    // Block-aligned: judge every whole block the chunk holds in place; the tensor's last block
    // counts as whole.
    const std::int64_t remaining = numel - pos;
    const std::int64_t to_end = x.count - st.processed;
    std::int64_t covered = remaining / kCompareBlockSize * kCompareBlockSize;
    if (remaining == to_end) covered = remaining;
    if (covered > 0) {
      detail::process_direct(st, src, pos, st.processed, covered);
      st.processed += covered;
      pos += covered;
      continue;
    }
    // A partial block: keep it until the next chunk completes it.
    detail::copy_elements(src.g, pos, remaining, st.buf_g.data());
    detail::copy_elements(src.c, pos, remaining, st.buf_c.data());
    if (src.r) detail::copy_elements(*src.r, pos, remaining, st.buf_r.data());
    if (src.m) detail::copy_elements(*src.m, pos, remaining, st.buf_m.data());
    st.pending = remaining;
    st.processed += remaining;
    pos += remaining;
  }
}

Verdict Comparison::finish() {
  auto& st = *state_;
  const auto& x = st.x;
  if (st.finished) throw UsageError("Comparison::finish() called twice");
  if (st.processed != x.count)
    throw UsageError("comparison finished after " + std::to_string(st.processed / x.group) +
                     " of " + std::to_string(x.count / x.group) +
                     " elements: add every chunk before finish()");
  st.finished = true;
  const auto& r = st.run;

  Verdict v;
  v.name = st.name;
  v.golden_dtype = st.golden_dtype;
  v.candidate_dtype = st.candidate_dtype;
  v.grid_dtype = x.cross ? x.grid->dtype : x.golden.dtype;
  v.shape = st.original_shape;
  v.policy = x.policy;
  v.count = r.count;
  v.mismatches = r.fails;
  v.allowed_mismatches = x.policy.allowed_mismatches(r.count);
  v.bitwise_equal = r.bitwise_equal;
  v.nan_mismatches = r.nan_mismatch;
  v.inf_mismatches = r.inf_mismatch;
  v.zero_sign_mismatches = r.zero_sign;
  v.max_ulp = r.max_ulp;
  v.max_abs = r.max_abs;
  v.max_rel = r.max_rel;
  v.histogram = r.hist;
  if (r.finite > 0) {
    v.mean_error = st.sum / static_cast<double>(r.finite);
    v.rms_error = std::sqrt(st.sq / static_cast<double>(r.finite));
  }
  v.bias = r.bias;
  v.lane_mismatches = r.lanes;
  for (const auto& w : r.worst) v.worst.push_back(w.report);
  bool model_ok = true;
  if (x.reference) {
    ReferenceStats rs;
    rs.max_candidate_error = r.max_cand_ref;
    rs.max_golden_error = r.max_golden_ref;
    if (x.model == ErrorModel::kReferenceRelativeMax) {
      rs.bound = x.factor * r.max_golden_ref.value + x.atol;
      rs.passed = r.max_cand_ref.value <= rs.bound;
      model_ok = rs.passed;
    }
    v.reference = rs;
  }
  v.passed =
      v.mismatches <= v.allowed_mismatches && model_ok && !(x.policy.bias_check() && v.biased());
  detail::add_hints(x, r, v);
  return v;
}

Verdict compare(const TensorView& golden, const TensorView& candidate, const Policy& policy,
                const CompareOptions& options) {
  if (golden.shape() != candidate.shape())
    throw UsageError("shape mismatch: golden is [" + shape_string(golden.shape()) +
                     "], candidate is [" + shape_string(candidate.shape()) + "]");
  auto same_shape = [&](const std::optional<TensorView>& t, const char* what) {
    if (t && t->shape() != golden.shape())
      throw UsageError(std::string("shape mismatch: golden is [") + shape_string(golden.shape()) +
                       "], " + what + " is [" + shape_string(t->shape()) + "]");
  };
  same_shape(options.reference, "reference");
  same_shape(options.magnitude, "magnitude");
  ComparisonOptions co;
  if (options.reference) co.reference = options.reference->dtype();
  if (options.magnitude) co.magnitude = options.magnitude->dtype();
  co.threads = options.threads;
  co.worst = options.worst;
  co.name = options.name;
  co.path = options.path;
  Comparison cmp(golden.dtype(), candidate.dtype(), golden.shape(), policy, co);
  cmp.add(0, golden, candidate, options.reference ? &*options.reference : nullptr,
          options.magnitude ? &*options.magnitude : nullptr);
  return cmp.finish();
}

}  // namespace parity
