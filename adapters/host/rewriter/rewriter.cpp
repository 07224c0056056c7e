#include "rewriter.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "arch_macros.hpp"
#include "source_tokens.hpp"

namespace parity::simt::rewrite {
namespace {

enum class Scope { kNamespace, kClass, kCode, kInit };

struct Edit {
  std::size_t begin;
  std::size_t end;
  std::string text;
};

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

bool is_keyword(std::string_view s) {
  static constexpr std::string_view kWords[] = {
      "return", "else",   "do",       "case",   "throw", "co_return", "co_yield", "co_await",
      "new",    "delete", "sizeof",   "if",     "while", "for",       "switch",   "goto",
      "static", "extern", "typename", "struct", "class", "operator"};
  return std::find(std::begin(kWords), std::end(kWords), s) != std::end(kWords);
}

class Rewriter {
 public:
  Rewriter(std::string_view src, const Options& options) : src_(src), options_(options) {}

  Output run() {
    LexResult lexed = lex_source(src_);
    for (const cxx::Diagnostic& e : lexed.diagnostics)
      errors_.push_back({e.line, e.column, e.message});
    toks_ = std::move(lexed.tokens);
    scan();
    // Architecture macros (arch_macros.hpp). Its edits go first: an insertion at the '{' of a
    // body must not be skipped by an edit that starts at the same byte.
    std::vector<TextEdit> arch;
    arch_macro_edits(src_, toks_, options_, arch, errors_);
    std::vector<Edit> all;
    for (TextEdit& e : arch) all.push_back({e.begin, e.end, std::move(e.text)});
    all.insert(all.end(), std::make_move_iterator(edits_.begin()),
               std::make_move_iterator(edits_.end()));
    edits_ = std::move(all);
    Output out;
    out.errors = std::move(errors_);
    out.text = "#line 1 \"" + escape(options_.path) + "\"\n" + apply();
    return out;
  }

 private:
  // ----- token helpers -----
  std::string_view text(const std::vector<Token>& t, std::size_t i) const {
    return src_.substr(t[i].begin, t[i].end - t[i].begin);
  }
  bool punct(const std::vector<Token>& t, std::size_t i, std::string_view p) const {
    return i < t.size() && t[i].kind == TokenKind::kPunct && text(t, i) == p;
  }
  bool ident(const std::vector<Token>& t, std::size_t i) const {
    return i < t.size() && t[i].kind == TokenKind::kIdentifier;
  }
  bool ident(const std::vector<Token>& t, std::size_t i, std::string_view name) const {
    return ident(t, i) && text(t, i) == name;
  }
  void error(const Token& at, std::string message) {
    errors_.push_back({at.line, at.column, std::move(message)});
  }
  std::string join(const std::vector<Token>& t, std::size_t from, std::size_t to) const {
    std::string out;
    for (std::size_t i = from; i < to; ++i) {
      if (!out.empty()) out += ' ';
      out += text(t, i);
    }
    return out;
  }
  //! Newlines of the replaced range, re-emitted so that later lines keep their numbers.
  std::string padding(std::size_t begin, std::size_t end, bool in_macro) const {
    std::string pad;
    for (std::size_t i = begin; i < end; ++i) {
      if (src_[i] == '\n') pad += in_macro ? " \\\n" : "\n";
    }
    return pad;
  }

  // ----- the main pass -----
  void scan() {
    std::vector<Scope> scopes{Scope::kNamespace};
    struct Conditional {
      std::vector<Scope> at_if;
      std::optional<std::vector<Scope>> after_first;
    };
    std::vector<Conditional> conditionals;
    std::size_t stmt = 0;
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      const Token& t = toks_[i];
      if (t.kind == TokenKind::kDirective) {
        directive(i, scopes, conditionals);
        stmt = i + 1;
        continue;
      }
      if (t.kind == TokenKind::kIdentifier) {
        const std::string_view id = text(toks_, i);
        if (id == "__shared__") {
          i = shared_declaration(i, stmt, scopes.back());
          stmt = i + 1;
          continue;
        }
        auto g = globals_.find(std::string(id));
        if (g != globals_.end() && scopes.back() != Scope::kClass) global_use(i, g->second);
        continue;
      }
      if (t.kind != TokenKind::kPunct) continue;
      const std::string_view p = text(toks_, i);
      if (p == "{") {
        scopes.push_back(scopes.back() == Scope::kCode ? Scope::kCode : classify(stmt, i));
        stmt = i + 1;
      } else if (p == "}") {
        if (scopes.size() > 1) scopes.pop_back();
        stmt = i + 1;
      } else if (p == ";") {
        stmt = i + 1;
      } else if (p == "<<<") {
        launch(toks_, i, false);
      }
    }
    (void)conditionals;
  }

