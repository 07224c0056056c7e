// Stand-in for HIP's hip/hip_bf16.h (parity-simt host builds): __hip_bfloat16 and
// __hip_bfloat162 with CUDA's intrinsic names (round to nearest even, exact).
#pragma once

#include "hip/hip_runtime.h"
#include "parity/simt/bfloat16.hpp"

using __hip_bfloat16 = __nv_bfloat16;
using __hip_bfloat162 = __nv_bfloat162;
using __hip_bfloat16_raw = __nv_bfloat16_raw;
using __hip_bfloat162_raw = __nv_bfloat162_raw;
