// Stand-in for CUB's cub/block/block_load.cuh in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/block_load.inc"
