// Stand-in for HIP's hip/hip_fp16.h (parity-simt host builds): __half and __half2, the same type
// as CUDA's, exact.
#pragma once

#include "hip/hip_runtime.h"
#include "parity/simt/half.hpp"
