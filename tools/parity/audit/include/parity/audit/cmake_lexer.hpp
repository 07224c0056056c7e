// A tokenizer for CMake's language (cmake-language(7)): command invocations and their arguments,
// with line comments, bracket comments #[[...]] and bracket arguments [=[...]=] handled, so that
// a commented-out target_link_libraries or flag is never taken for a real one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parity/cxx/tokenizer.hpp"

namespace parity::audit {

using LexDiagnostic = cxx::Diagnostic;  // line, column (0: not known), message

struct CMakeArgument {
  std::string command;  // the invoking command, lower-cased ("target_link_libraries")
  std::string text;     // quoted and bracket arguments without their delimiters
  int line = 0;
  bool quoted = false;  // "..." or [[...]]
};

struct CMakeLexResult {
  std::vector<CMakeArgument> arguments;
  std::vector<LexDiagnostic> diagnostics;
  int lines = 0;
};

CMakeLexResult lex_cmake(std::string_view source);

//! The words of an argument: runs of [A-Za-z0-9_.+=:/-] with leading and trailing ':' removed, so
//! "$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>" yields "--use_fast_math" and "CUDA::cublas"
//! stays whole.
std::vector<std::string> cmake_words(std::string_view argument);

}  // namespace parity::audit
