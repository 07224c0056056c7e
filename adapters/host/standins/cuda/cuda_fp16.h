// Stand-in for CUDA's cuda_fp16.h (parity-simt host builds): __half, __half2 and their
// intrinsics, exact (see parity/simt/narrow16.hpp).
#pragma once

#include "cuda_runtime.h"
#include "parity/simt/half.hpp"
