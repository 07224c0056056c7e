// Stand-in for CUB's cub/cub.cuh: every covered primitive; the others are declared as compile-time
// refusals in host-emulated builds (parity-simt): see docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/block_load.inc"
#include "parity/simt/libs/cub/api/block_radix_sort.inc"
#include "parity/simt/libs/cub/api/block_reduce.inc"
#include "parity/simt/libs/cub/api/block_scan.inc"
#include "parity/simt/libs/cub/api/block_store.inc"
#include "parity/simt/libs/cub/api/device.inc"
#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/uncovered.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
#include "parity/simt/libs/cub/api/warp_reduce.inc"
#include "parity/simt/libs/cub/api/warp_scan.inc"
