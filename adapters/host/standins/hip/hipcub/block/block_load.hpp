// Stand-in for hipCUB's hipcub/block/block_load.hpp in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/block_load.inc"