  template <class Conditionals>
  void directive(std::size_t i, std::vector<Scope>& scopes, Conditionals& conditionals) {
    const Token& t = toks_[i];
    const std::string_view d = src_.substr(t.begin, t.end - t.begin);
    std::size_t k = 1;
    while (k < d.size() && (d[k] == ' ' || d[k] == '\t')) ++k;
    std::size_t e = k;
    while (e < d.size() && (std::isalnum(static_cast<unsigned char>(d[e])) || d[e] == '_')) ++e;
    const std::string_view word = d.substr(k, e - k);
    // Scope tracking follows the first branch of every conditional.
    if (word == "if" || word == "ifdef" || word == "ifndef") {
      conditionals.push_back({scopes, std::nullopt});
    } else if (word == "elif" || word == "else" || word == "elifdef" || word == "elifndef") {
      if (!conditionals.empty()) {
        if (!conditionals.back().after_first) conditionals.back().after_first = scopes;
        scopes = conditionals.back().at_if;
      }
    } else if (word == "endif") {
      if (!conditionals.empty()) {
        if (conditionals.back().after_first) scopes = *conditionals.back().after_first;
        conditionals.pop_back();
      }
    } else if (word == "define") {
      // Launches inside macro bodies are rewritten too (on one logical line).
      const std::size_t body = t.begin + e;
      LexResult sub = lex_source(src_.substr(body, t.end - body), t.line);
      for (Token& s : sub.tokens) {
        s.begin += body;
        s.end += body;
      }
      for (std::size_t j = 0; j < sub.tokens.size(); ++j) {
        if (punct(sub.tokens, j, "<<<")) launch(sub.tokens, j, true);
      }
    }
  }

  //! What a '{' at namespace or class scope opens.
  Scope classify(std::size_t from, std::size_t brace) const {
    std::size_t i = from;
    for (std::size_t k = from; k < brace; ++k) {
      if (ident(toks_, k, "namespace")) return Scope::kNamespace;
    }
    if (ident(toks_, from, "extern") && from + 1 < brace &&
        toks_[from + 1].kind == TokenKind::kString) {
      return Scope::kNamespace;
    }
    // Skip template parameter lists.
    while (ident(toks_, i, "template") && punct(toks_, i + 1, "<")) {
      int depth = 0;
      std::size_t k = i + 1;
      for (; k < brace; ++k) {
        if (punct(toks_, k, "<")) ++depth;
        if (punct(toks_, k, ">") && --depth == 0) break;
      }
      i = k + 1;
    }
    for (std::size_t k = i; k < brace; ++k) {
      if (punct(toks_, k, "(")) return Scope::kCode;
      if (ident(toks_, k, "struct") || ident(toks_, k, "class") || ident(toks_, k, "union")) {
        return Scope::kClass;
      }
      if (ident(toks_, k, "enum")) return Scope::kInit;
    }
    return Scope::kInit;
  }

  // ----- launches -----

