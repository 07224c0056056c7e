// fma_contraction: expressions whose value depends on which multiply-adds the compiler fuses
// into FMAs (one rounding instead of two): a*b + c, a*b - c*d, a Horner polynomial and a dot
// product, each computed twice, with contraction on (the plain expression, as nvcc and clang
// compile it by default) and with contraction off (every operation rounded on its own, as the
// original asks for with __fmul_rn / __fadd_rn); plus two compensated forms whose accuracy
// depends on exactly where the FMAs are: Kahan's difference of products (explicit FMAs) and a
// Kahan-compensated dot product (contraction off).
#pragma once

#include "parity/stream.hpp"

//! The Horner polynomial: the expanded (x - 1)^6, whose cancellation near x = 1 makes the
//! result's relative error unbounded while the condition-scaled bound still holds. Exact in
//! every format; highest degree first, as Horner's rule consumes them.
inline constexpr int kHornerDegree = 6;
inline constexpr double kHornerCoefficients[kHornerDegree + 1] = {1, -6, 15, -20, 15, -6, 1};

//! Elementwise outputs, n elements each.
template <class T>
struct ContractionOutputs {
  T* mad;         // a*b + c
  T* mad_off;     // fl(fl(a*b) + c)
  T* dop;         // a*b - c*d
  T* dop_off;     // fl(fl(a*b) - fl(c*d))
  T* dop_kahan;   // a*b - c*d by Kahan's algorithm with explicit FMAs
  T* horner;      // p(x), Horner's rule
  T* horner_off;  // p(x), every operation rounded
};

//! Matrix-vector outputs, one element per row of a (rows x k, row-major) times v (k).
template <class T>
struct DotOutputs {
  T* dot;        // sum_j a[r][j] * v[j], in order j = 0..k-1
  T* dot_off;    // the same, every product and sum rounded
  T* dot_kahan;  // Kahan-compensated sum of the rounded products, contraction off
};

void launch_contraction_elementwise(parity::Stream stream, const float* a, const float* b,
                                    const float* c, const float* d, const float* x,
                                    const ContractionOutputs<float>& out, int n);
void launch_contraction_elementwise(parity::Stream stream, const double* a, const double* b,
                                    const double* c, const double* d, const double* x,
                                    const ContractionOutputs<double>& out, int n);

//! One thread per row, blocks of kDotBlock threads.
inline constexpr int kDotBlock = 128;
void launch_contraction_dot(parity::Stream stream, const float* a, const float* v,
                            const DotOutputs<float>& out, int rows, int k);
void launch_contraction_dot(parity::Stream stream, const double* a, const double* v,
                            const DotOutputs<double>& out, int rows, int k);
