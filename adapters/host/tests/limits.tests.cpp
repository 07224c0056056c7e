// The emulated targets' limits (parity/simt/target.hpp), at the defaults sm_90 and gfx942: what
// the CUDA runtime and ROCm refuse, the emulator refuses with the same error code and a message
// that names the kernel, the amount, the target's limit and what to do. Every refusal has its
// control: the largest amount that is allowed runs.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <string>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;
using Catch::Matchers::StartsWith;

namespace {

std::string failure_of(parity::Backend& b) {
  try {
    b.synchronize(b.stream());
  } catch (const parity::BackendError& e) {
    return e.what();
  }
  return "no error";
}

constexpr std::size_t kKiB = 1024;
constexpr int kInvalidValue = 1;  // cudaErrorInvalidValue == hipErrorInvalidValue

}  // namespace

TEST_CASE("limits/sm_90: 48 KiB of dynamic shared memory without opt-in, more with it",
          "[limits][cuda]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(64 * sizeof(int));
  int* o = out.as<int>();
  simt_test::limits::cuda_dynamic_shared(b->stream(), o, 48 * kKiB);
  b->synchronize(b->stream());
  CHECK(o[0] == static_cast<int>(48 * kKiB / sizeof(int)) - 1);

  // 102 KiB without cudaFuncSetAttribute: the CUDA runtime fails the launch.
  simt_test::limits::cuda_dynamic_shared(b->stream(), o, 102 * kKiB);
  const std::string m = failure_of(*b);
  INFO(m);
  CHECK_THAT(m, StartsWith("host-cuda: cudaErrorInvalidValue: cannot launch kernel "
                           "'dynamic_shared_kernel' at "));
  CHECK_THAT(m, ContainsSubstring("104448 bytes (102 KiB) of dynamic shared memory exceed the "
                                  "49152 bytes (48 KiB) a block may use on sm_90 without opt-in"));
  CHECK_THAT(m, ContainsSubstring("cudaFuncSetAttribute(dynamic_shared_kernel, "
                                  "cudaFuncAttributeMaxDynamicSharedMemorySize, 104448)"));
  CHECK_THAT(m, ContainsSubstring("232448 bytes (227 KiB)"));

  // Above the opt-in maximum the attribute itself is refused, as the runtime refuses it.
  CHECK(simt_test::limits::cuda_opt_in(228 * kKiB) == kInvalidValue);
  CHECK_THAT(parity::simt::status_message(parity::simt::Status::kInvalidValue),
             ContainsSubstring("exceed sm_90's opt-in maximum of 232448 bytes (227 KiB)"));
  (void)parity::simt::last_error(true);
  // With the opt-in the same launch runs, up to the maximum.
  REQUIRE(simt_test::limits::cuda_opt_in(227 * kKiB) == 0);
  simt_test::limits::cuda_dynamic_shared(b->stream(), o, 227 * kKiB);
  b->synchronize(b->stream());
  CHECK(o[0] == static_cast<int>(227 * kKiB / sizeof(int)) - 1);
  // Beyond what the attribute allows, the launch fails again.
  REQUIRE(simt_test::limits::cuda_opt_in(64 * kKiB) == 0);
  simt_test::limits::cuda_dynamic_shared(b->stream(), o, 65 * kKiB);
  CHECK_THAT(failure_of(*b), ContainsSubstring("exceed the 65536 bytes (64 KiB) that "
                                               "cudaFuncSetAttribute"));
}

TEST_CASE("limits/sm_90: static shared memory over 48 KiB, and static + dynamic over the limit",
          "[limits][cuda]") {
  auto b = parity::make_backend("host-cuda");
  auto out = b->allocate(64 * sizeof(int));
  simt_test::limits::cuda_static_56k(b->stream(), out.as<int>());
  std::string m = failure_of(*b);
  INFO(m);
  CHECK_THAT(m, ContainsSubstring("static __shared__ memory of kernel 'static_56k_kernel' reaches "
                                  "57344 bytes (56 KiB); CUDA caps static shared memory at 49152 "
                                  "bytes (48 KiB) per block"));
  CHECK_THAT(m, ContainsSubstring("static slots: (big 57344)"));

  // 40 KiB static + 16 KiB dynamic: over 48 KiB without opt-in...
  simt_test::limits::cuda_static_40k_dynamic(b->stream(), out.as<int>(), 16 * kKiB);
  m = failure_of(*b);
  CHECK_THAT(m, ContainsSubstring("static __shared__ 40960 bytes (40 KiB) + dynamic 16384 bytes "
                                  "(16 KiB) = 57344 bytes (56 KiB) for kernel "
                                  "'static_40k_dynamic_kernel' exceed the 49152 bytes (48 KiB)"));
  // ...allowed with it (the kernel is named through a const void* cast: the same kernel).
  REQUIRE(simt_test::limits::cuda_static_40k_opt_in(16 * kKiB) == 0);
  simt_test::limits::cuda_static_40k_dynamic(b->stream(), out.as<int>(), 16 * kKiB);
  b->synchronize(b->stream());
  CHECK(out.as<int>()[5] == 3);
  // An opt-in that cannot fit beside the static 40 KiB: accepted here (the static size is not
  // known before the launch), then reported as the failure it is on the GPU.
  REQUIRE(simt_test::limits::cuda_static_40k_opt_in(200 * kKiB) == 0);
  simt_test::limits::cuda_static_40k_dynamic(b->stream(), out.as<int>(), 16 * kKiB);
  CHECK_THAT(failure_of(*b), ContainsSubstring("succeeded here but fails on sm_90 with "
                                               "cudaErrorInvalidValue: with 40960 bytes (40 KiB) "
                                               "of static shared memory at most 191488 bytes"));
}

