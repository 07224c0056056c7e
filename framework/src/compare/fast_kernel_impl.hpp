// Internal: the body of the fast kernel, included by fast_kernel_base.cpp and
// fast_kernel_avx2.cpp, each inside its own namespace, so that one source gives one build per
// instruction set.
//
// A block is judged in sub-blocks of 1024 elements that stay in L1, in up to three passes:
//   A (integers): ULP distance per element (stored for the caller), bitwise equality, histogram
//     counts, the toward-zero count and the ULP maximum;
//   B (floating point): the signed error's lane sums and squares, the negative count, max abs,
//     and whether any element may beat the largest relative error seen so far (only then does
//     rel_max_float divide). For f32, f16 and bf16 passes A and B are one loop.
//   C (pass/fail): only where the ULP criterion alone cannot decide (an element beyond max_ulp,
//     a +-0 mix, or a policy without a deciding ULP criterion): atol/rtol in double precision.
// A NaN or inf makes the lane sums non-finite (f16 is checked on its encodings) and the caller
// re-judges the block on the generic path. Every floating-point statistic lives in fixed lanes
// (element i of a block goes to lane i % 8) and vector and scalar (tail) code apply identical
// IEEE operations, so the result does not depend on the instruction set. No FMA: contraction
// would change atol + rtol*|g|.
//
// Expects <algorithm>, <cstring>, <cstdint>, <cstddef> and fast_kernel.hpp included before, and
// the macro PARITY_KERNEL_NS naming the namespace to define (PARITY_KERNEL_AVX: AVX intrinsics
// may be used).

