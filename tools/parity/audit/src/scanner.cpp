#include "parity/audit/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "parity/audit/cmake_lexer.hpp"
#include "parity/audit/rules.hpp"
#include "parity/error.hpp"

namespace parity::audit {

using cxx::drop_disabled_blocks;
using cxx::integer_value;
using cxx::lex;
using cxx::LexResult;
using cxx::TokenKind;

namespace {

namespace fs = std::filesystem;
constexpr std::size_t kNpos = static_cast<std::size_t>(-1);
constexpr int kEvidencePerKind = 3;  // evidence entries kept per library and kind

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool contains(std::string_view s, std::string_view p) {
  return s.find(p) != std::string_view::npos;
}
std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool is_cmake_file(std::string_view path) {
  const std::string file = fs::path(path).filename().string();
  return file == "CMakeLists.txt" || fs::path(path).extension() == ".cmake";
}

FileKind kind_of(std::string_view path) {
  if (is_cmake_file(path)) return FileKind::kCMake;
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".cu") return FileKind::kCuda;
  if (ext == ".cuh" || ext == ".h" || ext == ".hpp") return FileKind::kHeader;
  return FileKind::kSource;
}

// ----- token navigation ----------------------------------------------------------------------

using Tokens = std::vector<Token>;

bool is_open(const Token& t) {
  return t.is_punct("(") || t.is_punct("[") || t.is_punct("{");
}
bool is_close(const Token& t) {
  return t.is_punct(")") || t.is_punct("]") || t.is_punct("}");
}

// Index of the bracket that closes the one at i, or t.size(). Directive tokens are skipped so
// that a macro line inside a body does not unbalance it.
std::size_t match_forward(const Tokens& t, std::size_t i) {
  int depth = 0;
  const bool in_directive = t[i].directive;
  for (std::size_t k = i; k < t.size(); ++k) {
    if (t[k].directive != in_directive) continue;
    if (is_open(t[k])) ++depth;
    if (is_close(t[k]) && --depth == 0) return k;
  }
  return t.size();
}

int closers(const Token& t) {
  if (t.is_punct(">")) return 1;
  if (t.is_punct(">>")) return 2;
  if (t.is_punct(">>>")) return 3;
  return 0;
}

// At '<' (after a name): the index of the token holding its closing '>'; t.size() if none.
std::size_t match_angle_forward(const Tokens& t, std::size_t i) {
  int depth = 0;
  for (std::size_t k = i; k < t.size(); ++k) {
    if (t[k].is_punct("<")) {
      ++depth;
    } else if (int c = closers(t[k]); c > 0) {
      depth -= c;
      if (depth <= 0) return k;
    } else if (t[k].is_punct("(") || t[k].is_punct("[")) {
      k = match_forward(t, k);
    } else if (t[k].is_punct(";") || t[k].is_punct("{") || t[k].is_punct("}")) {
      return t.size();
    }
  }
  return t.size();
}

// At a token holding '>' (going backward): the index of its '<'; kNpos if none.
std::size_t match_angle_backward(const Tokens& t, std::size_t i) {
  int depth = 0;
  for (std::size_t k = i + 1; k-- > 0;) {
    if (int c = closers(t[k]); c > 0) {
      depth += c;
    } else if (t[k].is_punct("<")) {
      if (--depth <= 0) return k;
    } else if (t[k].is_punct(")") || t[k].is_punct("]")) {
      int d = 0;  // skip a parenthesised group backward
      for (; k < t.size(); --k) {
        if (is_close(t[k])) ++d;
        if (is_open(t[k]) && --d == 0) break;
        if (k == 0) return kNpos;
      }
    } else if (t[k].is_punct(";") || t[k].is_punct("{") || t[k].is_punct("}")) {
      return kNpos;
    }
  }
  return kNpos;
}

bool next_is(const Tokens& t, std::size_t i, std::string_view punct) {
  return i + 1 < t.size() && t[i + 1].is_punct(punct) && !t[i + 1].directive == !t[i].directive;
}

// ----- declarations --------------------------------------------------------------------------

const std::unordered_set<std::string_view> kTypeKeywords = {
    "void",     "bool",         "char",       "short",   "int",       "long",     "float",
    "double",   "signed",       "unsigned",   "const",   "volatile",  "auto",     "size_t",
    "int8_t",   "int16_t",      "int32_t",    "int64_t", "uint8_t",   "uint16_t", "uint32_t",
    "uint64_t", "__restrict__", "__restrict", "std",     "ptrdiff_t", "half",     "__half",
    "float2",   "float4",       "dim3"};

// Specifiers that may precede __global__/__device__ in a declaration.
const std::unordered_set<std::string_view> kLeadingSpecifiers = {
    "static",   "inline",     "extern",     "__forceinline__", "__noinline__", "__inline__",
    "__host__", "__device__", "__global__", "constexpr",       "friend",       "void"};

// Attribute-like names whose parenthesised argument is not the parameter list.
const std::unordered_set<std::string_view> kAttributeNames = {
    "__launch_bounds__", "__attribute__", "__declspec",       "alignas",     "__align__",
    "__builtin_align__", "decltype",      "__cluster_dims__", "__maxnreg__", "__grid_constant__"};

struct FunctionDef {
  std::string name;
  bool is_kernel = false;
  std::size_t decl_begin = 0;
  std::size_t name_index = 0;
  std::size_t params_open = 0, params_close = 0;
  std::size_t body_open = kNpos, body_close = kNpos;          // kNpos: a declaration
  std::size_t template_open = kNpos, template_close = kNpos;  // '<' and '>' of template<...>
};

std::optional<FunctionDef> parse_function(const Tokens& t, std::size_t spec) {
  FunctionDef f;
  f.is_kernel = t[spec].text == "__global__";
  std::size_t j = spec + 1;
  bool found = false;
  while (j < t.size() && !found) {
    const Token& tok = t[j];
    if (tok.directive) {
      ++j;
      continue;
    }
    if (tok.kind == TokenKind::kIdentifier && kAttributeNames.contains(tok.text) &&
        next_is(t, j, "(")) {
      j = match_forward(t, j + 1) + 1;
      continue;
    }
    if (tok.is_punct("[") && next_is(t, j, "[")) {
      j = match_forward(t, j) + 1;
      continue;
    }
    if (tok.is_identifier("operator")) {
      std::size_t k = j + 1;
      f.name = "operator";
      if (k + 1 < t.size() && t[k].is_punct("(") && t[k + 1].is_punct(")")) {
        f.name += "()";
        k += 2;
      }
      while (k < t.size() && !t[k].is_punct("(") && !t[k].is_punct(";")) f.name += t[k++].text;
      if (k >= t.size() || !t[k].is_punct("(")) return std::nullopt;
      f.name_index = j;
      f.params_open = k;
      found = true;
      break;
    }
    if (tok.is_punct("<") && j > 0 && t[j - 1].kind == TokenKind::kIdentifier) {
      j = match_angle_forward(t, j) + 1;
      continue;
    }
    if (tok.is_punct("(")) {
      std::size_t n = j - 1;
      if (closers(t[n]) > 0) {  // an explicit specialisation: name<T>(
        const std::size_t lt = match_angle_backward(t, n);
        if (lt == kNpos || lt == 0) return std::nullopt;
        n = lt - 1;
      }
      if (t[n].kind != TokenKind::kIdentifier || n <= spec) return std::nullopt;
      f.name = t[n].text;
      f.name_index = n;
      f.params_open = j;
      found = true;
      break;
    }
    if (tok.is_punct(";") || tok.is_punct("=") || tok.is_punct("{") || tok.is_punct(",") ||
        tok.is_punct(")") || tok.is_punct("}"))
      return std::nullopt;
    ++j;
  }
  if (!found) return std::nullopt;
  f.params_close = match_forward(t, f.params_open);
  if (f.params_close >= t.size()) return std::nullopt;
  for (std::size_t k = f.params_close + 1; k < t.size(); ++k) {
    if (t[k].directive) continue;
    if (t[k].is_punct("{")) {
      f.body_open = k;
      f.body_close = match_forward(t, k);
      if (f.body_close >= t.size()) return std::nullopt;
      break;
    }
    if (t[k].is_punct(";") || t[k].is_punct("=") || t[k].is_punct("}")) break;
    if (t[k].is_punct("(")) k = match_forward(t, k);
  }
  // Walk back over specifiers to the start of the declaration and its template header.
  std::size_t b = spec;
  while (b > 0) {
    const Token& p = t[b - 1];
    if (p.directive) break;
    if ((p.kind == TokenKind::kIdentifier && kLeadingSpecifiers.contains(p.text)) ||
        p.is(TokenKind::kString, "\"C\"")) {
      --b;
      continue;
    }
    if (p.is_punct("]") && b >= 2 && t[b - 2].is_punct("]")) {  // [[attribute]]
      std::size_t k = b - 1;
      int d = 0;
      for (; k < t.size(); --k) {
        if (t[k].is_punct("]")) ++d;
        if (t[k].is_punct("[") && --d == 0) break;
        if (k == 0) break;
      }
      b = k;
      continue;
    }
    break;
  }
  f.decl_begin = b;
  if (b > 0 && closers(t[b - 1]) > 0) {
    const std::size_t lt = match_angle_backward(t, b - 1);
    if (lt != kNpos && lt > 0 && t[lt - 1].is_identifier("template")) {
      f.template_open = lt;
      f.template_close = b - 1;
      f.decl_begin = lt - 1;
    }
  }
  return f;
}

// Splits [begin, end) at commas outside brackets and angle brackets.
std::vector<std::pair<std::size_t, std::size_t>> split_commas(const Tokens& t, std::size_t begin,
                                                              std::size_t end) {
  std::vector<std::pair<std::size_t, std::size_t>> parts;
  int depth = 0;
  std::size_t start = begin;
  for (std::size_t k = begin; k < end; ++k) {
    if (is_open(t[k]) || t[k].is_punct("<")) ++depth;
    if (is_close(t[k])) --depth;
    depth -= closers(t[k]);
    if (depth < 0) depth = 0;
    if (depth == 0 && t[k].is_punct(",")) {
      parts.emplace_back(start, k);
      start = k + 1;
    }
  }
  if (start < end) parts.emplace_back(start, end);
  return parts;
}

std::size_t find_default(const Tokens& t, std::size_t begin, std::size_t end) {
  int depth = 0;
  for (std::size_t k = begin; k < end; ++k) {
    if (is_open(t[k]) || t[k].is_punct("<")) ++depth;
    if (is_close(t[k])) --depth;
    depth -= closers(t[k]);
    if (depth <= 0 && t[k].is_punct("=")) return k;
  }
  return end;
}

std::vector<Param> parse_params(const Tokens& t, std::size_t open, std::size_t close) {
  std::vector<Param> params;
  const auto parts = split_commas(t, open + 1, close);
  if (parts.size() == 1 && parts[0].second - parts[0].first == 1 &&
      t[parts[0].first].is_identifier("void"))
    return params;
  for (auto [b, e] : parts) {
    e = find_default(t, b, e);
    Param p;
    std::size_t bracket = e;
    for (std::size_t k = b; k < e; ++k)
      if (t[k].is_punct("[")) {
        bracket = k;
        break;
      }
    const std::size_t last = bracket - 1;
    if (bracket > b + 1 && t[last].kind == TokenKind::kIdentifier &&
        !kTypeKeywords.contains(t[last].text)) {
      p.name = t[last].text;
      p.type = join_tokens(t, b, last);
      for (std::size_t k = bracket; k < e; ++k)
        if (t[k].is_punct("[")) p.type += "*";  // an array parameter is a pointer
    } else {
      p.type = join_tokens(t, b, e);
    }
    if (p.name.empty()) p.name = "arg" + std::to_string(params.size());
    params.push_back(std::move(p));
  }
  return params;
}

std::vector<TemplateParam> parse_template_params(const Tokens& t, std::size_t open,
                                                 std::size_t close) {
  std::vector<TemplateParam> result;
  for (auto [b, e] : split_commas(t, open + 1, close)) {
    TemplateParam p;
    const std::size_t eq = find_default(t, b, e);
    if (eq < e) p.default_value = join_tokens(t, eq + 1, e);
    if (t[b].is_identifier("typename") || t[b].is_identifier("class") ||
        t[b].is_identifier("template")) {
      p.is_type = true;
      p.type = t[b].text == "template" ? "template" : "typename";
    } else {
      p.is_type = false;
    }
    std::size_t name_at = kNpos;
    for (std::size_t k = b; k < eq; ++k) {
      if (t[k].is_punct("...")) p.pack = true;
      if (t[k].kind == TokenKind::kIdentifier && !kTypeKeywords.contains(t[k].text) &&
          t[k].text != "typename" && t[k].text != "class")
        name_at = k;
    }
    if (p.type == "template")
      name_at = eq > b && t[eq - 1].kind == TokenKind::kIdentifier ? eq - 1 : kNpos;
    if (name_at != kNpos) p.name = t[name_at].text;
    if (!p.is_type) p.type = join_tokens(t, b, name_at == kNpos ? eq : name_at);
    result.push_back(std::move(p));
  }
  return result;
}

// ----- hazard vocabularies -------------------------------------------------------------------

const std::unordered_set<std::string_view> kVoteIntrinsics = {
    "__ballot",   "__ballot_sync", "__any",        "__any_sync", "__all",
    "__all_sync", "__uni_sync",    "__activemask", "__syncwarp"};
const std::unordered_set<std::string_view> kBallots = {"__ballot", "__ballot_sync", "__activemask"};
const std::unordered_set<std::string_view> kFastIntrinsics = {
    "__expf", "__exp10f",  "__logf", "__log2f", "__log10f",  "__sinf",
    "__cosf", "__sincosf", "__tanf", "__powf",  "__fdividef"};
const std::unordered_set<std::string_view> kTextureNames = {
    "cudaTextureObject_t",     "cudaSurfaceObject_t", "cudaCreateTextureObject",
    "cudaCreateSurfaceObject", "cudaBindTexture",     "cudaBindTexture2D",
    "cudaBindTextureToArray"};
const std::unordered_set<std::string_view> kManagedNames = {
    "cudaMallocManaged", "__managed__", "cudaMemPrefetchAsync", "cudaMemAdvise"};
const std::unordered_set<std::string_view> kFastMathFlags = {
    "-use_fast_math", "--use_fast_math", "-ftz=true", "--ftz=true", "-ffast-math"};
// cuComplex.h helpers look like driver API names (cuCadd) but are plain arithmetic.
const std::unordered_set<std::string_view> kComplexHelpers = {"cuCreal",
                                                              "cuCrealf",
                                                              "cuCimag",
                                                              "cuCimagf",
                                                              "cuCadd",
                                                              "cuCaddf",
                                                              "cuCsub",
                                                              "cuCsubf",
                                                              "cuCmul",
                                                              "cuCmulf",
                                                              "cuCdiv",
                                                              "cuCdivf",
                                                              "cuCabs",
                                                              "cuCabsf",
                                                              "cuConj",
                                                              "cuConjf",
                                                              "cuCfma",
                                                              "cuCfmaf",
                                                              "cuComplex",
                                                              "cuFloatComplex",
                                                              "cuDoubleComplex",
                                                              "cuComplexFloatToDouble",
                                                              "cuComplexDoubleToFloat"};
// Launch APIs: the argument (0-based) that names the kernel.
const std::unordered_map<std::string_view, int> kLaunchApis = {
    {"cudaLaunchKernel", 0},   {"cudaLaunchCooperativeKernel", 0},
    {"cudaLaunchKernelEx", 1}, {"hipLaunchKernelGGL", 0},
    {"hipLaunchKernel", 0},    {"hipLaunchCooperativeKernel", 0}};

bool is_shuffle(std::string_view w) {
  return starts_with(w, "__shfl");
}
bool is_vote(std::string_view w) {
  return kVoteIntrinsics.contains(w) || starts_with(w, "__match_") ||
         (starts_with(w, "__reduce_") && w.ends_with("_sync"));
}
bool is_fp8_name(std::string_view w) {
  return starts_with(w, "__nv_fp8") || starts_with(w, "__NV_E4M3") || starts_with(w, "__NV_E5M2") ||
         (starts_with(w, "__nv_cvt_") && contains(w, "fp8"));
}
bool is_bf16_name(std::string_view w) {
  return (starts_with(w, "__") || starts_with(w, "nv_")) && contains(w, "bfloat16") &&
         !starts_with(w, "__hip");
}
bool is_texture_name(std::string_view w) {
  for (std::string_view p :
       {"tex1D", "tex2D", "tex3D", "texCubemap", "surf1D", "surf2D", "surf3D", "surfCubemap"})
    if (starts_with(w, p)) return true;
  return kTextureNames.contains(w);
}
bool is_runtime_api(std::string_view w) {
  return w.size() > 4 && starts_with(w, "cuda") && std::isupper(static_cast<unsigned char>(w[4]));
}
bool is_driver_api(std::string_view w) {
  return w.size() > 2 && starts_with(w, "cu") && std::isupper(static_cast<unsigned char>(w[2])) &&
         !kComplexHelpers.contains(w);
}
bool names_lane_or_warp(std::string_view w) {
  const std::string l = lower(w);
  return contains(l, "lane") || contains(l, "warp") || contains(l, "tid") ||
         contains(l, "threadidx");
}
bool is_32bit_integer_type(const std::vector<std::string>& words) {
  bool integer = false;
  for (const std::string& w : words) {
    if (w == "long" || w == "auto" || contains(w, "64")) return false;
    if (w == "int" || w == "unsigned" || w == "uint32_t" || w == "int32_t") integer = true;
  }
  return integer;
}

// ----- per-file analysis -----------------------------------------------------------------------

struct FunctionRecord {
  std::string name;
  std::string file;
  bool is_kernel = false;
  std::set<std::string> callees;
  std::vector<std::size_t> findings;  // indices into State::findings
};

struct PendingLaunch {
  std::vector<std::string> candidates;  // identifiers of the kernel argument, in order
  Launch launch;
};

}  // namespace

