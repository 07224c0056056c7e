// The library test kernels (../kernels) built by the GPU compiler against the real libraries
// (cuBLAS, cuBLASLt and CUB; hipBLAS, hipBLASLt and hipCUB where ROCm has them) and linked with
// them. On a machine with a GPU the cases run; elsewhere each is a SKIP, and building and
// linking is the check. Results are checked against exact integer answers and fp64 bounds, and
// the argument checks against the statuses the emulator returns for the same calls
// (blas.tests.cpp), never against the emulator's bit patterns.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "blas_launchers.hpp"
#include "blaslt_launchers.hpp"
#include "cub_launchers.hpp"
#include "thrust_launchers.hpp"

#if PARITY_LIBS_GPU_CUDA
#define GPU(fn) cuda_##fn
#else
#define GPU(fn) hip_##fn
#endif

bool parity_libs_have_gpu();
void* parity_libs_alloc(std::size_t bytes);
void parity_libs_free(void* p);

namespace {

const std::string kStatus = PARITY_LIBS_GPU_CUDA ? "CUBLAS_STATUS_" : "HIPBLAS_STATUS_";

//! Managed memory for the launchers, freed at scope exit.
template <class T>
struct Managed {
  T* p;
  std::size_t n;
  explicit Managed(std::size_t count, T value = T{})
      : p(static_cast<T*>(parity_libs_alloc(count * sizeof(T)))), n(count) {
    REQUIRE(p != nullptr);
    for (std::size_t i = 0; i < n; ++i) p[i] = value;
  }
  ~Managed() { parity_libs_free(p); }
  Managed(const Managed&) = delete;
  Managed& operator=(const Managed&) = delete;
};

#define REQUIRE_GPU() \
  if (!parity_libs_have_gpu()) SKIP("no GPU on this machine: built and linked only")

}  // namespace

TEST_CASE("libs/gpu/gemm argument checks return the statuses the emulator returns", "[libs][gpu]") {
  REQUIRE_GPU();
  Managed<float> a(64, 1.0f), b(64, 1.0f), c(64, 0.0f), alpha(1, 1.0f), beta(1, 0.0f);
  auto valid = [&] {
    blas_test::GemmArgs g;
    g.m = 4;
    g.n = 3;
    g.k = 2;
    g.lda = 4;
    g.ldb = 2;
    g.ldc = 4;
    g.alpha = alpha.p;
    g.beta = beta.p;
    g.a = a.p;
    g.b = b.p;
    g.c = c.p;
    return g;
  };
  CHECK(blas_test::GPU(gemm)(valid()).name == kStatus + "SUCCESS");
  auto g = valid();
  g.lda = 3;
  CHECK(blas_test::GPU(gemm)(g).name == kStatus + "INVALID_VALUE");
  g = valid();
  g.null_handle = true;
  CHECK(blas_test::GPU(gemm)(g).name == kStatus + "NOT_INITIALIZED");
  g = valid();
  g.m = 0;
  g.lda = 0;
  g.ldc = 1;
  CHECK(blas_test::GPU(gemm)(g).name ==
        kStatus + (PARITY_LIBS_GPU_CUDA ? "INVALID_VALUE" : "SUCCESS"));
  g = valid();
  g.op_a = PARITY_LIBS_GPU_CUDA ? 3 : 1;  // CUBLAS_OP_CONJG / a CUBLAS_OP_T value in hipBLAS
  CHECK(blas_test::GPU(gemm)(g).name ==
        kStatus + (PARITY_LIBS_GPU_CUDA ? "INVALID_VALUE" : "INVALID_ENUM"));
  g = valid();
  g.entry = blas_test::Entry::kEx;
  g.a_type = g.b_type = blas_test::Type::kF64;
  CHECK(blas_test::GPU(gemm)(g).name == kStatus + "NOT_SUPPORTED");
}

