// The device pass's architecture macros in a single compile. nvcc and hipcc compile a file twice
// (host, then device); the emulator compiles it once, so this pass decides, per use, which pass's
// value of __CUDA_ARCH__ (CUDA) or __HIP_DEVICE_COMPILE__, __gfx942__, __GFX9__, ... (HIP) a use
// gets, by renaming the device pass's uses to PARITY_SIMT_DEV<name> (defined by the stand-ins for
// the emulated target, parity/simt/target_macros.hpp):
//  - in the bodies of __global__ and __device__ functions: the device value;
//  - in __host__ __device__ bodies: the device value, and a check at the top of the body that
//    fails loudly when host code calls it (nvcc would give the host caller the host path);
//  - in host functions: the host value (undefined), and a check that fails loudly when a kernel
//    calls it (its __device__ was hidden in a macro from another file);
//  - at namespace scope, conditionals on them: the device value when what they select is device
//    code only, the host value when it is host code only, a build error when it is both;
//  - macros whose definitions use them: the device value when every use is in device code, a
//    build error when one is used by both sides, or defined under a namespace-scope conditional
//    that selects nothing but definitions and then used in device code.
// Kept apart from the launch and __shared__ rewrite (rewriter.cpp), which calls it once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rewriter.hpp"
#include "source_tokens.hpp"

namespace parity::simt::rewrite {

struct TextEdit {
  std::size_t begin;  // replaces source bytes [begin, end) with text (begin == end: inserts)
  std::size_t end;
  std::string text;
};

void arch_macro_edits(std::string_view source, const std::vector<Token>& tokens,
                      const Options& options, std::vector<TextEdit>& edits,
                      std::vector<Diagnostic>& errors);

}  // namespace parity::simt::rewrite
