// The HIP port, for ROCm 5.2 (the compiler CI builds with). clang compiles HIP with
// -ffp-contract=fast-honor-pragmas: it fuses a product into the addition it feeds, across
// statements, like nvcc. Two things differ from the original:
//  - hipify keeps __fmul_rn / __fadd_rn / __fsub_rn, but ROCm 5.2 defines them as plain
//    x * y, x + y, x - y (amd_math_functions.h), which clang fuses like any other operation,
//    even inside a `#pragma clang fp contract(off)` block, because the pragma covers only the
//    operations written in its block, not those of the header's inline functions (checked in
//    the gfx90a assembly). So the port writes each rounded operation itself, under the pragma.
//  - a * b - c * d: clang fuses a * b, fma(a, b, -(c*d)) (checked in the gfx90a assembly), where
//    the original fuses c * d.
// Each FMA clang makes is written out with __fmaf_rn / __fma_rn, as in the original, because
// the emulator's host compiler does not contract.
#include <hip/hip_runtime.h>

#include "fma_contraction.hpp"

namespace {

__device__ __forceinline__ float fma_rn(float a, float b, float c) {
  return __fmaf_rn(a, b, c);
}
__device__ __forceinline__ double fma_rn(double a, double b, double c) {
  return __fma_rn(a, b, c);
}

// Separately rounded operations: the pragma keeps clang from fusing them (GCC, which builds
// this file for the emulator, does not know the pragma and does not contract).
#if defined(__clang__)
#define NO_CONTRACT _Pragma("clang fp contract(off)")
#else
#define NO_CONTRACT
#endif
template <class T>
__device__ __forceinline__ T mul_rn(T a, T b) {
  NO_CONTRACT
  return a * b;
}
template <class T>
__device__ __forceinline__ T add_rn(T a, T b) {
  NO_CONTRACT
  return a + b;
}
template <class T>
__device__ __forceinline__ T sub_rn(T a, T b) {
  NO_CONTRACT
  return a - b;
}

template <class T>
__global__ void contraction_kernel(const T* __restrict__ a, const T* __restrict__ b,
                                   const T* __restrict__ c, const T* __restrict__ d,
                                   const T* __restrict__ x, ContractionOutputs<T> out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T ai = a[i], bi = b[i], ci = c[i], di = d[i], xi = x[i];

  // a * b + c: v_fma_f32.
  out.mad[i] = fma_rn(ai, bi, ci);
  out.mad_off[i] = add_rn(mul_rn(ai, bi), ci);

  // a * b - c * d: clang fuses a * b (v_mul_f32 for c * d, then v_fma_f32 with -(c*d)).
  out.dop[i] = fma_rn(ai, bi, -(ci * di));
  out.dop_off[i] = sub_rn(mul_rn(ai, bi), mul_rn(ci, di));

  // Kahan's difference of products: e = w - c*d exactly, f = a*b - w rounded once; f + e is
  // within 2u of a*b - c*d however close the products are (Jeannerod, Louvet, Muller 2013).
  const T w = mul_rn(ci, di);
  const T e = fma_rn(-ci, di, w);
  const T f = fma_rn(ai, bi, -w);
  out.dop_kahan[i] = add_rn(f, e);

  // (x - 1)^6 expanded, by Horner's rule: `p = p * x + k` is one v_fma_f32 per step.
  T p = xi - T(6);
  p = fma_rn(p, xi, T(15));
  p = fma_rn(p, xi, T(-20));
  p = fma_rn(p, xi, T(15));
  p = fma_rn(p, xi, T(-6));
  out.horner[i] = fma_rn(p, xi, T(1));
  T q = sub_rn(xi, T(6));
  q = add_rn(mul_rn(q, xi), T(15));
  q = add_rn(mul_rn(q, xi), T(-20));
  q = add_rn(mul_rn(q, xi), T(15));
  q = add_rn(mul_rn(q, xi), T(-6));
  out.horner_off[i] = add_rn(mul_rn(q, xi), T(1));
}

template <class T>
__global__ void dot_kernel(const T* __restrict__ a, const T* __restrict__ v, DotOutputs<T> out,
                           int rows, int k) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const T* row = a + static_cast<size_t>(r) * k;
  T s = 0, s_off = 0, sum = 0, comp = 0;
  for (int j = 0; j < k; ++j) {
    const T aj = row[j], vj = v[j];
    s = fma_rn(aj, vj, s);  // `s += a * v`: v_fmac_f32
    s_off = add_rn(s_off, mul_rn(aj, vj));
    // Kahan: comp holds the low part the last addition lost, exactly, as long as nothing is
    // contracted (the products are rounded first, then summed with compensation).
    const T y = sub_rn(mul_rn(aj, vj), comp);
    const T t = add_rn(sum, y);
    comp = sub_rn(sub_rn(t, sum), y);
    sum = t;
  }
  out.dot[r] = s;
  out.dot_off[r] = s_off;
  out.dot_kahan[r] = sum;
}

template <class T>
void launch_elementwise(parity::Stream stream, const T* a, const T* b, const T* c, const T* d,
                        const T* x, const ContractionOutputs<T>& out, int n) {
  hipLaunchKernelGGL(contraction_kernel<T>, dim3((n + 255) / 256), dim3(256), 0,
                     parity::native_handle<hipStream_t>(stream), a, b, c, d, x, out, n);
}

template <class T>
void launch_dot(parity::Stream stream, const T* a, const T* v, const DotOutputs<T>& out, int rows,
                int k) {
  hipLaunchKernelGGL(dot_kernel<T>, dim3((rows + kDotBlock - 1) / kDotBlock), dim3(kDotBlock), 0,
                     parity::native_handle<hipStream_t>(stream), a, v, out, rows, k);
}

}  // namespace

void launch_contraction_elementwise(parity::Stream stream, const float* a, const float* b,
                                    const float* c, const float* d, const float* x,
                                    const ContractionOutputs<float>& out, int n) {
  launch_elementwise(stream, a, b, c, d, x, out, n);
}
void launch_contraction_elementwise(parity::Stream stream, const double* a, const double* b,
                                    const double* c, const double* d, const double* x,
                                    const ContractionOutputs<double>& out, int n) {
  launch_elementwise(stream, a, b, c, d, x, out, n);
}
void launch_contraction_dot(parity::Stream stream, const float* a, const float* v,
                            const DotOutputs<float>& out, int rows, int k) {
  launch_dot(stream, a, v, out, rows, k);
}
void launch_contraction_dot(parity::Stream stream, const double* a, const double* v,
                            const DotOutputs<double>& out, int rows, int k) {
  launch_dot(stream, a, v, out, rows, k);
}
