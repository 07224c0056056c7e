// Stand-in for CUB's cub/block/block_store.cuh in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/block_store.inc"
