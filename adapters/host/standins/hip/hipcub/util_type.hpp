// Stand-in for hipCUB's hipcub/util_type.hpp in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/util_type.inc"
