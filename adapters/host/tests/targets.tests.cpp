// Targets other than the defaults, chosen per library (parity_add_emulated_library(... TARGET)):
// an sm_80 library gets A100's opt-in maximum (163 KiB) and __CUDA_ARCH__ 800, a gfx1100 library
// RDNA3's wave32 and its macros. Its own test binary, so that the other tests see only the default
// targets registered.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <string>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/error.hpp"
#include "parity/simt/runtime_api.hpp"

using Catch::Matchers::ContainsSubstring;

TEST_CASE("targets/sm_80: __CUDA_ARCH__ 800, 163 KiB with opt-in, not 164", "[targets][cuda]") {
  auto b = parity::make_backend("host-cuda");
  CHECK(b->device_info().architecture == "sm_80");
  CHECK(simt_test::targets::ampere_optin_reported() == 163 * 1024);
  CHECK(simt_test::targets::ampere_opt_in(164 * 1024) == 1);  // cudaErrorInvalidValue
  CHECK_THAT(parity::simt::status_message(parity::simt::Status::kInvalidValue),
             ContainsSubstring("exceed sm_80's opt-in maximum of 166912 bytes (163 KiB)"));
  (void)parity::simt::last_error(true);
  REQUIRE(simt_test::targets::ampere_opt_in(163 * 1024) == 0);
  auto out = b->allocate(2 * sizeof(int));
  simt_test::targets::ampere(b->stream(), out.as<int>(), 163 * 1024);
  b->synchronize(b->stream());
  CHECK(out.as<int>()[0] == 800);
  CHECK(out.as<int>()[1] == 1);
}

TEST_CASE("targets/gfx1100: a wave32 device with RDNA3's macros", "[targets][hip]") {
  auto b = parity::make_backend("host-hip");
  CHECK(b->device_info().architecture == "gfx1100");
  CHECK(b->device_info().warp_size == 32);
  CHECK(simt_test::targets::rdna_warp_size_reported() == 32);
  auto out = b->allocate(3 * sizeof(int));
  simt_test::targets::rdna(b->stream(), out.as<int>());
  b->synchronize(b->stream());
  CHECK(out.as<int>()[0] == 32);
  CHECK(out.as<int>()[1] == 32);
  CHECK(out.as<int>()[2] == 1100);
}