struct Scanner::State {
  Inventory inv;
  std::vector<FunctionRecord> functions;
  std::vector<std::size_t> kernel_function;  // inv.kernels[i] -> functions index
  std::vector<PendingLaunch> pending;
  std::map<std::string, int> api;
  std::map<std::string, LibraryUse> libs;
  std::set<std::tuple<std::string, std::string, int>> seen;  // (rule, file, line)
  std::vector<int> finding_owner;                            // finding -> function or -1

  void add_finding(std::string rule, const std::string& file, int line, int owner,
                   std::string text) {
    if (!seen.emplace(rule, file, line).second) return;
    const std::string function = owner >= 0 ? functions[static_cast<std::size_t>(owner)].name : "";
    inv.findings.push_back({std::move(rule), file, line, function, std::move(text)});
    finding_owner.push_back(owner);
    if (owner >= 0)
      functions[static_cast<std::size_t>(owner)].findings.push_back(inv.findings.size() - 1);
  }

  void add_library(const LibraryInfo& lib, const std::string& via, const std::string& file,
                   int line, const std::string& text) {
    LibraryUse& use = libs[std::string(lib.id)];
    use.id = lib.id;
    int& count = via == "include" ? use.includes : via == "cmake" ? use.cmake : use.calls;
    if (count++ < kEvidencePerKind) use.evidence.push_back({file, line, via, text});
  }

