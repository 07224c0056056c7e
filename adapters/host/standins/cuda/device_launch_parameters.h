// Stand-in for CUDA's device_launch_parameters.h (parity-simt host builds).
#pragma once

#include "cuda_runtime.h"
