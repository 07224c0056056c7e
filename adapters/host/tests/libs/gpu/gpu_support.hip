// Device queries and managed memory for real_libraries.tests.cpp on the HIP backend.
#include <hip/hip_runtime.h>

#include <cstddef>

#include "runtime_check.hpp"

bool parity_libs_have_gpu() {
  int count = 0;
  return hipGetDeviceCount(&count) == hipSuccess && count > 0;
}
void* parity_libs_alloc(std::size_t bytes) {
  void* p = nullptr;
  return hipMallocManaged(&p, bytes) == hipSuccess ? p : nullptr;
}
void parity_libs_free(void* p) {
  (void)hipFree(p);  // called from a destructor: nothing to do on failure
}
void parity_libs_sync() {
  libs_test::require(hipDeviceSynchronize(), "hipDeviceSynchronize");
}