  void launch(const std::vector<Token>& t, std::size_t open, bool in_macro) {
    const Token& at = t[open];
    // The kernel: a possibly qualified name with template arguments, written before '<<<'.
    std::optional<std::size_t> start;
    if (open > 0) {
      std::size_t j = open - 1;
      for (;;) {
        if (punct(t, j, ">")) {
          int depth = 0;
          std::size_t k = j;
          bool ok = false;
          for (;;) {
            if (punct(t, k, ">")) ++depth;
            if (punct(t, k, "<") && --depth == 0) {
              ok = true;
              break;
            }
            if (punct(t, k, ")") || punct(t, k, "]")) {
              const std::string_view close = text(t, k), open_p = close == ")" ? "(" : "[";
              int d = 0;
              for (;;) {
                if (punct(t, k, close)) ++d;
                if (punct(t, k, open_p) && --d == 0) break;
                if (k == 0) break;
                --k;
              }
            }
            if (punct(t, k, ";") || punct(t, k, "{") || punct(t, k, "}") || k == 0) break;
            --k;
          }
          if (!ok || k == 0) break;
          j = k - 1;
        }
        if (!ident(t, j) || is_keyword(text(t, j))) break;
        std::size_t first = j;
        std::size_t p = j;
        if (p >= 1 && ident(t, p - 1, "template")) --p;
        if (p >= 1 && punct(t, p - 1, "::")) {
          if (p >= 2 && (ident(t, p - 2) || punct(t, p - 2, ">")) && !is_keyword(text(t, p - 2))) {
            j = p - 2;
            start = first;
            continue;
          }
          first = p - 1;  // a leading '::'
        }
        start = first;
        break;
      }
    }
    if (!start) {
      error(at,
            "cannot find the kernel name before '<<<': write launches as "
            "name<<<...>>>(...) or name<targs><<<...>>>(...)");
      return;
    }
    // The configuration ends at the first '>>>' (three adjacent '>') outside brackets.
    std::size_t close = 0;
    int depth = 0;
    bool found = false;
    for (std::size_t k = open + 1; k < t.size(); ++k) {
      if (punct(t, k, "(") || punct(t, k, "[") || punct(t, k, "{")) ++depth;
      if (punct(t, k, ")") || punct(t, k, "]") || punct(t, k, "}")) {
        if (--depth < 0) break;
      }
      if (depth == 0 && punct(t, k, ";")) break;
      if (depth == 0 && punct(t, k, ">") && punct(t, k + 1, ">") && punct(t, k + 2, ">") &&
          t[k].end == t[k + 1].begin && t[k + 1].end == t[k + 2].begin) {
        close = k;
        found = true;
        break;
      }
      if (t[k].kind == TokenKind::kDirective) break;
    }
    if (!found) {
      error(at, "'<<<' without a matching '>>>' in the same statement");
      return;
    }
    if (close == open + 1) {
      error(at, "empty launch configuration: '<<<' needs at least grid and block");
      return;
    }
    const std::size_t paren = close + 3;
    if (!punct(t, paren, "(")) {
      error(t[close], "expected '(' with the kernel arguments after '>>>'");
      return;
    }
    std::size_t rparen = 0;
    depth = 0;
    for (std::size_t k = paren; k < t.size(); ++k) {
      if (punct(t, k, "(") || punct(t, k, "[") || punct(t, k, "{")) ++depth;
      if (punct(t, k, ")") || punct(t, k, "]") || punct(t, k, "}")) {
        if (--depth == 0) {
          rparen = k;
          break;
        }
      }
      if (t[k].kind == TokenKind::kDirective) break;
    }
    if (rparen == 0 || !punct(t, rparen, ")")) {
      error(t[paren], "unterminated kernel argument list");
      return;
    }
    const std::string kernel = join(t, *start, open);
    const bool no_args = rparen == paren + 1;
    const char* dialect = options_.dialect == Dialect::kCuda ? "::parity::simt::Dialect::kCuda"
                                                             : "::parity::simt::Dialect::kHip";
    std::string head =
        "::parity::simt::detail::launch_kernel(::parity::simt::detail::LaunchSite{\"" +
        escape(options_.path) + "\", " + std::to_string(at.line) + ", \"" + escape(kernel) +
        "\", " + dialect + ", PARITY_SIMT_INSTRUMENTED}, ::parity::simt::detail::LaunchConfig(";
    head += padding(t[*start].begin, at.end, in_macro);
    std::string tail = "), [&](auto&... parity_simt_args) { " + kernel + "(parity_simt_args...); }";
    if (!no_args) tail += ", ";
    tail += padding(t[close].begin, t[paren].end, in_macro);
    edits_.push_back({t[*start].begin, at.end, std::move(head)});
    edits_.push_back({t[close].begin, t[paren].end, std::move(tail)});
  }

  // ----- __shared__ -----

  struct Declarator {
    std::string type;  // for this declarator, without array bounds
    std::string name;
    std::vector<std::string> dims;  // "[32]", "[]", ...
  };

