// The emulated cuBLAS and hipBLAS GEMMs (parity/simt/libs/blas.hpp, gemm.hpp), called from real
// .cu / .hip files (kernels/blas.cu, blas.hip, blas_legacy.hip). Two oracles for every
// transpose / leading-dimension / alpha / beta / batch combination:
//  - an fp64 Eigen product of the same (decoded) operands, within the error bound of the stated
//    accumulation (gamma_{k+2} times the magnitudes, plus the output rounding);
//  - an independent computation of the stated order (fused multiply-adds in k order, rounded in
//    the compute type) on Eigen views of the operands, which must agree bit for bit.
// And the argument checks of each library, with the status each returns.
#include <catch2/catch_test_macros.hpp>

#include <Eigen/Dense>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "blas_launchers.hpp"
#include "gemm_oracle.hpp"

namespace {

using blas_test::Batch;
using blas_test::Entry;
using blas_test::GemmArgs;
using blas_test::Result;
using blas_test::Type;
using gemm_oracle::Acc;
using gemm_oracle::Buffer;
using gemm_oracle::is_float;
using gemm_oracle::Matrix;
using gemm_oracle::output_roundoff;
using gemm_oracle::random_value;
using gemm_oracle::size_of;
using gemm_oracle::stated_order;
using gemm_oracle::unit_roundoff;
using gemm_oracle::view;

enum class Dialect { kCuda, kHip, kHipLegacy };

const char* dialect_name(Dialect d) {
  return d == Dialect::kCuda ? "cuBLAS" : d == Dialect::kHip ? "hipBLAS" : "hipBLAS (no V2)";
}

Result call(Dialect d, const GemmArgs& g) {
  switch (d) {
    case Dialect::kCuda:
      return blas_test::cuda_gemm(g);
    case Dialect::kHip:
      return blas_test::hip_gemm(g);
    case Dialect::kHipLegacy:
      return blas_test::hip_gemm_legacy(g);
  }
  return {};
}

std::string success(Dialect d) {
  return d == Dialect::kCuda ? "CUBLAS_STATUS_SUCCESS" : "HIPBLAS_STATUS_SUCCESS";
}

struct Case {
  Entry entry = Entry::kTyped;
  Type a = Type::kF32, c = Type::kF32;  // B has A's type
  std::string compute = "32F";
  Acc acc = Acc::kF32;
  Type scale = Type::kF32;  // the type of alpha and beta
  const char* name = "";
};

void store_scalar(Buffer& b, double v) {
  b.set(0, v);
}

struct Shape {
  int m, n, k;
};

//! Runs one GEMM configuration through `dialect` and checks every output element against both
//! oracles. Returns the number of elements checked.
int check_gemm(Dialect dialect, const Case& cs, Batch batch, char op_a, char op_b, Shape s, int pad,
               double alpha, double beta, std::mt19937& rng) {
  const int rows_a = op_a == 'N' ? s.m : s.k, cols_a = op_a == 'N' ? s.k : s.m;
  const int rows_b = op_b == 'N' ? s.k : s.n, cols_b = op_b == 'N' ? s.n : s.k;
  const int lda = rows_a + pad, ldb = rows_b + pad, ldc = s.m + pad;
  const int batches = batch == Batch::kNone ? 1 : 3;
  // Strides leave a gap between the batch entries (a reader that ignores them reads the gap).
  // (int8: gaps that keep every batch entry 4-byte aligned, as cuBLAS's int8 path needs.)
  const bool i8 = cs.a == Type::kI8;
  const long long stride_a = static_cast<long long>(lda) * cols_a + (i8 ? 8 : 7);
  const long long stride_b = static_cast<long long>(ldb) * cols_b + (i8 ? 4 : 5);
  const long long stride_c = static_cast<long long>(ldc) * s.n + 3;

  Buffer a(cs.a, static_cast<std::size_t>(stride_a * batches));
  Buffer b(cs.a, static_cast<std::size_t>(stride_b * batches));
  Buffer c(cs.c, static_cast<std::size_t>(stride_c * batches));
  const bool float_in = is_float(cs.a), float_out = is_float(cs.c);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < a.bytes.size() / size_of(cs.a); ++i)
    a.set(i, alpha == 0.0 && float_in ? nan : random_value(rng, cs.a));  // alpha = 0: not read
  for (std::size_t i = 0; i < b.bytes.size() / size_of(cs.a); ++i)
    b.set(i, random_value(rng, cs.a));
  for (std::size_t i = 0; i < c.bytes.size() / size_of(cs.c); ++i)
    c.set(i, beta == 0.0 && float_out ? nan : random_value(rng, cs.c));  // beta = 0: not read
  const Buffer c_before = c;

