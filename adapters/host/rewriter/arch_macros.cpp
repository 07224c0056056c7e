#include "arch_macros.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace parity::simt::rewrite {
namespace {

// Where a token is: outside any function, or in the body of a host, device or host-device one.
enum class Space : std::uint8_t { kOutside, kHost, kDevice, kHostDevice };

constexpr unsigned kHostBit = 1, kDeviceBit = 2, kGlobalBit = 4;

const char* const kDevicePrefix = "PARITY_SIMT_DEV";

struct Body {
  std::size_t open = 0, close = 0;  // token indices of '{' and '}'
  Space space = Space::kHost;
  std::string name;
  int line = 0;
  bool arch = false;        // uses an architecture macro (directly or through a macro)
  bool constexpr_ = false;  // a constexpr function: the check must not run at compile time
};

struct Macro {
  std::size_t directive = 0;  // token index of its #define
  int line = 0;
  std::vector<std::pair<std::size_t, std::size_t>> arch_names;  // byte ranges in the source
  std::set<std::string> uses_macros;                            // other macros in its body
  bool arch = false;                                            // depends on an architecture macro
  int device_use = 0;        // a line where device code uses it (0: none)
  int host_use = 0;          // a line where host code or namespace scope uses it
  int host_conditional = 0;  // defined under a namespace-scope conditional that got the
                             // host value and selects only definitions: its #if line
};

class ArchPass {
 public:
  ArchPass(std::string_view src, const std::vector<Token>& toks, const Options& options,
           std::vector<TextEdit>& edits, std::vector<Diagnostic>& errors)
      : src_(src), toks_(toks), options_(options), edits_(edits), errors_(errors) {}

  void run() {
    scan_definitions();
    scan_bodies();
    scan_conditionals();
    scan_uses();
    resolve_macros();
    insert_guards();
  }

 private:
  std::string_view text(std::size_t i) const {
    return src_.substr(toks_[i].begin, toks_[i].end - toks_[i].begin);
  }
  bool punct(std::size_t i, std::string_view p) const {
    return i < toks_.size() && toks_[i].kind == TokenKind::kPunct && text(i) == p;
  }
  bool ident(std::size_t i, std::string_view name) const {
    return i < toks_.size() && toks_[i].kind == TokenKind::kIdentifier && text(i) == name;
  }
  void error(const Token& at, std::string message) {
    errors_.push_back({at.line, at.column, std::move(message)});
  }

  //! Whether `id` is a macro the device pass alone defines, in this dialect.
  bool is_arch_name(std::string_view id) const {
    if (options_.dialect == Dialect::kCuda) return id == "__CUDA_ARCH__";
    if (id == "__HIP_DEVICE_COMPILE__" || id == "__amdgcn_processor__" ||
        id == "__amdgcn_target_id__")
      return true;
    auto family = [&](std::string_view prefix, bool lower) {
      if (id.size() <= prefix.size() + 2 || id.substr(0, prefix.size()) != prefix ||
          id.substr(id.size() - 2) != "__")
        return false;
      const std::string_view mid = id.substr(prefix.size(), id.size() - prefix.size() - 2);
      return std::all_of(mid.begin(), mid.end(), [lower](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || (lower && c >= 'a' && c <= 'z');
      });
    };
    return family("__gfx", true) || family("__GFX", false);
  }

  //! The directive token's keyword ("if", "define", ...) and the offset where its body starts.
  std::pair<std::string_view, std::size_t> directive_word(std::size_t i) const {
    const std::string_view d = text(i);
    std::size_t k = 1;
    while (k < d.size() && (d[k] == ' ' || d[k] == '\t')) ++k;
    std::size_t e = k;
    while (e < d.size() && (std::isalnum(static_cast<unsigned char>(d[e])) || d[e] == '_')) ++e;
    return {d.substr(k, e - k), e};
  }

