// What every stand-in header (cuda_runtime.h, hip/hip_runtime.h, ...) starts with: the standard
// headers kernel code expects to be implicitly available, then the emulator's building blocks,
// then the CUDA/HIP keywords (last, so no standard header sees those macros).
#pragma once

#include "parity/simt/real_header_check.hpp"  // first: a real header included before

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <source_location>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "parity/simt/atomic.hpp"
#include "parity/simt/barrier.hpp"
#include "parity/simt/context.hpp"
#include "parity/simt/keywords.hpp"
#include "parity/simt/launch.hpp"
#include "parity/simt/math.hpp"
#include "parity/simt/runtime_api.hpp"
#include "parity/simt/shared_memory.hpp"
#include "parity/simt/vector_types.hpp"
#include "parity/simt/warp.hpp"
