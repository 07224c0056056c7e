// Stand-in for CUDA's cuda_bf16.h (parity-simt host builds): __nv_bfloat16, __nv_bfloat162.
#pragma once

#include "cuda_runtime.h"
#include "parity/simt/bfloat16.hpp"