  //! The tokens of a directive's text after its keyword, with source offsets.
  std::vector<Token> directive_tokens(std::size_t i, std::size_t body) const {
    const Token& t = toks_[i];
    LexResult sub = lex_source(src_.substr(t.begin + body, t.end - t.begin - body), t.line);
    for (Token& s : sub.tokens) {
      s.begin += t.begin + body;
      s.end += t.begin + body;
    }
    return std::move(sub.tokens);
  }
  std::string_view at(const Token& t) const { return src_.substr(t.begin, t.end - t.begin); }

  static bool is_conditional(std::string_view w) {
    return w == "if" || w == "ifdef" || w == "ifndef" || w == "elif" || w == "elifdef" ||
           w == "elifndef";
  }

  // ----- #define: qualifier macros and macros that depend on an architecture macro -----
  void scan_definitions() {
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      if (toks_[i].kind != TokenKind::kDirective) continue;
      const auto [word, body] = directive_word(i);
      if (word != "define") continue;
      const std::vector<Token> sub = directive_tokens(i, body);
      if (sub.empty() || sub[0].kind != TokenKind::kIdentifier) continue;
      const std::string name(at(sub[0]));
      // Function-like when '(' follows the name without a space.
      const bool function_like = sub.size() > 1 && at(sub[1]) == "(" && sub[1].begin == sub[0].end;
      Macro m;
      m.directive = i;
      m.line = toks_[i].line;
      unsigned qualifiers = 0;
      for (std::size_t k = 1; k < sub.size(); ++k) {
        if (sub[k].kind != TokenKind::kIdentifier) continue;
        const std::string_view id = at(sub[k]);
        if (id == "__host__") qualifiers |= kHostBit;
        if (id == "__device__") qualifiers |= kDeviceBit;
        if (id == "__global__") qualifiers |= kGlobalBit;
        if (auto q = qualifier_macros_.find(std::string(id)); q != qualifier_macros_.end())
          qualifiers |= q->second;
        if (is_arch_name(id)) {
          m.arch_names.emplace_back(sub[k].begin, sub[k].end);
          m.arch = true;
        } else {
          m.uses_macros.insert(std::string(id));
        }
      }
      if (qualifiers != 0 && !function_like) qualifier_macros_[name] = qualifiers;
      macros_[name] = std::move(m);
    }
    // A macro that expands to one that depends on an architecture macro depends on it too.
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& [name, m] : macros_) {
        if (m.arch) continue;
        for (const std::string& used : m.uses_macros) {
          auto u = macros_.find(used);
          if (u != macros_.end() && u->second.arch && u->first != name) {
            m.arch = true;
            changed = true;
            break;
          }
        }
      }
    }
  }

  // ----- function bodies and their execution space -----
  unsigned qualifiers_in(std::size_t from, std::size_t to) const {
    unsigned q = 0;
    for (std::size_t k = from; k < to; ++k) {
      if (toks_[k].kind != TokenKind::kIdentifier) continue;
      const std::string_view id = text(k);
      if (id == "__host__") q |= kHostBit;
      if (id == "__device__") q |= kDeviceBit;
      if (id == "__global__") q |= kGlobalBit;
      if (auto m = qualifier_macros_.find(std::string(id)); m != qualifier_macros_.end())
        q |= m->second;
    }
    return q;
  }

  //! Whether the '{' at `brace`, whose statement starts at `from`, opens a function body (or a
  //! lambda's at namespace scope); false for namespaces, classes, enums and initializers.
  bool opens_function(std::size_t from, std::size_t brace) const {
    for (std::size_t k = from; k < brace; ++k)
      if (ident(k, "namespace")) return false;
    if (ident(from, "extern") && from + 1 < brace && toks_[from + 1].kind == TokenKind::kString)
      return false;
    std::size_t i = from;
    while (ident(i, "template") && punct(i + 1, "<")) {
      int depth = 0;
      std::size_t k = i + 1;
      for (; k < brace; ++k) {
        if (punct(k, "<")) ++depth;
        if (punct(k, ">") && --depth == 0) break;
      }
      i = k + 1;
    }
    for (std::size_t k = i; k < brace; ++k) {
      if (punct(k, "(")) return true;
      if (ident(k, "struct") || ident(k, "class") || ident(k, "union") || ident(k, "enum"))
        return false;
    }
    return false;
  }

  std::string function_name(std::size_t from, std::size_t brace) const {
    std::string name;
    for (std::size_t k = from; k < brace; ++k) {
      if (punct(k, "(")) break;
      if (toks_[k].kind == TokenKind::kIdentifier) name = std::string(text(k));
    }
    return name.empty() ? "<lambda>" : name;
  }

  void scan_bodies() {
    owner_.assign(toks_.size(), -1);
    struct Open {
      int body;  // index into bodies_, or -1 (a namespace, class or initializer brace)
    };
    std::vector<Open> stack;
    std::size_t stmt = 0;
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      const int current = stack.empty() ? -1 : stack.back().body;
      owner_[i] = current;
      const Token& t = toks_[i];
      if (t.kind == TokenKind::kDirective) {
        if (current < 0) stmt = i + 1;
        continue;
      }
      if (t.kind != TokenKind::kPunct) continue;
      const std::string_view p = text(i);
      if (p == "{") {
        if (current >= 0) {
          stack.push_back({current});
        } else if (opens_function(stmt, i)) {
          const unsigned q = qualifiers_in(stmt, i);
          Body b;
          b.open = i;
          b.space = (q & kGlobalBit) != 0 || ((q & kDeviceBit) != 0 && (q & kHostBit) == 0)
                        ? Space::kDevice
                        : ((q & kDeviceBit) != 0 ? Space::kHostDevice : Space::kHost);
          b.name = function_name(stmt, i);
          b.line = t.line;
          for (std::size_t k = stmt; k < i; ++k)
            if (ident(k, "constexpr") || ident(k, "consteval")) b.constexpr_ = true;
          bodies_.push_back(b);
          stack.push_back({static_cast<int>(bodies_.size() - 1)});
        } else {
          stack.push_back({-1});
        }
        stmt = i + 1;
      } else if (p == "}") {
        if (!stack.empty()) {
          const int closing = stack.back().body;
          stack.pop_back();
          if (closing >= 0 && (stack.empty() || stack.back().body != closing))
            bodies_[static_cast<std::size_t>(closing)].close = i;
        }
        stmt = i + 1;
      } else if (p == ";") {
        stmt = i + 1;
      }
    }
  }

  Space space_of(std::size_t i) const {
    const int b = owner_[i];
    return b < 0 ? Space::kOutside : bodies_[static_cast<std::size_t>(b)].space;
  }
  static bool device_side(Space s) { return s == Space::kDevice || s == Space::kHostDevice; }

  void rename(std::size_t begin, std::size_t end) {
    edits_.push_back(
        {begin, end, std::string(kDevicePrefix) + std::string(src_.substr(begin, end - begin))});
  }

  // ----- conditionals at namespace scope -----
  void scan_conditionals() {
    struct Group {
      std::vector<std::size_t> chain;  // #if / #elif... / #else directive token indices
      std::size_t end = 0;             // #endif
    };
    std::vector<Group> open;
    std::vector<Group> groups;
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      if (toks_[i].kind != TokenKind::kDirective) continue;
      const std::string_view w = directive_word(i).first;
      if (w == "if" || w == "ifdef" || w == "ifndef") {
        open.push_back({{i}, 0});
      } else if ((w == "elif" || w == "else" || w == "elifdef" || w == "elifndef") &&
                 !open.empty()) {
        open.back().chain.push_back(i);
      } else if (w == "endif" && !open.empty()) {
        open.back().end = i;
        groups.push_back(std::move(open.back()));
        open.pop_back();
      }
    }
    for (const Group& g : groups) {
      const std::size_t first = g.chain.front();
      if (owner_[first] >= 0) continue;  // in a function body: scan_uses() handles it
      // What it tests: the architecture macros and the macros that depend on them.
      std::vector<Token> names;
      std::vector<std::string> arch_macros;
      for (std::size_t d : g.chain) {
        const auto [word, body] = directive_word(d);
        if (!is_conditional(word)) continue;
        for (const Token& s : directive_tokens(d, body)) {
          if (s.kind != TokenKind::kIdentifier) continue;
          const std::string_view id = at(s);
          if (is_arch_name(id)) names.push_back(s);
          auto m = macros_.find(std::string(id));
          if (m != macros_.end() && m->second.arch) arch_macros.emplace_back(id);
        }
      }
      if (names.empty() && arch_macros.empty()) continue;
      conditional_directives_.insert(g.chain.begin(), g.chain.end());
      // What it selects: device code, host code, or only declarations and definitions.
      bool device = false, host = false;
      for (std::size_t k = first + 1; k < g.end; ++k) {
        const Space s = space_of(k);
        if (s == Space::kHost) host = true;
        if (device_side(s)) device = true;
        if (s == Space::kOutside && toks_[k].kind == TokenKind::kIdentifier) {
          const std::string_view id = text(k);
          if (id == "__device__" || id == "__global__" || id == "__constant__") device = true;
          if (auto q = qualifier_macros_.find(std::string(id));
              q != qualifier_macros_.end() && (q->second & (kDeviceBit | kGlobalBit)) != 0)
            device = true;
        }
      }
      const Token& where = toks_[first];
      if (device && host) {
        error(where,
              "this conditional on an architecture macro selects between host code and device "
              "code; nvcc and hipcc evaluate it once per pass, the emulator compiles the file "
              "once. Put the host and the device definitions in separate functions, or move the "
              "test into the bodies of the device functions");
        continue;
      }
      if (device) {
        for (const Token& s : names) rename(s.begin, s.end);
        for (const std::string& m : arch_macros) note_use(m, true, where.line);
        continue;
      }
      for (const std::string& m : arch_macros) note_use(m, false, where.line);
      if (host) continue;
      // Only definitions: they keep the host pass's value; a device use of what they define
      // would silently take the host path, so such a use is an error (scan_uses).
      for (std::size_t k = first + 1; k < g.end; ++k) {
        if (toks_[k].kind != TokenKind::kDirective || directive_word(k).first != "define") continue;
        const auto [word, body] = directive_word(k);
        const std::vector<Token> sub = directive_tokens(k, body);
        if (sub.empty()) continue;
        auto m = macros_.find(std::string(at(sub[0])));
        if (m != macros_.end() && m->second.directive == k) m->second.host_conditional = where.line;
      }
    }
  }

  void note_use(const std::string& name, bool device, int line) {
    auto m = macros_.find(name);
    if (m == macros_.end()) return;
    int& slot = device ? m->second.device_use : m->second.host_use;
    if (slot == 0) slot = line;
  }

  // ----- uses in function bodies (and other uses outside them) -----
  void use_identifier(const Token& tok, Space space, int body) {
    const std::string_view id = at(tok);
    if (is_arch_name(id)) {
      if (device_side(space)) rename(tok.begin, tok.end);
      if (body >= 0) bodies_[static_cast<std::size_t>(body)].arch = true;
      return;
    }
    auto m = macros_.find(std::string(id));
    if (m == macros_.end()) return;
    if (device_side(space) && m->second.host_conditional != 0) {
      error(tok,
            "macro '" + std::string(id) +
                "' is defined under the conditional on an "
                "architecture macro at line " +
                std::to_string(m->second.host_conditional) +
                ", which the emulator evaluates as the host pass does (it compiles the file "
                "once); used in device code it would take the host path. Test the architecture "
                "macro inside the device function instead (#if __CUDA_ARCH__ >= 800 in its body)");
      return;
    }
    if (!m->second.arch) return;
    note_use(std::string(id), device_side(space), tok.line);
    if (body >= 0) bodies_[static_cast<std::size_t>(body)].arch = true;
  }

  void scan_uses() {
    for (std::size_t i = 0; i < toks_.size(); ++i) {
      const Token& t = toks_[i];
      const Space space = space_of(i);
      const int body = owner_[i];
      if (t.kind == TokenKind::kIdentifier) {
        if (space == Space::kOutside && !is_arch_name(text(i))) {
          auto m = macros_.find(std::string(text(i)));
          if (m != macros_.end() && m->second.arch) note_use(std::string(text(i)), false, t.line);
          continue;
        }
        if (space != Space::kOutside) use_identifier(t, space, body);
        continue;
      }
      if (t.kind != TokenKind::kDirective || space == Space::kOutside) continue;
      if (conditional_directives_.count(i) != 0) continue;
      const auto [word, offset] = directive_word(i);
      if (word == "define" || word == "undef") continue;  // definitions: scan_definitions
      for (const Token& s : directive_tokens(i, offset))
        if (s.kind == TokenKind::kIdentifier) use_identifier(s, space, body);
    }
  }

  void resolve_macros() {
    // Uses through other macros count as uses of what they expand to.
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& [name, m] : macros_) {
        for (const std::string& used : m.uses_macros) {
          auto u = macros_.find(used);
          if (u == macros_.end() || u->first == name || !u->second.arch) continue;
          if (m.device_use != 0 && u->second.device_use == 0) {
            u->second.device_use = m.device_use;
            changed = true;
          }
          if (m.host_use != 0 && u->second.host_use == 0) {
            u->second.host_use = m.host_use;
            changed = true;
          }
        }
      }
    }
    for (auto& [name, m] : macros_) {
      if (!m.arch || m.arch_names.empty() || m.device_use == 0) continue;
      if (m.host_use != 0) {
        error(toks_[m.directive],
              "macro '" + name +
                  "' depends on an architecture macro and is used by device code "
                  "(line " +
                  std::to_string(m.device_use) + ") and by host code (line " +
                  std::to_string(m.host_use) +
                  "); nvcc and hipcc expand it once per pass, the "
                  "emulator compiles the file once. Use separate macros for host and device code");
        continue;
      }
      for (const auto& [b, e] : m.arch_names) rename(b, e);
    }
  }

  // ----- the loud failures at run time -----
  void insert_guards() {
    for (const Body& b : bodies_) {
      if (!b.arch || b.space == Space::kDevice || b.close == 0) continue;
      const bool host_device = b.space == Space::kHostDevice;
      std::string call = b.constexpr_ ? " if (!__builtin_is_constant_evaluated())" : "";
      call += " ::parity::simt::detail::";
      call += host_device ? "arch_device_path" : "arch_host_path";
      call += "(\"" + b.name + "\", \"" + escaped_path() + "\", " + std::to_string(b.line) + ");";
      const std::size_t after = toks_[b.open].end;
      edits_.push_back({after, after, call});
    }
  }

  std::string escaped_path() const {
    std::string out;
    for (char c : options_.path) {
      if (c == '\\' || c == '"') out += '\\';
      out += c;
    }
    return out;
  }

  std::string_view src_;
  const std::vector<Token>& toks_;
  const Options& options_;
  std::vector<TextEdit>& edits_;
  std::vector<Diagnostic>& errors_;
  std::map<std::string, unsigned> qualifier_macros_;
  std::map<std::string, Macro> macros_;
  std::vector<Body> bodies_;
  std::vector<int> owner_;  // per token: the body it is in, or -1
  std::set<std::size_t> conditional_directives_;
};

}  // namespace

void arch_macro_edits(std::string_view source, const std::vector<Token>& tokens,
                      const Options& options, std::vector<TextEdit>& edits,
                      std::vector<Diagnostic>& errors) {
  ArchPass(source, tokens, options, edits, errors).run();
}

}  // namespace parity::simt::rewrite