  Buffer alpha_buf(cs.scale, 1), beta_buf(cs.scale, 1);
  store_scalar(alpha_buf, alpha);
  store_scalar(beta_buf, beta);

  GemmArgs g;
  g.entry = cs.entry;
  g.batch = batch;
  g.op_a = op_a;
  g.op_b = op_b;
  g.m = s.m;
  g.n = s.n;
  g.k = s.k;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = ldc;
  g.a_type = g.b_type = cs.a;
  g.c_type = cs.c;
  g.compute = cs.compute;
  g.alpha = alpha_buf.data();
  g.beta = beta_buf.data();
  g.a = a.data();
  g.b = b.data();
  g.c = c.data();
  g.stride_a = stride_a;
  g.stride_b = stride_b;
  g.stride_c = stride_c;
  g.batch_count = batches;
  std::vector<const void*> a_ptrs, b_ptrs;
  std::vector<void*> c_ptrs;
  for (int q = 0; q < batches; ++q) {
    a_ptrs.push_back(a.bytes.data() + q * stride_a * size_of(cs.a));
    b_ptrs.push_back(b.bytes.data() + q * stride_b * size_of(cs.a));
    c_ptrs.push_back(c.bytes.data() + q * stride_c * size_of(cs.c));
  }
  g.a_array = a_ptrs.data();
  g.b_array = b_ptrs.data();
  g.c_array = c_ptrs.data();

  const Result r = call(dialect, g);
  REQUIRE(r.name == success(dialect));

  int checked = 0;
  const double u = unit_roundoff(cs.acc);
  for (int q = 0; q < batches; ++q) {
    const Matrix am = view(a, q * stride_a, rows_a, cols_a, lda);
    const Matrix bm = view(b, q * stride_b, rows_b, cols_b, ldb);
    const Matrix c0 = view(c_before, q * stride_c, s.m, s.n, ldc);
    const Matrix got = view(c, q * stride_c, s.m, s.n, ldc);
    const Matrix op_am = op_a == 'N' ? am : Matrix(am.transpose());
    const Matrix op_bm = op_b == 'N' ? bm : Matrix(bm.transpose());
    Matrix ref = Matrix::Zero(s.m, s.n);
    Matrix mag = Matrix::Zero(s.m, s.n);
    if (alpha != 0.0 && s.k > 0) {
      ref = alpha * op_am * op_bm;
      mag = std::abs(alpha) * op_am.cwiseAbs() * op_bm.cwiseAbs();
    }
    if (beta != 0.0) {
      ref += beta * c0;
      mag += std::abs(beta) * c0.cwiseAbs();
    }
    const double gamma = (s.k + 2) * u / (1 - (s.k + 2) * u);
    for (int j = 0; j < s.n; ++j) {
      for (int i = 0; i < s.m; ++i) {
        INFO(dialect_name(dialect)
             << " " << cs.name << " op=" << op_a << op_b << " m,n,k=" << s.m << "," << s.n << ","
             << s.k << " pad=" << pad << " alpha=" << alpha << " beta=" << beta << " batch " << q
             << "/" << batches << " (" << static_cast<int>(batch) << ") element (" << i << "," << j
             << ")");
        const double expected =
            stated_order(op_am, op_bm, c0, i, j, alpha, beta, cs.acc, beta != 0.0);
        Buffer rounded(cs.c, 1);
        rounded.set(0, expected);
        CHECK(std::bit_cast<std::uint64_t>(got(i, j)) ==
              std::bit_cast<std::uint64_t>(rounded.get(0)));
        const double bound =
            gamma * mag(i, j) + output_roundoff(cs.c) * std::abs(ref(i, j)) + 1e-300;
        CHECK(std::abs(got(i, j) - ref(i, j)) <= bound);
        ++checked;
      }
    }
    // Nothing outside the m x n window of C (the padding rows, the gap) was written.
    for (long long e = q * stride_c; e < (q + 1) * stride_c; ++e) {
      const long long local = e - q * stride_c;
      const bool inside = local / ldc < s.n && local % ldc < s.m;
      if (!inside) {
        INFO("padding element " << local << " of batch " << q);
        const double before = c_before.get(static_cast<std::size_t>(e));
        const double after = c.get(static_cast<std::size_t>(e));
        CHECK((std::isnan(before) ? std::isnan(after) : before == after));
      }
    }
  }
  return checked;
}

