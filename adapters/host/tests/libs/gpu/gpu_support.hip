// Device queries and managed memory for real_libraries.tests.cpp on the HIP backend.
#include <hip/hip_runtime.h>

#include <cstddef>

bool parity_libs_have_gpu() {
  int count = 0;
  return hipGetDeviceCount(&count) == hipSuccess && count > 0;
}
void* parity_libs_alloc(std::size_t bytes) {
  void* p = nullptr;
  return hipMallocManaged(&p, bytes) == hipSuccess ? p : nullptr;
}
void parity_libs_free(void* p) {
  hipFree(p);
}
void parity_libs_sync() {
  hipDeviceSynchronize();
}
