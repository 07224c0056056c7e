// Stand-in for CUDA's cooperative_groups/reduce.h (parity-simt host builds): cg::reduce and its
// operators, which CUDA declares only here.
#pragma once

#include <cooperative_groups.h>

#include "parity/simt/cooperative_groups_reduce.hpp"
