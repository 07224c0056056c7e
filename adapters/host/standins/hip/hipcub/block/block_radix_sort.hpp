// Stand-in for hipCUB's hipcub/block/block_radix_sort.hpp in host-emulated builds (parity-simt):
// see docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/block_radix_sort.inc"
#include "parity/simt/libs/cub/api/block_scan.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
