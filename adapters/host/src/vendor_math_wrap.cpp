// The C library's math functions as emulated executables see them: ParityEmulator.cmake links
// them with -Wl,--wrap=<name> for each name below, so that every call of expf, std::exp(float),
// exp, sincosf, ... (whichever compiler emitted it) comes here, and kernel code gets the
// vendor-perturbed result when PARITY_SIMT_VENDOR_MATH is on (parity/simt/vendor_math.hpp).
// Only such executables link this file: it needs the __real_ symbols --wrap defines.
//
// The wrapped names (ParityEmulator.cmake's list must match):
//   expf exp exp2f exp2 exp10f exp10 expm1f expm1 logf log log2f log2 log10f log10 log1pf log1p
//   sinf sin cosf cos tanf tan asinf asin acosf acos atanf atan sinhf sinh coshf cosh tanhf tanh
//   asinhf asinh acoshf acosh atanhf atanh erff erf erfcf erfc lgammaf lgamma tgammaf tgamma cbrtf
//   cbrt atan2f atan2 powf pow hypotf hypot sincosf sincos
#include "parity/simt/vendor_math.hpp"

using parity::simt::math::Fn;
using parity::simt::math::vendor;

extern "C" {

float __real_expf(float);
float __wrap_expf(float x) {
  return vendor(Fn::kExp, __real_expf(x), x);
}
double __real_exp(double);
double __wrap_exp(double x) {
  return vendor(Fn::kExp, __real_exp(x), x);
}
float __real_exp2f(float);
float __wrap_exp2f(float x) {
  return vendor(Fn::kExp2, __real_exp2f(x), x);
}
double __real_exp2(double);
double __wrap_exp2(double x) {
  return vendor(Fn::kExp2, __real_exp2(x), x);
}
float __real_exp10f(float);
float __wrap_exp10f(float x) {
  return vendor(Fn::kExp10, __real_exp10f(x), x);
}
double __real_exp10(double);
double __wrap_exp10(double x) {
  return vendor(Fn::kExp10, __real_exp10(x), x);
}
float __real_expm1f(float);
float __wrap_expm1f(float x) {
  return vendor(Fn::kExpm1, __real_expm1f(x), x);
}
double __real_expm1(double);
double __wrap_expm1(double x) {
  return vendor(Fn::kExpm1, __real_expm1(x), x);
}
float __real_logf(float);
float __wrap_logf(float x) {
  return vendor(Fn::kLog, __real_logf(x), x);
}
double __real_log(double);
double __wrap_log(double x) {
  return vendor(Fn::kLog, __real_log(x), x);
}
float __real_log2f(float);
float __wrap_log2f(float x) {
  return vendor(Fn::kLog2, __real_log2f(x), x);
}
double __real_log2(double);
double __wrap_log2(double x) {
  return vendor(Fn::kLog2, __real_log2(x), x);
}
float __real_log10f(float);
float __wrap_log10f(float x) {
  return vendor(Fn::kLog10, __real_log10f(x), x);
}
double __real_log10(double);
double __wrap_log10(double x) {
  return vendor(Fn::kLog10, __real_log10(x), x);
}
float __real_log1pf(float);
float __wrap_log1pf(float x) {
  return vendor(Fn::kLog1p, __real_log1pf(x), x);
}
double __real_log1p(double);
double __wrap_log1p(double x) {
  return vendor(Fn::kLog1p, __real_log1p(x), x);
}
float __real_sinf(float);
float __wrap_sinf(float x) {
  return vendor(Fn::kSin, __real_sinf(x), x);
}
double __real_sin(double);
double __wrap_sin(double x) {
  return vendor(Fn::kSin, __real_sin(x), x);
}
float __real_cosf(float);
float __wrap_cosf(float x) {
  return vendor(Fn::kCos, __real_cosf(x), x);
}
double __real_cos(double);
double __wrap_cos(double x) {
  return vendor(Fn::kCos, __real_cos(x), x);
}
float __real_tanf(float);
float __wrap_tanf(float x) {
  return vendor(Fn::kTan, __real_tanf(x), x);
}
double __real_tan(double);
double __wrap_tan(double x) {
  return vendor(Fn::kTan, __real_tan(x), x);
}
float __real_asinf(float);
float __wrap_asinf(float x) {
  return vendor(Fn::kAsin, __real_asinf(x), x);
}
double __real_asin(double);
double __wrap_asin(double x) {
  return vendor(Fn::kAsin, __real_asin(x), x);
}
float __real_acosf(float);
float __wrap_acosf(float x) {
  return vendor(Fn::kAcos, __real_acosf(x), x);
}
double __real_acos(double);
double __wrap_acos(double x) {
  return vendor(Fn::kAcos, __real_acos(x), x);
}
float __real_atanf(float);
float __wrap_atanf(float x) {
  return vendor(Fn::kAtan, __real_atanf(x), x);
}
double __real_atan(double);
double __wrap_atan(double x) {
  return vendor(Fn::kAtan, __real_atan(x), x);
}
float __real_sinhf(float);
float __wrap_sinhf(float x) {
  return vendor(Fn::kSinh, __real_sinhf(x), x);
}
double __real_sinh(double);
double __wrap_sinh(double x) {
  return vendor(Fn::kSinh, __real_sinh(x), x);
}
float __real_coshf(float);
float __wrap_coshf(float x) {
  return vendor(Fn::kCosh, __real_coshf(x), x);
}
double __real_cosh(double);
double __wrap_cosh(double x) {
  return vendor(Fn::kCosh, __real_cosh(x), x);
}
float __real_tanhf(float);
float __wrap_tanhf(float x) {
  return vendor(Fn::kTanh, __real_tanhf(x), x);
}
double __real_tanh(double);
double __wrap_tanh(double x) {
  return vendor(Fn::kTanh, __real_tanh(x), x);
}
float __real_asinhf(float);
float __wrap_asinhf(float x) {
  return vendor(Fn::kAsinh, __real_asinhf(x), x);
}
double __real_asinh(double);
double __wrap_asinh(double x) {
  return vendor(Fn::kAsinh, __real_asinh(x), x);
}
float __real_acoshf(float);
float __wrap_acoshf(float x) {
  return vendor(Fn::kAcosh, __real_acoshf(x), x);
}
double __real_acosh(double);
double __wrap_acosh(double x) {
  return vendor(Fn::kAcosh, __real_acosh(x), x);
}
float __real_atanhf(float);
float __wrap_atanhf(float x) {
  return vendor(Fn::kAtanh, __real_atanhf(x), x);
}
double __real_atanh(double);
double __wrap_atanh(double x) {
  return vendor(Fn::kAtanh, __real_atanh(x), x);
}
float __real_erff(float);
float __wrap_erff(float x) {
  return vendor(Fn::kErf, __real_erff(x), x);
}
double __real_erf(double);
double __wrap_erf(double x) {
  return vendor(Fn::kErf, __real_erf(x), x);
}
float __real_erfcf(float);
float __wrap_erfcf(float x) {
  return vendor(Fn::kErfc, __real_erfcf(x), x);
}
double __real_erfc(double);
double __wrap_erfc(double x) {
  return vendor(Fn::kErfc, __real_erfc(x), x);
}
float __real_lgammaf(float);
float __wrap_lgammaf(float x) {
  return vendor(Fn::kLgamma, __real_lgammaf(x), x);
}
double __real_lgamma(double);
double __wrap_lgamma(double x) {
  return vendor(Fn::kLgamma, __real_lgamma(x), x);
}
float __real_tgammaf(float);
float __wrap_tgammaf(float x) {
  return vendor(Fn::kTgamma, __real_tgammaf(x), x);
}
double __real_tgamma(double);
double __wrap_tgamma(double x) {
  return vendor(Fn::kTgamma, __real_tgamma(x), x);
}
float __real_cbrtf(float);
float __wrap_cbrtf(float x) {
  return vendor(Fn::kCbrt, __real_cbrtf(x), x);
}
double __real_cbrt(double);
double __wrap_cbrt(double x) {
  return vendor(Fn::kCbrt, __real_cbrt(x), x);
}
float __real_atan2f(float, float);
float __wrap_atan2f(float x, float y) {
  return vendor(Fn::kAtan2, __real_atan2f(x, y), x, y);
}
double __real_atan2(double, double);
double __wrap_atan2(double x, double y) {
  return vendor(Fn::kAtan2, __real_atan2(x, y), x, y);
}
float __real_powf(float, float);
float __wrap_powf(float x, float y) {
  return vendor(Fn::kPow, __real_powf(x, y), x, y);
}
double __real_pow(double, double);
double __wrap_pow(double x, double y) {
  return vendor(Fn::kPow, __real_pow(x, y), x, y);
}
float __real_hypotf(float, float);
float __wrap_hypotf(float x, float y) {
  return vendor(Fn::kHypot, __real_hypotf(x, y), x, y);
}
double __real_hypot(double, double);
double __wrap_hypot(double x, double y) {
  return vendor(Fn::kHypot, __real_hypot(x, y), x, y);
}
void __real_sincosf(float, float*, float*);
void __wrap_sincosf(float x, float* s, float* c) {
  __real_sincosf(x, s, c);
  *s = vendor(Fn::kSin, *s, x);
  *c = vendor(Fn::kCos, *c, x);
}
void __real_sincos(double, double*, double*);
void __wrap_sincos(double x, double* s, double* c) {
  __real_sincos(x, s, c);
  *s = vendor(Fn::kSin, *s, x);
  *c = vendor(Fn::kCos, *c, x);
}

}  // extern "C"