int sweep(Dialect dialect, const Case& cs, Batch batch, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int checked = 0;
  const std::vector<char> ops = {'N', 'T', 'C'};
  // Integer scales for the int32 compute type (its alpha and beta are int32).
  const bool ints = cs.acc == Acc::kI32;
  const std::vector<double> alphas =
      ints ? std::vector<double>{1, -2, 0} : std::vector{1.0, -0.5, 0.0};
  const std::vector<double> betas =
      ints ? std::vector<double>{0, 1, 3} : std::vector{0.0, 1.0, 0.25};
  const bool int8_cuda = cs.acc == Acc::kI32 && dialect == Dialect::kCuda;
  for (char oa : ops)
    for (char ob : ops)
      for (int pad : {0, 3})
        for (double alpha : alphas)
          for (double beta : betas) {
            // cuBLAS's int8 path wants lda, ldb multiples of 4: shapes that give them.
            const Shape s = int8_cuda ? Shape{4, 8, 12} : Shape{5, 4, 7};
            checked += check_gemm(dialect, cs, batch, oa, ob, s,
                                  int8_cuda ? pad + (pad ? 1 : 0) : pad, alpha, beta, rng);
          }
  return checked;
}

const Case kTypedS{Entry::kTyped, Type::kF32, Type::kF32, "", Acc::kF32, Type::kF32, "Sgemm"};
const Case kTypedD{Entry::kTyped, Type::kF64, Type::kF64, "", Acc::kF64, Type::kF64, "Dgemm"};
const Case kTypedH{Entry::kTyped, Type::kF16, Type::kF16, "", Acc::kF16, Type::kF16, "Hgemm"};

std::vector<Case> ex_cases(Dialect d) {
  std::vector<Case> v = {
      {Entry::kEx, Type::kF32, Type::kF32, "32F", Acc::kF32, Type::kF32, "GemmEx f32/32F"},
      {Entry::kEx, Type::kF16, Type::kF16, "32F", Acc::kF32, Type::kF32, "GemmEx f16->f16/32F"},
      {Entry::kEx, Type::kF16, Type::kF32, "32F", Acc::kF32, Type::kF32, "GemmEx f16->f32/32F"},
      {Entry::kEx, Type::kBF16, Type::kBF16, "32F", Acc::kF32, Type::kF32, "GemmEx bf16->bf16"},
      {Entry::kEx, Type::kBF16, Type::kF32, "32F", Acc::kF32, Type::kF32, "GemmEx bf16->f32"},
      {Entry::kEx, Type::kF16, Type::kF16, "16F", Acc::kF16, Type::kF16, "GemmEx f16/16F"},
      {Entry::kEx, Type::kF64, Type::kF64, "64F", Acc::kF64, Type::kF64, "GemmEx f64/64F"},
      {Entry::kEx, Type::kI8, Type::kI32, "32I", Acc::kI32, Type::kI32, "GemmEx i8->i32/32I"},
  };
  if (d == Dialect::kCuda) {
    v.push_back(
        {Entry::kEx, Type::kI8, Type::kF32, "32F", Acc::kF32, Type::kF32, "GemmEx i8->f32/32F"});
    v.push_back({Entry::kEx, Type::kF32, Type::kF32, "32F_PEDANTIC", Acc::kF32, Type::kF32,
                 "GemmEx f32/32F_PEDANTIC"});
    v.push_back({Entry::kEx, Type::kF32, Type::kF32, "32F_FAST_TF32", Acc::kF32, Type::kF32,
                 "GemmEx f32/32F_FAST_TF32 (computed in full fp32)"});
  }
  return v;
}

}  // namespace

