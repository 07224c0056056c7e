// Stand-in for CUDA's cooperative_groups/reduce.h (parity-simt host builds).
#pragma once

#include "cooperative_groups.h"
