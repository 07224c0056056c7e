// A C++ tokenizer precise enough to rewrite CUDA/HIP sources: comments, string literals (with
// encoding prefixes, raw strings and user-defined suffixes), character literals, pp-numbers with
// digit separators, line splices and preprocessor directives (one token each). Whitespace and
// comments produce no tokens; every token keeps its byte range and line/column, so a rewrite is
// a list of edits applied to the untouched original text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace parity::simt::rewrite {

enum class TokenKind { kIdentifier, kNumber, kString, kChar, kPunct, kDirective };

struct Token {
  TokenKind kind;
  std::size_t begin;  // byte offset in the source
  std::size_t end;
  int line;    // 1-based
  int column;  // 1-based, in bytes
};

struct LexError {
  int line;
  int column;
  std::string message;
};

struct LexResult {
  std::vector<Token> tokens;
  std::vector<LexError> errors;
};

//! Tokenizes `source`; `first_line` numbers the first line (for directive bodies). '>' is always
//! a token of its own (so '>>>' and '>>' are seen as consecutive '>'), '<<<' is one token.
LexResult lex(std::string_view source, int first_line = 1);

}  // namespace parity::simt::rewrite
