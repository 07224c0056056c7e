// The one tokenizer of C, C++, CUDA and HIP sources, used by the emulator's source rewriter
// (adapters/host/rewriter) and by `parity audit` (tools/parity/audit). It does what translation
// phases 1-3 do, so that nothing in a comment or a literal is ever taken for code: line splices
// (backslash, optional blanks, newline) are removed, "\r\n" and a lone "\r" end a line, comments
// produce no tokens, string and character literals (encoding prefixes, raw strings R"d(...)d",
// user-defined suffixes) are one token each, and so are pp-numbers (digit separators, exponent
// signs) and the header name of an #include. CUDA's launch brackets <<< and >>> are one token
// each. Every token keeps its spelling (splices removed), its line and column in the original
// text, and its byte range there, so that a rewrite can be a list of edits applied to the
// untouched original.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace parity::cxx {

enum class TokenKind { kIdentifier, kNumber, kString, kChar, kHeaderName, kPunct, kDirective };

struct Token {
  TokenKind kind = TokenKind::kPunct;
  std::string text;              // the spelling, line splices removed (literals keep quotes/prefix)
  int line = 0;                  // 1-based line of the first character in the original text
  int column = 0;                // 1-based column (bytes) of the first character
  bool directive = false;        // part of a preprocessor directive line, the '#' included
  bool directive_start = false;  // the '#' that begins a directive (not a # or ## inside one)
  std::size_t begin = 0;         // byte range of the token in the original text
  std::size_t end = 0;

  bool is(TokenKind k, std::string_view t) const { return kind == k && text == t; }
  bool is_punct(std::string_view t) const { return is(TokenKind::kPunct, t); }
  bool is_identifier(std::string_view t) const { return is(TokenKind::kIdentifier, t); }
};

//! Something the tokenizer could not make sense of; tokenizing goes on after it.
struct Diagnostic {
  int line = 0;
  int column = 0;
  std::string message;  // "unterminated /* comment", "unterminated string literal", ...
};

struct LexResult {
  std::vector<Token> tokens;
  std::vector<Diagnostic> diagnostics;
  int lines = 0;  // lines in the original text
};

//! How a preprocessor directive comes out.
enum class Directives {
  kTokens,  // its tokens, each marked `directive` (the audit reads #include, #define, #if 0)
  kWhole,   // one kDirective token from the '#' to the end of its (spliced) line, comments
            // included (the rewriter keeps directives as they are and re-lexes #define bodies)
};

struct LexOptions {
  Directives directives = Directives::kTokens;
  //! '>' is always a token of its own ('>>', '>>>', '>=' and '>>=' are never formed), for
  //! parsing template argument lists and launch brackets by counting '>'.
  bool split_greater = false;
  //! The number of the first line (for a directive body lexed on its own).
  int first_line = 1;
};

//! Tokenizes C, C++, CUDA or HIP source text.
LexResult lex(std::string_view source, const LexOptions& options = {});

//! Drops the tokens of `#if 0` ... `#endif` blocks (up to a matching #else/#elif, whose branch is
//! kept), directives included: the one conditional whose outcome is known without a preprocessor.
//! Needs Directives::kTokens. `dropped`, when given, receives the first and last line of each
//! dropped block.
std::vector<Token> drop_disabled_blocks(std::vector<Token> tokens,
                                        std::vector<std::pair<int, int>>* dropped = nullptr);

//! The value of an integer literal token (decimal, hex, octal, binary; digit separators and
//! u/l suffixes allowed), or -1 when it is not one.
long long integer_value(const Token& token);

}  // namespace parity::cxx
