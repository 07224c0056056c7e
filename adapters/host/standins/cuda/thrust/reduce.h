// Stand-in for Thrust's thrust/reduce.h in host-emulated builds (parity-simt): every covered
// Thrust name is declared by each thrust/ stand-in (docs/vendor-libraries.md).
#pragma once

#include <thrust/detail/parity_config.h>

#include "parity/simt/libs/thrust/api/thrust.inc"
