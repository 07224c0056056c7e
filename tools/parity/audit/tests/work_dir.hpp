// A scratch folder per test process under the build tree, removed when the process ends: CTest
// runs the cases of one test executable as parallel processes, which must not share files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace parity::audit::test {

inline const std::filesystem::path& work_dir() {
  struct Scratch {
    std::filesystem::path path;
    ~Scratch() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static const Scratch scratch = [] {
    const std::filesystem::path p =
        std::filesystem::path(PARITY_AUDIT_WORK_DIR) / ("pid-" + std::to_string(::getpid()));
    std::filesystem::remove_all(p);
    std::filesystem::create_directories(p);
    return Scratch{p};
  }();
  return scratch.path;
}

}  // namespace parity::audit::test
