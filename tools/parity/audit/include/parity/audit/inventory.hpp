// What `parity audit` found in a CUDA code base: the data model that the scanner fills, the
// suite index and the effort estimate complete, and the report prints or writes as JSON.
// Paths are relative to the audited root, with '/' separators.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace parity::audit {

enum class FileKind { kCuda, kSource, kHeader, kCMake };

struct SourceFile {
  std::string path;
  FileKind kind = FileKind::kSource;
  int lines = 0;
  bool defines_main = false;  // has int main(...): the scaffold does not #include such a file
  friend bool operator==(const SourceFile&, const SourceFile&) = default;
};

struct Param {
  std::string type;  // as written, without the name: "const T* __restrict__"
  std::string name;  // "argN" when unnamed
  friend bool operator==(const Param&, const Param&) = default;
};

struct TemplateParam {
  bool is_type = true;  // typename/class T, else a non-type parameter
  std::string type;     // non-type: "int"; type parameters: "typename"
  std::string name;
  std::string default_value;  // "" when none
  bool pack = false;          // typename... Ts
  friend bool operator==(const TemplateParam&, const TemplateParam&) = default;
};

struct Effort {
  int points = 0;
  std::string size;  // S, M, L, XL (see effort.hpp)
  friend bool operator==(const Effort&, const Effort&) = default;
};

struct Kernel {
  std::string name;
  std::string scope;  // enclosing named namespaces, "a::b"; "" at global scope
  std::string file;
  int line = 0;           // line of the kernel's name
  std::string signature;  // template header and declaration up to ')', whitespace normalised
  std::vector<TemplateParam> template_params;
  bool is_template = false;
  std::vector<Param> params;
  int body_lines = 0;              // from the line of '{' to the line of '}', both counted
  int launches = 0;                // launches of a kernel of this name anywhere in the code base
  std::vector<std::string> calls;  // device functions reached from the body
  std::map<std::string, int> hazards;  // rule id -> findings in the body and calls
  std::vector<std::string> suites;     // suite folders that cover it
  Effort effort;
  friend bool operator==(const Kernel&, const Kernel&) = default;
};

struct Launch {
  std::string kernel;
  std::string file;
  int line = 0;
  std::string via;  // "<<<>>>", "cudaLaunchKernel", "cudaLaunchCooperativeKernel", ...
  friend bool operator==(const Launch&, const Launch&) = default;
};

enum class ApiKind { kRuntime, kDriver };

struct ApiUse {
  std::string name;  // cudaMalloc, cuLaunchKernel, cudaStream_t ...
  ApiKind kind = ApiKind::kRuntime;
  int count = 0;
  friend bool operator==(const ApiUse&, const ApiUse&) = default;
};

struct LibraryEvidence {
  std::string file;
  int line = 0;
  std::string via;   // "include", "cmake", "code"
  std::string text;  // the header, CMake word or identifier
  friend bool operator==(const LibraryEvidence&, const LibraryEvidence&) = default;
};

struct LibraryUse {
  std::string id;  // a row of rules.hpp's library table
  int includes = 0;
  int cmake = 0;
  int calls = 0;                          // API calls / namespace uses in code
  std::vector<LibraryEvidence> evidence;  // the first few of each kind
  friend bool operator==(const LibraryUse&, const LibraryUse&) = default;
};

struct Finding {
  std::string rule;  // a hazard rule id
  std::string file;
  int line = 0;
  std::string function;  // the enclosing __global__/__device__ function, "" outside them
  std::string text;      // what matched: "& 31", "__shfl_down_sync", "-use_fast_math"
  friend bool operator==(const Finding&, const Finding&) = default;
};

struct Warning {
  std::string file;
  int line = 0;
  std::string message;
  friend bool operator==(const Warning&, const Warning&) = default;
};

struct Inventory {
  std::string root;                       // the audited path as given
  std::optional<std::string> suites_dir;  // where suites were looked for; nullopt: nowhere
  std::vector<SourceFile> files;
  std::vector<Kernel> kernels;
  std::vector<Launch> launches;
  std::vector<ApiUse> api;
  std::vector<LibraryUse> libraries;
  std::vector<Finding> findings;
  std::vector<Warning> warnings;
  int effort_total = 0;  // kernels + libraries + unattributed findings
  int effort_libraries = 0;
  int effort_other = 0;  // findings outside every kernel's reach (host code, build flags)
  friend bool operator==(const Inventory&, const Inventory&) = default;

  int count_findings(const std::string& rule) const;
  const Kernel* kernel(const std::string& name) const;  // the first of that name, or nullptr
  const LibraryUse* library(const std::string& id) const;
  int api_count(const std::string& name) const;  // 0 when unused
  int total_lines() const;
};

std::string_view name(FileKind kind);  // "cuda", "source", "header", "cmake"
std::string_view name(ApiKind kind);   // "runtime", "driver"

}  // namespace parity::audit
