// The reference GEMM (parity/simt/libs/gemm.hpp): one output element at a time, accumulation in
// k order with one rounding per fused multiply-add in the compute type.
#include "parity/simt/libs/gemm.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>
#include <thread>
#include <vector>

#include "parity/dtype.hpp"
#include "parity/float_format.hpp"
#include "parity/simt/runtime_api.hpp"

namespace parity::simt::libs {

std::size_t element_size(Element e) noexcept {
  switch (e) {
    case Element::kF64:
      return 8;
    case Element::kF32:
      return 4;
    case Element::kF16:
      return 2;
    case Element::kBF16:
      return 2;
    case Element::kI8:
      return 1;
    case Element::kI32:
      return 4;
  }
  return 0;
}

const char* element_name(Element e) noexcept {
  switch (e) {
    case Element::kF64:
      return "fp64";
    case Element::kF32:
      return "fp32";
    case Element::kF16:
      return "fp16";
    case Element::kBF16:
      return "bf16";
    case Element::kI8:
      return "int8";
    case Element::kI32:
      return "int32";
  }
  return "?";
}

double gelu_tanh(double x) noexcept {
  const double s = std::sqrt(2.0 / std::numbers::pi);
  return 0.5 * x * (1.0 + std::tanh(s * (x + 0.044715 * x * x * x)));
}

double gelu_tanh_derivative(double x) noexcept {
  const double s = std::sqrt(2.0 / std::numbers::pi);
  const double u = s * (x + 0.044715 * x * x * x);
  const double t = std::tanh(u);
  return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * s * (1.0 + 3.0 * 0.044715 * x * x);
}

namespace {

const float* half_table() {
  static const float* t = decode_table(*float_format(DType::kFloat16));
  return t;
}
const float* bf16_table() {
  static const float* t = decode_table(*float_format(DType::kBFloat16));
  return t;
}

//! The exact value of element `index` of an array of type `e`.
double load(const void* base, Element e, std::int64_t index) {
  const auto* bytes = static_cast<const unsigned char*>(base);
  switch (e) {
    case Element::kF64: {
      double v;
      std::memcpy(&v, bytes + index * 8, 8);
      return v;
    }
    case Element::kF32: {
      float v;
      std::memcpy(&v, bytes + index * 4, 4);
      return v;
    }
    case Element::kF16:
    case Element::kBF16: {
      std::uint16_t bits;
      std::memcpy(&bits, bytes + index * 2, 2);
      return (e == Element::kF16 ? half_table() : bf16_table())[bits];
    }
    case Element::kI8:
      return static_cast<std::int8_t>(bytes[index]);
    case Element::kI32: {
      std::int32_t v;
      std::memcpy(&v, bytes + index * 4, 4);
      return v;
    }
  }
  return 0.0;
}

//! Rounds `value` once to type `e` (round to nearest even, overflow to infinity) and stores it.
//! Integers are stored modulo 2^32 (the caller computed them exactly in that ring).
void store(void* base, Element e, std::int64_t index, double value) {
  auto* bytes = static_cast<unsigned char*>(base);
  switch (e) {
    case Element::kF64:
      std::memcpy(bytes + index * 8, &value, 8);
      return;
    case Element::kF32: {
      const float v = static_cast<float>(value);
      std::memcpy(bytes + index * 4, &v, 4);
      return;
    }
    case Element::kF16:
    case Element::kBF16: {
      const auto bits = static_cast<std::uint16_t>(
          encode(*float_format(e == Element::kF16 ? DType::kFloat16 : DType::kBFloat16), value));
      std::memcpy(bytes + index * 2, &bits, 2);
      return;
    }
    case Element::kI8:
      bytes[index] = static_cast<unsigned char>(static_cast<std::int64_t>(value));
      return;
    case Element::kI32: {
      const auto v = static_cast<std::uint32_t>(static_cast<std::int64_t>(value));
      std::memcpy(bytes + index * 4, &v, 4);
      return;
    }
  }
}

double round_half(double v) {
  static const FloatFormat& f = *float_format(DType::kFloat16);
  return half_table()[encode(f, v)];
}

// The arithmetic of each compute type: values are held in T, every operation rounds once.
struct F64 {
  using T = double;
  static T from(double v) { return v; }
  static T fma(T a, T b, T c) { return std::fma(a, b, c); }
  static T mul(T a, T b) { return a * b; }
  static T add(T a, T b) { return a + b; }
  static double to_double(T v) { return v; }
};
struct F32 {
  using T = float;
  static T from(double v) { return static_cast<float>(v); }
  static T fma(T a, T b, T c) { return std::fma(a, b, c); }
  static T mul(T a, T b) { return a * b; }
  static T add(T a, T b) { return a + b; }
  static double to_double(T v) { return v; }
};
// fp16 values held in double: a product of two fp16 values is exact in double, and adding an
// fp16 value to it is exact or off by far less than half an fp16 ulp within fp16's range, so
// rounding the double result to fp16 is the correctly rounded fused operation.
struct F16 {
  using T = double;
  static T from(double v) { return round_half(v); }
  static T fma(T a, T b, T c) { return round_half(a * b + c); }
  static T mul(T a, T b) { return round_half(a * b); }
  static T add(T a, T b) { return round_half(a + b); }
  static double to_double(T v) { return v; }
};
// int32 with two's-complement wrap-around (what the integer dot-product instructions do).
struct I32 {
  using T = std::uint32_t;
  static T from(double v) { return static_cast<T>(static_cast<std::int64_t>(v)); }
  static T fma(T a, T b, T c) { return a * b + c; }
  static T mul(T a, T b) { return a * b; }
  static T add(T a, T b) { return a + b; }
  static double to_double(T v) { return static_cast<std::int32_t>(v); }
};

const void* batch_base(const Operand& o, std::int64_t b) {
  if (o.batch_pointers) return o.batch_pointers[b];
  return static_cast<const unsigned char*>(o.data) +
         b * o.batch_stride * static_cast<std::int64_t>(element_size(o.type));
}
void* batch_base(const OutputOperand& o, std::int64_t b) {
  if (o.batch_pointers) return o.batch_pointers[b];
  return static_cast<unsigned char*>(o.data) +
         b * o.batch_stride * static_cast<std::int64_t>(element_size(o.type));
}

template <class A>
void run_batch(const GemmProblem& p, std::int64_t batch) {
  using T = typename A::T;
  const std::int64_t m = p.m, n = p.n, k = p.k;
  const bool use_ab = k > 0 && p.alpha != 0.0;
  // op(A) packed row-major (row i contiguous over p), op(B) packed by column (column j
  // contiguous over p): the dot products below then walk both in k order.
  std::vector<T> a_rows, b_cols;
  if (use_ab) {
    const void* a = batch_base(p.a, batch);
    const void* b = batch_base(p.b, batch);
    a_rows.resize(static_cast<std::size_t>(m * k));
    b_cols.resize(static_cast<std::size_t>(n * k));
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t q = 0; q < k; ++q) {
        const std::int64_t idx = p.op_a == Transpose::kNone ? i + q * p.a.ld : q + i * p.a.ld;
        a_rows[static_cast<std::size_t>(i * k + q)] = A::from(load(a, p.a.type, idx));
      }
    }
    for (std::int64_t j = 0; j < n; ++j) {
      for (std::int64_t q = 0; q < k; ++q) {
        const std::int64_t idx = p.op_b == Transpose::kNone ? q + j * p.b.ld : j + q * p.b.ld;
        b_cols[static_cast<std::size_t>(j * k + q)] = A::from(load(b, p.b.type, idx));
      }
    }
  }
  const void* c = p.beta != 0.0 ? batch_base(p.c, batch) : nullptr;
  void* d = batch_base(p.d, batch);
  const Epilogue& e = p.epilogue;
  void* aux =
      e.aux ? static_cast<unsigned char*>(e.aux) +
                  batch * e.aux_batch_stride * static_cast<std::int64_t>(element_size(e.aux_type))
            : nullptr;
  const T alpha = A::from(p.alpha), beta = A::from(p.beta);