TEST_CASE("libs/gpu/Sgemm and the cuBLASLt matmul within the fp32 bound", "[libs][gpu]") {
  REQUIRE_GPU();
  const int n = 64;
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> u(-1, 1);
  Managed<float> a(n * n), b(n * n), c(n * n), alpha(1, 1.0f), beta(1, 0.0f);
  for (int i = 0; i < n * n; ++i) {
    a.p[i] = u(rng);
    b.p[i] = u(rng);
  }
  blas_test::GemmArgs g;
  g.op_a = 'T';
  g.m = g.n = g.k = g.lda = g.ldb = g.ldc = n;
  g.alpha = alpha.p;
  g.beta = beta.p;
  g.a = a.p;
  g.b = b.p;
  g.c = c.p;
  REQUIRE(blas_test::GPU(gemm)(g).name == kStatus + "SUCCESS");
  const double u32 = std::ldexp(1.0, -24), gamma = (n + 2) * u32;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double exact = 0, magnitude = 0;
      for (int p = 0; p < n; ++p) {
        exact += double(a.p[p + i * n]) * b.p[p + j * n];
        magnitude += std::abs(double(a.p[p + i * n]) * b.p[p + j * n]);
      }
      // TF32 is not on by default; a TF32 result would be outside this bound.
      CHECK(std::abs(c.p[i + j * n] - exact) <= gamma * magnitude + u32 * std::abs(exact));
    }
  }
  Managed<float> d(n * n);
  blaslt_test::LtArgs lt;
  lt.op_a = 'T';
  lt.m = lt.n = lt.k = n;
  lt.lda = lt.ldb = lt.ldc = lt.ldd = n;
  lt.alpha = alpha.p;
  lt.beta = beta.p;
  lt.a = a.p;
  lt.b = b.p;
  lt.c = d.p;
  lt.d = d.p;
  const auto r = blaslt_test::GPU(lt)(lt);
  CHECK(r.heuristic == kStatus + "SUCCESS");
  CHECK(r.matmul == kStatus + "SUCCESS");
  for (int e = 0; e < n * n; ++e) CHECK(std::abs(d.p[e] - c.p[e]) <= 4 * gamma * n);
}

TEST_CASE("libs/gpu/CUB block and device primitives on integers match std::", "[libs][gpu]") {
  REQUIRE_GPU();
  Managed<int> in(512), ex(512), inc(512), aggregate(1);
  std::iota(in.p, in.p + 512, -200);
  REQUIRE(cub_test::GPU(block_scan)(in.p, ex.p, inc.p, aggregate.p).code == 0);
  std::vector<int> want(512);
  std::exclusive_scan(in.p, in.p + 512, want.begin(), 0);
  CHECK(std::vector<int>(ex.p, ex.p + 512) == want);
  CHECK(*aggregate.p == std::accumulate(in.p, in.p + 512, 0));
  Managed<float> keys(5000), keys_out(5000);
  Managed<int> values(5000), values_out(5000);
  std::mt19937 rng(2);
  for (int i = 0; i < 5000; ++i) {
    keys.p[i] = static_cast<float>(static_cast<int>(rng() % 300) - 150);
    values.p[i] = i;
  }
  REQUIRE(cub_test::GPU(device_sort_pairs)(keys.p, keys_out.p, values.p, values_out.p, 5000, false)
              .code == 0);
  std::vector<int> order(5000);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return keys.p[x] < keys.p[y]; });
  CHECK(std::vector<int>(values_out.p, values_out.p + 5000) == order);
}

TEST_CASE("libs/gpu/Thrust algorithms: exact where the result is exact, bounded sums",
          "[libs][gpu]") {
  REQUIRE_GPU();
  std::mt19937 rng(3);
  std::vector<float> x(1000);
  for (auto& v : x) v = static_cast<float>(static_cast<int>(rng() % 64) - 32) / 8;
  x[10] = x[20] = 100.0f;
  std::vector<int> keys(300);
  for (auto& k : keys) k = static_cast<int>(rng() % 20);
  const auto r = thrust_test::GPU(thrust)(x, keys);
  // Multiples of 1/8 below 2^20 add exactly in any order.
  CHECK(r.sum == std::accumulate(x.begin(), x.end(), 0.0f));
  CHECK(r.max_index == 10);
  CHECK(r.minmax_second == 10);
  std::vector<float> sorted = x;
  std::stable_sort(sorted.begin(), sorted.end());
  CHECK(r.sorted == sorted);
  std::vector<int> order(keys.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  CHECK(r.values_by_key == order);
  CHECK(r.counted_squares == std::vector<int>{0, 1, 4, 9, 16, 25, 36, 49});
  CHECK(r.constant_sum == 42);
}
