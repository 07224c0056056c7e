// The source rewriter on its own: what it rewrites, what it must leave alone, and what it
// reports (with line and column) instead of producing broken code.
#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include <algorithm>
#include <string>

#include "rewriter.hpp"

using Catch::Matchers::ContainsSubstring;
using parity::simt::rewrite::Dialect;
using parity::simt::rewrite::Output;

namespace {

Output run(const std::string& source, Dialect dialect = Dialect::kCuda) {
  return parity::simt::rewrite::rewrite(source, {dialect, "t.cu"});
}

std::string rewritten(const std::string& source) {
  const Output out = run(source);
  INFO(source);
  REQUIRE(out.errors.empty());
  return out.text;
}

int lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

}  // namespace

TEST_CASE("rewriter/a plain launch becomes launch_kernel with a calling lambda", "[rewriter]") {
  const std::string out = rewritten("void f(int* p) { k<<<grid, block>>>(p, 3); }\n");
  CHECK_THAT(out, ContainsSubstring("::parity::simt::detail::launch_kernel("));
  CHECK_THAT(out,
             ContainsSubstring("LaunchSite{\"t.cu\", 1, \"k\", ::parity::simt::Dialect::kCuda"));
  CHECK_THAT(out, ContainsSubstring("LaunchConfig(grid, block), [&](auto&... parity_simt_args) "
                                    "{ k(parity_simt_args...); }, p, 3);"));
  CHECK_THAT(out, !ContainsSubstring("<<<"));
}

TEST_CASE("rewriter/templates, qualified names, multi-line launches, >> in arguments",
          "[rewriter]") {
  const std::string src =
      "void f() {\n"
      "  ns::reduce<float, (N > 4) ? 2 : 1><<<\n"
      "      dim3(g, 1),  // grid\n"
      "      b, sizeof(float) * (n >> 1), s>>>(\n"
      "      x, (y >> 2), f(a, b));\n"
      "  ::g<Pair<int, int>><<<1, 1>>>();\n"
      "}\n";
  const std::string out = rewritten(src);
  CHECK_THAT(out, ContainsSubstring("\"ns :: reduce < float , ( N > 4 ) ? 2 : 1 >\""));
  CHECK_THAT(out, ContainsSubstring(
                      "{ ns :: reduce < float , ( N > 4 ) ? 2 : 1 >(parity_simt_args...); }, "));
  CHECK_THAT(out, ContainsSubstring("dim3(g, 1),  // grid\n"));
  CHECK_THAT(out, ContainsSubstring("sizeof(float) * (n >> 1), s), [&]"));
  CHECK_THAT(out, ContainsSubstring("x, (y >> 2), f(a, b));"));
  CHECK_THAT(out, ContainsSubstring("{ :: g < Pair < int , int > >(parity_simt_args...); });"));
  // Lines keep their numbers (the output has one extra #line line).
  CHECK(lines(out) == lines(src) + 1);
  CHECK_THAT(out, ContainsSubstring("LaunchSite{\"t.cu\", 6,"));
}

TEST_CASE("rewriter/comments, strings, raw strings and character literals are left alone",
          "[rewriter]") {
  const std::string src =
      "// k<<<1, 1>>>(x);\n"
      "/* k<<<1, 1>>>(x); */\n"
      "const char* a = \"k<<<1, 1>>>(x);\";\n"
      "const char* b = R\"raw(k<<<1, 1>>>(x); \" )\" )raw\";\n"
      "const char* c = u8R\"(__shared__ float s[3];)\";\n"
      "char d = '<', e = '\\'', f = '\"';\n"
      "int big = 1'000'000;\n"
      "auto v = a<b<c<int>>>(y);\n";
  const std::string out = rewritten(src);
  CHECK(out.substr(out.find('\n') + 1) == src);
}

