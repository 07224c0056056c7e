// Reads a GPU leaves undefined carry the poison pattern (parity/poison.hpp) on the emulator, and
// what a vendor defines is kept: AMD's shuffle from a missing lane returns 0. The controls turn the
// poison off (PARITY_SIMT_POISON=0's switch) and show the reads are the same code paths.
#include <catch2/catch_test_macros.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "launchers.hpp"
#include "parity/backend.hpp"
#include "parity/poison.hpp"
#include "parity/simt/runtime_api.hpp"

namespace {

constexpr std::uint32_t kPoison32 = 0x7FF67FF6u;

std::uint32_t bits(float f) {
  return std::bit_cast<std::uint32_t>(f);
}

//! Restores the poison setting when a test leaves.
struct PoisonSetting {
  explicit PoisonSetting(bool on) : before(parity::simt::poison()) { parity::simt::set_poison(on); }
  ~PoisonSetting() { parity::simt::set_poison(before); }
  bool before;
};

}  // namespace

TEST_CASE("poison/never-written shared memory reads as the poison, written elements do not",
          "[poison][cuda][hip]") {
  PoisonSetting on(true);
  for (const char* name : {"host-cuda", "host-hip"}) {
    auto b = parity::make_backend(name);
    auto out = b->allocate(64 * sizeof(float));
    float* o = out.as<float>();
    if (std::string(name) == "host-cuda")
      simt_test::poison::cuda_half_written_shared(b->stream(), o);
    else
      simt_test::poison::hip_half_written_lds(b->stream(), o);
    b->synchronize(b->stream());
    INFO(name);
    for (int i = 0; i < 32; ++i) CHECK(o[i] == static_cast<float>(i));
    for (int i = 32; i < 64; ++i) {
      CHECK(std::isnan(o[i]));
      CHECK(bits(o[i]) == kPoison32);
    }
  }
}

TEST_CASE("poison/a fresh allocation holds the poison; with the poison off it does not",
          "[poison][cuda]") {
  {
    PoisonSetting on(true);
    CHECK(simt_test::poison::cuda_fresh_allocation_word() == kPoison32);
    auto b = parity::make_backend("host-hip");
    auto buf = b->allocate(10);  // the backend's allocations too, to the last byte
    const auto* p = static_cast<const unsigned char*>(buf.get());
    for (int i = 0; i < 10; ++i) CHECK(p[i] == (i % 2 == 0 ? 0xF6 : 0x7F));
  }
  PoisonSetting off(false);
  // Negative control: the same read without poison is not the pattern (heap memory from a
  // fresh mapping is zero here; it is only guaranteed not to be the poison by chance).
  CHECK(simt_test::poison::cuda_fresh_allocation_word() != kPoison32);
}

TEST_CASE("poison/a shuffle from a lane past the block: poison on CUDA, 0 on AMD",
          "[poison][warp]") {
  PoisonSetting on(true);
  auto cuda = parity::make_backend("host-cuda");
  auto out = cuda->allocate(48 * sizeof(int));
  int* o = out.as<int>();
  simt_test::poison::cuda_shuffle_past_the_block(cuda->stream(), o);
  cuda->synchronize(cuda->stream());
  // Warp 0 (lanes 0-31): lanes 0-15 read 16-31, lanes 16-31 keep their own (outside the width).
  for (int t = 0; t < 16; ++t) CHECK(o[t] == t + 16 + 1000);
  for (int t = 16; t < 32; ++t) CHECK(o[t] == t + 1000);
  // Warp 1 has lanes 0-15 (threads 32-47): each reads lane + 16, which does not exist.
  for (int t = 32; t < 48; ++t) CHECK(static_cast<std::uint32_t>(o[t]) == kPoison32);

  auto hip = parity::make_backend("host-hip");
  simt_test::poison::hip_shuffle_past_the_block(hip->stream(), o);
  hip->synchronize(hip->stream());
  // One 48-lane wavefront: lanes 0-31 read lane + 16; lanes 32-47 read lanes 48-63, which do
  // not exist: ds_bpermute gives 0, as AMD documents, not the poison.
  for (int t = 0; t < 32; ++t) CHECK(o[t] == t + 16 + 1000);
  for (int t = 32; t < 48; ++t) CHECK(o[t] == 0);

  // Control: with the poison off, CUDA gets zero bits there too.
  PoisonSetting off(false);
  simt_test::poison::cuda_shuffle_past_the_block(cuda->stream(), o);
  cuda->synchronize(cuda->stream());
  for (int t = 32; t < 48; ++t) CHECK(o[t] == 0);
}
