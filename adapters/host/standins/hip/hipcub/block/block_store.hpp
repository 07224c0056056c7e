// Stand-in for hipCUB's hipcub/block/block_store.hpp in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/block_store.inc"