  void scan_cmake(const std::string& path, std::string_view text, SourceFile& file);
  void scan_cpp(const std::string& path, std::string_view text, SourceFile& file);
};

void Scanner::State::scan_cmake(const std::string& path, std::string_view text, SourceFile& file) {
  const CMakeLexResult lexed = lex_cmake(text);
  file.lines = lexed.lines;
  for (const LexDiagnostic& d : lexed.diagnostics)
    inv.warnings.push_back({path, d.line, d.message});
  for (const CMakeArgument& arg : lexed.arguments) {
    if (arg.command == "message") continue;  // prose, not build settings
    for (const std::string& word : cmake_words(arg.text)) {
      if (kFastMathFlags.contains(word)) add_finding("fast-math-flag", path, arg.line, -1, word);
      for (const LibraryInfo& lib : libraries())
        if (matches_cmake_word(lib, word)) add_library(lib, "cmake", path, arg.line, word);
    }
  }
}

void Scanner::State::scan_cpp(const std::string& path, std::string_view text, SourceFile& file) {
  LexResult lexed = lex(text);
  file.lines = lexed.lines;
  std::vector<std::pair<int, int>> disabled;
  const Tokens t = drop_disabled_blocks(std::move(lexed.tokens), &disabled);
  for (const LexDiagnostic& d : lexed.diagnostics) {
    // A compiler does not tokenise #if 0 blocks (prose with apostrophes is common there).
    const bool skipped = std::any_of(disabled.begin(), disabled.end(), [&](const auto& range) {
      return d.line >= range.first && d.line <= range.second;
    });
    if (!skipped) inv.warnings.push_back({path, d.line, d.message});
  }
  const std::size_t n = t.size();

  // Which function body each token belongs to (-1: none), and which tokens are #define bodies.
  std::vector<int> owner(n, -1);
  std::vector<bool> in_define(n, false);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (t[i].directive_start && t[i + 1].is_identifier("define")) {
      for (std::size_t k = i + 2; k < n && t[k].directive && !t[k].directive_start; ++k)
        in_define[k] = true;
    }
  }

  // The named namespaces around each token ("" for anonymous ones are left out).
  std::vector<std::string> scope(n);
  {
    std::vector<std::pair<std::string, int>> open;  // (scope, brace depth inside it)
    int depth = 0;
    for (std::size_t i = 0; i < n; ++i) {
      scope[i] = open.empty() ? "" : open.back().first;
      if (t[i].directive) continue;
      if (t[i].is_identifier("namespace")) {
        std::string name;
        std::size_t k = i + 1;
        while (k < n && (t[k].kind == TokenKind::kIdentifier || t[k].is_punct("::")) &&
               !t[k].is_identifier("inline"))
          name += t[k++].text;
        if (k < n && t[k].is_punct("{")) {
          const std::string outer = open.empty() ? "" : open.back().first;
          open.emplace_back(name.empty()    ? outer
                            : outer.empty() ? name
                                            : outer + "::" + name,
                            ++depth);
          i = k;
          continue;
        }
      }
      if (t[i].is_punct("{")) ++depth;
      if (t[i].is_punct("}")) {
        if (!open.empty() && open.back().second == depth) open.pop_back();
        --depth;
      }
    }
  }

  // Functions: __global__ kernels and __device__ functions with a body.
  for (std::size_t i = 0; i < n; ++i) {
    if (t[i].directive || !(t[i].is_identifier("__global__") || t[i].is_identifier("__device__")))
      continue;
    const auto f = parse_function(t, i);
    if (!f || f->body_open == kNpos) continue;
    const int index = static_cast<int>(functions.size());
    FunctionRecord record{f->name, path, f->is_kernel, {}, {}};
    // The declaration belongs to the function too: __launch_bounds__ and parameter types are
    // part of what a port must change.
    for (std::size_t k = f->decl_begin; k < f->body_open; ++k) owner[k] = index;
    for (std::size_t k = f->body_open; k <= f->body_close; ++k) {
      owner[k] = index;
      if (t[k].kind == TokenKind::kIdentifier && k + 1 < n &&
          (t[k + 1].is_punct("(") || t[k + 1].is_punct("<")) && t[k].text != f->name)
        record.callees.insert(t[k].text);
    }
    functions.push_back(std::move(record));
    if (f->is_kernel) {
      Kernel k;
      k.name = f->name;
      k.scope = scope[f->name_index];
      k.file = path;
      k.line = t[f->name_index].line;
      k.signature = join_tokens(t, f->decl_begin, f->params_close + 1);
      k.is_template = f->template_open != kNpos;
      if (k.is_template)
        k.template_params = parse_template_params(t, f->template_open, f->template_close);
      k.params = parse_params(t, f->params_open, f->params_close);
      k.body_lines = t[f->body_close].line - t[f->body_open].line + 1;
      inv.kernels.push_back(std::move(k));
      kernel_function.push_back(static_cast<std::size_t>(index));
    }
    i = f->body_close;  // nothing nests inside a body that we look for
  }

  const auto device_code = [&](std::size_t i) { return owner[i] >= 0 || in_define[i]; };
  std::map<int, std::set<std::string>> ballot_vars;  // per owner
  std::set<std::size_t> consumed;                    // number tokens used by warp32-arith

  // The statement around token i: back to ; { } and forward to ; { } (within a directive
  // line for macro bodies).
  const auto statement_mentions_lanes = [&](std::size_t i) {
    const bool dir = t[i].directive;
    const auto boundary = [&](std::size_t k) {
      return t[k].directive != dir || t[k].is_punct(";") || t[k].is_punct("{") ||
             t[k].is_punct("}") || t[k].directive_start;
    };
    for (std::size_t k = i; k-- > 0 && !boundary(k);)
      if (t[k].kind == TokenKind::kIdentifier && names_lane_or_warp(t[k].text)) return true;
    for (std::size_t k = i + 1; k < n && !boundary(k); ++k)
      if (t[k].kind == TokenKind::kIdentifier && names_lane_or_warp(t[k].text)) return true;
    return false;
  };

  for (std::size_t i = 0; i < n; ++i) {
    const Token& tok = t[i];
    const int own = owner[i];

    if (tok.directive_start && i + 2 < n && t[i + 1].directive &&
        (t[i + 1].text == "include" || t[i + 1].text == "include_next") &&
        t[i + 2].kind == TokenKind::kHeaderName) {
      const std::string& h = t[i + 2].text;
      const std::string header = h.size() >= 2 ? h.substr(1, h.size() - 2) : h;
      for (const LibraryInfo& lib : libraries())
        if (matches_header(lib, header)) add_library(lib, "include", path, tok.line, header);
      const std::string file_name = fs::path(header).filename().string();
      if (file_name == "cuda_fp8.h" || file_name == "cuda_fp8.hpp")
        add_finding("fp8-type", path, tok.line, -1, header);
      if (file_name == "cuda_bf16.h" || file_name == "cuda_bf16.hpp")
        add_finding("bf16-type", path, tok.line, -1, header);
      if (file_name == "mma.h") add_finding("mma", path, tok.line, -1, header);
      if (file_name == "cooperative_groups.h" || starts_with(header, "cooperative_groups/"))
        add_finding("cooperative-groups", path, tok.line, -1, header);
      i += 2;
      continue;
    }

    if (tok.kind == TokenKind::kNumber) {
      const long long v = integer_value(tok);
      if (v == 0xffffffffLL && device_code(i))
        add_finding("mask-32bit", path, tok.line, own, tok.text);
      continue;
    }

    if (tok.kind == TokenKind::kPunct) {
      if (tok.is_punct("<<<")) {  // kernel<<<grid, block>>>(...) or kernel<T><<<...
        if (i == 0) continue;
        std::size_t k = i - 1;
        if (closers(t[k]) > 0) {
          const std::size_t lt = match_angle_backward(t, k);
          k = lt != kNpos && lt > 0 ? lt - 1 : kNpos;
        }
        if (k != kNpos && t[k].kind == TokenKind::kIdentifier)
          inv.launches.push_back({t[k].text, path, t[k].line, "<<<>>>"});
        continue;
      }
      // Lane arithmetic with a literal: & 31, % 32, >> 5, / 32 (and their op= forms).
      if (i + 1 < n && t[i + 1].kind == TokenKind::kNumber && device_code(i)) {
        const long long v = integer_value(t[i + 1]);
        const std::string& op = tok.text;
        const bool hit =
            ((op == "&" || op == "&=") && v == 31) || ((op == "%" || op == "%=") && v == 32) ||
            ((op == ">>" || op == ">>=") && v == 5) || ((op == "/" || op == "/=") && v == 32);
        if (hit && statement_mentions_lanes(i)) {
          add_finding("warp32-arith", path, tok.line, own, op + " " + t[i + 1].text);
          consumed.insert(i + 1);
        }
      }
      continue;
    }

    if (tok.kind != TokenKind::kIdentifier) continue;
    const std::string& w = tok.text;
    const bool called = next_is(t, i, "(");

    if (is_runtime_api(w))
      ++api[w];
    else if (is_driver_api(w))
      ++api[w];

    if (called) {
      if (const LibraryInfo* lib = library_of_call(w)) add_library(*lib, "code", path, tok.line, w);
    } else if (next_is(t, i, "::") && !(i > 0 && t[i - 1].is_punct("::") && i > 1 &&
                                        t[i - 2].kind == TokenKind::kIdentifier)) {
      for (const LibraryInfo& lib : libraries())
        for (std::string_view ns : lib.namespaces)
          if (ns == w) add_library(lib, "code", path, tok.line, w + "::");
    }

    if (auto it = kLaunchApis.find(w); it != kLaunchApis.end() && called) {
      const std::size_t close = match_forward(t, i + 1);
      const auto args = split_commas(t, i + 2, close);
      const auto arg = static_cast<std::size_t>(it->second);
      if (arg < args.size()) {
        PendingLaunch p;
        for (std::size_t k = args[arg].first; k < args[arg].second; ++k)
          if (t[k].kind == TokenKind::kIdentifier) p.candidates.push_back(t[k].text);
        p.launch = {"", path, tok.line, w};
        pending.push_back(std::move(p));
      }
    }

    if ((w == "asm" || w == "__asm__" || w == "__asm") &&
        (called ||
         (i + 2 < n &&
          (t[i + 1].is_identifier("volatile") || t[i + 1].is_identifier("__volatile__")) &&
          t[i + 2].is_punct("(")))) {
      add_finding("inline-ptx", path, tok.line, own, w);
      const std::size_t open = called ? i + 1 : i + 2;
      const std::size_t close = match_forward(t, open);
      for (std::size_t k = open; k < close; ++k) {
        if (t[k].kind != TokenKind::kString) continue;
        const std::size_t at = t[k].text.find("mma");
        if (at == std::string::npos) continue;
        std::size_t b = at, e = at;
        const auto word = [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_';
        };
        while (b > 0 && word(t[k].text[b - 1])) --b;
        while (e < t[k].text.size() && word(t[k].text[e])) ++e;
        add_finding("mma", path, t[k].line, own, t[k].text.substr(b, e - b));
      }
      continue;
    }
    if (is_shuffle(w) && called) {
      add_finding("warp-shuffle", path, tok.line, own, w);
      continue;
    }
    if (is_vote(w) && called) {
      add_finding("warp-vote", path, tok.line, own, w);
      if (kBallots.contains(w) && i >= 2 && t[i - 1].is_punct("=") &&
          t[i - 2].kind == TokenKind::kIdentifier) {
        const std::string& var = t[i - 2].text;
        ballot_vars[own].insert(var);
        std::vector<std::string> type;
        for (std::size_t k = i - 2; k-- > 0;) {
          if (!(t[k].kind == TokenKind::kIdentifier && kTypeKeywords.contains(t[k].text)) &&
              !t[k].is_punct("::"))
            break;
          type.push_back(t[k].text);
        }
        if (type.empty() && own >= 0) {  // assigned, not declared here: find its declaration
          for (std::size_t k = i - 2; k-- > 0 && owner[k] == own;) {
            if (t[k].text != var || k == 0 ||
                !(t[k + 1].is_punct(";") || t[k + 1].is_punct("=") || t[k + 1].is_punct(",")))
              continue;
            for (std::size_t m = k; m-- > 0 && t[m].kind == TokenKind::kIdentifier &&
                                    kTypeKeywords.contains(t[m].text);)
              type.push_back(t[m].text);
            if (!type.empty()) break;
          }
        }
        if (is_32bit_integer_type(type))
          add_finding("ballot-32bit", path, tok.line, own, var + " = " + w);
      }
      continue;
    }
    if ((w == "__popc" || w == "__ffs") && called) {
      const std::size_t close = match_forward(t, i + 1);
      for (std::size_t k = i + 2; k < close; ++k) {
        if (t[k].kind == TokenKind::kIdentifier &&
            (kBallots.contains(t[k].text) || ballot_vars[own].contains(t[k].text))) {
          add_finding("popc-ballot", path, tok.line, own, w + "(" + t[k].text + ")");
          break;
        }
      }
      continue;
    }
    if (is_fp8_name(w)) {
      add_finding("fp8-type", path, tok.line, own, w);
    } else if (is_bf16_name(w)) {
      add_finding("bf16-type", path, tok.line, own, w);
    } else if (kFastIntrinsics.contains(w) && called) {
      add_finding("fast-intrinsic", path, tok.line, own, w);
    } else if ((w == "wmma" || w == "nvcuda") && next_is(t, i, "::")) {
      add_finding("mma", path, tok.line, own, w);
    } else if (w == "cooperative_groups" || w == "cudaLaunchCooperativeKernel" ||
               w == "cudaLaunchCooperativeKernelMultiDevice") {
      add_finding("cooperative-groups", path, tok.line, own, w);
    } else if (is_texture_name(w) || (w == "texture" && next_is(t, i, "<"))) {
      add_finding("texture-surface", path, tok.line, own, w);
    } else if (kManagedNames.contains(w)) {
      add_finding("managed-memory", path, tok.line, own, w);
    } else if (w == "__launch_bounds__" && called && i + 2 < n) {
      const long long threads = integer_value(t[i + 2]);
      if (threads > 256)
        add_finding("launch-bounds", path, tok.line, own, w + "(" + t[i + 2].text + ")");
    } else if (w == "main" && called && i > 0 && t[i - 1].is_identifier("int") && own < 0) {
      file.defines_main = true;
    }
  }

  // Per function: shuffles or votes without warpSize, and a literal 32 (or a 16 that starts an
  // offset loop or is a shuffle offset).
  std::map<int, std::pair<bool, bool>> usage;  // owner -> (shuffles or votes, reads warpSize)
  for (std::size_t i = 0; i < n; ++i) {
    if (owner[i] < 0 || t[i].kind != TokenKind::kIdentifier) continue;
    auto& u = usage[owner[i]];
    if ((is_shuffle(t[i].text) || is_vote(t[i].text)) && next_is(t, i, "(")) u.first = true;
    if (t[i].text == "warpSize") u.second = true;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int own = owner[i];
    if (own < 0 || t[i].kind != TokenKind::kNumber || consumed.contains(i)) continue;
    const auto& u = usage[own];
    if (!u.first || u.second) continue;
    const long long v = integer_value(t[i]);
    bool hit = v == 32;
    if (v == 16) {
      // Inside a for(...) header right after '=' or inside a shuffle's argument list?
      int depth = 0;
      for (std::size_t k = i; k-- > 0 && owner[k] == own;) {
        if (is_close(t[k])) ++depth;
        if (is_open(t[k])) {
          if (depth-- > 0) continue;
          if (!t[k].is_punct("(") || k == 0) break;
          const bool for_header = t[k - 1].is_identifier("for") && t[i - 1].is_punct("=");
          hit = for_header || is_shuffle(t[k - 1].text);
          break;
        }
      }
    }
    if (hit) add_finding("warp32-shuffle", path, t[i].line, own, t[i].text);
  }
}

