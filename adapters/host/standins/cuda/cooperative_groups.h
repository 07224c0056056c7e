// Stand-in for CUDA's cooperative_groups.h (parity-simt host builds): see
// parity/simt/cooperative_groups.hpp for what is emulated.
#pragma once

#include "cuda_runtime.h"
#include "parity/simt/cooperative_groups.hpp"
