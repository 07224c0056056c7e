// The emulated cuBLASLt and hipBLASLt matmuls (parity/simt/libs/blaslt.hpp), called in llm.c's
// shape from kernels/blaslt.cu and blaslt.hip: every result checked bit for bit against the
// stated order (gemm_oracle.hpp) followed by the epilogue, and against an fp64 Eigen product
// within the fp32 accumulation bound; then the configurations each library refuses.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "blaslt_launchers.hpp"
#include "gemm_oracle.hpp"

namespace {

using blaslt_test::LtArgs;
using blaslt_test::LtResult;
using gemm_oracle::Acc;
using gemm_oracle::Buffer;
using gemm_oracle::Matrix;
using gemm_oracle::Type;

enum class Dialect { kCuda, kHip };

LtResult run(Dialect d, const LtArgs& a) {
  return d == Dialect::kCuda ? blaslt_test::cuda_lt(a) : blaslt_test::hip_lt(a);
}
std::string ok(Dialect d) {
  return d == Dialect::kCuda ? "CUBLAS_STATUS_SUCCESS" : "HIPBLAS_STATUS_SUCCESS";
}
std::string invalid(Dialect d) {
  return d == Dialect::kCuda ? "CUBLAS_STATUS_INVALID_VALUE" : "HIPBLAS_STATUS_INVALID_VALUE";
}
std::string unsupported(Dialect d) {
  return d == Dialect::kCuda ? "CUBLAS_STATUS_NOT_SUPPORTED" : "HIPBLAS_STATUS_NOT_SUPPORTED";
}

// The GELU the emulator documents: the tanh approximation, in double.
double gelu(double x) {
  const double s = std::sqrt(2.0 / std::numbers::pi);
  return 0.5 * x * (1.0 + std::tanh(s * (x + 0.044715 * x * x * x)));
}
double gelu_grad(double x) {
  const double s = std::sqrt(2.0 / std::numbers::pi);
  const double t = std::tanh(s * (x + 0.044715 * x * x * x));
  return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * s * (1.0 + 3.0 * 0.044715 * x * x);
}
double to_float(double v) {
  return static_cast<float>(v);
}

enum Epi {
  kDefault = 1,
  kRelu = 2,
  kBias = 4,
  kReluBias = 6,
  kGelu = 32,
  kGeluBias = 36,
  kGeluAux = 160,
  kGeluAuxBias = 164,
  kDGelu = 192,
  kBGradB = 512
};

struct Config {
  Type ab, cd;
  const char* compute;
  Type scale;
  Acc acc;
};

//! One matmul through `dialect`, checked element by element. Returns the elements checked.
int check(Dialect dialect, const Config& cf, char op_a, char op_b, int batch, int epi,
          bool in_place, double alpha, double beta, std::mt19937& rng) {
  const int m = 6, n = 5, k = 9, pad = 2;
  const int rows_a = op_a == 'N' ? m : k, cols_a = op_a == 'N' ? k : m;
  const int rows_b = op_b == 'N' ? k : n, cols_b = op_b == 'N' ? n : k;
  const long long lda = rows_a + pad, ldb = rows_b + pad, ldc = m + pad;
  const long long sa = lda * cols_a + 3, sb = ldb * cols_b + 1, sc = ldc * n + 2;
  Buffer a(cf.ab, sa * batch), b(cf.ab, sb * batch), c(cf.cd, sc * batch), d(cf.cd, sc * batch);
  for (std::size_t i = 0; i < static_cast<std::size_t>(sa * batch); ++i)
    a.set(i, gemm_oracle::random_value(rng, cf.ab));
  for (std::size_t i = 0; i < static_cast<std::size_t>(sb * batch); ++i)
    b.set(i, gemm_oracle::random_value(rng, cf.ab));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < static_cast<std::size_t>(sc * batch); ++i) {
    c.set(i, beta == 0.0 ? nan : gemm_oracle::random_value(rng, cf.cd));  // beta = 0: not read
    d.set(i, nan);
  }
  if (in_place) d = c;
  const Buffer c_before = c;
  const bool has_bias = epi == kBias || epi == kReluBias || epi == kGeluBias || epi == kGeluAuxBias;
  const bool has_aux = epi == kGeluAux || epi == kGeluAuxBias || epi == kDGelu;
  Buffer bias(cf.cd, epi == kBGradB ? n : m), aux(cf.cd, static_cast<std::size_t>(ldc) * n);
  for (int i = 0; i < (epi == kBGradB ? n : m); ++i)
    bias.set(i, has_bias ? gemm_oracle::random_value(rng, cf.cd) : nan);
  for (std::size_t i = 0; i < static_cast<std::size_t>(ldc) * n; ++i)
    aux.set(i, epi == kDGelu ? gemm_oracle::random_value(rng, cf.cd) : nan);
  const Buffer aux_before = aux;
  Buffer alpha_b(cf.scale, 1), beta_b(cf.scale, 1);
  alpha_b.set(0, alpha);
  beta_b.set(0, beta);