TEST_CASE("libs/blas/cublas/typed gemm: every op, ld, alpha, beta and batch form", "[libs][blas]") {
  for (const Case& cs : {kTypedS, kTypedD, kTypedH})
    for (Batch batch : {Batch::kNone, Batch::kStrided, Batch::kPointers})
      CHECK(sweep(Dialect::kCuda, cs, batch, 1) > 0);
}

TEST_CASE("libs/blas/hipblas/typed gemm: every op, ld, alpha, beta and batch form",
          "[libs][blas]") {
  for (const Case& cs : {kTypedS, kTypedD, kTypedH})
    for (Batch batch : {Batch::kNone, Batch::kStrided, Batch::kPointers})
      CHECK(sweep(Dialect::kHip, cs, batch, 2) > 0);
}

TEST_CASE("libs/blas/cublas/GemmEx family: the documented type combinations", "[libs][blas]") {
  for (const Case& cs : ex_cases(Dialect::kCuda))
    for (Batch batch : {Batch::kNone, Batch::kStrided, Batch::kPointers})
      CHECK(sweep(Dialect::kCuda, cs, batch, 3) > 0);
}

TEST_CASE("libs/blas/hipblas/GemmEx family (HIPBLAS_V2): hipBLAS's type combinations",
          "[libs][blas]") {
  for (const Case& cs : ex_cases(Dialect::kHip))
    for (Batch batch : {Batch::kNone, Batch::kStrided, Batch::kPointers})
      CHECK(sweep(Dialect::kHip, cs, batch, 4) > 0);
}

TEST_CASE("libs/blas/hipblas/GemmEx without HIPBLAS_V2: the deprecated hipblasDatatype_t API",
          "[libs][blas]") {
  for (const Case& cs : ex_cases(Dialect::kHipLegacy)) {
    if (cs.compute != "32F" && cs.compute != "64F" && cs.compute != "32I" && cs.compute != "16F")
      continue;
    for (Batch batch : {Batch::kNone, Batch::kStrided})
      CHECK(sweep(Dialect::kHipLegacy, cs, batch, 5) > 0);
  }
}

TEST_CASE("libs/blas/gemm: a large fp32 product stays within the fp32 accumulation bound",
          "[libs][blas]") {
  // Big enough for the column-parallel path (m*n*k >= 2^22).
  std::mt19937 rng(7);
  CHECK(check_gemm(Dialect::kCuda, kTypedS, Batch::kNone, 'T', 'N', Shape{96, 80, 640}, 1, 1.0, 0.0,
                   rng) == 96 * 80);
}

namespace {

//! A small valid Sgemm call (4x3x2, column-major, tight leading dimensions) to break one
//! argument of.
struct Valid {
  std::vector<float> a = std::vector<float>(64, 1.0f), b = std::vector<float>(64, 1.0f),
                     c = std::vector<float>(64, 0.0f);
  float alpha = 1.0f, beta = 0.0f;
  GemmArgs args() {
    GemmArgs g;
    g.m = 4;
    g.n = 3;
    g.k = 2;
    g.lda = 4;
    g.ldb = 2;
    g.ldc = 4;
    g.alpha = &alpha;
    g.beta = &beta;
    g.a = a.data();
    g.b = b.data();
    g.c = c.data();
    return g;
  }
};

std::string status(Dialect d, const GemmArgs& g) {
  return call(d, g).name;
}

}  // namespace