Scanner::Scanner(std::string root) : state_(std::make_unique<State>()) {
  state_->inv.root = std::move(root);
}
Scanner::~Scanner() = default;

void Scanner::add_file(const std::string& path, std::string_view text) {
  SourceFile file{path, kind_of(path), 0, false};
  if (file.kind == FileKind::kCMake) {
    state_->scan_cmake(path, text, file);
  } else {
    state_->scan_cpp(path, text, file);
  }
  state_->inv.files.push_back(std::move(file));
}

Inventory Scanner::finish() {
  State& s = *state_;
  Inventory& inv = s.inv;

  // Launches through launch APIs: the first identifier that names a kernel defined here, else
  // the last identifier that is not a cast or type word.
  std::set<std::string> kernel_names;
  for (const Kernel& k : inv.kernels) kernel_names.insert(k.name);
  for (PendingLaunch& p : s.pending) {
    for (const std::string& c : p.candidates)
      if (kernel_names.contains(c)) {
        p.launch.kernel = c;
        break;
      }
    if (p.launch.kernel.empty()) {
      for (const std::string& c : p.candidates)
        if (c != "reinterpret_cast" && c != "static_cast" && c != "const_cast" &&
            !kTypeKeywords.contains(c))
          p.launch.kernel = c;
    }
    if (!p.launch.kernel.empty()) inv.launches.push_back(std::move(p.launch));
  }
  std::map<std::string, int> launch_count;
  for (const Launch& l : inv.launches) ++launch_count[l.kernel];

  // Device functions by name, for the call graph (kernels are not callable from device code).
  std::multimap<std::string, std::size_t> device_by_name;
  for (std::size_t f = 0; f < s.functions.size(); ++f)
    if (!s.functions[f].is_kernel) device_by_name.emplace(s.functions[f].name, f);

  for (std::size_t k = 0; k < inv.kernels.size(); ++k) {
    Kernel& kernel = inv.kernels[k];
    kernel.launches = launch_count[kernel.name];
    std::set<std::size_t> reached{s.kernel_function[k]};
    std::vector<std::size_t> work{s.kernel_function[k]};
    std::set<std::string> calls;
    while (!work.empty()) {
      const std::size_t f = work.back();
      work.pop_back();
      for (const std::string& callee : s.functions[f].callees) {
        auto [lo, hi] = device_by_name.equal_range(callee);
        // A definition in the caller's own file is the one its translation unit sees; only
        // without one can the callee be any of the others (a shared header's, say). Two suites'
        // `warp_sum` helpers must not add up in one kernel.
        const bool local = std::any_of(lo, hi, [&](const auto& d) {
          return s.functions[d.second].file == s.functions[f].file;
        });
        for (auto it = lo; it != hi; ++it) {
          if (local && s.functions[it->second].file != s.functions[f].file) continue;
          calls.insert(callee);
          if (reached.insert(it->second).second) work.push_back(it->second);
        }
      }
    }
    kernel.calls.assign(calls.begin(), calls.end());
    for (std::size_t f : reached)
      for (std::size_t finding : s.functions[f].findings)
        ++kernel.hazards[inv.findings[finding].rule];
  }

  for (const auto& [name, count] : s.api)
    inv.api.push_back({name, is_runtime_api(name) ? ApiKind::kRuntime : ApiKind::kDriver, count});
  std::stable_sort(inv.api.begin(), inv.api.end(),
                   [](const ApiUse& a, const ApiUse& b) { return a.count > b.count; });
  for (const LibraryInfo& lib : libraries())
    if (auto it = s.libs.find(std::string(lib.id)); it != s.libs.end())
      inv.libraries.push_back(std::move(it->second));

  const auto by_place = [](const auto& a, const auto& b) {
    return std::tie(a.file, a.line) < std::tie(b.file, b.line);
  };
  std::sort(inv.files.begin(), inv.files.end(),
            [](const SourceFile& a, const SourceFile& b) { return a.path < b.path; });
  std::stable_sort(inv.kernels.begin(), inv.kernels.end(), by_place);
  std::stable_sort(inv.launches.begin(), inv.launches.end(), by_place);
  std::stable_sort(inv.findings.begin(), inv.findings.end(),
                   [](const Finding& a, const Finding& b) {
                     return std::tie(a.file, a.line, a.rule) < std::tie(b.file, b.line, b.rule);
                   });
  std::stable_sort(inv.warnings.begin(), inv.warnings.end(), by_place);
  Inventory result = std::move(inv);
  *state_ = State{};
  return result;
}

