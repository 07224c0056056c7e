// The source rewrite that lets the host compiler build CUDA and HIP kernel sources:
//  - kernel<<<grid, block, shmem, stream>>>(args) becomes a call of
//    parity::simt::detail::launch_kernel (see parity/simt/launch.hpp);
//  - __shared__ declarations in functions become references into the block's shared memory,
//    and those at namespace scope become expressions at every use (shared_memory.hpp).
// Everything else is left byte for byte; a #line directive and newline padding keep compiler
// diagnostics and __LINE__ on the original lines. What cannot be rewritten is reported with
// file:line:column, so the build fails there instead of somewhere in the generated code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace parity::simt::rewrite {

enum class Dialect { kCuda, kHip };

struct Options {
  Dialect dialect = Dialect::kCuda;
  std::string path;  // the original file, for #line, launch sites and diagnostics
};

struct Diagnostic {
  int line;
  int column;
  std::string message;
};

struct Output {
  std::string text;
  std::vector<Diagnostic> errors;
};

Output rewrite(std::string_view source, const Options& options);

}  // namespace parity::simt::rewrite