TEST_CASE("libs/blas/cublas/argument checks return the documented status", "[libs][blas]") {
  Valid v;
  const auto cu = Dialect::kCuda;
  CHECK(status(cu, v.args()) == "CUBLAS_STATUS_SUCCESS");
  CHECK(v.c[0] == 2.0f);
  GemmArgs g = v.args();
  g.lda = 3;  // < max(1, m) for transa = N
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.op_a = 'T';  // op(A) is m x k: A is k x m, lda >= max(1, k) = 2
  g.lda = 2;
  CHECK(status(cu, g) == "CUBLAS_STATUS_SUCCESS");
  g.lda = 1;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.ldb = 1;  // < max(1, k)
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.ldc = 3;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.m = -1;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.op_b = 3;  // CUBLAS_OP_CONJG: not N, T or C
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.alpha = nullptr;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g = v.args();
  g.null_handle = true;
  g.lda = 0;  // the handle is checked first (as libcublas does: see the real-library test)
  CHECK(status(cu, g) == "CUBLAS_STATUS_NOT_INITIALIZED");
  // m = 0: lda = 0 is still below max(1, m) = 1 in cuBLAS.
  g = v.args();
  g.m = 0;
  g.lda = 0;
  g.ldc = 1;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  g.lda = 1;
  CHECK(status(cu, g) == "CUBLAS_STATUS_SUCCESS");
  // Strided batched: a negative batch count.
  g = v.args();
  g.batch = Batch::kStrided;
  g.batch_count = -1;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
  // GemmEx: a combination cuBLAS does not have, and an fp8 type the emulator does not compute.
  g = v.args();
  g.entry = Entry::kEx;
  g.a_type = g.b_type = Type::kF64;
  g.c_type = Type::kF32;
  CHECK(status(cu, g) == "CUBLAS_STATUS_NOT_SUPPORTED");
  // The int8 path with lda not a multiple of 4.
  std::vector<std::int8_t> a8(64, 1), b8(64, 1);
  std::vector<std::int32_t> c32(64, 0);
  std::int32_t ia = 1, ib = 0;
  g = v.args();
  g.entry = Entry::kEx;
  g.a_type = g.b_type = Type::kI8;
  g.c_type = Type::kI32;
  g.compute = "32I";
  g.alpha = &ia;
  g.beta = &ib;
  g.a = a8.data();
  g.b = b8.data();
  g.c = c32.data();
  g.ldb = 4;
  CHECK(status(cu, g) == "CUBLAS_STATUS_SUCCESS");
  g.ldb = 2;
  CHECK(status(cu, g) == "CUBLAS_STATUS_NOT_SUPPORTED");
  // A null matrix the computation reads.
  g = v.args();
  g.b = nullptr;
  CHECK(status(cu, g) == "CUBLAS_STATUS_INVALID_VALUE");
}

TEST_CASE("libs/blas/hipblas/argument checks return the status hipBLAS on rocBLAS returns",
          "[libs][blas]") {
  Valid v;
  const auto hip = Dialect::kHip;
  CHECK(status(hip, v.args()) == "HIPBLAS_STATUS_SUCCESS");
  GemmArgs g = v.args();
  g.lda = 3;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_INVALID_VALUE");
  // rocBLAS checks lda >= rows without max(1, .): m = 0 with lda = 0 is fine, unlike cuBLAS.
  g = v.args();
  g.m = 0;
  g.lda = 0;
  g.ldc = 0;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_SUCCESS");
  // A CUBLAS_OP_T value (1) left by a port: hipBLAS's conversion throws INVALID_ENUM, before
  // even the handle is looked at.
  g = v.args();
  g.op_a = 1;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_INVALID_ENUM");
  g.null_handle = true;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_INVALID_ENUM");
  g = v.args();
  g.null_handle = true;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_NOT_INITIALIZED");
  // beta == 1 and alpha == 0: rocBLAS returns before looking at A and B.
  g = v.args();
  float one = 1.0f, zero = 0.0f;
  g.beta = &one;
  g.alpha = &zero;
  g.a = nullptr;
  g.b = nullptr;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_SUCCESS");
  g.alpha = &one;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_INVALID_VALUE");
  // GemmEx: TF32 is a cuBLAS-only compute type; fp64 inputs with an fp32 output do not exist.
  g = v.args();
  g.entry = Entry::kEx;
  g.compute = "32F_FAST_TF32";
  CHECK(status(hip, g) == "HIPBLAS_STATUS_NOT_SUPPORTED");
  g.compute = "32F_PEDANTIC";
  CHECK(status(hip, g) == "HIPBLAS_STATUS_NOT_SUPPORTED");
  g.compute = "32F";
  g.a_type = g.b_type = Type::kF64;
  CHECK(status(hip, g) == "HIPBLAS_STATUS_NOT_SUPPORTED");
}