  auto columns = [&](std::int64_t j0, std::int64_t j1) {
    std::vector<double> column(static_cast<std::size_t>(m));
    for (std::int64_t j = j0; j < j1; ++j) {
      for (std::int64_t i = 0; i < m; ++i) {
        T acc = A::from(0.0);
        if (use_ab) {
          const T* ar = a_rows.data() + i * k;
          const T* bc = b_cols.data() + j * k;
          for (std::int64_t q = 0; q < k; ++q) acc = A::fma(ar[q], bc[q], acc);
        }
        T r;
        if (c != nullptr) {
          const T bc = A::mul(beta, A::from(load(c, p.c.type, i + j * p.c.ld)));
          r = use_ab ? A::fma(alpha, acc, bc) : bc;
        } else {
          r = use_ab ? A::mul(alpha, acc) : A::from(0.0);
        }
        double v = A::to_double(r);
        if (e.bias) v = A::to_double(A::add(r, A::from(load(e.bias, e.bias_type, i))));
        switch (e.activation) {
          case Activation::kNone:
            break;
          case Activation::kRelu:
            v = v > 0.0 ? v : 0.0;
            break;
          case Activation::kGelu:
            if (aux) store(aux, e.aux_type, i + j * e.aux_ld, v);
            v = A::to_double(A::from(gelu_tanh(v)));
            break;
          case Activation::kGeluBackward:
            v = A::to_double(
                A::from(v * gelu_tanh_derivative(load(aux, e.aux_type, i + j * e.aux_ld))));
            break;
        }
        column[static_cast<std::size_t>(i)] = v;
      }
      // Stored after the column is computed: D may alias C (in-place update).
      for (std::int64_t i = 0; i < m; ++i)
        store(d, p.d.type, i + j * p.d.ld, column[static_cast<std::size_t>(i)]);
      if (e.bias_grad_b) {
        T sum = A::from(0.0);
        const void* b = batch_base(p.b, batch);
        for (std::int64_t q = 0; q < k; ++q) {
          const std::int64_t idx = p.op_b == Transpose::kNone ? q + j * p.b.ld : j + q * p.b.ld;
          sum = A::add(sum, A::from(load(b, p.b.type, idx)));
        }
        store(e.bias_grad_b, e.bias_grad_type, j, A::to_double(sum));
      }
    }
  };

  const double work = static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  const std::int64_t threads =
      std::min<std::int64_t>(n, work < 1 << 22 ? 1 : std::max(1, worker_count()));
  if (threads <= 1) {
    columns(0, n);
    return;
  }
  std::vector<std::thread> pool;
  const std::int64_t per = (n + threads - 1) / threads;
  for (std::int64_t t = 0; t < threads; ++t) {
    const std::int64_t j0 = t * per, j1 = std::min(n, j0 + per);
    if (j0 < j1) pool.emplace_back(columns, j0, j1);
  }
  for (auto& t : pool) t.join();
}

}  // namespace

void run_gemm(const GemmProblem& problem) {
  if (problem.m <= 0 || problem.n <= 0) return;
  for (std::int64_t b = 0; b < problem.batch; ++b) {
    switch (problem.compute) {
      case Compute::kF64:
        run_batch<F64>(problem, b);
        break;
      case Compute::kF32:
        run_batch<F32>(problem, b);
        break;
      case Compute::kF16:
        run_batch<F16>(problem, b);
        break;
      case Compute::kI32:
        run_batch<I32>(problem, b);
        break;
    }
  }
}

}  // namespace parity::simt::libs