TEST_CASE("rewriter/__shared__ in functions becomes per-block storage", "[rewriter]") {
  const std::string out = rewritten(
      "template <class T, int B> __global__ void k() {\n"
      "  __shared__ T tile[B][B + 1];\n"
      "  __shared__ __align__(16) float a[4], b[8];\n"
      "  extern __shared__ unsigned char dynamic[];\n"
      "  volatile __shared__ int flag;\n"
      "}\n");
  CHECK_THAT(
      out,
      ContainsSubstring(
          "auto& tile = ::parity::simt::detail::shared_var<T [B][B + 1], 0>([] {}, \"tile\");"));
  CHECK_THAT(out,
             ContainsSubstring("auto& a = ::parity::simt::detail::shared_var<float [4], (16)>"));
  CHECK_THAT(out,
             ContainsSubstring("auto& b = ::parity::simt::detail::shared_var<float [8], (16)>"));
  CHECK_THAT(
      out,
      ContainsSubstring(
          "auto* const dynamic = ::parity::simt::detail::dynamic_shared<unsigned char, 0>();"));
  CHECK_THAT(out,
             ContainsSubstring("auto& flag = ::parity::simt::detail::shared_var<volatile int, 0>"));
}

TEST_CASE("rewriter/__shared__ at namespace scope is replaced at every use", "[rewriter]") {
  const std::string out = rewritten(
      "__shared__ float cache[64];\n"
      "extern __shared__ float dyn[];\n"
      "struct S { float cache; };\n"
      "__global__ void k(S s) { cache[threadIdx.x] = s.cache + dyn[0] + ::cache[1]; }\n"
      "void h(float cache) { (void)cache; }\n");
  CHECK_THAT(out, ContainsSubstring("struct parity_simt_shared_cache_1;"));
  CHECK_THAT(out, ContainsSubstring("(::parity::simt::detail::shared_var_tagged<float [64], 0, "
                                    "parity_simt_shared_cache_1>(\"cache\"))[threadIdx.x]"));
  CHECK_THAT(
      out, ContainsSubstring("s.cache + (::parity::simt::detail::dynamic_shared<float, 0>())[0]"));
  CHECK_THAT(out, ContainsSubstring("+ (::parity::simt::detail::shared_var_tagged<float [64]"));
  CHECK_THAT(out, ContainsSubstring("struct S { float cache; };"));
  CHECK_THAT(out, ContainsSubstring("void h(float cache) { (void)("));  // shadowing: documented
}

TEST_CASE("rewriter/launches inside #define bodies keep the macro on one logical line",
          "[rewriter]") {
  const std::string out = rewritten(
      "#define LAUNCH(k, n) \\\n"
      "  k<<<(n + 255) / 256, 256>>>(n)\n"
      "void f() { LAUNCH(kern, 10); }\n");
  CHECK_THAT(
      out, ContainsSubstring("#define LAUNCH(k, n) \\\n  ::parity::simt::detail::launch_kernel("));
  CHECK_THAT(out, ContainsSubstring("LaunchConfig((n + 255) / 256, 256), [&]"));
  CHECK_THAT(out, ContainsSubstring("{ k(parity_simt_args...); }, n)\nvoid f()"));
}

TEST_CASE("rewriter/braces in #if branches do not confuse namespace scope", "[rewriter]") {
  const std::string out = rewritten(
      "#if A\n"
      "void f(int) {\n"
      "#else\n"
      "void f(long) {\n"
      "#endif\n"
      "}\n"
      "__shared__ int counter;\n"
      "__global__ void k() { counter = 1; }\n");
  CHECK_THAT(out, ContainsSubstring("struct parity_simt_shared_counter_7;"));
}

TEST_CASE("rewriter/HIP sources get the HIP dialect in their launch sites", "[rewriter]") {
  const Output out = run("void f() { k<<<1, 64>>>(); }\n", Dialect::kHip);
  REQUIRE(out.errors.empty());
  CHECK_THAT(out.text, ContainsSubstring("::parity::simt::Dialect::kHip"));
  CHECK_THAT(out.text, ContainsSubstring("{ k(parity_simt_args...); });"));
}

