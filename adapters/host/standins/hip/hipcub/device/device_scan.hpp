// Stand-in for hipCUB's hipcub/device/device_scan.hpp in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <hipcub/config.hpp>

#include "parity/simt/libs/cub/api/device.inc"
#include "parity/simt/libs/cub/api/thread_operators.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
