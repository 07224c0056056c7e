// Suite scaffolding: what is generated for each kind of kernel, and that it compiles: the
// launcher header and test file with the host compiler (against framework/include and Catch2),
// the .cu launcher stub with nvcc when it is installed.
#include <catch2/catch_test_macros.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "parity/audit/audit.hpp"
#include "parity/audit/scaffold.hpp"
#include "parity/error.hpp"
#include "work_dir.hpp"

using namespace parity::audit;
namespace fs = std::filesystem;

namespace {

const fs::path kFixture = PARITY_AUDIT_FIXTURE;

// AuditOptions for `path` (GCC warns about designated initializers that skip members).
AuditOptions options_for(const fs::path& path, std::optional<fs::path> suites = std::nullopt) {
  AuditOptions o;
  o.path = path;
  o.suites = std::move(suites);
  return o;
}
const fs::path& kWork = test::work_dir();

const Inventory& fixture() {
  static const Inventory inv = audit(options_for(kFixture / "code", kFixture / "suites"));
  return inv;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh folder under the build tree for one test.
fs::path fresh(const std::string& name) {
  const fs::path dir = kWork / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// The whole fixture scaffolded once (every kernel), shared by the cases below.
const fs::path& scaffolded() {
  static const fs::path out = [] {
    const fs::path dir = fresh("scaffold-all") / "suites";
    (void)write_scaffold(fixture(), kFixture / "code", dir, {});
    return dir;
  }();
  return out;
}

// Runs a shell command; returns its exit status, its output in `log`.
int run(const std::string& command, std::string& log) {
  const fs::path out = kWork / "command.log";
  const int status = std::system((command + " > '" + out.string() + "' 2>&1").c_str());
  log = read(out);
  return status;
}

std::string host_compile(const fs::path& source, const fs::path& include) {
  const std::string flags =
      "-std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Wconversion "
      "-Wno-sign-conversion -Werror";
  return std::string(PARITY_AUDIT_CXX) + " " + flags + " -I'" + PARITY_SOURCE_DIR +
         "/framework/include' -I'" + PARITY_AUDIT_CATCH2_INCLUDE_DIR + "' -I'" + include.string() +
         "' '" + source.string() + "'";
}

}  // namespace

TEST_CASE("scaffold: one folder per kernel with the five files", "[scaffold]") {
  for (const Kernel& k : fixture().kernels) {
    const fs::path dir = scaffolded() / k.name;
    INFO(k.name);
    for (const std::string& f : {std::string("CMakeLists.txt"), k.name + ".hpp", k.name + ".cu",
                                 k.name + ".hip", k.name + ".tests.cpp"})
      CHECK(fs::is_regular_file(dir / f));
    CHECK(read(dir / "CMakeLists.txt")
              .find("parity_add_suite(NAME " + k.name + " CUDA " + k.name + ".cu HIP " + k.name +
                    ".hip TESTS " + k.name + ".tests.cpp)") != std::string::npos);
  }
}

TEST_CASE("scaffold: launchers take host types, parity::Stream first", "[scaffold]") {
  const auto header = [](const std::string& kernel) {
    return read(scaffolded() / kernel / (kernel + ".hpp"));
  };
  const auto has = [](const std::string& text, const std::string& what) {
    INFO(text);
    CHECK(text.find(what) != std::string::npos);
  };
  has(header("scale"), "void launch_scale(parity::Stream stream, float* x, float a, int n);");
  // Template type parameter T becomes float; __nv_bfloat16 becomes parity::bf16.
  has(header("axpy_bf16"),
      "void launch_axpy_bf16(parity::Stream stream, const float* x, parity::bf16* y, float alpha, "
      "int n);");
  // Wrapped at 100 columns, continuation aligned after the '('.
  has(header("quantize_fp8"),
      "void launch_quantize_fp8(parity::Stream stream, const float* x, parity::f8_e4m3fn* q, "
      "float scale,\n                         int n);");
  has(header("wmma_tile"),
      "void launch_wmma_tile(parity::Stream stream, const parity::f16* a, const parity::f16* b, "
      "float* c);");
  // cudaTextureObject_t is not a host type parity knows: left out, with a TODO.
  has(header("smooth"), "void launch_smooth(parity::Stream stream, float* out, int n);");
  has(header("smooth"), "// TODO: parameter 'tex' (cudaTextureObject_t) is left out");
  has(header("block_sum"),
      "void launch_block_sum(parity::Stream stream, const float* x, float* sums, int n);");
}

TEST_CASE("scaffold: the .cu stub includes the original, or declares it when it has main()",
          "[scaffold]") {
  const std::string block_sum = read(scaffolded() / "block_sum" / "block_sum.cu");
  INFO(block_sum);
  const std::string marker = "#include \"";
  const std::size_t at = block_sum.find(marker + "../");
  REQUIRE(at != std::string::npos);
  const std::string rel = block_sum.substr(
      at + marker.size(), block_sum.find('"', at + marker.size()) - at - marker.size());
  CHECK(rel.ends_with("fixture/code/src/reduce.cu"));
  CHECK(fs::equivalent(scaffolded() / "block_sum" / rel, kFixture / "code/src/reduce.cu"));
  // Namespace and the template argument (no default: 256, with a TODO).
  CHECK(
      block_sum.find("  const cudaStream_t native = parity::native_handle<cudaStream_t>(stream);\n"
                     "  fixture::block_sum<256><<<grid, block, 0, native>>>(x, sums, n);\n") !=
      std::string::npos);
  CHECK(block_sum.find("// TODO: kThreads = 256") != std::string::npos);

  const std::string axpy = read(scaffolded() / "axpy_bf16" / "axpy_bf16.cu");
  CHECK(axpy.find("axpy_bf16<float, 128><<<") != std::string::npos);  // the default of kBlock
  CHECK(axpy.find("reinterpret_cast<__nv_bfloat16*>(y)") != std::string::npos);

  // legacy.cu defines main(): declared, not included; the texture object is passed as {}.
  const std::string smooth = read(scaffolded() / "smooth" / "smooth.cu");
  CHECK(smooth.find("legacy.cu\"") == std::string::npos);
  CHECK(smooth.find("defines main(), so it cannot be included") != std::string::npos);
  CHECK(smooth.find("__global__ void smooth(cudaTextureObject_t tex, float* out, int n);") !=
        std::string::npos);
  CHECK(smooth.find("smooth<<<grid, block, 0, native>>>({} /* TODO: a value for 'tex' "
                    "(cudaTextureObject_t) */, out,") != std::string::npos);
}

TEST_CASE("scaffold: the .hip stub lists the findings of the kernel and what it calls",
          "[scaffold]") {
  const std::string hip = read(scaffolded() / "block_sum" / "block_sum.hip");
  INFO(hip);
  CHECK(hip.find("//   src/reduce.cuh:14  high  warp32-arith  & 31") != std::string::npos);
  CHECK(hip.find("//   src/reduce.cu:17  high  warp32-arith  / 32") != std::string::npos);
  CHECK(hip.find("  hipLaunchKernelGGL((fixture::block_sum<256>), grid, block, 0, native, x, sums, "
                 "n);") != std::string::npos);
  CHECK(hip.find("namespace fixture {\ntemplate <int kThreads>\n__global__ void block_sum(") !=
        std::string::npos);
  const std::string axpy = read(scaffolded() / "axpy_bf16" / "axpy_bf16.hip");
  CHECK(axpy.find("__hip_bfloat16* __restrict__ y") != std::string::npos);
  CHECK(read(scaffolded() / "histogram" / "histogram.hip").find("//   (nothing)") !=
        std::string::npos);
}

TEST_CASE("scaffold: the test file declares inputs, outputs and checks with TODOs", "[scaffold]") {
  const std::string t = read(scaffolded() / "axpy_bf16" / "axpy_bf16.tests.cpp");
  INFO(t);
  CHECK(t.find("TEST_CASE(\"axpy_bf16/bf16/4099\", \"[axpy_bf16][bf16]\")") != std::string::npos);
  CHECK(t.find("const int n_ = 4099;") != std::string::npos);  // `n` is a kernel parameter
  CHECK(t.find("auto x = run.input<float>(\"x\", {n_}, parity::gen::normal(0.0, 1.0));") !=
        std::string::npos);
  CHECK(t.find("auto y = run.output<parity::bf16>(\"y\", {n_});") != std::string::npos);
  CHECK(t.find("run.launch([&] { launch_axpy_bf16(run.stream(), x.device(), y.device(), alpha, "
               "n); });") != std::string::npos);
  CHECK(t.find("run.check(y, parity::policy::for_dtype<parity::bf16>());") != std::string::npos);
  const std::string h = read(scaffolded() / "histogram" / "histogram.tests.cpp");
  CHECK(h.find("run.input<int>(\"values\", {n_}, parity::gen::uniform_int(-100, 100))") !=
        std::string::npos);
  CHECK(h.find("run.output<unsigned>(\"bins\", {n_})") != std::string::npos);
}

TEST_CASE("scaffold: header and test files compile with the host compiler", "[scaffold]") {
  // One translation unit with every scaffolded test file (each includes its own header), so
  // case.hpp is parsed once; plus each header on its own.
  const fs::path all = scaffolded() / "all_tests.cpp";
  {
    std::ofstream out(all);
    for (const Kernel& k : fixture().kernels) {
      out << "#include \"" << k.name << "/" << k.name << ".tests.cpp\"\n";
      out << "#include \"" << k.name << "/" << k.name << ".hpp\"\n";
    }
  }
  std::string log;
  const int status = run(host_compile(all, scaffolded()), log);
  INFO(log);
  CHECK(status == 0);

  // Negative control: the same command fails on a broken file (a header plus a bad line).
  const fs::path broken = scaffolded() / "broken.cpp";
  std::ofstream(broken) << "#include \"scale/scale.hpp\"\nint broken = ;\n";
  CHECK(run(host_compile(broken, scaffolded()), log) != 0);
  CHECK(log.find("broken.cpp:2") != std::string::npos);
}

TEST_CASE("scaffold: .cu stubs compile with nvcc", "[scaffold][nvcc]") {
  const std::string nvcc = PARITY_AUDIT_NVCC;
  if (nvcc.empty() || !fs::exists(nvcc)) SKIP("nvcc is not installed");
  // Included original with a namespace and a non-type template parameter; included original with
  // a type parameter and bf16; declared kernel (main() in its file) with a dropped parameter.
  for (const char* kernel_name : {"block_sum", "axpy_bf16", "smooth"}) {
    const std::string kernel = kernel_name;
    const fs::path dir = scaffolded() / kernel;
    const std::string command = "'" + nvcc + "' -std=c++20 -arch=sm_90 -c -I'" + PARITY_SOURCE_DIR +
                                "/framework/include' -I'" + dir.string() + "' '" +
                                (dir / (kernel + ".cu")).string() + "' -o '" +
                                (kWork / (kernel + ".o")).string() + "'";
    std::string log;
    INFO(kernel << ": " << command);
    const int status = run(command, log);
    INFO(log);
    CHECK(status == 0);
  }
}

TEST_CASE("scaffold: .hip stubs compile with hipcc", "[scaffold][hipcc]") {
  const std::string hipcc = PARITY_AUDIT_HIPCC;
  if (hipcc.empty() || !fs::exists(hipcc)) SKIP("hipcc is not installed");
  // A namespace and a non-type template parameter; a CUDA type renamed for HIP
  // (cudaTextureObject_t) and a parameter left out of the launcher.
  for (const char* kernel_name : {"block_sum", "smooth"}) {
    const std::string kernel = kernel_name;
    const fs::path dir = scaffolded() / kernel;
    const std::string command = "'" + hipcc + "' --offload-arch=gfx90a -std=c++20 -c -I'" +
                                PARITY_SOURCE_DIR + "/framework/include' -I'" + dir.string() +
                                "' '" + (dir / (kernel + ".hip")).string() + "' -o '" +
                                (kWork / (kernel + ".hip.o")).string() + "'";
    std::string log;
    INFO(kernel << ": " << command);
    const int status = run(command, log);
    INFO(log);
    CHECK(status == 0);
  }
}

TEST_CASE("scaffold: chosen kernels, unknown names and existing folders", "[scaffold]") {
  const fs::path out = fresh("scaffold-some");
  const auto written = write_scaffold(fixture(), kFixture / "code", out, {"compact", "scale"});
  REQUIRE(written.size() == 2);
  CHECK(written[0] == out / "compact");
  CHECK(written[1] == out / "scale");
  CHECK_FALSE(fs::exists(out / "histogram"));

  try {
    (void)write_scaffold(fixture(), kFixture / "code", out, {"no_such_kernel"});
    FAIL("an unknown kernel was accepted");
  } catch (const parity::UsageError& e) {
    const std::string what = e.what();
    CHECK(what.find("--kernel no_such_kernel") != std::string::npos);
    CHECK(what.find("its kernels are: scale, axpy_bf16,") != std::string::npos);
  }
  // An existing folder stops everything before anything is written.
  CHECK_THROWS_AS(write_scaffold(fixture(), kFixture / "code", out, {"histogram", "scale"}),
                  parity::UsageError);
  CHECK_FALSE(fs::exists(out / "histogram"));
}
