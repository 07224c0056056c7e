#include "parity/cxx/tokenizer.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

namespace parity::cxx {

namespace {

// Phases 1-2: the text with line splices removed and newlines normalised to '\n', plus the
// original line, column and byte offset of every character that remains.
struct Spliced {
  std::string text;
  std::vector<int> line;
  std::vector<int> column;
  std::vector<std::size_t> offset;
  int lines = 0;
};

Spliced splice(std::string_view src, int first_line) {
  Spliced out;
  out.text.reserve(src.size());
  out.line.reserve(src.size() + 1);
  out.column.reserve(src.size() + 1);
  out.offset.reserve(src.size() + 1);
  int line = first_line;
  int column = 1;
  std::size_t i = 0;
  const auto newline_at = [&](std::size_t k) -> std::size_t {  // length of a newline at k, or 0
    if (k < src.size() && src[k] == '\n') return 1;
    if (k < src.size() && src[k] == '\r') return k + 1 < src.size() && src[k + 1] == '\n' ? 2 : 1;
    return 0;
  };
  while (i < src.size()) {
    if (src[i] == '\\') {
      // A backslash followed by optional blanks and a newline joins two lines (GCC and Clang
      // accept the blanks too).
      std::size_t k = i + 1;
      while (k < src.size() && (src[k] == ' ' || src[k] == '\t')) ++k;
      if (const std::size_t nl = newline_at(k); nl != 0) {
        i = k + nl;
        ++line;
        column = 1;
        continue;
      }
    }
    if (const std::size_t nl = newline_at(i); nl != 0) {
      out.text.push_back('\n');
      out.line.push_back(line);
      out.column.push_back(column);
      out.offset.push_back(i);
      i += nl;
      ++line;
      column = 1;
      continue;
    }
    out.text.push_back(src[i]);
    out.line.push_back(line);
    out.column.push_back(column);
    out.offset.push_back(i);
    ++i;
    ++column;
  }
  out.line.push_back(line);  // sentinel position: end of text
  out.column.push_back(column);
  out.offset.push_back(src.size());
  const int counted = line - first_line + 1;
  out.lines =
      src.empty() ? 0 : (out.text.empty() || out.text.back() == '\n' ? counted - 1 : counted);
  return out;
}

bool is_ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_ident_char(char c) {
  return is_ident_start(c) || std::isdigit(static_cast<unsigned char>(c));
}
bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Longest first: the lexer takes the first entry that matches.
constexpr std::array<std::string_view, 40> kPunctuators = {
    "<<<", ">>>", "<<=", ">>=", "<=>", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=",
    ">=",  "==",  "!=",  "&&",  "||",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", "##",
    ".*",  "{",   "}",   "[",   "]",   "(",   ")",   ";",  ":",  ",",  "?",  "#"};

class Lexer {
 public:
  Lexer(std::string_view source, const LexOptions& options)
      : s_(splice(source, options.first_line)), options_(options) {}

