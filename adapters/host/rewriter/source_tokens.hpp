// How the rewriter tokenizes a source, for both of its passes (rewriter.cpp, arch_macros.cpp):
// the one tokenizer (tools/cxx_tokenizer) with directives kept whole (the rewriter copies them
// and re-lexes #define bodies) and '>' always a token of its own (template argument lists and
// the launch's '>>>' are parsed by counting '>').
#pragma once

#include <string_view>

#include "parity/cxx/tokenizer.hpp"

namespace parity::simt::rewrite {

using cxx::LexResult;
using cxx::Token;
using cxx::TokenKind;

inline LexResult lex_source(std::string_view source, int first_line = 1) {
  return cxx::lex(
      source,
      {.directives = cxx::Directives::kWhole, .split_greater = true, .first_line = first_line});
}

}  // namespace parity::simt::rewrite