TEST_CASE("libs/blas/handle and settings calls", "[libs][blas]") {
  const auto cu = blas_test::cuda_settings();
  const std::vector<std::pair<std::string, std::string>> cu_expected = {
      {"create", "CUBLAS_STATUS_SUCCESS"},
      {"get version", "CUBLAS_STATUS_SUCCESS"},
      {"version", "130100"},
      {"set stream", "CUBLAS_STATUS_SUCCESS"},
      {"get stream", "CUBLAS_STATUS_SUCCESS"},
      {"stream round trip", "same"},
      {"set math TF32", "CUBLAS_STATUS_SUCCESS"},
      {"get math", "CUBLAS_STATUS_SUCCESS"},
      {"math", "3"},
      {"set math pedantic|disallow", "CUBLAS_STATUS_SUCCESS"},
      {"set math 5 (invalid)", "CUBLAS_STATUS_INVALID_VALUE"},
      {"set pointer mode device", "CUBLAS_STATUS_SUCCESS"},
      {"get pointer mode", "CUBLAS_STATUS_SUCCESS"},
      {"pointer mode", "1"},
      {"set pointer mode 2 (invalid)", "CUBLAS_STATUS_INVALID_VALUE"},
      {"set workspace (aligned)", "CUBLAS_STATUS_SUCCESS"},
      {"set workspace (misaligned)", "CUBLAS_STATUS_INVALID_VALUE"},
      {"set atomics allowed", "CUBLAS_STATUS_SUCCESS"},
      {"get property major", "CUBLAS_STATUS_SUCCESS"},
      {"major", "13"},
      {"destroy", "CUBLAS_STATUS_SUCCESS"},
      {"set stream on destroyed handle", "CUBLAS_STATUS_NOT_INITIALIZED"},
      {"set stream on null handle", "CUBLAS_STATUS_NOT_INITIALIZED"},
  };
  CHECK(cu == cu_expected);
  const auto hip = blas_test::hip_settings();
  const std::vector<std::pair<std::string, std::string>> hip_expected = {
      {"create", "HIPBLAS_STATUS_SUCCESS"},
      {"create into null", "HIPBLAS_STATUS_HANDLE_IS_NULLPTR"},
      {"set stream", "HIPBLAS_STATUS_SUCCESS"},
      {"get stream", "HIPBLAS_STATUS_SUCCESS"},
      {"stream round trip", "same"},
      {"set math XF32", "HIPBLAS_STATUS_SUCCESS"},
      {"get math", "HIPBLAS_STATUS_SUCCESS"},
      {"math", "1"},
      {"set math TF32 (a cuBLAS mode)", "HIPBLAS_STATUS_NOT_SUPPORTED"},
      {"set pointer mode device", "HIPBLAS_STATUS_SUCCESS"},
      {"get pointer mode", "HIPBLAS_STATUS_SUCCESS"},
      {"pointer mode", "1"},
      {"set pointer mode 2 (invalid)", "HIPBLAS_STATUS_INVALID_ENUM"},
      {"set atomics allowed", "HIPBLAS_STATUS_SUCCESS"},
      {"destroy", "HIPBLAS_STATUS_SUCCESS"},
      {"set stream on null handle", "HIPBLAS_STATUS_NOT_INITIALIZED"},
  };
  CHECK(hip == hip_expected);
}

