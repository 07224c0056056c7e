// Stand-in for HIP's hip/hip_cooperative_groups.h (parity-simt host builds).
#pragma once

#include "hip/hip_runtime.h"
#include "parity/simt/cooperative_groups.hpp"