  LexResult run() {
    LexResult result;
    bool line_start = true;
    bool in_directive = false;
    bool expect_directive_name = false;
    bool expect_header = false;
    const std::string& t = s_.text;
    std::size_t i = 0;
    while (i < t.size()) {
      const char c = t[i];
      if (c == '\n') {
        line_start = true;
        in_directive = false;
        expect_directive_name = expect_header = false;
        ++i;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '/' && i + 1 < t.size() && t[i + 1] == '/') {
        i = t.find('\n', i);
        if (i == std::string::npos) i = t.size();
        continue;
      }
      if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
        const std::size_t end = t.find("*/", i + 2);
        if (end == std::string::npos) {
          diag(result, i, "unterminated /* comment");
          i = t.size();
        } else {
          i = end + 2;  // newlines inside do not end a directive (phase 3 makes it one space)
        }
        continue;
      }
      const std::size_t begin = i;
      Token token;
      if (expect_header && (c == '<' || c == '"')) {
        const char close = c == '<' ? '>' : '"';
        std::size_t end = i + 1;
        while (end < t.size() && t[end] != close && t[end] != '\n') ++end;
        if (end >= t.size() || t[end] != close) {
          diag(result, i, "unterminated header name");
          i = end;
        } else {
          i = end + 1;
        }
        token.kind = TokenKind::kHeaderName;
      } else if (line_start && c == '#' && options_.directives == Directives::kWhole) {
        i = directive_end(result, i);
        token.kind = TokenKind::kDirective;
        push(result, token, begin, i, true);
        result.tokens.back().directive_start = true;
        line_start = false;
        continue;
      } else if (line_start && c == '#') {
        ++i;
        token.kind = TokenKind::kPunct;
        token.directive_start = true;
        in_directive = true;
        expect_directive_name = true;
        push(result, token, begin, i, true);
        line_start = false;
        continue;
      } else if (is_ident_start(c)) {
        while (i < t.size() && is_ident_char(t[i])) ++i;
        const std::string_view word(t.data() + begin, i - begin);
        if (i < t.size() && t[i] == '"' && is_string_prefix(word)) {
          token.kind = TokenKind::kString;
          i = word.back() == 'R' ? raw_string_end(result, begin, i) : quoted_end(result, i, '"');
        } else if (i < t.size() && t[i] == '\'' && is_char_prefix(word)) {
          token.kind = TokenKind::kChar;
          i = quoted_end(result, i, '\'');
        } else {
          token.kind = TokenKind::kIdentifier;
        }
      } else if (is_digit(c) || (c == '.' && i + 1 < t.size() && is_digit(t[i + 1]))) {
        token.kind = TokenKind::kNumber;
        i = number_end(i);
      } else if (c == '"') {
        token.kind = TokenKind::kString;
        i = quoted_end(result, i, '"');
      } else if (c == '\'') {
        token.kind = TokenKind::kChar;
        i = quoted_end(result, i, '\'');
      } else {
        token.kind = TokenKind::kPunct;
        std::size_t len = 1;
        for (std::string_view p : kPunctuators) {
          if (options_.split_greater && c == '>') break;
          if (t.compare(i, p.size(), p) == 0) {
            len = p.size();
            break;
          }
        }
        i += len;
      }
      push(result, token, begin, i, in_directive);
      line_start = false;
      if (expect_directive_name) {
        expect_directive_name = false;
        const std::string& name = result.tokens.back().text;
        expect_header = name == "include" || name == "include_next" || name == "import";
      } else {
        expect_header = false;
      }
    }
    result.lines = s_.lines;
    return result;
  }

 private:
  static bool is_string_prefix(std::string_view w) {
    return w == "L" || w == "u" || w == "U" || w == "u8" || w == "R" || w == "LR" || w == "uR" ||
           w == "UR" || w == "u8R";
  }
  static bool is_char_prefix(std::string_view w) {
    return w == "L" || w == "u" || w == "U" || w == "u8";
  }

  // i is at the opening quote; returns the index after the literal and its ud-suffix. An
  // unterminated literal ends at the end of its line (as a compiler would diagnose it).
  std::size_t quoted_end(LexResult& result, std::size_t i, char quote) {
    const std::string& t = s_.text;
    const std::size_t open = i;
    ++i;
    while (i < t.size() && t[i] != quote && t[i] != '\n') i += t[i] == '\\' ? 2 : 1;
    if (i >= t.size() || t[i] != quote) {
      diag(result, open,
           quote == '"' ? "unterminated string literal" : "unterminated character literal");
      return std::min(i, t.size());
    }
    ++i;
    while (i < t.size() && is_ident_char(t[i])) ++i;  // user-defined literal suffix
    return i;
  }

  // i is at the quote after the R prefix: R"delim( ... )delim".
  std::size_t raw_string_end(LexResult& result, std::size_t begin, std::size_t i) {
    const std::string& t = s_.text;
    std::size_t open = i + 1;
    while (open < t.size() && t[open] != '(' && open - i <= 17 && t[open] != '"' &&
           t[open] != ' ' && t[open] != ')' && t[open] != '\\' && t[open] != '\n')
      ++open;
    if (open >= t.size() || t[open] != '(') {
      diag(result, begin, "malformed raw string literal delimiter");
      return quoted_end(result, i, '"');
    }
    const std::string close = ")" + t.substr(i + 1, open - i - 1) + "\"";
    const std::size_t end = t.find(close, open + 1);
    if (end == std::string::npos) {
      diag(result, begin, "unterminated raw string literal");
      return t.size();
    }
    std::size_t k = end + close.size();
    while (k < t.size() && is_ident_char(t[k])) ++k;
    return k;
  }

  // A pp-number: digits, letters, '.', digit separators, and signs after an exponent letter.
  std::size_t number_end(std::size_t i) const {
    const std::string& t = s_.text;
    ++i;
    while (i < t.size()) {
      const char c = t[i];
      if ((c == '+' || c == '-') &&
          (t[i - 1] == 'e' || t[i - 1] == 'E' || t[i - 1] == 'p' || t[i - 1] == 'P')) {
        ++i;
      } else if (c == '\'' && i + 1 < t.size() && is_ident_char(t[i + 1])) {
        i += 2;
      } else if (is_ident_char(c) || c == '.') {
        ++i;
      } else {
        break;
      }
    }
    return i;
  }