namespace {

//! Element i of a BLAS vector with increment inc (negative: counted from the end).
std::size_t blas_index(int i, int n, int inc) {
  return static_cast<std::size_t>(inc >= 0 ? i * inc : (n - 1 - i) * -inc);
}

template <class T>
void check_level1(Dialect d, std::mt19937& rng) {
  const bool dbl = std::is_same_v<T, double>;
  std::uniform_real_distribution<T> u(-2, 2);
  for (char op : {'a', 'd', 's', 'c'}) {
    for (int incx : {1, 2, -1, -3}) {
      for (int incy : {1, 3, -2}) {
        const int n = 37;
        INFO(dialect_name(d) << " op " << op << (dbl ? " fp64" : " fp32") << " incx " << incx
                             << " incy " << incy);
        std::vector<T> x(static_cast<std::size_t>(n * std::abs(incx))),
            y(static_cast<std::size_t>(n * std::abs(incy)));
        for (auto& v : x) v = u(rng);
        for (auto& v : y) v = u(rng);
        std::vector<T> x0 = x, y0 = y;
        const T alpha = static_cast<T>(-0.75);
        T result = 0;
        blas_test::Level1Args g;
        g.op = op;
        g.dbl = dbl;
        g.n = n;
        g.alpha = &alpha;
        g.x = x.data();
        g.incx = incx;
        g.y = y.data();
        g.incy = incy;
        g.result = &result;
        REQUIRE((d == Dialect::kCuda ? blas_test::cuda_level1(g) : blas_test::hip_level1(g)).name ==
                success(d));
        // The stated operations, computed here with the BLAS increment convention.
        T dot = 0;
        long double dot_exact = 0, dot_magnitude = 0;
        for (int i = 0; i < n; ++i) {
          const std::size_t xi = blas_index(i, n, incx), yi = blas_index(i, n, incy);
          if (op == 'a') y0[yi] = std::fma(alpha, x0[xi], y0[yi]);
          if (op == 's') x0[xi] = alpha * x0[xi];
          if (op == 'c') y0[yi] = x0[xi];
          if (op == 'd') {
            dot = std::fma(x0[xi], y0[yi], dot);
            dot_exact += static_cast<long double>(x0[xi]) * y0[yi];
            dot_magnitude += std::abs(static_cast<long double>(x0[xi]) * y0[yi]);
          }
        }
        CHECK(x == x0);
        CHECK(y == y0);
        if (op == 'd') {
          CHECK(result == dot);
          const long double eps = std::numeric_limits<T>::epsilon() / 2;
          CHECK(std::abs(result - dot_exact) <= (n + 1) * eps * dot_magnitude);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("libs/blas/Level 1: axpy, dot, scal, copy with positive and negative increments",
          "[libs][blas]") {
  std::mt19937 rng(21);
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    check_level1<float>(d, rng);
    check_level1<double>(d, rng);
    // n <= 0 is a quick return (dot writes 0), a null handle is NOT_INITIALIZED.
    float result = 5, one = 1;
    std::vector<float> x(4, 1.0f);
    blas_test::Level1Args g;
    g.op = 'd';
    g.n = 0;
    g.x = g.y = x.data();
    g.result = &result;
    auto call = [&] {
      return d == Dialect::kCuda ? blas_test::cuda_level1(g) : blas_test::hip_level1(g);
    };
    CHECK(call().name == success(d));
    CHECK(result == 0.0f);
    g.op = 'a';
    g.n = 4;
    g.alpha = &one;
    g.null_handle = true;
    CHECK(call().name == (d == Dialect::kCuda ? "CUBLAS_STATUS_NOT_INITIALIZED"
                                              : "HIPBLAS_STATUS_NOT_INITIALIZED"));
  }
}

TEST_CASE("libs/blas/Set/GetVector and Set/GetMatrix copy with strides and check arguments",
          "[libs][blas]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    INFO(dialect_name(d));
    auto call = [&](const blas_test::TransferArgs& g) {
      return (d == Dialect::kCuda ? blas_test::cuda_transfer(g) : blas_test::hip_transfer(g)).name;
    };
    const std::string invalid =
        d == Dialect::kCuda ? "CUBLAS_STATUS_INVALID_VALUE" : "HIPBLAS_STATUS_INVALID_VALUE";
    std::vector<int> src(40), dst(40, -1);
    std::iota(src.begin(), src.end(), 0);
    blas_test::TransferArgs g;
    g.rows = 10;
    g.src = src.data();
    g.src_step = 3;
    g.dst = dst.data();
    g.dst_step = 2;
    CHECK(call(g) == success(d));
    for (int i = 0; i < 10; ++i) CHECK(dst[static_cast<std::size_t>(i * 2)] == i * 3);
    CHECK(dst[1] == -1);
    g.src_step = 0;
    CHECK(call(g) == invalid);
    g.src_step = 1;
    g.elem_size = 0;
    CHECK(call(g) == invalid);
    // A matrix: 3 x 4 from lda 5 into ldb 3.
    std::fill(dst.begin(), dst.end(), -1);
    g = {};
    g.matrix = true;
    g.set = false;
    g.rows = 3;
    g.cols = 4;
    g.src = src.data();
    g.src_step = 5;
    g.dst = dst.data();
    g.dst_step = 3;
    CHECK(call(g) == success(d));
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 3; ++i) CHECK(dst[static_cast<std::size_t>(i + j * 3)] == i + j * 5);
    g.dst_step = 2;  // below rows
    CHECK(call(g) == invalid);
  }
}