TEST_CASE("rewriter/reports what it cannot rewrite, with line and column", "[rewriter]") {
  struct Case {
    const char* source;
    int line, column;
    const char* message;
  };
  const Case cases[] = {
      {"void f() {\n  k<<<1, 2>>(x);\n}\n", 2, 4, "without a matching '>>>'"},
      {"void f() { (1)<<<1, 1>>>(); }\n", 1, 15, "cannot find the kernel name"},
      {"void f() { k<<<1, 1>>>; }\n", 1, 20, "expected '('"},
      {"void f() {\n  k<<<1, 1>>>(x, (y);\n}\n", 2, 14, "unterminated kernel argument list"},
      {"__global__ void k() {\n  __shared__ int x = 0;\n}\n", 2, 20, "cannot have an initializer"},
      {"__global__ void k() { extern __shared__ float s[4]; }\n", 1, 30, "unknown size"},
      {"__global__ void k() { __shared__ float s[]; }\n", 1, 23, "has no size"},
      {"struct S {\n  __shared__ int x;\n};\n", 2, 3, "only allowed on variables"},
      {"const char* s = \"unterminated;\n", 1, 17, "unterminated string literal"},
      {"/* never closed\n", 1, 1, "unterminated /* comment"},
  };
  for (const Case& c : cases) {
    INFO(c.source);
    const Output out = run(c.source);
    REQUIRE(!out.errors.empty());
    CHECK(out.errors.front().line == c.line);
    CHECK(out.errors.front().column == c.column);
    CHECK_THAT(out.errors.front().message, ContainsSubstring(c.message));
  }
}

// ----- architecture macros (arch_macros.hpp) -----

TEST_CASE("rewriter/arch: device code gets the device pass's __CUDA_ARCH__, host code not",
          "[rewriter][arch]") {
  const std::string out = rewritten(
      "__device__ int d() {\n#if __CUDA_ARCH__ >= 800\n  return __CUDA_ARCH__;\n#endif\n}\n"
      "void launcher() {\n#ifdef __CUDA_ARCH__\n  x();\n#endif\n}\n"
      "__global__ void k() { int a = defined_elsewhere(__CUDA_ARCH__); }\n");
  CHECK_THAT(out, ContainsSubstring("#if PARITY_SIMT_DEV__CUDA_ARCH__ >= 800\n"));
  CHECK_THAT(out, ContainsSubstring("  return PARITY_SIMT_DEV__CUDA_ARCH__;\n"));
  CHECK_THAT(out, ContainsSubstring("defined_elsewhere(PARITY_SIMT_DEV__CUDA_ARCH__)"));
  // The launcher keeps the host pass's view (undefined), and checks that no kernel calls it.
  CHECK_THAT(out, ContainsSubstring("#ifdef __CUDA_ARCH__\n  x();"));
  CHECK_THAT(out, ContainsSubstring(
                      "void launcher() { ::parity::simt::detail::arch_host_path(\"launcher\""));
  // Lines stay where they were.
  CHECK(
      lines(out) ==
      lines(std::string("__device__ int d() {\n#if __CUDA_ARCH__ >= 800\n  return __CUDA_ARCH__;\n"
                        "#endif\n}\nvoid launcher() {\n#ifdef __CUDA_ARCH__\n  x();\n#endif\n}\n"
                        "__global__ void k() { int a = defined_elsewhere(__CUDA_ARCH__); }\n")) +
          1);  // + the #line directive
}

TEST_CASE("rewriter/arch: __host__ __device__ bodies take the device path and refuse the host",
          "[rewriter][arch]") {
  const std::string out = rewritten(
      "#define HD __host__ __device__\n"
      "HD inline float f(float x) {\n#ifdef __CUDA_ARCH__\n  return __expf(x);\n#else\n"
      "  return expf(x);\n#endif\n}\n"
      "HD constexpr int g() { return 1; }\n"
      "__host__ __device__ constexpr int h() {\n#ifdef __CUDA_ARCH__\n  return 1;\n#endif\n"
      "  return 0;\n}\n");
  CHECK_THAT(out, ContainsSubstring("#ifdef PARITY_SIMT_DEV__CUDA_ARCH__\n  return __expf(x);"));
  CHECK_THAT(out,
             ContainsSubstring("HD inline float f(float x) { "
                               "::parity::simt::detail::arch_device_path(\"f\", \"t.cu\", 2);"));
  // No architecture test, no check; constexpr functions check only when not constant-evaluated.
  CHECK_THAT(out, ContainsSubstring("HD constexpr int g() { return 1; }"));
  CHECK_THAT(out, ContainsSubstring("constexpr int h() { if (!__builtin_is_constant_evaluated()) "
                                    "::parity::simt::detail::arch_device_path(\"h\""));
}

