// Oracles shared by the BLAS and BLASLt tests: typed storage of test matrices, random values
// exact in each type, and the emulated GEMM's stated order computed independently (fused
// multiply-adds in k order on Eigen views, rounded in the compute type).
#pragma once

#include <Eigen/Dense>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "blas_launchers.hpp"
#include "parity/dtype.hpp"
#include "parity/float_format.hpp"

namespace gemm_oracle {

using blas_test::Type;
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;

inline std::size_t size_of(Type t) {
  switch (t) {
    case Type::kF64:
      return 8;
    case Type::kF32:
    case Type::kI32:
      return 4;
    case Type::kF16:
    case Type::kBF16:
      return 2;
    case Type::kI8:
      return 1;
  }
  return 0;
}

inline const parity::FloatFormat& format_of(Type t) {
  return *parity::float_format(t == Type::kF16 ? parity::DType::kFloat16
                                               : parity::DType::kBFloat16);
}

//! Raw storage of one matrix (or a batch of them) of a given element type.
struct Buffer {
  Type type;
  std::vector<unsigned char> bytes;
  Buffer(Type t, std::size_t count) : type(t), bytes(count * size_of(t)) {}
  void* data() { return bytes.data(); }
  double get(std::size_t i) const {
    const unsigned char* p = bytes.data() + i * size_of(type);
    switch (type) {
      case Type::kF64:
        return std::bit_cast<double>(load<std::uint64_t>(p));
      case Type::kF32:
        return std::bit_cast<float>(load<std::uint32_t>(p));
      case Type::kF16:
      case Type::kBF16:
        return parity::decode(format_of(type), load<std::uint16_t>(p));
      case Type::kI8:
        return static_cast<std::int8_t>(*p);
      case Type::kI32:
        return static_cast<std::int32_t>(load<std::uint32_t>(p));
    }
    return 0;
  }
  //! Stores `v` rounded to the type (the tests only store representable values, NaN aside).
  void set(std::size_t i, double v) {
    unsigned char* p = bytes.data() + i * size_of(type);
    switch (type) {
      case Type::kF64:
        store(p, std::bit_cast<std::uint64_t>(v));
        break;
      case Type::kF32:
        store(p, std::bit_cast<std::uint32_t>(static_cast<float>(v)));
        break;
      case Type::kF16:
      case Type::kBF16:
        store(p, static_cast<std::uint16_t>(parity::encode(format_of(type), v)));
        break;
      case Type::kI8:
        *p = static_cast<unsigned char>(static_cast<std::int8_t>(v));
        break;
      case Type::kI32:
        store(p, static_cast<std::uint32_t>(static_cast<std::int32_t>(v)));
        break;
    }
  }
  template <class T>
  static T load(const unsigned char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  template <class T>
  static void store(unsigned char* p, T v) {
    std::memcpy(p, &v, sizeof v);
  }
};

inline bool is_float(Type t) {
  return t != Type::kI8 && t != Type::kI32;
}

//! A random value exactly representable in `t`.
inline double random_value(std::mt19937& rng, Type t) {
  if (t == Type::kI8 || t == Type::kI32) return std::uniform_int_distribution<int>(-20, 20)(rng);
  const double v = std::uniform_real_distribution<double>(-2.0, 2.0)(rng);
  Buffer b(t, 1);
  b.set(0, v);
  return b.get(0);
}

//! The compute type of a call: what the accumulation rounds to.
enum class Acc { kF16, kF32, kF64, kI32 };

inline double unit_roundoff(Acc a) {
  switch (a) {
    case Acc::kF16:
      return std::ldexp(1.0, -11);
    case Acc::kF32:
      return std::ldexp(1.0, -24);
    case Acc::kF64:
      return std::ldexp(1.0, -53);
    case Acc::kI32:
      return 0.0;
  }
  return 0;
}
inline double output_roundoff(Type t) {
  switch (t) {
    case Type::kF16:
      return std::ldexp(1.0, -11);
    case Type::kBF16:
      return std::ldexp(1.0, -8);
    case Type::kF32:
      return std::ldexp(1.0, -24);
    case Type::kF64:
      return std::ldexp(1.0, -53);
    default:
      return 0.0;
  }
}

//! One rounding to the compute type.
inline double round_to(Acc a, double v) {
  switch (a) {
    case Acc::kF16: {
      Buffer b(Type::kF16, 1);
      b.set(0, v);
      return b.get(0);
    }
    case Acc::kF32:
      return static_cast<float>(v);
    case Acc::kF64:
    case Acc::kI32:
      return v;
  }
  return v;
}

//! The stated order, written independently of the emulator: Eigen views of op(A) and op(B),
//! fused multiply-adds in k order rounded in the compute type, then alpha and beta in the scale
//! type, then one rounding to C's type.
inline double stated_order(const Matrix& op_a, const Matrix& op_b, const Matrix& c0, int i, int j,
                           double alpha, double beta, Acc acc, bool c_read) {
  if (acc == Acc::kI32) {
    std::int64_t s = 0;
    for (Eigen::Index p = 0; p < op_a.cols(); ++p)
      s += static_cast<std::int64_t>(op_a(i, p)) * static_cast<std::int64_t>(op_b(p, j));
    std::int64_t r = static_cast<std::int64_t>(alpha) * s;
    if (c_read) r += static_cast<std::int64_t>(beta) * static_cast<std::int64_t>(c0(i, j));
    return static_cast<double>(static_cast<std::int32_t>(static_cast<std::uint32_t>(r)));
  }
  const bool use_ab = op_a.cols() > 0 && alpha != 0.0;
  double sum = 0.0;
  if (use_ab) {
    for (Eigen::Index p = 0; p < op_a.cols(); ++p) {
      if (acc == Acc::kF32) {
        sum = std::fma(static_cast<float>(op_a(i, p)), static_cast<float>(op_b(p, j)),
                       static_cast<float>(sum));
      } else if (acc == Acc::kF64) {
        sum = std::fma(op_a(i, p), op_b(p, j), sum);
      } else {
        sum = round_to(acc, op_a(i, p) * op_b(p, j) + sum);
      }
    }
  }
  if (!c_read) return use_ab ? round_to(acc, alpha * sum) : 0.0;
  const double bc = round_to(acc, beta * c0(i, j));
  if (!use_ab) return bc;
  if (acc == Acc::kF32)
    return std::fma(static_cast<float>(alpha), static_cast<float>(sum), static_cast<float>(bc));
  if (acc == Acc::kF64) return std::fma(alpha, sum, bc);
  return round_to(acc, alpha * sum + bc);
}

//! Column-major rows x cols matrix at offset `base` of `buf`, leading dimension ld, as doubles.
inline Matrix view(const Buffer& buf, std::size_t base, int rows, int cols, int ld) {
  Matrix m(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) m(i, j) = buf.get(base + i + static_cast<std::size_t>(j) * ld);
  return m;
}

}  // namespace gemm_oracle