  //! Returns the index of the ';' that ends the declaration.
  std::size_t shared_declaration(std::size_t at, std::size_t stmt, Scope scope) {
    std::size_t end = at;
    int depth = 0;
    for (; end < toks_.size(); ++end) {
      if (punct(toks_, end, "(") || punct(toks_, end, "[")) ++depth;
      if (punct(toks_, end, ")") || punct(toks_, end, "]")) --depth;
      if (depth == 0 &&
          (punct(toks_, end, ";") || punct(toks_, end, "{") || punct(toks_, end, "}"))) {
        break;
      }
      if (toks_[end].kind == TokenKind::kDirective) break;
    }
    if (!punct(toks_, end, ";")) {
      error(toks_[at],
            "cannot rewrite this __shared__ declaration: expected 'type name[dims];' "
            "(define struct types separately, no initializers)");
      return end < toks_.size() ? end : toks_.size() - 1;
    }
    if (scope == Scope::kClass || scope == Scope::kInit) {
      error(toks_[at],
            "__shared__ is only allowed on variables in functions or at namespace "
            "scope");
      return end;
    }
    bool is_extern = false;
    std::string align;
    std::vector<std::size_t> rest;  // tokens of type and declarators
    for (std::size_t k = stmt; k < end; ++k) {
      const std::string_view s = text(toks_, k);
      if (toks_[k].kind == TokenKind::kIdentifier &&
          (s == "__shared__" || s == "static" || s == "__device__" || s == "inline")) {
        continue;
      }
      if (ident(toks_, k, "extern")) {
        is_extern = true;
        continue;
      }
      if ((s == "__align__" || s == "alignas" || s == "__builtin_align__") &&
          punct(toks_, k + 1, "(")) {
        const std::size_t close = matching(k + 1, end);
        if (align.empty()) align = "(" + join(toks_, k + 2, close) + ")";
        k = close;
        continue;
      }
      if (s == "__attribute__" && punct(toks_, k + 1, "(")) {
        const std::size_t close = matching(k + 1, end);
        for (std::size_t a = k + 2; a < close; ++a) {
          if ((ident(toks_, a, "aligned") || ident(toks_, a, "__aligned__")) &&
              punct(toks_, a + 1, "(") && align.empty()) {
            align = "(" + join(toks_, a + 2, matching(a + 1, close)) + ")";
          }
        }
        k = close;
        continue;
      }
      if (punct(toks_, k, "=")) {
        error(toks_[k],
              "__shared__ variables cannot have an initializer (CUDA and HIP forbid it); "
              "assign in the kernel and __syncthreads()");
        return end;
      }
      rest.push_back(k);
    }
    std::vector<Declarator> decls;
    if (!parse_declarators(rest, decls, toks_[at])) return end;

    std::string out;
    const std::string align_arg = align.empty() ? "0" : align;
    for (const Declarator& d : decls) {
      const bool unknown_bound = !d.dims.empty() && d.dims.front() == "[]";
      std::string inner_dims;
      for (std::size_t k = unknown_bound ? 1 : 0; k < d.dims.size(); ++k) inner_dims += d.dims[k];
      if (is_extern && !unknown_bound) {
        error(toks_[at], "extern __shared__ '" + d.name +
                             "' must be an array of unknown size "
                             "(the launch's dynamic shared memory), e.g. extern __shared__ float " +
                             d.name + "[];");
        return end;
      }
      if (!is_extern && unknown_bound) {
        error(toks_[at], "__shared__ '" + d.name +
                             "[]' has no size; declare it extern for dynamic "
                             "shared memory");
        return end;
      }
      const std::string type = d.type + (inner_dims.empty() ? "" : " " + inner_dims);
      if (scope == Scope::kCode) {
        if (is_extern) {
          out += "auto* const " + d.name + " = ::parity::simt::detail::dynamic_shared<" + type +
                 ", " + align_arg + ">(); ";
        } else {
          out += "auto& " + d.name + " = ::parity::simt::detail::shared_var<" + type + ", " +
                 align_arg + ">([] {}, \"" + d.name + "\"); ";
        }
      } else {
        if (is_extern) {
          globals_[d.name] =
              "(::parity::simt::detail::dynamic_shared<" + type + ", " + align_arg + ">())";
        } else {
          const std::string tag =
              "parity_simt_shared_" + d.name + "_" + std::to_string(toks_[at].line);
          out += "struct " + tag + "; ";
          globals_[d.name] = "(::parity::simt::detail::shared_var_tagged<" + type + ", " +
                             align_arg + ", " + tag + ">(\"" + d.name + "\"))";
        }
      }
    }
    out += padding(toks_[stmt].begin, toks_[end].end, false);
    edits_.push_back({toks_[stmt].begin, toks_[end].end, std::move(out)});
    return end;
  }

  std::size_t matching(std::size_t open, std::size_t limit) const {
    int depth = 0;
    for (std::size_t k = open; k < limit; ++k) {
      if (punct(toks_, k, "(")) ++depth;
      if (punct(toks_, k, ")") && --depth == 0) return k;
    }
    return limit;
  }

