// Number formats and intrinsics as kernels see them. Expected bits come from
// data/numeric_oracle.hpp (ml_dtypes for round-to-nearest-even, exact rational arithmetic for
// the directed roundings), generated outside the code under test.
#include <catch2/catch_test_macros.hpp>

#include <climits>
#include <cmath>
#include <cstring>
#include <vector>

#include "launchers.hpp"
#include "numeric_oracle.hpp"
#include "parity/backend.hpp"

namespace {

constexpr int kRows = static_cast<int>(std::size(numeric_oracle::kRows));

std::vector<float> oracle_inputs() {
  std::vector<float> x;
  for (const auto& r : numeric_oracle::kRows) x.push_back(r.x);
  return x;
}

}  // namespace

TEST_CASE("numeric/cuda: half and bfloat16 conversions in all four rounding modes, fp8 OCP",
          "[numeric][cuda]") {
  auto b = parity::make_backend("host-cuda");
  const auto x = oracle_inputs();
  auto dx = b->allocate(x.size() * sizeof(float));
  auto out = b->allocate(12 * x.size() * sizeof(std::uint16_t));
  std::memcpy(dx.get(), x.data(), x.size() * sizeof(float));
  simt_test::cuda::conversions(b->stream(), dx.as<float>(), out.as<std::uint16_t>(), kRows);
  b->synchronize(b->stream());
  const std::uint16_t* o = out.as<std::uint16_t>();
  for (int k = 0; k < kRows; ++k) {
    const auto& r = numeric_oracle::kRows[k];
    INFO("input " << r.x << " (row " << k << ")");
    const std::uint16_t* g = o + 12 * k;
    CHECK(g[0] == r.half_rn);
    CHECK(g[1] == r.half_rz);
    CHECK(g[2] == r.half_ru);
    CHECK(g[3] == r.half_rd);
    CHECK(g[4] == r.bf16_rn);
    CHECK(g[5] == r.bf16_rz);
    CHECK(g[6] == r.bf16_ru);
    CHECK(g[7] == r.bf16_rd);
    CHECK(g[8] == r.e4m3_sat);
    CHECK(g[9] == r.e4m3_nosat);
    CHECK(g[10] == r.e5m2_sat);
    CHECK(g[11] == r.e5m2_nosat);
  }
}

TEST_CASE("numeric/hip: fp8 FNUZ conversions, saturating constructor, hip_bfloat16",
          "[numeric][hip]") {
  auto b = parity::make_backend("host-hip");
  const auto x = oracle_inputs();
  auto dx = b->allocate(x.size() * sizeof(float));
  auto out = b->allocate(8 * x.size() * sizeof(std::uint16_t));
  std::memcpy(dx.get(), x.data(), x.size() * sizeof(float));
  simt_test::hip::conversions(b->stream(), dx.as<float>(), out.as<std::uint16_t>(), kRows);
  b->synchronize(b->stream());
  const std::uint16_t* o = out.as<std::uint16_t>();
  for (int k = 0; k < kRows; ++k) {
    const auto& r = numeric_oracle::kRows[k];
    INFO("input " << r.x << " (row " << k << ")");
    const std::uint16_t* g = o + 8 * k;
    CHECK(g[0] == r.e4m3fnuz_sat);
    CHECK(g[1] == r.e4m3fnuz_nosat);
    CHECK(g[2] == r.e5m2fnuz_sat);
    CHECK(g[3] == r.e5m2fnuz_nosat);
    CHECK(g[4] == r.e4m3fnuz_sat);
    CHECK(g[5] == r.bf16_rn);
    if (!std::isnan(r.x)) {
      std::uint32_t bits;
      std::memcpy(&bits, &r.x, 4);
      CHECK(g[6] == bits >> 16);  // truncation keeps the upper half (a finite input's bf16_rz)
      CHECK(g[6] == r.bf16_rz);
    }
  }
}

TEST_CASE("numeric/hip: hip_bfloat16 keeps NaN a NaN, payload in either half",
          "[numeric][hip]") {
  // ROCm's truncating constructor sets the low bit when the payload lies only in the dropped half
  // (a plain bits >> 16 would turn 0x7f800001 into inf); its rounding one keeps NaN too.
  const std::uint32_t nans[] = {0x7f800001u, 0xff800001u, 0x7fc00000u, 0x7f810000u, 0xffbfffffu};
  constexpr int n = 5;
  auto b = parity::make_backend("host-hip");
  auto dx = b->allocate(n * sizeof(float));
  auto out = b->allocate(8 * n * sizeof(std::uint16_t));
  std::memcpy(dx.get(), nans, sizeof nans);
  simt_test::hip::conversions(b->stream(), dx.as<float>(), out.as<std::uint16_t>(), n);
  b->synchronize(b->stream());
  const std::uint16_t* o = out.as<std::uint16_t>();
  auto is_nan = [](std::uint16_t h) { return (h & 0x7f80u) == 0x7f80u && (h & 0x7fu) != 0; };
  for (int k = 0; k < n; ++k) {
    INFO("input bits 0x" << std::hex << nans[k]);
    CHECK(is_nan(o[8 * k + 5]));
    CHECK(is_nan(o[8 * k + 6]));
    CHECK((o[8 * k + 6] & 0x8000u) == ((nans[k] >> 16) & 0x8000u));  // sign kept
  }
}

