// A C++/CUDA tokenizer for the audit. It does what translation phases 1-3 do, so that nothing in
// a comment or a literal is ever taken for code: line splices (backslash-newline) are removed
// first, comments produce no tokens, string and character literals (encoding prefixes, raw
// strings R"d(...)d", user-defined suffixes) are one token each, and the header name of an
// #include is one token. CUDA's launch brackets <<< and >>> are one token each.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace parity::audit {

enum class TokenKind { kIdentifier, kNumber, kString, kChar, kHeaderName, kPunct };

struct Token {
  TokenKind kind = TokenKind::kPunct;
  std::string text;              // the spelling, line splices removed (literals keep quotes/prefix)
  int line = 0;                  // 1-based line of the first character in the original file
  int column = 0;                // 1-based column (bytes) of the first character
  bool directive = false;        // part of a preprocessor directive line, the '#' included
  bool directive_start = false;  // the '#' that begins a directive (not a # or ## inside one)

  bool is(TokenKind k, std::string_view t) const { return kind == k && text == t; }
  bool is_punct(std::string_view t) const { return is(TokenKind::kPunct, t); }
  bool is_identifier(std::string_view t) const { return is(TokenKind::kIdentifier, t); }
};

//! Something the lexer could not make sense of; lexing goes on after it.
struct LexDiagnostic {
  int line = 0;
  std::string message;
};

struct LexResult {
  std::vector<Token> tokens;
  std::vector<LexDiagnostic> diagnostics;
  int lines = 0;  // lines in the original text
};

//! Tokenizes C, C++ or CUDA source text.
LexResult lex(std::string_view source);

//! Drops the tokens of `#if 0` ... `#endif` blocks (up to a matching #else/#elif, whose branch is
//! kept), directives included: the one conditional whose outcome is known without a preprocessor.
//! `dropped`, when given, receives the first and last line of each dropped block.
std::vector<Token> drop_disabled_blocks(std::vector<Token> tokens,
                                        std::vector<std::pair<int, int>>* dropped = nullptr);

//! The value of an integer literal token (decimal, hex, octal, binary; digit separators and
//! u/l suffixes allowed), or -1 when it is not one.
long long integer_value(const Token& token);

}  // namespace parity::audit
