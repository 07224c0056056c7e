// hipify-perl writes #include <hipblas.h> for cublas_v2.h: ROCm 5's top-level wrapper, which ROCm
// 6.0 removed. The control includes the header by its ROCm 6 name.
#include <hip/hip_runtime.h>
#ifdef PARITY_PROBE_CONTROL
#include <hipblas/hipblas.h>
#else
#include <hipblas.h>
#endif

hipblasStatus_t probe_create(hipblasHandle_t* handle) {
  return hipblasCreate(handle);
}