TEST_CASE("numeric/cuda: scalar intrinsics", "[numeric][cuda]") {
  auto b = parity::make_backend("host-cuda");
  auto f = b->allocate(20 * sizeof(float)), i = b->allocate(14 * sizeof(int)),
       u = b->allocate(6 * sizeof(unsigned));
  simt_test::cuda::intrinsics(b->stream(), f.as<float>(), i.as<int>(), u.as<unsigned>());
  b->synchronize(b->stream());
  const float* F = f.as<float>();
  const int* I = i.as<int>();
  const unsigned* U = u.as<unsigned>();
  const float one_up = std::nextafter(1.0f, 2.0f);
  CHECK(F[0] == 0.0f);
  CHECK(F[1] == 1.0f);
  CHECK(F[2] == 0.0f);
  CHECK(F[3] == 1.0f);
  CHECK(F[4] == one_up);
  CHECK(F[5] == -one_up);
  CHECK(F[6] == 1.0f + 0x1p-22f);             // exact 1 + 2^-22 + 2^-46, toward zero
  CHECK(F[7] == 1.0f + 0x1p-22f + 0x1p-23f);  // toward +inf
  CHECK(F[8] < 1.0 / 3.0);
  CHECK(F[9] > 1.0 / 3.0);
  CHECK(std::nextafter(F[8], 1.0f) == F[9]);
  CHECK(F[10] == 0.5f);
  CHECK(F[11] == 3.75f);
  CHECK(F[12] == 7.0f);
  CHECK(F[13] == -1.5f);
  CHECK(F[14] == 4.0f);
  CHECK(F[15] < std::sqrt(2.0));
  CHECK(F[16] > std::sqrt(2.0));
  CHECK(std::nextafter(F[15], 2.0f) == F[16]);
  CHECK(F[17] < 1.0 / 3.0);
  CHECK(F[18] == 16777216.0f);  // 2^24 + 1 is not a float: toward zero
  CHECK(F[19] == 16777218.0f);  // toward +inf
  CHECK(I[0] == 2);
  CHECK(I[1] == -2);
  CHECK(I[2] == -3);
  CHECK(I[3] == 3);
  CHECK(I[4] == 0);
  CHECK(I[5] == INT_MAX);
  CHECK(I[6] == 16);
  CHECK(I[7] == 32);
  CHECK(I[8] == 5);
  CHECK(I[9] == 64);
  CHECK(I[10] == 63);
  CHECK(I[11] == 0);
  CHECK(I[12] == -4);
  CHECK(I[13] == 7);
  CHECK(U[0] == 0x80000000u);
  CHECK(U[1] == 0x55441100u);
  CHECK(U[2] == 1u);
  CHECK(U[3] == 0x3u);
  CHECK(U[4] == 0x3f800000u);
  CHECK(U[5] == 0x7c00u);  // 65520 rounds to +inf in half
}

TEST_CASE("numeric/cuda: cooperative_groups tiles of 16 reduce and vote", "[numeric][cuda][cg]") {
  auto b = parity::make_backend("host-cuda");
  const int n = 256;
  auto x = b->allocate(n * sizeof(int)), sums = b->allocate(n / 16 * sizeof(int)),
       ballots = b->allocate(n / 16 * sizeof(unsigned));
  for (int k = 0; k < n; ++k) x.as<int>()[k] = (k * 13) % 7;
  simt_test::cuda::tile_sums(b->stream(), x.as<int>(), sums.as<int>(), ballots.as<unsigned>(), n);
  b->synchronize(b->stream());
  for (int t = 0; t < n / 16; ++t) {
    int sum = 0;
    unsigned odd = 0;
    for (int r = 0; r < 16; ++r) {
      sum += x.as<int>()[t * 16 + r];
      odd |= (x.as<int>()[t * 16 + r] % 2 != 0 ? 1u : 0u) << r;
    }
    CHECK(sums.as<int>()[t] == sum);
    CHECK(ballots.as<unsigned>()[t] == odd);
  }
}

TEST_CASE("numeric/hip: float4 arithmetic with HIP's vector operators", "[numeric][hip]") {
  auto b = parity::make_backend("host-hip");
  const int n = 100;
  auto a = b->allocate(n * sizeof(float4)), c = b->allocate(n * sizeof(float4)),
       out = b->allocate(n * sizeof(float4));
  for (int k = 0; k < n; ++k) {
    const float v = static_cast<float>(k);
    a.as<float4>()[k] = make_float4(v, 2.0f * v, -v, 4.0f);
    c.as<float4>()[k] = make_float4(1.0f, 2.0f, 3.0f, v);
  }
  simt_test::hip::vector_ops(b->stream(), a.as<float4>(), c.as<float4>(), out.as<float4>(), n);
  b->synchronize(b->stream());
  for (int k = 0; k < n; ++k) {
    const float4 A = a.as<float4>()[k], C = c.as<float4>()[k], O = out.as<float4>()[k];
    CHECK(O.x == A.x * 2.0f + C.x - A.x / 4.0f);
    CHECK(O.y == A.y * 2.0f + C.y - A.y / 4.0f);
    CHECK(O.z == A.z * 2.0f + C.z - A.z / 4.0f);
    CHECK(O.w == A.w * 2.0f + C.w - A.w / 4.0f);
  }
}