// 32-byte vectors cross inline helpers by value; nothing here is called across TUs, so the
// baseline build's ABI note about AVX vectors does not apply. (GCC reports it at the end of the
// translation unit, so it stays off for the rest of the including file.)
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace parity::detail::PARITY_KERNEL_NS {
namespace {

typedef double f64x4 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef std::int64_t i64x4 __attribute__((vector_size(32)));
typedef std::uint64_t u64x4 __attribute__((vector_size(32)));
typedef std::int32_t i32x8 __attribute__((vector_size(32)));
typedef std::uint32_t u32x8 __attribute__((vector_size(32)));
typedef std::int32_t i32x4 __attribute__((vector_size(16)));
typedef std::uint32_t u32x4 __attribute__((vector_size(16)));
typedef std::uint16_t u16x8 __attribute__((vector_size(16)));
typedef std::uint16_t u16x4 __attribute__((vector_size(8)));

template <class V>
inline V load_vec(const void* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// --- per-format traits ---------------------------------------------------------------------
// IntV: the unsigned lanes pass A works on (8 x 32-bit, or 4 x 64-bit for f64); SIntV: signed.
// Bits4/Idx4: 4 elements for pass C. Narrow formats are widened to 32-bit lanes.

struct F32 {
  using Storage = std::uint32_t;
  using Lane = std::uint32_t;
  using IntV = u32x8;
  using SIntV = i32x8;
  using Bits4 = u32x4;
  using Idx4 = i32x4;
  static constexpr int kW = 8;
  static constexpr bool kFloatStats = true;
  static constexpr bool kSpecialViaMag = false;  // NaN/inf show up in the float sums
  static constexpr int kSignShift = 0;           // moves the sign bit to the lane's top bit
  static constexpr Lane kSign = 0x80000000u, kExp = 0x7F800000u, kMag = 0x7FFFFFFFu;
  static IntV load(const std::byte* p) { return load_vec<IntV>(p); }
  static Bits4 load4(const std::byte* p) { return load_vec<Bits4>(p); }
  static f32x8 to_f32(const IntV& b) { return (f32x8)b; }
  static f64x4 to_f64(const Bits4& b) { return __builtin_convertvector((f32x4)b, f64x4); }
  static Lane load1(const std::byte* p) { return load_vec<Storage>(p); }
  static float to_float(Lane b) {
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
  }
};

// Exact f16 -> f32 for finite values: the 15 magnitude bits shifted into float position are the
// value times 2^-112 (subnormals included); the multiply rescales exactly.
template <class U, class F>
inline F f16_to_f32(const U& b) {
  F f = (F)((b & 0x7FFFu) << 13) * 0x1p112f;
  return (F)((U)f | ((b & 0x8000u) << 16));
}

struct F16 {
  using Storage = std::uint16_t;
  using Lane = std::uint32_t;
  using IntV = u32x8;
  using SIntV = i32x8;
  using Bits4 = u32x4;
  using Idx4 = i32x4;
  static constexpr int kW = 8;
  static constexpr bool kFloatStats = true;
  static constexpr bool kSpecialViaMag = true;  // the conversion below is exact for finite only
  static constexpr int kSignShift = 16;
  static constexpr Lane kSign = 0x8000u, kExp = 0x7C00u, kMag = 0x7FFFu;
  static IntV load(const std::byte* p) {
    return __builtin_convertvector(load_vec<u16x8>(p), u32x8);
  }
  static Bits4 load4(const std::byte* p) {
    return __builtin_convertvector(load_vec<u16x4>(p), u32x4);
  }
  static f32x8 to_f32(const IntV& b) { return f16_to_f32<u32x8, f32x8>(b); }
  static f64x4 to_f64(const Bits4& b) {
    return __builtin_convertvector((f16_to_f32<u32x4, f32x4>(b)), f64x4);
  }
  static Lane load1(const std::byte* p) { return load_vec<Storage>(p); }
  static float to_float(Lane b) {
    const std::uint32_t bits = (b & 0x7FFFu) << 13;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    f *= 0x1p112f;
    std::uint32_t r;
    std::memcpy(&r, &f, sizeof r);
    r |= (b & 0x8000u) << 16;
    std::memcpy(&f, &r, sizeof f);
    return f;
  }
};

struct BF16 {
  using Storage = std::uint16_t;
  using Lane = std::uint32_t;
  using IntV = u32x8;
  using SIntV = i32x8;
  using Bits4 = u32x4;
  using Idx4 = i32x4;
  static constexpr int kW = 8;
  static constexpr bool kFloatStats = true;
  static constexpr bool kSpecialViaMag = false;
  static constexpr int kSignShift = 16;
  static constexpr Lane kSign = 0x8000u, kExp = 0x7F80u, kMag = 0x7FFFu;
  static IntV load(const std::byte* p) {
    return __builtin_convertvector(load_vec<u16x8>(p), u32x8);
  }
  static Bits4 load4(const std::byte* p) {
    return __builtin_convertvector(load_vec<u16x4>(p), u32x4);
  }
  static f32x8 to_f32(const IntV& b) { return (f32x8)(b << 16); }
  static f64x4 to_f64(const Bits4& b) { return __builtin_convertvector((f32x4)(b << 16), f64x4); }
  static Lane load1(const std::byte* p) { return load_vec<Storage>(p); }
  static float to_float(Lane b) {
    const std::uint32_t bits = b << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
};

struct F64 {
  using Storage = std::uint64_t;
  using Lane = std::uint64_t;
  using IntV = u64x4;
  using SIntV = i64x4;
  using Bits4 = u64x4;
  using Idx4 = i64x4;
  static constexpr int kW = 4;
  static constexpr bool kFloatStats = false;
  static constexpr bool kSpecialViaMag = false;
  static constexpr int kSignShift = 0;
  static constexpr Lane kSign = 0x8000000000000000u, kExp = 0x7FF0000000000000u,
                        kMag = 0x7FFFFFFFFFFFFFFFu;
  static IntV load(const std::byte* p) { return load_vec<IntV>(p); }
  static Bits4 load4(const std::byte* p) { return load_vec<Bits4>(p); }
  static f64x4 to_f64(const Bits4& b) { return (f64x4)b; }
  static Lane load1(const std::byte* p) { return load_vec<Storage>(p); }
};

template <class T, class V>
inline V flush(const V& b) {  // denormals-as-zero on encodings: keep only the sign
  return ((b & T::kExp) == 0) ? (b & T::kSign) : b;
}

// Integer helpers. AVX2 has single instructions for these; the x86-64 baseline (SSE2) has none,
// and GCC scalarizes the ternary forms there, so the baseline build spells them out with shifts
// and masks.
template <class S>
inline S sign_mask(const S& x) {  // all ones where x < 0
  return x >> (8 * sizeof(x[0]) - 1);
}

template <class S>
inline S vabs(const S& d) {
#ifdef PARITY_KERNEL_AVX
  return d < 0 ? -d : d;
#else
  const S m = sign_mask(d);
  return (d ^ m) - m;
#endif
}

// where (x < 0) ? a : b
template <class U, class S>
inline U select_negative(const S& x, const U& a, const U& b) {
#ifdef PARITY_KERNEL_AVX
  return x < 0 ? a : b;
#else
  return b ^ ((a ^ b) & (U)sign_mask(x));
#endif
}

template <class U>
inline U vmax_unsigned(const U& a, const U& b) {
#ifdef PARITY_KERNEL_AVX
  return a > b ? a : b;
#else
  using S = decltype(a < b);  // the signed lanes of the same width
  const U bias =
      U{} + (static_cast<std::remove_cvref_t<decltype(a[0])>>(1) << (8 * sizeof(a[0]) - 1));
  const U m = (U)((S)(a ^ bias) > (S)(b ^ bias));
  return b ^ ((a ^ b) & m);
#endif
}

template <class M>
inline i64x4 widen(const M& m) {
  if constexpr (sizeof(M) == sizeof(i64x4))
    return m;
  else
    return __builtin_convertvector(m, i64x4);
}

template <class V>
inline std::int64_t hsum(const V& v) {
  std::int64_t s = 0;
  for (std::size_t i = 0; i < sizeof(V) / sizeof(v[0]); ++i) s += static_cast<std::int64_t>(v[i]);
  return s;
}

template <class V>
inline auto hmax(const V& v) {
  auto m = v[0];
  for (std::size_t i = 1; i < sizeof(V) / sizeof(v[0]); ++i) m = v[i] > m ? v[i] : m;
  return m;
}

inline constexpr std::int64_t kPrefetchAhead = 4096;  // bytes

// --- pass A: integers --------------------------------------------------------------------

template <class T>
struct AccA {
  using IntV = typename T::IntV;
  using SIntV = typename T::SIntV;
  SIntV eq = {}, c0 = {}, c1 = {}, c2 = {}, toward = {};
  IntV maxulp = {}, maxmag = {};
};

template <class T, bool Daz>
inline void pass_a(const std::byte* g, const std::byte* c, std::int64_t n, AccA<T>& a,
                   typename T::Lane* ulps) {
  using IntV = typename T::IntV;
  using SIntV = typename T::SIntV;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  for (std::int64_t i = 0; i < n; i += T::kW) {
    // Hardware prefetchers stop at 4 KiB pages; ask for the data one sub-block ahead (past the
    // block's end too: the next block usually follows in memory, and a prefetch never faults).
    __builtin_prefetch(g + i * kSize + kPrefetchAhead, 0, 3);
    __builtin_prefetch(c + i * kSize + kPrefetchAhead, 0, 3);
    IntV gb = T::load(g + i * kSize);
    IntV cb = T::load(c + i * kSize);
    a.eq -= (SIntV)(gb == cb);
    if constexpr (Daz) {
      gb = flush<T>(gb);
      cb = flush<T>(cb);
    }
    const IntV gm = gb & T::kMag;
    const IntV cm = cb & T::kMag;
    if constexpr (T::kSpecialViaMag) {
      a.maxmag = vmax_unsigned(a.maxmag, vmax_unsigned(gm, cm));
    }
    // Same signs: |cm - gm| ULPs apart; opposite signs: cm + gm (the path through zero).
    const SIntV d = (SIntV)cm - (SIntV)gm;
    const SIntV x = (SIntV)((gb ^ cb) << T::kSignShift);  // sign bit set: signs differ
    const IntV ulp = select_negative(x, cm + gm, (IntV)vabs(d));
    std::memcpy(ulps + i, &ulp, sizeof ulp);
    // Equalities only: AVX2 has no unsigned compare; "more than 2" is what is left.
    a.c0 -= (SIntV)(ulp == 0);
    a.c1 -= (SIntV)(ulp == 1);
    a.c2 -= (SIntV)(ulp == 2);
    a.maxulp = vmax_unsigned(a.maxulp, ulp);
    a.toward -= (SIntV)((SIntV)cm < (SIntV)gm);
  }
}

// --- pass B: floating-point statistics ---------------------------------------------------

struct AccB {
  i32x8 neg = {};                  // cand < golden (f32 / f16 / bf16)
  i32x8 beats_floor = {};          // some element may have a relative error above the floor
  i64x4 neg_lo = {}, neg_hi = {};  // f64
  f64x4 sum = {}, sq = {};         // the 4 lanes (see kLanes)
  f64x4 mabs_lo = {}, mabs_hi = {}, mrel_lo = {}, mrel_hi = {};  // f64 data
  f32x8 mabs = {};                                               // f32 / f16 / bf16 data
};

inline void widen_halves(const f32x8& v, f64x4& lo, f64x4& hi) {
#ifdef PARITY_KERNEL_AVX
  // GCC 12 lowers the generic form below to four 2-wide conversions.
  lo = (f64x4)_mm256_cvtps_pd(_mm256_castps256_ps128((__m256)v));
  hi = (f64x4)_mm256_cvtps_pd(_mm256_extractf128_ps((__m256)v, 1));
#else
  lo = __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1, 2, 3), f64x4);
  hi = __builtin_convertvector(__builtin_shufflevector(v, v, 4, 5, 6, 7), f64x4);
#endif
}

// f32, f16, bf16: the error is taken in float (exact when the values are within 2x of each
// other, Sterbenz), relative errors are float divisions; sums are in double.
// Relative errors cost a division each. Pass B only asks whether an element may beat `floor`
// (the largest relative error found so far): ad > floor_lo * ag, with floor_lo a little below
// the floor so that float rounding can only add false alarms. Only then does rel_max_float
// divide, for the exact maximum.
template <class T, bool Daz>
inline float rel_max_float(const std::byte* g, const std::byte* c, std::int64_t n) {
  using IntV = typename T::IntV;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  const u32x8 absmask = u32x8{} + 0x7FFFFFFFu;
  f32x8 mrel = {};
  for (std::int64_t i = 0; i < n; i += 8) {
    IntV gb = T::load(g + i * kSize);
    IntV cb = T::load(c + i * kSize);
    if constexpr (Daz) {
      gb = flush<T>(gb);
      cb = flush<T>(cb);
    }
    const f32x8 gf = T::to_f32(gb);
    const f32x8 cf = T::to_f32(cb);
    const f32x8 ad = (f32x8)((u32x8)(cf - gf) & absmask);
    const f32x8 rel = ad / (f32x8)((u32x8)gf & absmask);  // 0/0 = NaN never wins the max
    mrel = rel > mrel ? rel : mrel;
  }
  return hmax(mrel);
}

template <class T, bool Daz>
inline void pass_b_float(const std::byte* g, const std::byte* c, std::int64_t n, float floor_lo,
                         AccB& a) {
  using IntV = typename T::IntV;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  const u32x8 absmask = u32x8{} + 0x7FFFFFFFu;
  const f32x8 floor = f32x8{} + floor_lo;
  for (std::int64_t i = 0; i < n; i += 8) {
    IntV gb = T::load(g + i * kSize);
    IntV cb = T::load(c + i * kSize);
    if constexpr (Daz) {
      gb = flush<T>(gb);
      cb = flush<T>(cb);
    }
    const f32x8 gf = T::to_f32(gb);
    const f32x8 cf = T::to_f32(cb);
    const f32x8 diff = cf - gf;
    const f32x8 ad = (f32x8)((u32x8)diff & absmask);
    const f32x8 ag = (f32x8)((u32x8)gf & absmask);
    a.beats_floor |= (i32x8)(ad > floor * ag);
    a.neg -= (i32x8)(diff < 0);  // exact: IEEE subtraction of finite values has the right sign
    a.mabs = ad > a.mabs ? ad : a.mabs;
    f64x4 lo, hi;
    widen_halves(diff, lo, hi);
    a.sum += lo + hi;
    a.sq += lo * lo + hi * hi;
  }
}

// Passes A and B fused for the formats with float statistics: one load of each input.
template <class T, bool Daz>
inline void pass_ab_float(const std::byte* g, const std::byte* c, std::int64_t n, float floor_lo,
                          AccA<T>& a, AccB& b, typename T::Lane* ulps) {
  using IntV = typename T::IntV;
  using SIntV = typename T::SIntV;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  const u32x8 absmask = u32x8{} + 0x7FFFFFFFu;
  const f32x8 floor = f32x8{} + floor_lo;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 2
#endif
  for (std::int64_t i = 0; i < n; i += 8) {
    if (i % 16 == 0) {  // one line of f32 per two steps (n is a multiple of 16 but for tails)
      __builtin_prefetch(g + i * kSize + kPrefetchAhead, 0, 3);
      __builtin_prefetch(c + i * kSize + kPrefetchAhead, 0, 3);
    }
    IntV gb = T::load(g + i * kSize);
    IntV cb = T::load(c + i * kSize);
    a.eq -= (SIntV)(gb == cb);
    if constexpr (Daz) {
      gb = flush<T>(gb);
      cb = flush<T>(cb);
    }
    const IntV gm = gb & T::kMag;
    const IntV cm = cb & T::kMag;
    if constexpr (T::kSpecialViaMag) {
      a.maxmag = vmax_unsigned(a.maxmag, vmax_unsigned(gm, cm));
    }
    const SIntV d = (SIntV)cm - (SIntV)gm;
    const SIntV x = (SIntV)((gb ^ cb) << T::kSignShift);
    const IntV ulp = select_negative(x, cm + gm, (IntV)vabs(d));
    std::memcpy(ulps + i, &ulp, sizeof ulp);
    a.c0 -= (SIntV)(ulp == 0);
    a.c1 -= (SIntV)(ulp == 1);
    a.c2 -= (SIntV)(ulp == 2);
    a.maxulp = vmax_unsigned(a.maxulp, ulp);
    a.toward -= (SIntV)((SIntV)cm < (SIntV)gm);

    const f32x8 gf = T::to_f32(gb);
    const f32x8 cf = T::to_f32(cb);
    const f32x8 diff = cf - gf;
    const f32x8 ad = (f32x8)((u32x8)diff & absmask);
    const f32x8 ag = (f32x8)((u32x8)gf & absmask);
    b.beats_floor |= (i32x8)(ad > floor * ag);
    b.neg -= (i32x8)(diff < 0);
    b.mabs = ad > b.mabs ? ad : b.mabs;
    f64x4 lo, hi;
    widen_halves(diff, lo, hi);
    b.sum += lo + hi;
    b.sq += lo * lo + hi * hi;
  }
}

template <bool Daz>
inline void pass_b_double(const std::byte* g, const std::byte* c, std::int64_t n, AccB& a) {
  const u64x4 absmask = u64x4{} + 0x7FFFFFFFFFFFFFFFu;
  for (std::int64_t i = 0; i < n; i += 8) {
    f64x4 diff[2];
    for (int half = 0; half < 2; ++half) {
      u64x4 gb = F64::load4(g + (i + 4 * half) * 8);
      u64x4 cb = F64::load4(c + (i + 4 * half) * 8);
      if constexpr (Daz) {
        gb = flush<F64>(gb);
        cb = flush<F64>(cb);
      }
      const f64x4 gd = (f64x4)gb, cd = (f64x4)cb;
      diff[half] = cd - gd;
      const f64x4 ad = (f64x4)((u64x4)diff[half] & absmask);
      const f64x4 ag = (f64x4)(gb & absmask);
      const f64x4 rel = ad / ag;
      f64x4& mabs = half ? a.mabs_hi : a.mabs_lo;
      f64x4& mrel = half ? a.mrel_hi : a.mrel_lo;
      (half ? a.neg_hi : a.neg_lo) -= (i64x4)(diff[half] < 0);
      mabs = ad > mabs ? ad : mabs;
      mrel = rel > mrel ? rel : mrel;
    }
    a.sum += diff[0] + diff[1];
    a.sq += diff[0] * diff[0] + diff[1] * diff[1];
  }
}

// --- pass C: pass/fail -------------------------------------------------------------------

struct AccC {
  i64x4 fails = {}, zs = {}, twice = {}, half = {}, zero = {};
};

struct Consts {
  f64x4 atol, rtol, two, half;
  u64x4 absmask;
  i64x4 has_ulp, has_tol, any, exact, signed_zero;
};

template <class T, bool Daz>
inline void pass_c(const std::byte* g, const std::byte* c, std::int64_t n,
                   const typename T::Lane* ulps, typename T::Lane max_ulp, const Consts& k, AccC& a,
                   std::uint32_t* fail_out) {
  using Bits4 = typename T::Bits4;
  using Idx4 = typename T::Idx4;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  const Bits4 lim = Bits4{} + max_ulp;
  for (std::int64_t i = 0; i < n; i += 4) {
    Bits4 gb = T::load4(g + i * kSize);
    Bits4 cb = T::load4(c + i * kSize);
    if constexpr (Daz) {
      gb = flush<T>(gb);
      cb = flush<T>(cb);
    }
    const Bits4 gm = gb & T::kMag;
    const Bits4 cm = cb & T::kMag;
    const Bits4 ulp = load_vec<Bits4>(ulps + i);
    const i64x4 ulp_ok = widen((Idx4)(ulp <= lim));
    const i64x4 ulp_zero = widen((Idx4)(ulp == 0));
    const i64x4 zs = widen((Idx4)((gm == 0) & (cm == 0) & (gb != cb)));
    const f64x4 gd = T::to_f64(gb);
    const f64x4 cd = T::to_f64(cb);
    const f64x4 ad = (f64x4)((u64x4)(cd - gd) & k.absmask);
    const f64x4 ag = (f64x4)((u64x4)gd & k.absmask);
    const i64x4 tol_ok = ad <= k.atol + k.rtol * ag;
    const i64x4 pass_any = (ulp_ok & k.has_ulp) | (tol_ok & k.has_tol);
    const i64x4 pass_all = (ulp_ok | ~k.has_ulp) & (tol_ok | ~k.has_tol);
    i64x4 pass = (k.any & pass_any) | (~k.any & pass_all);
    pass = (k.exact & ulp_zero) | (~k.exact & pass);
    pass &= ~(k.signed_zero & zs);
    const i64x4 fail = ~pass;
    a.fails -= fail;
    a.zs -= zs;
    const i64x4 g_nonzero = widen((Idx4)(gm != 0));
    a.twice -= fail & g_nonzero & (cd == gd * k.two);
    a.half -= fail & g_nonzero & (cd == gd * k.half);
    a.zero -= fail & g_nonzero & widen((Idx4)(cm == 0));
    const i32x4 f32 = __builtin_convertvector(fail, i32x4);
    std::memcpy(fail_out + i, &f32, sizeof f32);
  }
}

// --- one element, for block tails: the same three passes' rules ------------------------

struct Tail {
  std::int64_t eq = 0, c0 = 0, c1 = 0, over2 = 0, toward = 0, neg = 0;
  std::int64_t fails = 0, zs = 0, twice = 0, half = 0, zero = 0;
  std::uint64_t maxulp = 0, maxmag = 0;
  double mabs = 0.0, mrel = 0.0;
};

template <class T, bool Daz>
inline void tail_element(const std::byte* g, const std::byte* c, const FastParams& p, Tail& a,
                         double& diff_out, typename T::Lane* ulp_out, std::uint32_t* fail_out) {
  using L = typename T::Lane;
  const L gb0 = T::load1(g), cb0 = T::load1(c);
  a.eq += gb0 == cb0;
  L gb = gb0, cb = cb0;
  if constexpr (Daz) {
    if ((gb & T::kExp) == 0) gb &= T::kSign;
    if ((cb & T::kExp) == 0) cb &= T::kSign;
  }
  const L gm = gb & T::kMag, cm = cb & T::kMag;
  a.maxmag = std::max<std::uint64_t>(a.maxmag, std::max(gm, cm));
  const std::int64_t gi = (gb & T::kSign) ? -static_cast<std::int64_t>(gm) : gm;
  const std::int64_t ci = (cb & T::kSign) ? -static_cast<std::int64_t>(cm) : cm;
  const std::uint64_t ulp = ci >= gi
                                ? static_cast<std::uint64_t>(ci) - static_cast<std::uint64_t>(gi)
                                : static_cast<std::uint64_t>(gi) - static_cast<std::uint64_t>(ci);
  *ulp_out = static_cast<L>(ulp);
  a.c0 += ulp == 0;
  a.c1 += ulp == 1;
  a.over2 += ulp > 2;
  a.maxulp = std::max(a.maxulp, ulp);
  a.toward += cm < gm;
  a.neg += ci < gi;
  double gd, cd;
  if constexpr (T::kFloatStats) {
    const float gf = T::to_float(gb), cf = T::to_float(cb);
    const float diff = cf - gf;
    const float ad = __builtin_fabsf(diff);
    const float rel = ad / __builtin_fabsf(gf);
    if (ad > a.mabs) a.mabs = ad;
    if (rel > a.mrel) a.mrel = rel;
    diff_out = diff;
    gd = gf;
    cd = cf;
  } else {
    std::memcpy(&gd, &gb, sizeof gd);
    std::memcpy(&cd, &cb, sizeof cd);
    const double diff = cd - gd;
    const double ad = __builtin_fabs(diff);
    const double rel = ad / __builtin_fabs(gd);
    if (ad > a.mabs) a.mabs = ad;
    if (rel > a.mrel) a.mrel = rel;
    diff_out = diff;
  }
  const bool zs = gm == 0 && cm == 0 && gb != cb;
  a.zs += zs;
  const double ad = __builtin_fabs(cd - gd);
  const double ag = __builtin_fabs(gd);
  const bool ulp_ok = ulp <= p.max_ulp;
  const bool tol_ok = ad <= p.atol + p.rtol * ag;
  bool pass = p.any ? ((ulp_ok && p.has_ulp) || (tol_ok && p.has_tol))
                    : ((ulp_ok || !p.has_ulp) && (tol_ok || !p.has_tol));
  if (p.exact) pass = ulp == 0;
  if (p.signed_zero && zs) pass = false;
  *fail_out = pass ? 0 : 1;
  if (!pass) {
    ++a.fails;
    if (gm != 0) {
      a.twice += cd == gd * 2.0;
      a.half += cd == gd * 0.5;
      a.zero += cm == 0;
    }
  }
}

// Buckets (2^(k-1), 2^k] for k = 2..20 and > 2^20, from counts of ulp > 2^k; only up to the
// block's largest ULP distance.
template <class Lane>
inline void histogram_tail(const Lane* ulps, std::int64_t n, std::int64_t over2,
                           std::uint64_t max_ulp, std::int64_t* buckets) {
  std::int64_t prev = over2;  // ulp > 2^1
  for (int k = 2; k <= 20; ++k) {
    std::int64_t above = 0;
    if ((std::uint64_t{1} << (k - 1)) < max_ulp) {
      const Lane limit = static_cast<Lane>(std::uint64_t{1} << k);
      std::uint32_t count = 0;  // at most one block
      for (std::int64_t i = 0; i < n; ++i) count += ulps[i] > limit;
      above = count;
    }
    buckets[k - 2] = prev - above;  // bucket k + 1 of UlpHistogram: (2^(k-1), 2^k]
    prev = above;
  }
  buckets[19] = prev;  // bucket 22: > 2^20
  buckets[20] = 0;
}

// --- the block -----------------------------------------------------------------------------

template <class T, bool Daz>
bool run(const std::byte* golden, const std::byte* candidate, std::int64_t n, const FastParams& p,
         double rel_floor, FastOut& out, void* ulp_scratch, std::uint32_t* fail_scratch) {
  using Lane = typename T::Lane;
  constexpr auto kSize = static_cast<std::int64_t>(sizeof(typename T::Storage));
  auto* ulps = static_cast<Lane*>(ulp_scratch);
  const Lane lane_max = static_cast<Lane>(~Lane{0});
  // ULPs of 32-bit lanes never exceed 2^32 - 2^24: clamp larger limits into the lane.
  const Lane max_ulp = p.max_ulp > lane_max ? lane_max : static_cast<Lane>(p.max_ulp);
  // Elements the ULP criterion alone does not pass (all of them when it does not decide).
  const bool ulp_decides = p.exact || (p.any && p.has_ulp);
  const Lane limit = p.exact ? 0 : max_ulp;
  const std::int64_t body = n / 8 * 8;

  AccA<T> a;
  AccB b;
  // A little below the floor (and -1 when there is none yet, so that every block computes it).
  const float floor_lo =
      rel_floor < 0 ? -1.0f : static_cast<float>(rel_floor * (1.0 - 0x1p-20) * (1.0 - 0x1p-20));
  constexpr std::int64_t kSub = 1024;  // passes A and B per 1024 elements: stays in L1
  for (std::int64_t s = 0; s < body; s += kSub) {
    const std::int64_t len = std::min(kSub, body - s);
    if constexpr (T::kFloatStats) {
      pass_ab_float<T, Daz>(golden + s * kSize, candidate + s * kSize, len, floor_lo, a, b,
                            ulps + s);
    } else {
      pass_a<T, Daz>(golden + s * kSize, candidate + s * kSize, len, a, ulps + s);
      pass_b_double<Daz>(golden + s * kSize, candidate + s * kSize, len, b);
    }
  }
  double lane_sum[kLanes], lane_sq[kLanes];
  for (int j = 0; j < kLanes; ++j) {
    lane_sum[j] = b.sum[j];
    lane_sq[j] = b.sq[j];
  }
  Tail t;
  if (body < n) {
    double d[8] = {};  // the last, partial group; missing elements add +0.0
    for (std::int64_t i = body; i < n; ++i)
      tail_element<T, Daz>(golden + i * kSize, candidate + i * kSize, p, t, d[i - body], ulps + i,
                           fail_scratch + i);
    add_group(d, lane_sum, lane_sq);
  }
  // NaN or inf anywhere: the generic path decides. They make the lane sums non-finite (as does
  // an overflowing difference, which the generic path then reports the same way).
  const std::uint64_t maxmag = std::max<std::uint64_t>(hmax(a.maxmag), t.maxmag);
  if (maxmag >= T::kExp) return false;
  for (int j = 0; j < kLanes; ++j)
    if (!__builtin_isfinite(lane_sum[j]) || !__builtin_isfinite(lane_sq[j])) return false;

  out.bitwise_equal = hsum(a.eq) + t.eq;
  out.ulp0 = hsum(a.c0) + t.c0;
  out.ulp1 = hsum(a.c1) + t.c1;
  out.ulp_over2 = body - hsum(a.c0) - hsum(a.c1) - hsum(a.c2) + t.over2;
  out.toward_zero = hsum(a.toward) + t.toward;
  out.negative = hsum(b.neg) + hsum(b.neg_lo) + hsum(b.neg_hi) + t.neg;
  // |cand| >= |golden| among the elements whose value changed.
  out.away_from_zero = (n - out.ulp0) - out.toward_zero;
  out.max_ulp = std::max<std::uint64_t>(hmax(a.maxulp), t.maxulp);
  if (out.ulp_over2 > 0) histogram_tail(ulps, n, out.ulp_over2, out.max_ulp, out.buckets);
  double ma = t.mabs, mr = t.mrel;
  if constexpr (T::kFloatStats) {
    ma = std::max<double>(ma, hmax(b.mabs));
    bool beats = false;
    for (int j = 0; j < 8; ++j) beats |= b.beats_floor[j] != 0;
    if (beats) {
      const float r = rel_max_float<T, Daz>(golden, candidate, body);
      if (r > mr) mr = r;
    } else if (!(mr > rel_floor)) {
      mr = -1.0;  // no element of the block beats the floor
    }
  } else {
    ma = std::max({ma, hmax(b.mabs_lo), hmax(b.mabs_hi)});
    for (double r : {hmax(b.mrel_lo), hmax(b.mrel_hi)})
      if (r > mr) mr = r;
  }
  out.max_abs = ma;
  out.max_rel = mr;
  for (int j = 0; j < kLanes; ++j) {
    out.lane_sum[j] = lane_sum[j];
    out.lane_sq[j] = lane_sq[j];
  }

  // Pass C where the ULP count cannot decide: elements beyond the limit, +-0 pairs (equal ULPs
  // but different bits), or every element when the policy has no deciding ULP criterion.
  const bool body_exceeds = hmax(a.maxulp) > limit;
  const std::int64_t body_zero_pairs = hsum(a.c0) - hsum(a.eq);
  out.fails = t.fails;
  out.zero_sign = t.zs;
  out.fail_twice = t.twice;
  out.fail_half = t.half;
  out.fail_zero = t.zero;
  out.fail_flags_valid = true;
  if (!ulp_decides || body_exceeds || body_zero_pairs > 0) {
    Consts k;
    k.atol = f64x4{} + p.atol;
    k.rtol = f64x4{} + p.rtol;
    k.two = f64x4{} + 2.0;
    k.half = f64x4{} + 0.5;
    k.absmask = u64x4{} + 0x7FFFFFFFFFFFFFFFu;
    k.has_ulp = i64x4{} - static_cast<std::int64_t>(p.has_ulp);
    k.has_tol = i64x4{} - static_cast<std::int64_t>(p.has_tol);
    k.any = i64x4{} - static_cast<std::int64_t>(p.any);
    k.exact = i64x4{} - static_cast<std::int64_t>(p.exact);
    k.signed_zero = i64x4{} - static_cast<std::int64_t>(p.signed_zero);
    AccC cacc;
    pass_c<T, Daz>(golden, candidate, body, ulps, max_ulp, k, cacc, fail_scratch);
    out.fails += hsum(cacc.fails);
    out.zero_sign += hsum(cacc.zs);
    out.fail_twice += hsum(cacc.twice);
    out.fail_half += hsum(cacc.half);
    out.fail_zero += hsum(cacc.zero);
  } else if (t.fails > 0) {
    std::memset(fail_scratch, 0, static_cast<std::size_t>(body) * sizeof(std::uint32_t));
  } else {
    out.fail_flags_valid = false;  // nothing failed: the flags were not written
  }
  return true;
}

inline FastKernel select(DType dtype, bool daz) {
  switch (dtype) {
    case DType::kFloat64:
      return daz ? &run<F64, true> : &run<F64, false>;
    case DType::kFloat32:
      return daz ? &run<F32, true> : &run<F32, false>;
    case DType::kFloat16:
      return daz ? &run<F16, true> : &run<F16, false>;
    case DType::kBFloat16:
      return daz ? &run<BF16, true> : &run<BF16, false>;
    default:
      return nullptr;
  }
}

}  // namespace
}  // namespace parity::detail::PARITY_KERNEL_NS
