// Stand-in for CUB's cub/warp/warp_reduce.cuh in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
#include "parity/simt/libs/cub/api/warp_reduce.inc"
