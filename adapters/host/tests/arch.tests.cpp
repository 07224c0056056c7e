// The architecture macros as nvcc and hipcc define them: the device pass's values in device code,
// the host pass's in launchers, and a loud failure where one compile cannot give both (a
// __host__ __device__ function that tests them, called from host code).
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"

using Catch::Matchers::ContainsSubstring;

TEST_CASE("arch/__CUDA_ARCH__ is 900 in device code and undefined in the launcher",
          "[arch][cuda]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(4 * sizeof(int));
  int* o = out.as<int>();
  const auto r = simt_test::arch::cuda_arch(b->stream(), o);
  b->synchronize(b->stream());
  CHECK(o[0] == 900);
  CHECK(o[1] == 32);    // the sm_80+ path (__reduce_add_sync), not the fallback's 32000
  CHECK(o[2] == 1);     // the __host__ __device__ function ran its device path
  CHECK(o[3] == 1800);  // a macro built on __CUDA_ARCH__, used by device code only
  CHECK_FALSE(r.launcher_sees_arch);
  CHECK_FALSE(r.namespace_macro);  // #if __CUDA_ARCH__ >= 800 at namespace scope: host pass
}

TEST_CASE("arch/a __host__ __device__ function that tests __CUDA_ARCH__ refuses host callers",
          "[arch][cuda]") {
  CHECK_THROWS_WITH(simt_test::arch::cuda_path_of_hd_from_host(),
                    ContainsSubstring("__host__ __device__ function 'path_of_hd'") &&
                        ContainsSubstring("was called from host code") &&
                        ContainsSubstring("Split it into a __device__ function and a host"));
}

TEST_CASE("arch/hipcc's device-pass macros in device code only; __CUDA_ARCH__ never",
          "[arch][hip]") {
  auto b = parity::make_backend("host-hip");
  auto out = b->allocate(4 * sizeof(int));
  int* o = out.as<int>();
  const auto r = simt_test::arch::hip_arch(b->stream(), o);
  b->synchronize(b->stream());
  CHECK(o[0] == 1);    // __HIP_DEVICE_COMPILE__
  CHECK(o[1] == 942);  // __gfx942__ and __GFX9__, not __gfx90a__
  CHECK(o[2] == 64);   // __AMDGCN_WAVEFRONT_SIZE
  CHECK(o[3] == 0);    // no __CUDA_ARCH__ in HIP code
  CHECK_FALSE(r.launcher_sees_arch);
  CHECK(r.wavefront_macro == 64);  // both passes define it
}
