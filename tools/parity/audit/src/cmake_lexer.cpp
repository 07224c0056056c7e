#include "parity/audit/cmake_lexer.hpp"

#include <cctype>

namespace parity::audit {

namespace {

// The length of "[", "=" * n, "[" at i (a bracket opener), or 0.
std::size_t bracket_open(std::string_view t, std::size_t i, std::size_t& level) {
  if (i >= t.size() || t[i] != '[') return 0;
  std::size_t k = i + 1;
  while (k < t.size() && t[k] == '=') ++k;
  if (k >= t.size() || t[k] != '[') return 0;
  level = k - i - 1;
  return k - i + 1;
}

int count_lines(std::string_view t, std::size_t from, std::size_t to) {
  int n = 0;
  for (std::size_t k = from; k < to && k < t.size(); ++k) n += t[k] == '\n';
  return n;
}

}  // namespace

CMakeLexResult lex_cmake(std::string_view t) {
  CMakeLexResult result;
  int line = 1;
  std::string command;
  std::string pending_identifier;  // a word at depth 0 that may be a command name
  int depth = 0;
  std::size_t i = 0;
  const auto add = [&](std::string text, int at, bool quoted) {
    if (depth > 0) result.arguments.push_back({command, std::move(text), at, quoted});
  };
  while (i < t.size()) {
    const char c = t[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t level = 0;
    if (c == '#') {
      if (const std::size_t open = bracket_open(t, i + 1, level); open != 0) {
        const std::string close = "]" + std::string(level, '=') + "]";
        std::size_t end = t.find(close, i + 1 + open);
        if (end == std::string_view::npos) {
          result.diagnostics.push_back({line, 0, "unterminated bracket comment"});
          end = t.size();
        } else {
          end += close.size();
        }
        line += count_lines(t, i, end);
        i = end;
      } else {
        while (i < t.size() && t[i] != '\n') ++i;
      }
      continue;
    }
    if (c == '(') {
      if (depth == 0) command = pending_identifier;
      ++depth;
      ++i;
      continue;
    }
    if (c == ')') {
      if (depth > 0) --depth;
      ++i;
      continue;
    }
    if (const std::size_t open = bracket_open(t, i, level); open != 0) {
      const std::string close = "]" + std::string(level, '=') + "]";
      std::size_t body = i + open;
      if (body < t.size() && t[body] == '\n') ++body;  // a newline right after the opener
      std::size_t end = t.find(close, body);
      const int at = line;
      if (end == std::string_view::npos) {
        result.diagnostics.push_back({line, 0, "unterminated bracket argument"});
        end = t.size();
      }
      add(std::string(t.substr(body, end - body)), at, true);
      const std::size_t next = std::min(t.size(), end + close.size());
      line += count_lines(t, i, next);
      i = next;
      continue;
    }
    if (c == '"') {
      std::string text;
      const int at = line;
      std::size_t k = i + 1;
      while (k < t.size() && t[k] != '"') {
        if (t[k] == '\\' && k + 1 < t.size()) {
          if (t[k + 1] == '\n') {  // line continuation inside a quoted argument
            ++line;
          } else {
            text.push_back(t[k + 1]);
          }
          k += 2;
          continue;
        }
        if (t[k] == '\n') ++line;
        text.push_back(t[k]);
        ++k;
      }
      if (k >= t.size()) result.diagnostics.push_back({at, 0, "unterminated quoted argument"});
      add(std::move(text), at, true);
      i = std::min(t.size(), k + 1);
      continue;
    }
    // Unquoted argument or command name.
    std::string text;
    while (i < t.size()) {
      const char d = t[i];
      if (std::isspace(static_cast<unsigned char>(d)) || d == '(' || d == ')' || d == '#' ||
          d == '"')
        break;
      if (d == '\\' && i + 1 < t.size()) {
        text.push_back(t[i + 1]);
        i += 2;
        continue;
      }
      text.push_back(d);
      ++i;
    }
    if (depth == 0) {
      pending_identifier.clear();
      for (char ch : text)
        pending_identifier.push_back(
            static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    } else {
      add(std::move(text), line, false);
    }
  }
  result.lines = line - (t.empty() || t.back() == '\n' ? 1 : 0);
  return result;
}

std::vector<std::string> cmake_words(std::string_view argument) {
  std::vector<std::string> words;
  const auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '+' ||
           c == '=' || c == ':' || c == '/' || c == '-';
  };
  std::size_t i = 0;
  while (i < argument.size()) {
    while (i < argument.size() && !word_char(argument[i])) ++i;
    std::size_t end = i;
    while (end < argument.size() && word_char(argument[end])) ++end;
    std::string_view w = argument.substr(i, end - i);
    while (!w.empty() && w.front() == ':') w.remove_prefix(1);
    while (!w.empty() && w.back() == ':') w.remove_suffix(1);
    if (!w.empty()) words.emplace_back(w);
    i = end;
  }
  return words;
}

}  // namespace parity::audit
