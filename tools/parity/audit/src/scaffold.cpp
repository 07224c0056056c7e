#include "parity/audit/scaffold.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "parity/audit/rules.hpp"
#include "parity/audit/scanner.hpp"
#include "parity/cxx/tokenizer.hpp"
#include "parity/error.hpp"

namespace parity::audit {

using cxx::lex;
using cxx::TokenKind;

namespace {

namespace fs = std::filesystem;

// CUDA storage types and the parity types with the same bits.
const std::map<std::string, std::string> kHostNames = {{"__half", "parity::f16"},
                                                       {"half", "parity::f16"},
                                                       {"__nv_bfloat16", "parity::bf16"},
                                                       {"nv_bfloat16", "parity::bf16"},
                                                       {"__nv_fp8_e4m3", "parity::f8_e4m3fn"},
                                                       {"__nv_fp8_e5m2", "parity::f8_e5m2"}};
// The same types under HIP (what hipify would write).
const std::map<std::string, std::string> kHipNames = {
    {"__nv_bfloat16", "__hip_bfloat16"},
    {"nv_bfloat16", "__hip_bfloat16"},
    {"cudaTextureObject_t", "hipTextureObject_t"},
    {"cudaSurfaceObject_t", "hipSurfaceObject_t"},
    {"cudaStream_t", "hipStream_t"},
    {"cudaEvent_t", "hipEvent_t"},
    {"__nv_fp8_e4m3", "unsigned char /* TODO: fp8 e4m3 (FNUZ on gfx942) */"},
    {"__nv_fp8_e5m2", "unsigned char /* TODO: fp8 e5m2 (FNUZ on gfx942) */"}};
// Words a launcher header may use: it is plain C++ that includes only parity's headers.
const std::set<std::string> kHostWords = {
    "const",    "volatile", "void",    "bool",    "char",     "short",     "int",
    "long",     "float",    "double",  "signed",  "unsigned", "size_t",    "ptrdiff_t",
    "int8_t",   "int16_t",  "int32_t", "int64_t", "uint8_t",  "uint16_t",  "uint32_t",
    "uint64_t", "std",      "parity",  "f16",     "bf16",     "f8_e4m3fn", "f8_e5m2"};
// Element types with a parity dtype (dtype_of<T> compiles), and the tag for case names.
const std::map<std::string, std::string> kDTypeTags = {{"float", "f32"},
                                                       {"double", "f64"},
                                                       {"parity::f16", "f16"},
                                                       {"parity::bf16", "bf16"},
                                                       {"parity::f8_e4m3fn", "f8_e4m3fn"},
                                                       {"parity::f8_e5m2", "f8_e5m2"},
                                                       {"bool", "bool"},
                                                       {"signed char", "i8"},
                                                       {"unsigned char", "u8"},
                                                       {"short", "i16"},
                                                       {"unsigned short", "u16"},
                                                       {"int", "i32"},
                                                       {"unsigned", "u32"},
                                                       {"unsigned int", "u32"},
                                                       {"long", "i64"},
                                                       {"unsigned long", "u64"},
                                                       {"size_t", "u64"},
                                                       {"std::size_t", "u64"},
                                                       {"int8_t", "i8"},
                                                       {"std::int8_t", "i8"},
                                                       {"int16_t", "i16"},
                                                       {"std::int16_t", "i16"},
                                                       {"int32_t", "i32"},
                                                       {"std::int32_t", "i32"},
                                                       {"int64_t", "i64"},
                                                       {"std::int64_t", "i64"},
                                                       {"uint8_t", "u8"},
                                                       {"std::uint8_t", "u8"},
                                                       {"uint16_t", "u16"},
                                                       {"std::uint16_t", "u16"},
                                                       {"uint32_t", "u32"},
                                                       {"std::uint32_t", "u32"},
                                                       {"uint64_t", "u64"},
                                                       {"std::uint64_t", "u64"}};

enum class Role { kInput, kOutput, kScalar, kPointer, kOpaque, kDropped };

struct LaunchParam {
  std::string name;  // in the launcher and the test
  Role role = Role::kScalar;
  std::string host_type;    // launcher type; "" when dropped
  std::string element;      // pointee (pointers) or value type (scalars), host side, no cv
  std::string kernel_type;  // CUDA side, template arguments substituted, no __restrict__
  std::string hip_type;     // HIP side
  std::string original;     // as written in the kernel
};

std::vector<Token> tokens_of(const std::string& text) {
  return lex(text).tokens;
}
std::string join(const std::vector<Token>& t) {
  return join_tokens(t, 0, t.size());
}

// Re-spells `text` with identifiers replaced through `names` (multi-token replacements allowed).
std::string replace_names(const std::string& text,
                          const std::map<std::string, std::string>& names) {
  std::vector<Token> out;
  for (Token& tok : tokens_of(text)) {
    const auto it = tok.kind == TokenKind::kIdentifier ? names.find(tok.text) : names.end();
    if (it == names.end()) {
      out.push_back(std::move(tok));
    } else {
      for (Token& r : tokens_of(it->second)) out.push_back(std::move(r));
    }
  }
  return join(out);
}

bool is_floating(const std::string& element) {
  return element == "float" || element == "double" || element.starts_with("parity::");
}

LaunchParam make_param(const Param& p, const std::map<std::string, std::string>& substitutions) {
  LaunchParam lp;
  lp.name = p.name;
  lp.original = p.type;
  std::vector<Token> kernel;
  for (Token& tok : tokens_of(p.type))
    if (tok.text != "__restrict__" && tok.text != "__restrict" && tok.text != "restrict")
      kernel.push_back(std::move(tok));
  lp.kernel_type = replace_names(join(kernel), substitutions);
  lp.hip_type = replace_names(lp.kernel_type, kHipNames);
  const std::vector<Token> host = tokens_of(replace_names(lp.kernel_type, kHostNames));

  int stars = 0;
  bool unusual = false;  // references, function pointers, arrays of arrays
  bool known = true;
  std::size_t star_at = host.size();
  for (std::size_t k = 0; k < host.size(); ++k) {
    const Token& tok = host[k];
    if (tok.is_punct("*")) {
      ++stars;
      if (star_at == host.size()) star_at = k;
    } else if (tok.kind == TokenKind::kPunct && !tok.is_punct("::")) {
      unusual = true;
    } else if (tok.kind == TokenKind::kIdentifier && !kHostWords.contains(tok.text)) {
      known = false;
    }
  }
  std::vector<Token> element;
  bool const_pointee = false;
  for (std::size_t k = 0; k < star_at; ++k) {
    if (host[k].is_identifier("const")) const_pointee = true;
    if (!host[k].is_identifier("const") && !host[k].is_identifier("volatile"))
      element.push_back(host[k]);
  }
  lp.element = join(element);
  if (unusual) {
    lp.role = Role::kDropped;
  } else if (stars >= 1) {
    if (known && stars == 1) {
      lp.host_type = join(host);
      lp.role = kDTypeTags.contains(lp.element) ? (const_pointee ? Role::kInput : Role::kOutput)
                                                : Role::kPointer;
    } else {
      lp.host_type = const_pointee && stars == 1 ? "const void*" : "void*";
      lp.role = Role::kOpaque;
    }
  } else {
    lp.role = known ? Role::kScalar : Role::kDropped;
    if (known) lp.host_type = join(host);
  }
  return lp;
}

// The argument a launcher passes to the kernel for `p`, on the CUDA or the HIP side.
std::string kernel_argument(const LaunchParam& p, bool hip) {
  const std::string& type = hip ? p.hip_type : p.kernel_type;
  switch (p.role) {
    case Role::kDropped:
      return "{} /* TODO: a value for '" + p.name + "' (" + p.original + ") */";
    case Role::kOpaque:
      return "static_cast<" + type + ">(" + p.name + ")";
    case Role::kScalar: {
      if (p.host_type == type) return p.name;
      std::string value = replace_names(type, {{"const", ""}, {"volatile", ""}});
      return "std::bit_cast<" + value + ">(" + p.name + ")";
    }
    default:
      return p.host_type == type ? p.name : "reinterpret_cast<" + type + ">(" + p.name + ")";
  }
}

struct Instantiation {
  bool supported = true;
  std::vector<std::string> arguments;        // CUDA side
  std::map<std::string, std::string> types;  // type parameter -> CUDA type
  std::vector<std::string> notes;            // TODOs about the choices
};

Instantiation instantiate(const Kernel& k) {
  Instantiation inst;
  for (const TemplateParam& tp : k.template_params) {
    if (tp.pack || tp.type == "template" || tp.name.empty()) {
      inst.supported = false;
      continue;
    }
    if (tp.is_type) {
      const std::string chosen = tp.default_value.empty() ? "float" : tp.default_value;
      inst.types[tp.name] = chosen;
      inst.arguments.push_back(chosen);
      inst.notes.push_back(tp.name + " = " + chosen +
                           ": add a launcher overload per type you test");
    } else {
      std::string value = tp.default_value;
      if (value.empty()) value = tp.type.find("bool") != std::string::npos ? "false" : "256";
      inst.arguments.push_back(value);
      inst.notes.push_back(tp.name + " = " + value + ": the value the code base launches with");
    }
  }
  return inst;
}

std::string template_header(const Kernel& k) {
  if (!k.is_template) return "";
  std::string h = "template <";
  for (std::size_t i = 0; i < k.template_params.size(); ++i) {
    const TemplateParam& tp = k.template_params[i];
    if (i) h += ", ";
    h += tp.is_type ? (tp.type == "template" ? "class" : "typename") : tp.type;
    if (tp.pack) h += "...";
    if (!tp.name.empty()) h += " " + tp.name;
    if (!tp.default_value.empty()) h += " = " + tp.default_value;
  }
  return h + ">\n";
}

// "void f(a, b);" wrapped at 100 columns the way clang-format does: continuation lines aligned
// after the '(' (or indented by 4 when that leaves too little room).
std::string declaration(const std::string& head, const std::vector<std::string>& params,
                        const std::string& tail) {
  std::string out;
  std::string line = head + "(";
  std::size_t indent = line.size();
  if (indent > 60) {
    out = line + "\n";
    indent = 4;
    line = std::string(indent, ' ');
  }
  bool line_empty = line.size() == indent;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const std::string piece = params[i] + (i + 1 < params.size() ? "," : ")" + tail);
    if (!line_empty && line.size() + 1 + piece.size() > 100) {
      out += line + "\n";
      line = std::string(indent, ' ') + piece;
    } else {
      line += (line_empty ? "" : " ") + piece;
    }
    line_empty = false;
  }
  if (params.empty()) line += ")" + tail;
  return out + line;
}

std::vector<const Finding*> findings_of(const Inventory& inv, const Kernel& k) {
  std::set<std::string> reach(k.calls.begin(), k.calls.end());
  reach.insert(k.name);
  std::vector<const Finding*> out;
  for (const Finding& f : inv.findings)
    if (!f.function.empty() && reach.contains(f.function)) out.push_back(&f);
  return out;
}

bool mentions(const std::vector<LaunchParam>& params,
              std::initializer_list<std::string_view> words) {
  for (const LaunchParam& p : params)
    for (const Token& t : tokens_of(p.kernel_type))
      for (std::string_view w : words)
        if (t.text == w) return true;
  return false;
}

std::string unique_name(const std::string& wanted, const std::set<std::string>& taken) {
  std::string name = wanted;
  while (taken.contains(name)) name += "_";
  return name;
}

}  // namespace

