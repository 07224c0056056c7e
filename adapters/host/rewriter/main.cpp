// parity-simt-rewrite: the build step that turns a .cu / .hip file into C++ for the host
// emulator (see rewriter.hpp). Usage:
//   parity-simt-rewrite --dialect cuda|hip --input kernel.cu --output kernel.cu.cpp
// Problems are printed as "file:line:column: error: ..." and make it exit with status 1.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "rewriter.hpp"

namespace {

int usage(const char* why) {
  std::cerr << "parity-simt-rewrite: " << why
            << "\nusage: parity-simt-rewrite --dialect cuda|hip --input FILE --output FILE\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using parity::simt::rewrite::Dialect;
  parity::simt::rewrite::Options options;
  std::string input, output;
  bool have_dialect = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage(("missing value after " + arg).c_str());
    const std::string value = argv[++i];
    if (arg == "--dialect") {
      if (value == "cuda") {
        options.dialect = Dialect::kCuda;
      } else if (value == "hip") {
        options.dialect = Dialect::kHip;
      } else {
        return usage(("unknown dialect '" + value + "' (cuda or hip)").c_str());
      }
      have_dialect = true;
    } else if (arg == "--input") {
      input = value;
    } else if (arg == "--output") {
      output = value;
    } else {
      return usage(("unknown option " + arg).c_str());
    }
  }
  if (!have_dialect || input.empty() || output.empty()) return usage("missing option");
  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << input << ": error: cannot read this file\n";
    return 1;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  options.path = input;
  const auto result = parity::simt::rewrite::rewrite(buffer.str(), options);
  if (!result.errors.empty()) {
    for (const auto& e : result.errors) {
      std::cerr << input << ":" << e.line << ":" << e.column << ": error: " << e.message << "\n";
    }
    std::cerr << "parity-simt-rewrite: " << result.errors.size() << " problem(s) in " << input
              << "; the host emulator cannot build it as written\n";
    return 1;
  }
  const std::string tmp = output + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << result.text;
    // Last in the translation unit: a real CUDA/ROCm header that slipped in after the stand-ins
    // (an absolute include path) stops the build with a message (docs/host-emulation.md).
    out << "\n#include \"parity/simt/real_header_check.hpp\"\n";
    if (!out) {
      std::cerr << output << ": error: cannot write the rewritten source\n";
      return 1;
    }
  }
  if (std::rename(tmp.c_str(), output.c_str()) != 0) {
    std::cerr << output << ": error: cannot move the rewritten source into place\n";
    return 1;
  }
  return 0;
}
