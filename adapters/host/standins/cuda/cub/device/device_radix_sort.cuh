// Stand-in for CUB's cub/device/device_radix_sort.cuh in host-emulated builds (parity-simt): see
// docs/vendor-libraries.md.
#pragma once

#include <cub/config.cuh>

#include "parity/simt/libs/cub/api/device.inc"
#include "parity/simt/libs/cub/api/util_type.inc"