bool is_audited_file(const std::filesystem::path& path) {
  static const std::set<std::string> kExtensions = {".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc"};
  return is_cmake_file(path.generic_string()) || kExtensions.contains(path.extension().string());
}

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error("cannot read '" + path.string() + "': " + std::strerror(errno) +
                "; check that it exists and is readable");
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error("reading '" + path.string() + "' failed; check the file system");
  return text.str();
}

}  // namespace

Inventory scan(const std::filesystem::path& root) {
  std::error_code ec;
  const fs::file_status status = fs::status(root, ec);
  if (ec || !fs::exists(status)) {
    throw UsageError("cannot audit '" + root.string() +
                     "': no such file or directory; pass the folder (or a file) of the CUDA "
                     "code base");
  }
  Scanner scanner(root.string());
  if (fs::is_regular_file(status)) {
    if (!is_audited_file(root)) {
      throw UsageError("cannot audit '" + root.string() +
                       "': not a CUDA/C++ source (.cu .cuh .h .hpp .cpp .cc) or CMake file");
    }
    scanner.add_file(root.filename().generic_string(), read_file(root));
    return scanner.finish();
  }
  if (!fs::is_directory(status)) {
    throw UsageError("cannot audit '" + root.string() + "': not a regular file or directory");
  }
  std::vector<fs::path> paths;
  fs::recursive_directory_iterator it(root, ec), end;
  if (ec) throw Error("cannot list '" + root.string() + "': " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) throw Error("cannot list '" + it->path().string() + "': " + ec.message());
    const std::string name = it->path().filename().string();
    if (it->is_directory() && !name.empty() && name[0] == '.') {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && is_audited_file(it->path())) paths.push_back(it->path());
  }
  std::sort(paths.begin(), paths.end());
  for (const fs::path& p : paths)
    scanner.add_file(p.lexically_relative(root).generic_string(), read_file(p));
  return scanner.finish();
}

