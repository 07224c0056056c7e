#include "lexer.hpp"

#include <array>

namespace parity::simt::rewrite {
namespace {

bool is_ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool is_ident_char(unsigned char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}

class Lexer {
 public:
  Lexer(std::string_view src, int first_line) : s_(src), line_(first_line) {}

  LexResult run() {
    bool line_start = true;
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c == '\n') {
        advance();
        line_start = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        advance();
        continue;
      }
      if (splice()) continue;
      if (c == '/' && peek(1) == '/') {
        skip_line_comment();
        continue;
      }
      if (c == '/' && peek(1) == '*') {
        skip_block_comment();
        continue;
      }
      const std::size_t begin = pos_;
      const int line = line_, column = column_;
      if (c == '#' && line_start) {
        directive();
        out_.tokens.push_back({TokenKind::kDirective, begin, pos_, line, column});
        line_start = true;  // the directive consumed its line
        continue;
      }
      line_start = false;
      TokenKind kind = TokenKind::kPunct;
      if (is_ident_start(static_cast<unsigned char>(c))) {
        while (pos_ < s_.size() && is_ident_char(static_cast<unsigned char>(s_[pos_]))) advance();
        const std::string_view id = s_.substr(begin, pos_ - begin);
        kind = TokenKind::kIdentifier;
        if (pos_ < s_.size() && s_[pos_] == '"' && is_string_prefix(id)) {
          if (id.back() == 'R') {
            raw_string(line, column);
          } else {
            quoted('"', line, column);
          }
          kind = TokenKind::kString;
        } else if (pos_ < s_.size() && s_[pos_] == '\'' &&
                   (id == "L" || id == "u" || id == "U" || id == "u8")) {
          quoted('\'', line, column);
          kind = TokenKind::kChar;
        }
      } else if (is_digit(static_cast<unsigned char>(c)) ||
                 (c == '.' && is_digit(static_cast<unsigned char>(peek(1))))) {
        number();
        kind = TokenKind::kNumber;
      } else if (c == '"') {
        quoted('"', line, column);
        kind = TokenKind::kString;
      } else if (c == '\'') {
        quoted('\'', line, column);
        kind = TokenKind::kChar;
      } else {
        punct();
      }
      out_.tokens.push_back({kind, begin, pos_, line, column});
    }
    return std::move(out_);
  }

 private:
  char peek(std::size_t k) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }

  void advance() {
    if (s_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  //! Backslash-newline (optionally with \r) is invisible.
  bool splice() {
    if (s_[pos_] != '\\') return false;
    if (peek(1) == '\n') {
      advance();
      advance();
      return true;
    }
    if (peek(1) == '\r' && peek(2) == '\n') {
      advance();
      advance();
      advance();
      return true;
    }
    return false;
  }

  static bool is_string_prefix(std::string_view id) {
    static constexpr std::array<std::string_view, 9> kPrefixes = {"R",  "L",  "u",  "U",  "u8",
                                                                  "LR", "uR", "UR", "u8R"};
    for (auto p : kPrefixes)
      if (id == p) return true;
    return false;
  }

  void error(int line, int column, std::string message) {
    out_.errors.push_back({line, column, std::move(message)});
  }

  void skip_line_comment() {
    while (pos_ < s_.size() && s_[pos_] != '\n') {
      if (splice()) continue;
      advance();
    }
  }

  void skip_block_comment() {
    const int line = line_, column = column_;
    advance();
    advance();
    while (pos_ < s_.size()) {
      if (s_[pos_] == '*' && peek(1) == '/') {
        advance();
        advance();
        return;
      }
      advance();
    }
    error(line, column, "unterminated /* comment");
  }

  void quoted(char quote, int line, int column) {
    advance();  // opening quote
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if (c == '\\') {
        advance();
        if (pos_ < s_.size()) advance();
        continue;
      }
      if (c == '\n') break;
      advance();
      if (c == quote) {
        suffix();
        return;
      }
    }
    error(line, column,
          quote == '"' ? "unterminated string literal" : "unterminated character literal");
  }

  void raw_string(int line, int column) {
    advance();  // "
    const std::size_t delim_begin = pos_;
    while (pos_ < s_.size() && s_[pos_] != '(' && s_[pos_] != '\n' && pos_ - delim_begin <= 16)
      advance();
    if (pos_ >= s_.size() || s_[pos_] != '(') {
      error(line, column, "malformed raw string literal delimiter");
      return;
    }
    // ")" delimiter '"', built by appending (GCC 12's -Wrestrict misfires on "x" + string).
    std::string close(1, ')');
    close.append(s_.substr(delim_begin, pos_ - delim_begin));
    close.push_back('"');
    advance();
    const std::size_t found = s_.find(close, pos_);
    if (found == std::string_view::npos) {
      error(line, column, "unterminated raw string literal");
      while (pos_ < s_.size()) advance();
      return;
    }
    while (pos_ < found + close.size()) advance();
    suffix();
  }

  void suffix() {  // user-defined literal suffix
    while (pos_ < s_.size() && is_ident_char(static_cast<unsigned char>(s_[pos_]))) advance();
  }

  void number() {
    while (pos_ < s_.size()) {
      const char c = s_[pos_];
      if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && (peek(1) == '+' || peek(1) == '-')) {
        advance();
        advance();
      } else if (c == '\'' && is_ident_char(static_cast<unsigned char>(peek(1)))) {
        advance();  // digit separator
      } else if (is_ident_char(static_cast<unsigned char>(c)) || c == '.') {
        advance();
      } else {
        break;
      }
    }
  }

  void punct() {
    // No digraphs: "<::" in a template argument list must stay '<' '::'.
    static constexpr std::array<std::string_view, 25> kLong = {
        "<<<", "<=>", "<<=", "->*", "...", "::", "->", "++", "--", "<<", "<=", "==", "!=",
        "&&",  "||",  "+=",  "-=",  "*=",  "/=", "%=", "&=", "|=", "^=", ".*", "##"};
    for (std::string_view p : kLong) {
      if (s_.substr(pos_, p.size()) == p) {
        for (std::size_t i = 0; i < p.size(); ++i) advance();
        return;
      }
    }
    advance();
  }

  void directive() {
    // To the end of the line, honouring splices; comments may span lines.
    while (pos_ < s_.size() && s_[pos_] != '\n') {
      if (splice()) continue;
      if (s_[pos_] == '/' && peek(1) == '*') {
        skip_block_comment();
        continue;
      }
      if (s_[pos_] == '/' && peek(1) == '/') {
        skip_line_comment();
        continue;
      }
      if (s_[pos_] == '"' || s_[pos_] == '\'') {
        const char q = s_[pos_];
        const int line = line_, column = column_;
        const std::size_t before = out_.errors.size();
        quoted(q, line, column);
        // An apostrophe in #error text or a header name is not a literal: forget the error.
        out_.errors.resize(before);
        continue;
      }
      advance();
    }
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_;
  int column_ = 1;
  LexResult out_;
};

}  // namespace

LexResult lex(std::string_view source, int first_line) {
  return Lexer(source, first_line).run();
}

}  // namespace parity::simt::rewrite
