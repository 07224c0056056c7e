// Shared helpers for the golden store tests: a scratch folder, sample tensors, file surgery.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "parity/golden.hpp"
#include "parity/rng.hpp"

namespace parity::testing {

//! A fresh folder under the system temp folder, removed with everything in it at scope exit.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("parity-golden-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline Provenance test_provenance(std::string case_name = "unit/case") {
  Provenance p = Provenance::for_this_host();
  p.suite = "unit";
  p.case_name = std::move(case_name);
  p.seed = 1234;
  p.warp_size = 32;
  p.launch_geometry = R"({"grid":[4,1,1],"block":[64,1,1]})";
  p.params = R"({"rows":4,"cols":5})";
  return p;
}

//! A tensor of `dtype` filled from the RNG (every byte pattern legal for the dtype).
inline Tensor sample(DType dtype, const Shape& shape, std::uint64_t stream = 1) {
  Recipe r{99, stream, gen::normal(0.0, 4.0)};
  if (dtype == DType::kBool) r.distribution = gen::bernoulli(0.5);
  if (is_integral(dtype) && dtype != DType::kBool) r.distribution = gen::uniform_int(-100, 100);
  return generate(r, dtype, shape);
}

inline std::vector<char> read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void write_bytes(const std::filesystem::path& p, const std::vector<char>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline bool same_bytes(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape() &&
         std::memcmp(a.data(), b.data(), a.nbytes()) == 0;
}

//! Byte offset of the first occurrence of `needle` in a file, or -1.
inline std::int64_t find_in_file(const std::filesystem::path& p, std::string_view needle) {
  auto bytes = read_bytes(p);
  auto it = std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end());
  return it == bytes.end() ? -1 : static_cast<std::int64_t>(it - bytes.begin());
}

}  // namespace parity::testing
