// References for fma_contraction, in two kinds:
//  - exact values and magnitudes in a wider type (double for f32 inputs, x87 long double for
//    f64 inputs) with Eigen: what the contraction-on outputs are bounded against;
//  - the separately rounded results (every operation rounded to T, in the kernels' order) and
//    the fused alternatives (an FMA where clang or nvcc would put one): what the contraction-off
//    outputs must equal, and what a port that contracted them would give instead. These are
//    computed with T's own arithmetic on the host, which does not contract (x86-64 without FMA
//    instructions), and std::fma (correctly rounded in glibc).
#pragma once

#include <cmath>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include <Eigen/Core>

#include "fma_contraction.hpp"

namespace fma_reference {

//! The wider type of the exact references: a product of two floats is exact in double; for
//! doubles, long double's 64-bit mantissa gives 11 bits beyond T.
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, float>, double, long double>;

template <class T>
using WideArray = Eigen::Array<Wide<T>, Eigen::Dynamic, 1>;

template <class T>
WideArray<T> widen(std::span<const T> v) {
  WideArray<T> w(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) w[static_cast<Eigen::Index>(i)] = v[i];
  return w;
}

template <class T>
std::vector<double> to_doubles(const WideArray<T>& w) {
  std::vector<double> out(static_cast<std::size_t>(w.size()));
  for (Eigen::Index i = 0; i < w.size(); ++i)
    out[static_cast<std::size_t>(i)] = static_cast<double>(w[i]);
  return out;
}

//! Elementwise: exact values (rounded to double), magnitudes, and the rounded / fused forms.
template <class T>
struct Elementwise {
  std::vector<double> mad, dop, horner;              // exact
  std::vector<double> mad_mag, dop_mag, horner_mag;  // |ab| + |c|, |ab| + |cd|, (1 + |x|)^6
  std::vector<T> mad_off, dop_off, horner_off;       // every operation rounded to T
  std::vector<T> mad_fused, dop_fused_ab, dop_fused_cd, horner_fused;  // one FMA per step
};

template <class T>
T horner_rounded(T x, bool fused) {
  T p = x - T(6);
  for (int k = 2; k <= kHornerDegree; ++k) {
    const T coefficient = static_cast<T>(kHornerCoefficients[k]);
    p = fused ? std::fma(p, x, coefficient) : T(p * x) + coefficient;
  }
  return p;
}

template <class T>
Elementwise<T> elementwise(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                           std::span<const T> d, std::span<const T> x) {
  const WideArray<T> A = widen(a), B = widen(b), C = widen(c), D = widen(d), X = widen(x);
  Elementwise<T> r;
  r.mad = to_doubles<T>(A * B + C);
  r.dop = to_doubles<T>(A * B - C * D);
  WideArray<T> p = WideArray<T>::Constant(X.size(), static_cast<Wide<T>>(kHornerCoefficients[0]));
  for (int k = 1; k <= kHornerDegree; ++k) p = p * X + static_cast<Wide<T>>(kHornerCoefficients[k]);
  r.horner = to_doubles<T>(p);
  r.mad_mag = to_doubles<T>((A * B).abs() + C.abs());
  r.dop_mag = to_doubles<T>((A * B).abs() + (C * D).abs());
  r.horner_mag = to_doubles<T>((X.abs() + 1).pow(kHornerDegree));  // sum_k |c_k| |x|^k
  for (std::size_t i = 0; i < a.size(); ++i) {
    const T ab = a[i] * b[i], cd = c[i] * d[i];
    r.mad_off.push_back(ab + c[i]);
    r.dop_off.push_back(ab - cd);
    r.horner_off.push_back(horner_rounded(x[i], false));
    r.mad_fused.push_back(std::fma(a[i], b[i], c[i]));
    r.dop_fused_ab.push_back(std::fma(a[i], b[i], -cd));
    r.dop_fused_cd.push_back(std::fma(-c[i], d[i], ab));
    r.horner_fused.push_back(horner_rounded(x[i], true));
  }
  return r;
}

//! Exact a*b - c*d for Kahan's algorithm, whose bound is relative to the result itself (so the
//! reference must be accurate relative to it under cancellation): the products split exactly
//! into p + e with an FMA (TwoProduct), then (p1 - p2) + (e1 - e2) in the wider type. For f32
//! everything is exact in double but the last addition; for f64 the error is about 2^-64 |x|.
template <class T>
std::vector<double> dop_exact(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                              std::span<const T> d) {
  std::vector<double> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const T p1 = a[i] * b[i], p2 = c[i] * d[i];
    const T e1 = std::fma(a[i], b[i], -p1), e2 = std::fma(c[i], d[i], -p2);
    const Wide<T> x = (Wide<T>(p1) - Wide<T>(p2)) + (Wide<T>(e1) - Wide<T>(e2));
    out.push_back(static_cast<double>(x));
  }
  return out;
}

//! Dot products of the rows of a (rows x k) with v.
template <class T>
struct Dot {
  std::vector<double> exact, magnitude;  // sum a v, sum |a v|
  std::vector<T> off, kahan;             // rounded products, summed in order; Kahan-compensated
  std::vector<T> fused, kahan_fused;     // s = fma(a, v, s); Kahan with y = fma(a, v, -comp)
};

template <class T>
T kahan_sum(std::span<const T> row, std::span<const T> v, bool fused) {
  T sum = 0, comp = 0;
  for (std::size_t j = 0; j < row.size(); ++j) {
    const T y = fused ? std::fma(row[j], v[j], -comp) : T(row[j] * v[j]) - comp;
    const T t = sum + y;
    comp = (t - sum) - y;
    sum = t;
  }
  return sum;
}

template <class T>
Dot<T> dot(std::span<const T> a, std::span<const T> v, int rows, int k) {
  using Matrix = Eigen::Matrix<Wide<T>, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Matrix A(rows, k);
  Eigen::Matrix<Wide<T>, Eigen::Dynamic, 1> V(k);
  for (int j = 0; j < k; ++j) V[j] = v[static_cast<std::size_t>(j)];
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < k; ++j) A(r, j) = a[static_cast<std::size_t>(r) * k + j];
  Dot<T> out;
  const auto exact = (A * V).eval();
  const auto magnitude = (A.cwiseAbs() * V.cwiseAbs()).eval();
  for (int r = 0; r < rows; ++r) {
    out.exact.push_back(static_cast<double>(exact[r]));
    out.magnitude.push_back(static_cast<double>(magnitude[r]));
    const auto row = a.subspan(static_cast<std::size_t>(r) * k, static_cast<std::size_t>(k));
    T s_off = 0, s_fused = 0;
    for (int j = 0; j < k; ++j) {
      s_off = s_off + T(row[j] * v[j]);
      s_fused = std::fma(row[j], v[j], s_fused);
    }
    out.off.push_back(s_off);
    out.fused.push_back(s_fused);
    out.kahan.push_back(kahan_sum(row, v, false));
    out.kahan_fused.push_back(kahan_sum(row, v, true));
  }
  return out;
}

}  // namespace fma_reference