std::vector<ScaffoldFile> scaffold_suite(const Inventory& inv, const Kernel& k,
                                         const fs::path& source_root, const fs::path& suite_dir) {
  const std::string origin = k.file + ":" + std::to_string(k.line);
  const Instantiation inst = instantiate(k);
  std::vector<LaunchParam> params;
  std::set<std::string> names;
  for (const Param& p : k.params) {
    params.push_back(make_param(p, inst.types));
    names.insert(p.name);
  }
  const std::string stream = unique_name("stream", names);
  const std::string native = unique_name("native", names);  // locals of the launchers
  const std::string grid = unique_name("grid", names);
  const std::string block = unique_name("block", names);
  const std::string launcher = "launch_" + k.name;
  const std::string qualified = k.scope.empty() ? k.name : k.scope + "::" + k.name;
  std::string kernel_expr = qualified;
  if (k.is_template) {
    kernel_expr += "<";
    for (std::size_t i = 0; i < inst.arguments.size(); ++i)
      kernel_expr += (i ? ", " : "") + inst.arguments[i];
    kernel_expr += ">";
  }

  std::vector<std::string> launcher_params = {"parity::Stream " + stream};
  for (const LaunchParam& p : params)
    if (p.role != Role::kDropped) launcher_params.push_back(p.host_type + " " + p.name);
  const std::string launcher_decl = declaration("void " + launcher, launcher_params, "");

  std::vector<std::string> todos;  // shared by the .cu and .hip stubs
  for (const std::string& note : inst.notes) todos.push_back(note);
  for (const LaunchParam& p : params) {
    if (p.role == Role::kDropped)
      todos.push_back("'" + p.name + "' (" + p.original +
                      ") is not a host type parity knows: declare it in " + k.name +
                      ".hpp and add it to the launcher");
    if (p.role == Role::kOpaque)
      todos.push_back("'" + p.name + "' (" + p.original + ") crosses the launcher as void*");
  }
  const auto findings = findings_of(inv, k);
  const SourceFile* source = nullptr;
  for (const SourceFile& f : inv.files)
    if (f.path == k.file) source = &f;
  const bool include_source = source != nullptr && !source->defines_main;
  const bool bit_cast = [&] {
    for (const LaunchParam& p : params)
      if (p.role == Role::kScalar && (p.host_type != p.kernel_type || p.host_type != p.hip_type))
        return true;
    return false;
  }();

  // Kernel declaration (for the .hip stub, and the .cu stub when the source cannot be included).
  const auto kernel_declaration = [&](bool hip) {
    std::vector<std::string> decl_params;
    for (const Param& p : k.params)
      decl_params.push_back((hip ? replace_names(p.type, kHipNames) : p.type) + " " + p.name);
    std::string text =
        template_header(k) + declaration("__global__ void " + k.name, decl_params, ";");
    if (!k.scope.empty())
      text = "namespace " + k.scope + " {\n" + text + "\n}  // namespace " + k.scope;
    return text + "\n";
  };
  const auto launcher_body = [&](bool hip) {
    std::ostringstream b;
    b << launcher_decl << " {\n";
    if (!inst.supported) {
      b << "  // TODO: " << k.name << " has template parameters the scaffold cannot choose "
        << "(packs or\n  // template templates): instantiate and launch it here.\n";
      for (const LaunchParam& p : params)
        if (p.role != Role::kDropped) b << "  static_cast<void>(" << p.name << ");\n";
      b << "  static_cast<void>(" << stream << ");\n}\n";
      return b.str();
    }
    b << "  const dim3 " << block << "(256);  // TODO: the block size the code base launches "
      << k.name << " with\n"
      << "  const dim3 " << grid << "(1);     // TODO: enough blocks to cover the data\n"
      << "  const " << (hip ? "hipStream_t " : "cudaStream_t ") << native
      << " = parity::native_handle<" << (hip ? "hipStream_t" : "cudaStream_t") << ">(" << stream
      << ");\n";
    std::vector<std::string> args;
    for (const LaunchParam& p : params) args.push_back(kernel_argument(p, hip));
    std::string call;
    if (hip) {
      std::vector<std::string> all = {"(" + kernel_expr + ")", grid, block, "0", native};
      all.insert(all.end(), args.begin(), args.end());
      call = declaration("  hipLaunchKernelGGL", all, ";") + "\n";
    } else {
      call =
          declaration("  " + kernel_expr + "<<<" + grid + ", " + block + ", 0, " + native + ">>>",
                      args, ";") +
          "\n";
    }
    b << call << "}\n";
    return b.str();
  };
  const auto todo_block = [&](std::ostringstream& o) {
    for (const std::string& t : todos) o << "// TODO: " << t << "\n";
  };

  std::vector<ScaffoldFile> files;

  // CMakeLists.txt
  {
    std::ostringstream o;
    o << "# Suite for the kernel `" << qualified << "`.\n# Scaffolded by `parity audit` from "
      << origin << ".\n"
      << "# TODO: an fp64 reference (REFERENCE ...), tolerance OVERRIDES if a case needs one, and "
         "the\n# include folders the original source needs, e.g.\n"
      << "#   target_include_directories(" << k.name << "_kernels_cuda PRIVATE <dir>)\n"
      << "parity_add_suite(NAME " << k.name << " CUDA " << k.name << ".cu HIP " << k.name
      << ".hip TESTS " << k.name << ".tests.cpp)\n";
    files.push_back({"CMakeLists.txt", o.str()});
  }

  // <kernel>.hpp
  {
    std::ostringstream o;
    o << "// " << k.name << ": TODO: one line on what it computes.\n"
      << "// The launcher that the CUDA original and the HIP port both define. Scaffolded by\n"
      << "// `parity audit` from " << origin << ":\n//   " << k.signature << "\n";
    for (const LaunchParam& p : params)
      if (p.role == Role::kDropped)
        o << "// TODO: parameter '" << p.name << "' (" << p.original
          << ") is left out: parity does not know its type.\n";
    o << "#pragma once\n\n#include <cstddef>\n#include <cstdint>\n\n"
      << "#include \"parity/scalar_types.hpp\"\n#include \"parity/stream.hpp\"\n\n"
      << launcher_decl << ";\n";
    files.push_back({k.name + ".hpp", o.str()});
  }

  // <kernel>.cu
  {
    std::ostringstream o;
    o << "// The CUDA original of `" << qualified << "` for parity.\n"
      << "// Scaffolded by `parity audit` from " << origin << ".\n";
    todo_block(o);
    o << "#include <cuda_runtime.h>\n";
    if (mentions(params, {"__half", "half"})) o << "#include <cuda_fp16.h>\n";
    if (mentions(params, {"__nv_bfloat16", "nv_bfloat16"})) o << "#include <cuda_bf16.h>\n";
    if (mentions(params, {"__nv_fp8_e4m3", "__nv_fp8_e5m2"})) o << "#include <cuda_fp8.h>\n";
    if (bit_cast) o << "\n#include <bit>\n";
    o << "\n#include \"" << k.name << ".hpp\"\n";
    if (include_source) {
      const fs::path src = fs::weakly_canonical(fs::absolute(source_root / k.file));
      const fs::path dir = fs::weakly_canonical(fs::absolute(suite_dir));
      o << "// The kernel's own source, unchanged.\n#include \""
        << src.lexically_relative(dir).generic_string() << "\"\n\n";
    } else {
      o << "\n// TODO: " << k.file
        << " defines main(), so it cannot be included: move the kernel to a file this stub can\n"
        << "// include, or paste it here in place of this declaration.\n"
        << kernel_declaration(false) << "\n";
    }
    o << launcher_body(false);
    files.push_back({k.name + ".cu", o.str()});
  }

  // <kernel>.hip
  {
    std::ostringstream o;
    o << "// The HIP port of `" << qualified << "` for parity.\n"
      << "// Scaffolded by `parity audit` from " << origin << ".\n"
      << "// TODO: port the kernel here in place of the declaration below (hipify-perl " << k.file
      << "\n// gives a start), then fix what the audit found in it and in what it calls:\n";
    if (findings.empty()) o << "//   (nothing)\n";
    for (const Finding* f : findings)
      o << "//   " << f->file << ":" << f->line << "  " << name(hazard_rule(f->rule).severity)
        << "  " << f->rule << "  " << f->text << "\n";
    todo_block(o);
    o << "#include <hip/hip_runtime.h>\n";
    if (mentions(params, {"__half", "half"})) o << "#include <hip/hip_fp16.h>\n";
    if (mentions(params, {"__nv_bfloat16", "nv_bfloat16"}))
      o << "#include <hip/hip_bf16.h>  // __hip_bfloat16: ROCm 5.7 or later\n";
    if (bit_cast) o << "\n#include <bit>\n";
    o << "\n#include \"" << k.name << ".hpp\"\n\n"
      << kernel_declaration(true) << "\n"
      << launcher_body(true);
    files.push_back({k.name + ".hip", o.str()});
  }

  // <kernel>.tests.cpp
  {
    std::set<std::string> taken = names;
    taken.insert("run");
    const std::string n = unique_name("n", taken);
    bool uses_n = false;
    std::ostringstream body;
    std::vector<std::string> args = {"run.stream()"};
    std::vector<const LaunchParam*> outputs;
    for (const LaunchParam& p : params) {
      const std::string var = p.name == "run" ? "run_" : p.name;
      switch (p.role) {
        case Role::kInput: {
          const bool integral = !is_floating(p.element);
          const std::string dist = p.element == "bool" ? "parity::gen::bernoulli(0.5)"
                                   : integral
                                       ? (p.element.find("unsigned") != std::string::npos ||
                                                  p.element.find("uint") != std::string::npos ||
                                                  p.element.find("size_t") != std::string::npos
                                              ? "parity::gen::uniform_int(0, 100)"
                                              : "parity::gen::uniform_int(-100, 100)")
                                       : "parity::gen::normal(0.0, 1.0)";
          body << "  auto " << var << " = run.input<" << p.element << ">(\"" << p.name << "\", {"
               << n << "}, " << dist << ");\n";
          args.push_back(var + ".device()");
          uses_n = true;
          break;
        }
        case Role::kOutput:
          body << "  auto " << var << " = run.output<" << p.element << ">(\"" << p.name << "\", {"
               << n << "});\n";
          args.push_back(var + ".device()");
          outputs.push_back(&p);
          uses_n = true;
          break;
        case Role::kScalar: {
          std::string value;
          if (p.element == "bool") {
            value = "true";
          } else if (p.element.starts_with("parity::")) {
            value = p.element + "(1.0)";
          } else if (is_floating(p.element)) {
            value = p.element == "float" ? "1.0f" : "1.0";
          } else if (p.element.find("char") != std::string::npos) {
            value = "0";
          } else {
            value = "static_cast<" + p.element + ">(" + n + ")";
            uses_n = true;
          }
          body << "  const " << p.element << " " << var << " = " << value << ";  // TODO: value\n";
          args.push_back(var);
          break;
        }
        case Role::kPointer:
        case Role::kOpaque:
          body << "  // TODO: '" << p.name << "' (" << p.original
               << ") has no parity dtype: pass a buffer for it.\n";
          args.push_back("nullptr");
          break;
        case Role::kDropped:
          break;
      }
    }
    std::string tag = "x";
    if (!outputs.empty() && kDTypeTags.contains(outputs.front()->element))
      tag = kDTypeTags.at(outputs.front()->element);
    std::ostringstream o;
    o << "// Equivalence cases for `" << qualified << "`.\n"
      << "// Scaffolded by `parity audit` from " << origin << ".\n"
      << "// TODO: shapes (not multiples of 32, 64 or the block size), input distributions and "
         "the policy\n// of each output with the reason for its numbers "
         "(docs/writing-a-suite.md).\n"
      << "#include <catch2/catch_test_macros.hpp>\n\n#include \"" << k.name
      << ".hpp\"\n#include \"parity/case.hpp\"\n\n"
      << "TEST_CASE(\"" << k.name << "/" << tag << "/4099\", \"[" << k.name << "][" << tag
      << "]\") {\n"
      << "  auto& run = parity::current_case();\n";
    if (uses_n)
      o << "  const int " << n << " = 4099;  // TODO: the sizes to test\n"
        << "  // TODO: the shape and distribution of each tensor.\n";
    o << body.str();
    std::string call = "launch_" + k.name + "(";
    for (std::size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i];
    call += ");";
    o << "  run.launch([&] { " << call << " });\n";
    if (outputs.empty())
      o << "  // TODO: nothing to check: the kernel has no output parity knows.\n";
    for (const LaunchParam* p : outputs)
      o << "  run.check(" << (p->name == "run" ? "run_" : p->name) << ", parity::policy::for_dtype<"
        << p->element << ">());  // TODO: the policy, and why\n";
    o << "}\n";
    files.push_back({k.name + ".tests.cpp", o.str()});
  }
  return files;
}

