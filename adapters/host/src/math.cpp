// The out-of-line parts of parity/simt/math.hpp.
#include <cmath>

#include "parity/simt/math.hpp"

namespace parity::simt::math {
double erfinv_impl(double y) noexcept {
  if (y <= -1.0) return y == -1.0 ? -HUGE_VAL : NAN;
  if (y >= 1.0) return y == 1.0 ? HUGE_VAL : NAN;
  // Initial guess (Giles' approximation) refined by Newton steps on erf.
  double w = -std::log((1.0 - y) * (1.0 + y)), x;
  if (w < 6.25) {
    w -= 3.125;
    x = -3.6444120640178196996e-21;
    x = -1.685059138182016589e-19 + x * w;
    x = 1.2858480715256400167e-18 + x * w;
    x = 1.115787767802518096e-17 + x * w;
    x = -1.333171662854620906e-16 + x * w;
    x = 2.0972767875968561637e-17 + x * w;
    x = 6.6376381343583238325e-15 + x * w;
    x = -4.0545662729752068639e-14 + x * w;
    x = -8.1519341976054721522e-14 + x * w;
    x = 2.6335093153082322977e-12 + x * w;
    x = -1.2975133253453532498e-11 + x * w;
    x = -5.4154120542946279317e-11 + x * w;
    x = 1.051212273321532285e-09 + x * w;
    x = -4.1126339803469836976e-09 + x * w;
    x = -2.9070369957882005086e-08 + x * w;
    x = 4.2347877827932403518e-07 + x * w;
    x = -1.3654692000834678645e-06 + x * w;
    x = -1.3882523362786468719e-05 + x * w;
    x = 0.0001867342080340571352 + x * w;
    x = -0.00074070253416626697512 + x * w;
    x = -0.0060336708714301490533 + x * w;
    x = 0.24015818242558961693 + x * w;
    x = 1.6536545626831027356 + x * w;
  } else {
    w = std::sqrt(w) - 3.0;
    x = -0.000200214257;
    x = 0.000100950558 + x * w;
    x = 0.00134934322 + x * w;
    x = -0.00367342844 + x * w;
    x = 0.00573950773 + x * w;
    x = -0.0076224613 + x * w;
    x = 0.00943887047 + x * w;
    x = 1.00167406 + x * w;
    x = 2.83297682 + x * w;
  }
  x *= y;
  for (int i = 0; i < 2; ++i) {
    const double err = std::erf(x) - y;
    x -= err / (2.0 / std::sqrt(M_PI) * std::exp(-x * x));
  }
  return x;
}
}  // namespace parity::simt::math