TEST_CASE("rewriter/arch: namespace-scope conditionals by what they select", "[rewriter][arch]") {
  // Only device code: the device value (a polyfill the device pass would skip on sm_60+).
  std::string out = rewritten(
      "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600\n"
      "__device__ double atomicAdd2(double* p, double v) { return 0; }\n#endif\n");
  CHECK_THAT(
      out, ContainsSubstring(
               "#if defined(PARITY_SIMT_DEV__CUDA_ARCH__) && PARITY_SIMT_DEV__CUDA_ARCH__ < 600"));
  // Only host code: the host value.
  out = rewritten("#ifndef __CUDA_ARCH__\nvoid host_helper() {}\n#endif\n");
  CHECK_THAT(out, ContainsSubstring("#ifndef __CUDA_ARCH__\n"));
  // Both: ambiguous in one compile, a build error.
  const Output both =
      run("#ifdef __CUDA_ARCH__\n__device__ int f() { return 1; }\n#else\nint f() { return 0; }\n"
          "#endif\n");
  REQUIRE(both.errors.size() == 1);
  CHECK(both.errors[0].line == 1);
  CHECK_THAT(both.errors[0].message,
             ContainsSubstring("selects between host code and device code"));
}

TEST_CASE("rewriter/arch: macros built on __CUDA_ARCH__ follow their uses", "[rewriter][arch]") {
  // Used only by device code: its definition gets the device value.
  std::string out =
      rewritten("#define ARCH2 (__CUDA_ARCH__ * 2)\n__device__ int f() { return ARCH2; }\n");
  CHECK_THAT(out, ContainsSubstring("#define ARCH2 (PARITY_SIMT_DEV__CUDA_ARCH__ * 2)"));
  // Used by both sides: an error at the definition.
  Output o =
      run("#define ARCH2 (__CUDA_ARCH__ * 2)\n__device__ int f() { return ARCH2; }\n"
          "int g() { return ARCH2; }\n");
  REQUIRE(o.errors.size() == 1);
  CHECK(o.errors[0].line == 1);
  CHECK_THAT(o.errors[0].message, ContainsSubstring("used by device code (line 2) and by host "
                                                    "code (line 3)"));
  // Defined under a namespace-scope #if that selects only definitions (the host value), then used
  // in device code: it would silently take the host path there.
  o =
      run("#if __CUDA_ARCH__ >= 800\n#define FAST 1\n#endif\n"
          "__device__ int f() {\n#if FAST\n  return 1;\n#endif\n  return 0;\n}\n");
  REQUIRE(o.errors.size() == 1);
  CHECK(o.errors[0].line == 5);
  CHECK_THAT(o.errors[0].message, ContainsSubstring("macro 'FAST' is defined under the conditional "
                                                    "on an architecture macro at line 1"));
}

TEST_CASE("rewriter/arch: HIP's device-pass macros; __CUDA_ARCH__ means nothing in HIP",
          "[rewriter][arch]") {
  const Output out =
      run("__global__ void k(int* o) {\n#if defined(__gfx942__) || defined(__GFX9__)\n  o[0] = 1;\n"
          "#endif\n#ifdef __HIP_DEVICE_COMPILE__\n  o[1] = 1;\n#endif\n#if __CUDA_ARCH__ >= 800\n"
          "  o[2] = 1;\n#endif\n  o[3] = __AMDGCN_WAVEFRONT_SIZE;\n}\n",
          Dialect::kHip);
  REQUIRE(out.errors.empty());
  CHECK_THAT(out.text, ContainsSubstring("#if defined(PARITY_SIMT_DEV__gfx942__) || "
                                         "defined(PARITY_SIMT_DEV__GFX9__)"));
  CHECK_THAT(out.text, ContainsSubstring("#ifdef PARITY_SIMT_DEV__HIP_DEVICE_COMPILE__"));
  CHECK_THAT(out.text, ContainsSubstring("#if __CUDA_ARCH__ >= 800"));         // hipcc: undefined
  CHECK_THAT(out.text, ContainsSubstring("o[3] = __AMDGCN_WAVEFRONT_SIZE;"));  // both passes
}
