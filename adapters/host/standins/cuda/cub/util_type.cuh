// Stand-in for CUB's cub/util_type.cuh (KeyValuePair, DoubleBuffer, NullType) in host-emulated
// builds (parity-simt): see docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/util_type.inc"
