// Stand-in for CUB's cub/block/block_scan.cuh in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/block_scan.inc"
#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
