// Runs the off-by-one kernel on the host-cuda backend: under AddressSanitizer the process dies
// with a heap-buffer-overflow report naming out_of_bounds.cu (the CTest test expects exactly
// that); without it, the stray write would go unnoticed.
#include <cstdio>

#include "parity/backend.hpp"
#include "parity/stream.hpp"

void launch_off_by_one(parity::Stream s, float* out, int n);

int main() {
  const int n = 1000;  // device buffers are host allocations of exactly this size
  auto backend = parity::make_backend("host-cuda");
  auto out = backend->allocate(n * sizeof(float));
  launch_off_by_one(backend->stream(), out.as<float>(), n);
  backend->synchronize(backend->stream());
  std::puts("the out-of-bounds write went unnoticed");
  return 0;
}