  LtArgs g;
  g.op_a = op_a;
  g.op_b = op_b;
  g.m = m;
  g.n = n;
  g.k = k;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = g.ldd = ldc;
  g.batch = batch;
  g.stride_a = sa;
  g.stride_b = sb;
  g.stride_c = g.stride_d = sc;
  g.ab = cf.ab;
  g.cd = cf.cd;
  g.compute = cf.compute;
  g.scale = cf.scale;
  g.epilogue = epi;
  g.bias = (has_bias || epi == kBGradB) ? bias.data() : nullptr;
  g.aux = has_aux ? aux.data() : nullptr;
  g.aux_ld = ldc;
  g.alpha = alpha_b.data();
  g.beta = beta_b.data();
  g.a = a.data();
  g.b = b.data();
  g.c = c.data();
  g.d = in_place ? c.data() : d.data();
  const LtResult r = run(dialect, g);
  REQUIRE(r.heuristic == ok(dialect));
  REQUIRE(r.algorithms == 1);
  REQUIRE(r.matmul == ok(dialect));
  const Buffer& out = in_place ? c : d;

  int checked = 0;
  const double u = gemm_oracle::unit_roundoff(cf.acc);
  for (int q = 0; q < batch; ++q) {
    const Matrix am = gemm_oracle::view(a, q * sa, rows_a, cols_a, static_cast<int>(lda));
    const Matrix bm = gemm_oracle::view(b, q * sb, rows_b, cols_b, static_cast<int>(ldb));
    const Matrix c0 = gemm_oracle::view(c_before, q * sc, m, n, static_cast<int>(ldc));
    const Matrix got = gemm_oracle::view(out, q * sc, m, n, static_cast<int>(ldc));
    const Matrix op_am = op_a == 'N' ? am : Matrix(am.transpose());
    const Matrix op_bm = op_b == 'N' ? bm : Matrix(bm.transpose());
    Matrix ref = alpha * op_am * op_bm;
    Matrix mag = std::abs(alpha) * op_am.cwiseAbs() * op_bm.cwiseAbs();
    if (beta != 0.0) {
      ref += beta * c0;
      mag += std::abs(beta) * c0.cwiseAbs();
    }
    const double gamma = (k + 2) * u / (1 - (k + 2) * u);
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < m; ++i) {
        INFO((dialect == Dialect::kCuda ? "cuBLASLt" : "hipBLASLt")
             << " " << cf.compute << " types " << static_cast<int>(cf.ab) << "/"
             << static_cast<int>(cf.cd) << " op " << op_a << op_b << " batch " << q << "/" << batch
             << " epilogue " << epi << (in_place ? " in place" : "") << " alpha " << alpha
             << " beta " << beta << " element (" << i << "," << j << ")");
        double v =
            gemm_oracle::stated_order(op_am, op_bm, c0, i, j, alpha, beta, cf.acc, beta != 0.0);
        double r64 = ref(i, j), bound = gamma * mag(i, j);
        if (has_bias) {
          v = to_float(v + bias.get(i));
          r64 += bias.get(i);
        }
        if (epi == kRelu || epi == kReluBias) {
          v = v > 0 ? v : 0;
          r64 = r64 > 0 ? r64 : 0;
        }
        if (has_aux && epi != kDGelu) {
          Buffer pre(cf.cd, 1);
          pre.set(0, v);
          CHECK(aux.get(static_cast<std::size_t>(i + j * ldc)) == pre.get(0));
        }
        if (epi == kGelu || epi == kGeluBias || epi == kGeluAux || epi == kGeluAuxBias) {
          v = to_float(gelu(v));
          r64 = gelu(r64);
          bound *= 1.2;  // |GELU'| < 1.13
        }
        if (epi == kDGelu) {
          const double g1 = gelu_grad(aux_before.get(static_cast<std::size_t>(i + j * ldc)));
          v = to_float(v * g1);
          r64 *= g1;
          bound *= std::abs(g1);
        }
        Buffer rounded(cf.cd, 1);
        rounded.set(0, v);
        CHECK(got(i, j) == rounded.get(0));
        CHECK(std::abs(got(i, j) - r64) <=
              2 * bound + gemm_oracle::output_roundoff(cf.cd) * std::abs(r64) + 1e-30);
        ++checked;
      }
    }
    if (epi == kBGradB) {
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int p = 0; p < k; ++p) s = to_float(s + op_bm(p, j));
        Buffer rounded(cf.cd, 1);
        rounded.set(0, s);
        INFO("bias gradient column " << j);
        CHECK(bias.get(j) == rounded.get(0));
      }
    }
  }
  return checked;
}

