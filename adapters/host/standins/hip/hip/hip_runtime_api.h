// Stand-in for HIP's hip/hip_runtime_api.h (parity-simt host builds).
#pragma once

#include "hip/hip_runtime.h"
