// Vendor-math perturbation. Emulated kernels compute their math with the host's C library
// (glibc, nearly always correctly rounded), but a GPU's libdevice / OCML functions may be off by
// their documented bound, so a tolerance that only survives glibc's accuracy would pass on the
// CPU and fail on hardware. With PARITY_SIMT_VENDOR_MATH=1 (or set_vendor_math(true)), every
// device math function called from kernel code returns a result moved away from the correctly
// rounded one by up to the vendor's documented bound for that function (CUDA's for .cu kernels,
// OCML's for .hip kernels): the same input always gives the same result, chosen from
// PARITY_SIMT_VENDOR_MATH_SEED. Host code (references, launchers) keeps glibc's results. The
// bounds and their sources: docs/host-emulation.md, "Vendor-math perturbation".
//
// How calls reach it: emulated executables are linked with -Wl,--wrap for the C library's math
// functions (ParityEmulator.cmake), so expf, std::exp(float), sincosf, ... land in
// adapters/host/src/vendor_math.cpp whatever the compiler; the CUDA/HIP functions that C does
// not have and the fast intrinsics (__expf, ...) call vendor() themselves (parity/simt/math.hpp).
#pragma once

#include <cstdint>

#include "parity/simt/context.hpp"

namespace parity::simt {

//! Whether kernels get vendor-perturbed math (default off; PARITY_SIMT_VENDOR_MATH=1 turns it on).
bool vendor_math() noexcept;
void set_vendor_math(bool enabled) noexcept;
//! The seed perturbations are derived from (PARITY_SIMT_VENDOR_MATH_SEED, a decimal or 0x number).
std::uint64_t vendor_math_seed() noexcept;
void set_vendor_math_seed(std::uint64_t seed) noexcept;

namespace math {

//! The functions with a documented bound.
enum class Fn : std::uint8_t {
  kExp,
  kExp2,
  kExp10,
  kExpm1,
  kLog,
  kLog2,
  kLog10,
  kLog1p,
  kSin,
  kCos,
  kTan,
  kAsin,
  kAcos,
  kAtan,
  kAtan2,
  kSinh,
  kCosh,
  kTanh,
  kAsinh,
  kAcosh,
  kAtanh,
  kPow,
  kErf,
  kErfc,
  kLgamma,
  kTgamma,
  kCbrt,
  kHypot,
  // CUDA/HIP functions C does not have (math.hpp implements them)
  kRsqrt,
  kRcbrt,
  kSinpi,
  kCospi,
  kErfinv,
  kErfcinv,
  kErfcx,
  kNormcdf,
  kNormcdfinv,
  kRhypot,
  kNorm3d,
  kRnorm3d,
  kNorm4d,
  // fast intrinsics
  kFastExp,
  kFastExp10,
  kFastLog,
  kFastLog2,
  kFastLog10,
  kFastSin,
  kFastCos,
  kFastDivide,
  kCount
};

//! `r` (the host's result of fn(x, y)) moved within the kernel's vendor bound, when perturbation
//! is on and a kernel is running; else `r`.
float vendor(Fn fn, float r, float x, float y = 0.0f) noexcept;
double vendor(Fn fn, double r, double x, double y = 0.0) noexcept;
//! The same for a function of more arguments, whose result in double (`reference`) the caller
//! computed; x and y only choose the perturbation.
float vendor_with_reference(Fn fn, float r, double reference, float x, float y) noexcept;

//! While one exists on this thread, the math functions it calls are not perturbed themselves
//! (a function built from others is perturbed once, as a whole).
class Exact {
 public:
  Exact() noexcept { ++detail::t_ctx.math_depth; }
  ~Exact() { --detail::t_ctx.math_depth; }
  Exact(const Exact&) = delete;
  Exact& operator=(const Exact&) = delete;
};

}  // namespace math
}  // namespace parity::simt