const std::vector<Config> kConfigs = {
    {Type::kF32, Type::kF32, "32F", Type::kF32, Acc::kF32},
    {Type::kF16, Type::kF16, "32F", Type::kF32, Acc::kF32},
    {Type::kBF16, Type::kBF16, "32F", Type::kF32, Acc::kF32},
    {Type::kBF16, Type::kF32, "32F", Type::kF32, Acc::kF32},
    {Type::kF64, Type::kF64, "64F", Type::kF64, Acc::kF64},
};

void sweep(Dialect dialect, std::uint32_t seed) {
  std::mt19937 rng(seed);
  int checked = 0;
  for (const Config& cf : kConfigs)
    for (char oa : {'N', 'T'})
      for (char ob : {'N', 'T'})
        for (int batch : {1, 3})
          for (double beta : {0.0, 1.0})
            for (bool in_place : {false, true})
              checked += check(dialect, cf, oa, ob, batch, kDefault, in_place, 1.0, beta, rng);
  for (const Config& cf : {kConfigs[0], kConfigs[2]})  // fp32 and bf16, as llm.c builds them
    for (int epi :
         {kRelu, kBias, kReluBias, kGelu, kGeluBias, kGeluAux, kGeluAuxBias, kDGelu, kBGradB})
      for (char oa : {'N', 'T'})
        checked += check(dialect, cf, oa, 'N', 1, epi, false, 1.0, 0.0, rng);
  CHECK(checked > 0);
}

}  // namespace

TEST_CASE("libs/blaslt/cublaslt/matmul: types, ops, batch, in place and epilogues",
          "[libs][blaslt]") {
  sweep(Dialect::kCuda, 11);
}

TEST_CASE("libs/blaslt/hipblaslt/matmul: types, ops, batch, in place and epilogues",
          "[libs][blaslt]") {
  sweep(Dialect::kHip, 12);
}

TEST_CASE("libs/blaslt/refusals: what the emulator does not compute, and invalid layouts",
          "[libs][blaslt]") {
  for (Dialect d : {Dialect::kCuda, Dialect::kHip}) {
    std::vector<float> a(64, 1.0f), b(64, 1.0f), c(64, 0.0f), out(64, 0.0f);
    float one = 1.0f, zero = 0.0f;
    auto valid = [&] {
      LtArgs g;
      g.m = 4;
      g.n = 3;
      g.k = 2;
      g.lda = 4;
      g.ldb = 2;
      g.ldc = g.ldd = 4;
      g.alpha = &one;
      g.beta = &zero;
      g.a = a.data();
      g.b = b.data();
      g.c = c.data();
      g.d = out.data();
      return g;
    };
    LtResult r = run(d, valid());
    CHECK(r.matmul == ok(d));
    CHECK(out[0] == 2.0f);
    LtArgs g = valid();
    g.order = 1;  // row-major D
    r = run(d, g);
    CHECK(r.heuristic == unsupported(d));
    CHECK(r.algorithms == 0);
    CHECK(r.matmul == unsupported(d));
    g = valid();
    g.epilogue = 256;  // BGRADA: not emulated
    CHECK(run(d, g).heuristic == unsupported(d));
    g = valid();
    g.lda = 3;  // below A's rows
    CHECK(run(d, g).heuristic == invalid(d));
    g = valid();
    g.epilogue = kBias;  // no bias pointer: the query passes, the matmul does not
    r = run(d, g);
    CHECK(r.heuristic == ok(d));
    CHECK(r.matmul == invalid(d));
    g = valid();
    g.epilogue = kGeluAux;
    g.aux = out.data();
    g.aux_ld = 2;  // below m
    CHECK(run(d, g).heuristic == invalid(d));
    g = valid();
    g.compute = "64F";  // fp32 data with an fp64 compute type
    CHECK(run(d, g).heuristic == unsupported(d));
    g = valid();
    g.compute = "32F_FAST_TF32";
    CHECK(run(d, g).heuristic == (d == Dialect::kCuda ? ok(d) : unsupported(d)));
  }
}
