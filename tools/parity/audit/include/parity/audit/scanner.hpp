// The scanner: reads a CUDA code base through the lexers and fills an Inventory with its kernels,
// launches, CUDA API uses, libraries and porting hazards. Suite coverage and the effort estimate
// are added afterwards (suite_index.hpp, effort.hpp).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parity/audit/inventory.hpp"
#include "parity/cxx/tokenizer.hpp"

namespace parity::audit {

using cxx::Token;  // the scanner reads the tokens of parity's one C++ tokenizer

//! Whether the audit reads this file: .cu .cuh .h .hpp .cpp .cc, CMakeLists.txt, *.cmake.
bool is_audited_file(const std::filesystem::path& path);

class Scanner {
 public:
  explicit Scanner(std::string root);
  ~Scanner();
  Scanner(const Scanner&) = delete;
  Scanner& operator=(const Scanner&) = delete;

  //! Adds one file; `path` is how reports name it. CMake files are recognised by name.
  void add_file(const std::string& path, std::string_view text);

  //! Resolves what needs every file (launches by name, device-function calls, per-kernel
  //! hazards) and returns the inventory, sorted. The scanner is empty afterwards.
  Inventory finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

//! Scans a file or every audited file under a folder (hidden folders skipped, symlinked folders
//! not followed). Throws UsageError when `root` does not exist or is not an audited file, Error
//! when a file cannot be read.
Inventory scan(const std::filesystem::path& root);

//! Tokens joined with C++-like spacing: "const T* __restrict__ x", "f<T>(a, b)".
std::string join_tokens(const std::vector<Token>& tokens, std::size_t begin, std::size_t end);

}  // namespace parity::audit