TEST_CASE("limits/gfx942: 64 KiB of LDS per workgroup, and no attribute raises it",
          "[limits][hip]") {
  auto b = parity::make_backend("host-hip");
  auto out = b->allocate(64 * sizeof(int));
  int* o = out.as<int>();
  simt_test::limits::hip_lds(b->stream(), o, 64 * kKiB);
  b->synchronize(b->stream());
  CHECK(o[0] == static_cast<int>(64 * kKiB / sizeof(int)) - 1);

  simt_test::limits::hip_lds(b->stream(), o, 102 * kKiB);
  std::string m = failure_of(*b);
  INFO(m);
  CHECK_THAT(m, StartsWith("host-hip: hipErrorInvalidValue: cannot launch kernel 'lds_kernel'"));
  CHECK_THAT(m, ContainsSubstring("104448 bytes (102 KiB) of dynamic shared memory (LDS) exceed "
                                  "gfx942's 65536 bytes (64 KiB) per workgroup (AMD Instinct "
                                  "MI300X"));
  CHECK_THAT(m, ContainsSubstring("A CUDA original can opt in to up to 227 KiB per block on "
                                  "sm_90; gfx942 has no opt-in: tile the kernel or cut its "
                                  "shared memory"));
  CHECK(simt_test::limits::hip_set_max_lds(102 * kKiB) == kInvalidValue);
  CHECK_THAT(parity::simt::status_message(parity::simt::Status::kInvalidValue),
             ContainsSubstring("ROCm returns hipErrorInvalidValue"));
  (void)parity::simt::last_error(true);
  REQUIRE(simt_test::limits::hip_set_max_lds(64 * kKiB) == 0);
  simt_test::limits::hip_lds(b->stream(), o, 102 * kKiB);  // still refused: the ceiling is hard
  CHECK_THAT(failure_of(*b), ContainsSubstring("exceed gfx942's 65536 bytes (64 KiB)"));

  simt_test::limits::hip_lds_static_72k(b->stream(), o);
  m = failure_of(*b);
  CHECK_THAT(m, ContainsSubstring("static __shared__ memory of kernel 'lds_static_72k_kernel' "
                                  "reaches 73728 bytes (72 KiB), more than gfx942's 65536 bytes "
                                  "(64 KiB) of LDS per workgroup"));
  simt_test::limits::hip_lds_static_40k_dynamic(b->stream(), o, 30 * kKiB);
  CHECK_THAT(failure_of(*b), ContainsSubstring("static __shared__ 40960 bytes (40 KiB) + dynamic "
                                               "30720 bytes (30 KiB) = 71680 bytes (70 KiB) of "
                                               "LDS"));
  simt_test::limits::hip_lds_static_40k_dynamic(b->stream(), o, 24 * kKiB);  // exactly 64 KiB
  b->synchronize(b->stream());
  CHECK(o[1] == 3);
}

TEST_CASE("limits/grids: CUDA's 65535 in y and z, ROCm's 2^32 work-items per dimension",
          "[limits]") {
  auto cuda = parity::make_backend("host-cuda");
  auto out = cuda->allocate(sizeof(int));
  simt_test::limits::cuda_grid(cuda->stream(), out.as<int>(), 1, 65536);
  CHECK_THAT(failure_of(*cuda), ContainsSubstring("cudaErrorInvalidConfiguration") &&
                                    ContainsSubstring("grid (1,65536,1) exceeds sm_90"));
  simt_test::limits::cuda_grid(cuda->stream(), out.as<int>(), 3, 65535);
  cuda->synchronize(cuda->stream());
  CHECK(out.as<int>()[0] == 7);

  auto hip = parity::make_backend("host-hip");
  // 4194305 blocks of 1024 work-items: one more than 2^32 - 1 fits.
  simt_test::limits::hip_grid(hip->stream(), out.as<int>(), 4194305, 1024);
  CHECK_THAT(failure_of(*hip), ContainsSubstring("hipErrorInvalidConfiguration") &&
                                   ContainsSubstring("exceeds 2^32 - 1 work-items"));
}

TEST_CASE("limits/device properties report the target", "[limits]") {
  const auto cuda = simt_test::limits::cuda_properties();
  CHECK_THAT(cuda.name, StartsWith("parity-simt sm_90 (NVIDIA H100 / H200 (Hopper)) on "));
  CHECK(cuda.shared_per_block == 48 * kKiB);
  CHECK(cuda.shared_per_block_optin == 227 * kKiB);
  CHECK(cuda.warp_size == 32);
  CHECK((cuda.major == 9 && cuda.minor == 0));
  CHECK(cuda.max_block_z == 64);
  const auto hip = simt_test::limits::hip_properties();
  CHECK(hip.name == "gfx942");
  CHECK(hip.shared_per_block == 64 * kKiB);
  CHECK(hip.warp_size == 64);
  CHECK((hip.major == 9 && hip.minor == 4));
  CHECK(hip.max_block_z == 1024);
}
