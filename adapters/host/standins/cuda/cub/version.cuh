// Stand-in for CUB's cub/version.cuh in host-emulated builds (parity-simt).
#pragma once

#include <cub/config.cuh>
