// The reference GEMM behind every emulated BLAS call (cuBLAS, hipBLAS, cuBLASLt, hipBLASLt):
//   D = epilogue(alpha * op(A) * op(B) + beta * C)
// for column-major matrices, computed one output element at a time with a stated order:
//   acc = 0;  for p = 0 .. k-1:  acc = fma(a(i,p), b(p,j), acc)   rounded in the compute type
//   d   = beta == 0 ? alpha * acc : fma(alpha, acc, beta * c)      rounded in the scale type
//   D   = epilogue(d), rounded once to D's type (round to nearest even, overflow to infinity)
// fp16 and bf16 inputs widen exactly to the compute type; an fp16 compute type rounds to fp16
// after every fused multiply-add (what fp16 FMA hardware does); int8 products accumulate in int32
// with two's-complement wrap-around. beta == 0 never reads C (NaN in C does not propagate);
// alpha == 0 or k == 0 never reads A or B. What it cannot model is in docs/vendor-libraries.md:
// the vendor's choice of algorithm, split-k and its reduction order, tensor-core (and MFMA)
// rounding of fp16/bf16 products, and TF32/XF32 input rounding.
#pragma once

#include <cstdint>

namespace parity::simt::libs {

//! Element types of the emulated BLAS libraries (the vendors' data-type enums map onto these).
enum class Element : std::uint8_t { kF64, kF32, kF16, kBF16, kI8, kI32 };
//! Accumulation (compute) precision.
enum class Compute : std::uint8_t { kF16, kF32, kF64, kI32 };
enum class Transpose : std::uint8_t { kNone, kTranspose };  // conjugate = transpose for reals

std::size_t element_size(Element e) noexcept;
const char* element_name(Element e) noexcept;

//! The activation (and auxiliary outputs) applied to d before D is stored: cuBLASLt's and
//! hipBLASLt's epilogues.
enum class Activation : std::uint8_t { kNone, kRelu, kGelu, kGeluBackward };

struct Epilogue {
  Activation activation = Activation::kNone;
  const void* bias = nullptr;  // length m (rows of D), added to d before the activation
  Element bias_type = Element::kF32;
  //! GELU forward: the pre-activation values are stored here; GELU backward: read from here.
  void* aux = nullptr;
  Element aux_type = Element::kF32;
  std::int64_t aux_ld = 0;
  std::int64_t aux_batch_stride = 0;
  //! Bias gradient of B: sum over k of op(B)(p, j), one value per column of D (length n).
  void* bias_grad_b = nullptr;
  Element bias_grad_type = Element::kF32;
};

//! One operand: a column-major matrix (`rows` x `cols` as stored) per batch entry, found either
//! at data + batch * batch_stride elements or through a per-batch pointer array.
struct Operand {
  const void* data = nullptr;
  const void* const* batch_pointers = nullptr;  // batched pointer-array APIs
  Element type = Element::kF32;
  std::int64_t ld = 0;
  std::int64_t batch_stride = 0;  // in elements
};

struct OutputOperand {
  void* data = nullptr;
  void* const* batch_pointers = nullptr;
  Element type = Element::kF32;
  std::int64_t ld = 0;
  std::int64_t batch_stride = 0;
};

struct GemmProblem {
  Transpose op_a = Transpose::kNone, op_b = Transpose::kNone;
  std::int64_t m = 0, n = 0, k = 0, batch = 1;
  Operand a, b, c;  // c.data may be null when beta == 0
  OutputOperand d;  // may alias c (the classic BLAS in-place update)
  Compute compute = Compute::kF32;
  //! alpha and beta as values of the scale type (f16 scales are converted to double exactly);
  //! integer scales are exact in double too.
  double alpha = 1.0, beta = 0.0;
  Element scale = Element::kF32;
  Epilogue epilogue;
};

//! Runs the problem as stated above. Arguments must have been validated by the caller (the
//! vendor front ends validate as their library does); columns are spread over threads for large
//! problems, which does not change any result (every element is computed on its own).
void run_gemm(const GemmProblem& problem);

//! The GELU used by the GELU epilogues: the tanh approximation
//! 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), evaluated in double; and its derivative.
double gelu_tanh(double x) noexcept;
double gelu_tanh_derivative(double x) noexcept;

}  // namespace parity::simt::libs