  // The end of a whole directive from its '#' at i: its line, with block comments that may span
  // lines and literals whose quotes must not start a comment (an apostrophe in #error text or a
  // header name is not a literal, so nothing in there is diagnosed).
  std::size_t directive_end(LexResult& result, std::size_t i) const {
    const std::string& t = s_.text;
    while (i < t.size() && t[i] != '\n') {
      if (t.compare(i, 2, "/*") == 0) {
        const std::size_t close = t.find("*/", i + 2);
        if (close == std::string::npos) {
          diag(result, i, "unterminated /* comment");
          return t.size();
        }
        i = close + 2;
      } else if (t.compare(i, 2, "//") == 0) {
        const std::size_t nl = t.find('\n', i);
        return nl == std::string::npos ? t.size() : nl;
      } else if (t[i] == '"' || t[i] == '\'') {
        const char quote = t[i];
        ++i;
        while (i < t.size() && t[i] != quote && t[i] != '\n') i += t[i] == '\\' ? 2 : 1;
        if (i < t.size() && t[i] == quote) ++i;
      } else {
        ++i;
      }
    }
    return std::min(i, t.size());
  }

  void push(LexResult& result, Token token, std::size_t begin, std::size_t end, bool directive) {
    token.text = s_.text.substr(begin, end - begin);
    token.line = s_.line[begin];
    token.column = s_.column[begin];
    token.directive = directive;
    token.begin = s_.offset[begin];
    // The byte after the token's last character: splices after it are not part of it.
    token.end = end > begin ? s_.offset[end - 1] + 1 : token.begin;
    result.tokens.push_back(std::move(token));
  }

  void diag(LexResult& result, std::size_t at, std::string message) const {
    result.diagnostics.push_back({s_.line[at], s_.column[at], std::move(message)});
  }

  Spliced s_;
  LexOptions options_;
};

}  // namespace

LexResult lex(std::string_view source, const LexOptions& options) {
  return Lexer(source, options).run();
}

std::vector<Token> drop_disabled_blocks(std::vector<Token> tokens,
                                        std::vector<std::pair<int, int>>* dropped) {
  std::vector<Token> kept;
  kept.reserve(tokens.size());
  // The directive's tokens from index i: "#", name, then the rest of its line.
  const auto directive_end = [&](std::size_t i) {
    std::size_t k = i + 1;
    while (k < tokens.size() && tokens[k].directive && !tokens[k].directive_start) ++k;
    return k;
  };
  std::size_t i = 0;
  while (i < tokens.size()) {
    const bool hash = tokens[i].directive_start;
    if (hash && i + 2 < tokens.size() && tokens[i + 1].is_identifier("if") &&
        tokens[i + 2].is(TokenKind::kNumber, "0") && directive_end(i) == i + 3) {
      // Skip to the matching #else / #elif / #endif at depth 0.
      int depth = 0;
      std::size_t k = i + 3;
      while (k < tokens.size()) {
        if (tokens[k].directive_start && k + 1 < tokens.size()) {
          const std::string& name = tokens[k + 1].text;
          if (name == "if" || name == "ifdef" || name == "ifndef") {
            ++depth;
          } else if (name == "endif") {
            if (depth == 0) {
              k = directive_end(k);
              break;
            }
            --depth;
          } else if ((name == "else" || name == "elif") && depth == 0) {
            // The #else branch is live (its #endif stays, harmless); #elif stays whole.
            k = name == "else" ? directive_end(k) : k;
            break;
          }
        }
        ++k;
      }
      if (dropped != nullptr) {
        dropped->emplace_back(tokens[i].line, tokens[k - 1].line);  // k > i: '#', "if", "0"
      }
      i = k;
      continue;
    }
    kept.push_back(std::move(tokens[i]));
    ++i;
  }
  return kept;
}

long long integer_value(const Token& token) {
  if (token.kind != TokenKind::kNumber) return -1;
  std::string digits;
  for (char c : token.text)
    if (c != '\'') digits.push_back(c);
  while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U' || digits.back() == 'l' ||
                             digits.back() == 'L'))
    digits.pop_back();
  if (digits.empty()) return -1;
  int base = 10;
  std::size_t start = 0;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    start = 2;
  } else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
    base = 2;
    start = 2;
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
    start = 1;
  }
  unsigned long long value = 0;
  for (std::size_t k = start; k < digits.size(); ++k) {
    const char c = digits[k];
    int d = -1;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    if (d < 0 || d >= base) return -1;  // a float, or not a number at all
    if (value > (static_cast<unsigned long long>(INT64_MAX) - static_cast<unsigned>(d)) /
                    static_cast<unsigned>(base))
      return -1;
    value = value * static_cast<unsigned>(base) + static_cast<unsigned>(d);
  }
  return static_cast<long long>(value);
}

}  // namespace parity::cxx
