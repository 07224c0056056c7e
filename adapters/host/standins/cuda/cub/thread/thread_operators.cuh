// Stand-in for CUB's cub/thread/thread_operators.cuh (ArgMax, ArgMin; Sum/Max/Min are gone in
// CUB 3.0) in host-emulated builds (parity-simt): see docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
