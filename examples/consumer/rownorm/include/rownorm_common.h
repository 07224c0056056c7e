// Shared by the standalone kernel files (CUDA original and HIP port alike), the way such
// projects keep their helpers: an error check that gives up with exit(), a ceil_div, and the
// kernel's constants. Everything but the runtime calls is plain C++.
#pragma once

#include <stdio.h>
#include <stdlib.h>

#ifndef ROWNORM_EPS
#error "ROWNORM_EPS must be defined by the build (e.g. -DROWNORM_EPS=1e-5f)"
#endif

template <class T>
T ceil_div(T dividend, T divisor) {
  return (dividend + divisor - 1) / divisor;
}
