// Compares parity::encode with NVIDIA's own conversion functions (the host implementations in
// cuda_fp8.h, cuda_fp4.h, cuda_fp16.h and cuda_bf16.h; no GPU needed) on the committed rounding
// tables. Not part of CI: it needs nvcc. Run from the repository root:
//
//   nvcc -std=c++20 -O2 -Iframework/include tools/oracle/check_nv_cvt.cu \
//        framework/src/float_format.cpp framework/src/dtype.cpp -o /tmp/check_nv_cvt
//   /tmp/check_nv_cvt framework/tests/data/formats
//
// It prints, per conversion, how many inputs disagree: with NaN inputs (expected: NVIDIA writes
// 0x7F / 0x7FFF / e2m1 0x7 for every NaN, see docs/formats.md) and with all other inputs (must be
// 0). Exit status 1 when a non-NaN input disagrees.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp8.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "parity/float_format.hpp"

namespace {

template <class T>
std::vector<T> read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    std::exit(2);
  }
  std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}

int failures = 0;

void check(const char* what, const std::vector<double>& inputs, parity::DType dtype,
           parity::Overflow overflow, const std::function<std::uint64_t(double)>& nvidia) {
  const parity::FloatFormat& f = *parity::float_format(dtype);
  std::size_t nan_diff = 0, other_diff = 0;
  for (double x : inputs) {
    const std::uint64_t ours = parity::encode(f, x, overflow);
    const std::uint64_t theirs = nvidia(x);
    if (ours == theirs) continue;
    if (std::isnan(x)) {
      ++nan_diff;
    } else {
      if (other_diff++ < 3)
        std::printf("    %s: %a -> parity 0x%llx, NVIDIA 0x%llx\n", what, x,
                    static_cast<unsigned long long>(ours), static_cast<unsigned long long>(theirs));
    }
  }
  std::printf("%-44s %6zu inputs: %zu differ on NaN inputs, %zu on others\n", what, inputs.size(),
              nan_diff, other_diff);
  failures += other_diff != 0;
}

std::uint64_t half_bits(__half h) {
  std::uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
std::uint64_t bf16_bits(__nv_bfloat16 h) {
  std::uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "framework/tests/data/formats";
  std::vector<double> f32_inputs, f64_inputs;
  for (auto b : read_all<std::uint32_t>(dir + "/round_f32_inputs.bin"))
    f32_inputs.push_back(std::bit_cast<float>(b));
  for (auto b : read_all<std::uint64_t>(dir + "/round_f64_inputs.bin"))
    f64_inputs.push_back(std::bit_cast<double>(b));

  using parity::DType;
  using parity::Overflow;
  auto f = [](double x) { return static_cast<float>(x); };  // exact for the float32 table
  for (auto [sat, mode, tag] : {std::tuple{__NV_SATFINITE, Overflow::kSaturate, "SATFINITE"},
                                std::tuple{__NV_NOSAT, Overflow::kInfinity, "NOSAT"}}) {
    const std::string s = tag;
    check(("float->e4m3 " + s).c_str(), f32_inputs, DType::kFloat8E4M3FN, mode,
          [&](double x) { return __nv_cvt_float_to_fp8(f(x), sat, __NV_E4M3); });
    check(("float->e5m2 " + s).c_str(), f32_inputs, DType::kFloat8E5M2, mode,
          [&](double x) { return __nv_cvt_float_to_fp8(f(x), sat, __NV_E5M2); });
    check(("double->e4m3 " + s).c_str(), f64_inputs, DType::kFloat8E4M3FN, mode,
          [&](double x) { return __nv_cvt_double_to_fp8(x, sat, __NV_E4M3); });
    check(("double->e5m2 " + s).c_str(), f64_inputs, DType::kFloat8E5M2, mode,
          [&](double x) { return __nv_cvt_double_to_fp8(x, sat, __NV_E5M2); });
  }
  check("float->e2m1 (always saturating)", f32_inputs, DType::kFloat4E2M1FN, Overflow::kSaturate,
        [&](double x) { return __nv_cvt_float_to_fp4(f(x), __NV_E2M1, cudaRoundNearest); });
  check("double->e2m1 (always saturating)", f64_inputs, DType::kFloat4E2M1FN, Overflow::kSaturate,
        [&](double x) { return __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundNearest); });
  check("__float2half_rn", f32_inputs, DType::kFloat16, Overflow::kInfinity,
        [&](double x) { return half_bits(__float2half_rn(f(x))); });
  check("__double2half", f64_inputs, DType::kFloat16, Overflow::kInfinity,
        [&](double x) { return half_bits(__double2half(x)); });
  check("__float2bfloat16_rn", f32_inputs, DType::kBFloat16, Overflow::kInfinity,
        [&](double x) { return bf16_bits(__float2bfloat16_rn(f(x))); });
  check("__double2bfloat16", f64_inputs, DType::kBFloat16, Overflow::kInfinity,
        [&](double x) { return bf16_bits(__double2bfloat16(x)); });
  return failures == 0 ? 0 : 1;
}