std::vector<fs::path> write_scaffold(const Inventory& inv, const fs::path& source_root,
                                     const fs::path& outdir,
                                     const std::vector<std::string>& kernels) {
  std::vector<const Kernel*> chosen;
  std::set<std::string> done;
  if (kernels.empty()) {
    for (const Kernel& k : inv.kernels)
      if (done.insert(k.name).second) chosen.push_back(&k);
  } else {
    for (const std::string& name : kernels) {
      const Kernel* k = inv.kernel(name);
      if (k == nullptr) {
        std::string known;
        for (const Kernel& each : inv.kernels)
          if (done.insert(each.name).second) known += (known.empty() ? "" : ", ") + each.name;
        throw UsageError("--kernel " + name + ": no __global__ function of that name in " +
                         inv.root + (known.empty() ? "" : "; its kernels are: " + known));
      }
      if (std::find(chosen.begin(), chosen.end(), k) == chosen.end()) chosen.push_back(k);
    }
  }
  for (const Kernel* k : chosen) {
    if (fs::exists(outdir / k->name)) {
      throw UsageError("scaffold: '" + (outdir / k->name).string() +
                       "' already exists; remove it or pick another --scaffold folder (nothing "
                       "was written)");
    }
  }
  std::vector<fs::path> written;
  for (const Kernel* k : chosen) {
    const fs::path dir = outdir / k->name;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw Error("scaffold: cannot create '" + dir.string() + "': " + ec.message());
    for (const ScaffoldFile& f : scaffold_suite(inv, *k, source_root, dir)) {
      std::ofstream out(dir / f.name, std::ios::binary);
      out << f.text;
      if (!out) throw Error("scaffold: cannot write '" + (dir / f.name).string() + "'");
    }
    written.push_back(dir);
  }
  return written;
}

}  // namespace parity::audit