  bool parse_declarators(const std::vector<std::size_t>& rest, std::vector<Declarator>& decls,
                         const Token& at) {
    // Split at top-level commas (template argument lists and brackets nest).
    std::vector<std::vector<std::size_t>> parts(1);
    int depth = 0;
    for (std::size_t k : rest) {
      if (punct(toks_, k, "(") || punct(toks_, k, "[") || punct(toks_, k, "<")) ++depth;
      if (punct(toks_, k, ")") || punct(toks_, k, "]") || punct(toks_, k, ">")) --depth;
      if (depth == 0 && punct(toks_, k, ",")) {
        parts.emplace_back();
        continue;
      }
      parts.back().push_back(k);
    }
    std::string base;
    for (std::size_t p = 0; p < parts.size(); ++p) {
      const std::vector<std::size_t>& part = parts[p];
      // The name is the last identifier before the first top-level '['.
      std::size_t bracket = part.size();
      depth = 0;
      for (std::size_t k = 0; k < part.size(); ++k) {
        if (depth == 0 && punct(toks_, part[k], "[")) {
          bracket = k;
          break;
        }
        if (punct(toks_, part[k], "<") || punct(toks_, part[k], "(")) ++depth;
        if (punct(toks_, part[k], ">") || punct(toks_, part[k], ")")) --depth;
      }
      if (bracket == 0 || !ident(toks_, part[bracket - 1]) ||
          is_keyword(text(toks_, part[bracket - 1]))) {
        error(at, "cannot find the variable name in this __shared__ declaration");
        return false;
      }
      Declarator d;
      d.name = std::string(text(toks_, part[bracket - 1]));
      std::string own;
      for (std::size_t k = 0; k + 1 < bracket; ++k) {
        if (!own.empty()) own += ' ';
        own += text(toks_, part[k]);
      }
      if (p == 0) {
        d.type = own;
        // The type the following declarators share: without this one's '*' / '&'.
        std::size_t keep = bracket - 1;
        while (keep > 0 && (punct(toks_, part[keep - 1], "*") || punct(toks_, part[keep - 1], "&")))
          --keep;
        for (std::size_t k = 0; k < keep; ++k) {
          if (!base.empty()) base += ' ';
          base += text(toks_, part[k]);
        }
      } else {
        d.type = base + (own.empty() ? "" : " " + own);
      }
      if (d.type.empty()) {
        error(at, "cannot find the type of __shared__ '" + d.name + "'");
        return false;
      }
      for (std::size_t k = bracket; k < part.size();) {
        if (!punct(toks_, part[k], "[")) {
          error(toks_[part[k]], "unexpected '" + std::string(text(toks_, part[k])) +
                                    "' in the __shared__ declaration of '" + d.name + "'");
          return false;
        }
        int dd = 0;
        std::size_t m = k;
        for (; m < part.size(); ++m) {
          if (punct(toks_, part[m], "[")) ++dd;
          if (punct(toks_, part[m], "]") && --dd == 0) break;
        }
        std::string dim = "[";
        for (std::size_t q = k + 1; q < m && q < part.size(); ++q) {
          if (q > k + 1) dim += ' ';
          dim += text(toks_, part[q]);
        }
        dim += "]";
        d.dims.push_back(dim);
        k = m + 1;
      }
      decls.push_back(std::move(d));
    }
    return true;
  }

  void global_use(std::size_t i, const std::string& replacement) {
    if (i > 0 && (punct(toks_, i - 1, ".") || punct(toks_, i - 1, "->"))) return;
    // After a type name it declares something else of that name (a parameter, a local): the
    // keywords that may precede an expression are the exception.
    static constexpr std::string_view kBeforeExpression[] = {
        "return",   "case", "throw",  "sizeof", "else",    "do",       "co_return", "co_yield",
        "co_await", "new",  "delete", "typeid", "alignof", "decltype", "noexcept",  "not"};
    if (i > 0 && ident(toks_, i - 1) &&
        std::find(std::begin(kBeforeExpression), std::end(kBeforeExpression), text(toks_, i - 1)) ==
            std::end(kBeforeExpression)) {
      return;
    }
    std::size_t begin = toks_[i].begin;
    if (i > 0 && punct(toks_, i - 1, "::")) {
      if (i > 1 && (ident(toks_, i - 2) || punct(toks_, i - 2, ">"))) return;  // ns::name
      begin = toks_[i - 1].begin;                                              // ::name
    }
    edits_.push_back({begin, toks_[i].end, replacement});
  }

  std::string apply() {
    std::stable_sort(edits_.begin(), edits_.end(),
                     [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string out;
    out.reserve(src_.size() + edits_.size() * 96);
    std::size_t pos = 0;
    for (const Edit& e : edits_) {
      if (e.begin < pos) continue;  // inside an edit already applied
      out.append(src_.substr(pos, e.begin - pos));
      out += e.text;
      pos = e.end;
    }
    out.append(src_.substr(pos));
    return out;
  }

  std::string_view src_;
  Options options_;
  std::vector<Token> toks_;
  std::vector<Edit> edits_;
  std::vector<Diagnostic> errors_;
  std::map<std::string, std::string> globals_;
};

}  // namespace

Output rewrite(std::string_view source, const Options& options) {
  return Rewriter(source, options).run();
}

}  // namespace parity::simt::rewrite
