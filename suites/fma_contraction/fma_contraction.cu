// The CUDA original. nvcc contracts by default (--fmad=true): a product feeding an addition
// becomes one FMA, rounded once. The host emulator compiles this file with a host compiler that
// does not contract (x86-64 has no FMA instruction unless asked for), so every FMA nvcc makes
// here is written out with __fmaf_rn / __fma_rn where nvcc puts it (checked in the PTX of
// nvcc 13 for sm_90; ptxas's own fusions could not be checked: no SASS disassembler here). The
// contraction-off forms use the _rn intrinsics, which nvcc documents as never merged into an
// FMA: the usual way CUDA code asks for reproducible, separately rounded arithmetic.
#include <cuda_runtime.h>

#include "fma_contraction.hpp"

namespace {

__device__ __forceinline__ float fma_rn(float a, float b, float c) {
  return __fmaf_rn(a, b, c);
}
__device__ __forceinline__ double fma_rn(double a, double b, double c) {
  return __fma_rn(a, b, c);
}
__device__ __forceinline__ float mul_rn(float a, float b) {
  return __fmul_rn(a, b);
}
__device__ __forceinline__ double mul_rn(double a, double b) {
  return __dmul_rn(a, b);
}
__device__ __forceinline__ float add_rn(float a, float b) {
  return __fadd_rn(a, b);
}
__device__ __forceinline__ double add_rn(double a, double b) {
  return __dadd_rn(a, b);
}
__device__ __forceinline__ float sub_rn(float a, float b) {
  return __fsub_rn(a, b);
}
__device__ __forceinline__ double sub_rn(double a, double b) {
  return __dsub_rn(a, b);
}

template <class T>
__global__ void contraction_kernel(const T* __restrict__ a, const T* __restrict__ b,
                                   const T* __restrict__ c, const T* __restrict__ d,
                                   const T* __restrict__ x, ContractionOutputs<T> out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T ai = a[i], bi = b[i], ci = c[i], di = d[i], xi = x[i];

  // a * b + c: fma.rn in the PTX.
  out.mad[i] = fma_rn(ai, bi, ci);
  out.mad_off[i] = add_rn(mul_rn(ai, bi), ci);

  // a * b - c * d: the PTX keeps mul, mul, sub, and ptxas fuses one product into the
  // subtraction. Written here as fusing c * d, fma(-c, d, a*b); clang fuses a * b (see the
  // port). Which one ptxas picks was not checked; the test's bound holds for either.
  out.dop[i] = fma_rn(-ci, di, ai * bi);
  out.dop_off[i] = sub_rn(mul_rn(ai, bi), mul_rn(ci, di));

  // Kahan's difference of products: e = w - c*d exactly, f = a*b - w rounded once; f + e is
  // within 2u of a*b - c*d however close the products are (Jeannerod, Louvet, Muller 2013).
  const T w = mul_rn(ci, di);
  const T e = fma_rn(-ci, di, w);
  const T f = fma_rn(ai, bi, -w);
  out.dop_kahan[i] = add_rn(f, e);

  // (x - 1)^6 expanded, by Horner's rule: `p = p * x + k` is one fma.rn per step in the PTX.
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
    s = fma_rn(aj, vj, s);  // `s += a * v`: fma.rn in the PTX
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
  contraction_kernel<T><<<(n + 255) / 256, 256, 0, parity::native_handle<cudaStream_t>(stream)>>>(
      a, b, c, d, x, out, n);
}

template <class T>
void launch_dot(parity::Stream stream, const T* a, const T* v, const DotOutputs<T>& out, int rows,
                int k) {
  dot_kernel<T><<<(rows + kDotBlock - 1) / kDotBlock, kDotBlock, 0,
                  parity::native_handle<cudaStream_t>(stream)>>>(a, v, out, rows, k);
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
