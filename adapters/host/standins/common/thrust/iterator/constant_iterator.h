// Stand-in for Thrust's and rocThrust's thrust/iterator/constant_iterator.h in host-emulated builds
// (parity-simt): every covered Thrust name is declared by each thrust/ stand-in
// (docs/vendor-libraries.md).
#pragma once

#include "parity/simt/libs/thrust/dialect.hpp"

#include "parity/simt/libs/thrust/api/thrust.inc"