std::string join_tokens(const std::vector<Token>& t, std::size_t begin, std::size_t end) {
  std::string out;
  for (std::size_t k = begin; k < end && k < t.size(); ++k) {
    const Token& cur = t[k];
    if (k > begin) {
      const Token& prev = t[k - 1];
      const bool tight_after =
          prev.is_punct("(") || prev.is_punct("[") || prev.is_punct("::") || prev.is_punct(".") ||
          prev.is_punct("->") || prev.is_punct("~") || prev.is_punct("!") ||
          (prev.is_punct("<") && k >= 2 && t[k - 2].kind == TokenKind::kIdentifier);
      const bool tight_before =
          cur.is_punct(")") || cur.is_punct("]") || cur.is_punct(",") || cur.is_punct(";") ||
          cur.is_punct("::") || cur.is_punct(".") || cur.is_punct("->") || cur.is_punct("*") ||
          cur.is_punct("&") || cur.is_punct("&&") || cur.is_punct("...") ||
          (cur.is_punct("(") && (prev.kind == TokenKind::kIdentifier || closers(prev) > 0) &&
           prev.text != "template") ||
          (cur.is_punct("[") && prev.kind == TokenKind::kIdentifier) ||
          (cur.is_punct("<") && prev.kind == TokenKind::kIdentifier && prev.text != "template") ||
          (closers(cur) > 0 && prev.kind != TokenKind::kPunct);
      if (!tight_after && !tight_before) out.push_back(' ');
    }
    out += cur.text;
  }
  return out;
}

}  // namespace parity::audit
