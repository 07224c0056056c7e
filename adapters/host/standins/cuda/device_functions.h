// Stand-in for CUDA's device_functions.h (parity-simt host builds).
#pragma once

#include "cuda_runtime.h"
