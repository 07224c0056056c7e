// Stand-in for hipCUB's hipcub/warp/warp_reduce.hpp in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
#include "parity/simt/libs/cub/api/warp_reduce.inc"
