// The scanner on code with known contents. The expected numbers below were counted by hand from
// fixture/code (docs/migration-audit.md explains each rule); decoys in comments, strings, raw
// strings, #if 0 blocks, CMake comments, message() and notes.txt must not count.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "parity/audit/audit.hpp"
#include "parity/audit/rules.hpp"
#include "parity/audit/scanner.hpp"
#include "parity/audit/suite_index.hpp"
#include "parity/error.hpp"

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

const Inventory& fixture() {
  static const Inventory inv = audit(options_for(kFixture / "code", kFixture / "suites"));
  return inv;
}

std::map<std::string, int> findings_by_rule(const Inventory& inv) {
  std::map<std::string, int> out;
  for (const Finding& f : inv.findings) ++out[f.rule];
  return out;
}

std::set<int> lines_of(const Inventory& inv, const std::string& rule, const std::string& file) {
  std::set<int> out;
  for (const Finding& f : inv.findings)
    if (f.rule == rule && f.file == file) out.insert(f.line);
  return out;
}

// One file's inventory, for small targeted cases.
Inventory scan_one(const std::string& name, const std::string& text) {
  Scanner scanner("test");
  scanner.add_file(name, text);
  return scanner.finish();
}

}  // namespace

TEST_CASE("scanner/fixture: files, kernels and their signatures", "[scanner]") {
  const Inventory& inv = fixture();
  std::vector<std::string> paths;
  for (const SourceFile& f : inv.files) paths.push_back(f.path);
  CHECK(paths == std::vector<std::string>{"CMakeLists.txt", "cmake/flags.cmake", "src/app.cpp",
                                          "src/elementwise.cu", "src/fixture.hpp",
                                          "src/gemm_fp8.cu", "src/legacy.cu", "src/reduce.cu",
                                          "src/reduce.cuh", "src/rocm_port.cpp"});
  CHECK(inv.total_lines() == 264);  // wc -l over those ten files

  std::vector<std::string> names;
  for (const Kernel& k : inv.kernels)
    names.push_back(k.name + "@" + k.file + ":" + std::to_string(k.line));
  CHECK(names ==
        std::vector<std::string>{"scale@src/elementwise.cu:14", "axpy_bf16@src/elementwise.cu:21",
                                 "wmma_tile@src/gemm_fp8.cu:8", "quantize_fp8@src/gemm_fp8.cu:19",
                                 "mma_ptx@src/gemm_fp8.cu:30", "smooth@src/legacy.cu:7",
                                 "histogram@src/legacy.cu:14", "block_sum@src/reduce.cu:9",
                                 "compact@src/reduce.cu:23"});

  const Kernel& axpy = *inv.kernel("axpy_bf16");
  CHECK(axpy.signature ==
        "template <typename T, int kBlock = 128> __global__ void axpy_bf16(const T* __restrict__ "
        "x, __nv_bfloat16* __restrict__ y, T alpha, int n)");
  CHECK(axpy.is_template);
  REQUIRE(axpy.template_params.size() == 2);
  CHECK(axpy.template_params[0] == TemplateParam{true, "typename", "T", "", false});
  CHECK(axpy.template_params[1] == TemplateParam{false, "int", "kBlock", "128", false});
  CHECK(axpy.params == std::vector<Param>{{"const T* __restrict__", "x"},
                                          {"__nv_bfloat16* __restrict__", "y"},
                                          {"T", "alpha"},
                                          {"int", "n"}});
  CHECK(axpy.body_lines == 5);
  CHECK(inv.kernel("scale")->signature ==
        "__global__ void __launch_bounds__(512) scale(float* x, float a, int n)");
  CHECK(inv.kernel("block_sum")->signature ==
        "template <int kThreads> __global__ void block_sum(const float* __restrict__ x, float* "
        "__restrict__ sums, int n)");
  CHECK(inv.kernel("block_sum")->scope == "fixture");
  CHECK(inv.kernel("compact")->scope == "fixture");
  CHECK(inv.kernel("scale")->scope.empty());
  CHECK(inv.kernel("block_sum")->body_lines == 13);

  // The file that defines main() is known (the scaffold does not include it).
  for (const SourceFile& f : inv.files) CHECK(f.defines_main == (f.path == "src/legacy.cu"));
}

TEST_CASE("scanner/fixture: launches per kernel, by <<<>>> and by launch API", "[scanner]") {
  const Inventory& inv = fixture();
  CHECK(inv.launches.size() == 9);
  const std::map<std::string, int> expected = {
      {"scale", 2},  {"axpy_bf16", 1}, {"wmma_tile", 0}, {"quantize_fp8", 1}, {"mma_ptx", 0},
      {"smooth", 1}, {"histogram", 1}, {"block_sum", 1}, {"compact", 1}};
  for (const Kernel& k : inv.kernels) CHECK(k.launches == expected.at(k.name));
  const auto via = [&](const std::string& kernel) {
    for (const Launch& l : inv.launches)
      if (l.kernel == kernel) return l.via + "@" + l.file + ":" + std::to_string(l.line);
    return std::string("none");
  };
  CHECK(via("smooth") == "cudaLaunchCooperativeKernel@src/legacy.cu:25");
  CHECK(via("histogram") == "cudaLaunchKernel@src/legacy.cu:27");
  CHECK(via("block_sum") == "<<<>>>@src/reduce.cu:35");      // fixture::block_sum<256><<<...>>>
  CHECK(via("external_kernel") == "<<<>>>@src/app.cpp:39");  // launched, defined elsewhere
}

TEST_CASE("scanner/fixture: CUDA API uses are counted in code only", "[scanner]") {
  const Inventory& inv = fixture();
  const std::map<std::string, int> expected = {{"cudaFree", 2},
                                               {"cudaStreamSynchronize", 2},
                                               {"cudaStream_t", 2},
                                               {"cudaTextureObject_t", 2},
                                               {"cuInit", 1},
                                               {"cudaDeviceSynchronize", 1},
                                               {"cudaError_t", 1},
                                               {"cudaGetErrorString", 1},
                                               {"cudaGetLastError", 1},
                                               {"cudaLaunchCooperativeKernel", 1},
                                               {"cudaLaunchKernel", 1},
                                               {"cudaMalloc", 1},
                                               {"cudaMallocManaged", 1},
                                               {"cudaMemcpy", 1},
                                               {"cudaMemcpyDeviceToDevice", 1},
                                               {"cudaSuccess", 1}};
  std::map<std::string, int> actual;
  for (const ApiUse& a : inv.api) actual[a.name] = a.count;
  CHECK(actual == expected);
  // Decoys: cudaMalloc in comments and an #if 0 block, cudaMemcpy/cudaMemset/cudaMallocHost in
  // strings, cuCaddf/cuCrealf/cuFloatComplex (cuComplex.h arithmetic, not the driver API).
  CHECK(inv.api_count("cudaMemset") == 0);
  CHECK(inv.api_count("cudaMallocHost") == 0);
  CHECK(inv.api_count("cuCaddf") == 0);
  for (const ApiUse& a : inv.api) CHECK((a.kind == ApiKind::kDriver) == (a.name == "cuInit"));
  // A splice inside an identifier: cudaDevice\<newline>Synchronize.
  CHECK(inv.api_count("cudaDeviceSynchronize") == 1);
}

TEST_CASE("scanner/fixture: libraries from #include, CMake and code", "[scanner]") {
  const Inventory& inv = fixture();
  std::vector<std::string> ids;
  for (const LibraryUse& l : inv.libraries)
    ids.push_back(l.id + " " + std::to_string(l.includes) + "/" + std::to_string(l.cmake) + "/" +
                  std::to_string(l.calls));
  // includes / cmake / calls
  CHECK(ids == std::vector<std::string>{"cublas 1/1/2", "cublaslt 1/1/2", "cufft 0/1/0",
                                        "nccl 1/1/1", "thrust 2/0/2", "hipblas 1/0/1",
                                        "rocprim 1/0/0"});
  // Decoys: CUDA::cufft and cudnn in a CMake comment, CUDA::curand in a bracket comment,
  // CUDA::cusparse in message(): cuFFT is there only through -lcufft.
  CHECK(inv.library("cudnn") == nullptr);
  CHECK(inv.library("curand") == nullptr);
  CHECK(inv.library("cusparse") == nullptr);
  const LibraryUse& cufft = *inv.library("cufft");
  REQUIRE(cufft.evidence.size() == 1);
  CHECK(cufft.evidence[0] == LibraryEvidence{"cmake/flags.cmake", 3, "cmake", "-lcufft"});
}

TEST_CASE("scanner/fixture: hazards by rule, exactly", "[scanner]") {
  const Inventory& inv = fixture();
  const std::map<std::string, int> expected = {
      {"bf16-type", 5},     {"launch-bounds", 1}, {"mask-32bit", 2},         {"warp32-shuffle", 1},
      {"warp-shuffle", 1},  {"warp32-arith", 4},  {"fast-intrinsic", 2},     {"warp-vote", 1},
      {"ballot-32bit", 1},  {"popc-ballot", 1},   {"managed-memory", 1},     {"fp8-type", 4},
      {"mma", 10},          {"inline-ptx", 2},    {"cooperative-groups", 3}, {"texture-surface", 3},
      {"fast-math-flag", 2}};
  CHECK(findings_by_rule(inv) == expected);
  CHECK(inv.findings.size() == 44);

  // Where: decoys on the comment lines 1-2 and 8-10, the strings on 31-36 of elementwise.cu and
  // the notes.txt / CMake-comment flags must not appear.
  CHECK(lines_of(inv, "bf16-type", "src/elementwise.cu") == std::set<int>{3, 22, 26, 27, 40});
  CHECK(lines_of(inv, "warp32-arith", "src/reduce.cuh") == std::set<int>{14, 15});
  CHECK(lines_of(inv, "warp32-arith", "src/reduce.cu") == std::set<int>{17, 27});
  CHECK(lines_of(inv, "mask-32bit", "src/reduce.cuh") == std::set<int>{6});  // in a #define
  CHECK(lines_of(inv, "mask-32bit", "src/reduce.cu") == std::set<int>{26});
  CHECK(lines_of(inv, "mma", "src/gemm_fp8.cu") ==
        std::set<int>{3, 9, 10, 11, 12, 13, 14, 15, 16, 32});
  CHECK(lines_of(inv, "inline-ptx", "src/gemm_fp8.cu") == std::set<int>{26, 32});
  CHECK(lines_of(inv, "fast-math-flag", "CMakeLists.txt") == std::set<int>{12});
  CHECK(lines_of(inv, "fast-math-flag", "cmake/flags.cmake") == std::set<int>{2});
  CHECK(lines_of(inv, "fast-intrinsic", "src/elementwise.cu").empty());
  for (const Finding& f : inv.findings) {
    CHECK(f.file != "notes.txt");
    CHECK(f.file != "src/app.cpp");  // its only kernel is in #if 0
  }

  // Which function each finding is in.
  const auto in = [&](const std::string& file, int line, const std::string& rule) {
    for (const Finding& f : inv.findings)
      if (f.file == file && f.line == line && f.rule == rule) return f.function;
    return std::string("<none>");
  };
  CHECK(in("src/reduce.cuh", 9, "warp32-shuffle") == "warp_sum");
  CHECK(in("src/reduce.cu", 26, "ballot-32bit") == "compact");
  CHECK(in("src/reduce.cu", 28, "popc-ballot") == "compact");
  CHECK(in("src/elementwise.cu", 14, "launch-bounds") == "scale");
  CHECK(in("src/gemm_fp8.cu", 26, "inline-ptx") == "fast_reciprocal");
  CHECK(in("src/reduce.cu", 38, "managed-memory").empty());  // host code
}

TEST_CASE("scanner/fixture: per-kernel hazards follow calls into __device__ functions",
          "[scanner]") {
  const Inventory& inv = fixture();
  const Kernel& block_sum = *inv.kernel("block_sum");
  CHECK(block_sum.calls == std::vector<std::string>{"lane_id", "warp_id", "warp_sum"});
  CHECK(block_sum.hazards == std::map<std::string, int>{
                                 {"warp32-arith", 3}, {"warp32-shuffle", 1}, {"warp-shuffle", 1}});
  CHECK(inv.kernel("mma_ptx")->hazards ==
        std::map<std::string, int>{{"inline-ptx", 2}, {"mma", 1}});
  CHECK(inv.kernel("compact")->hazards == std::map<std::string, int>{{"warp-vote", 1},
                                                                     {"ballot-32bit", 1},
                                                                     {"mask-32bit", 1},
                                                                     {"warp32-arith", 1},
                                                                     {"popc-ballot", 1}});
  CHECK(inv.kernel("histogram")->hazards.empty());
  CHECK(inv.kernel("smooth")->hazards ==
        std::map<std::string, int>{{"texture-surface", 2}, {"fast-intrinsic", 1}});
}

TEST_CASE("scanner/fixture: suite coverage by definition or launch", "[scanner]") {
  const Inventory& inv = fixture();
  REQUIRE(inv.suites_dir.has_value());
  for (const Kernel& k : inv.kernels) {
    if (k.name == "scale") {
      CHECK(k.suites == std::vector<std::string>{"scale"});  // defines it
    } else if (k.name == "compact") {
      CHECK(k.suites == std::vector<std::string>{"compaction"});  // launches it
    } else {
      CHECK(k.suites.empty());  // histogram is only in scale/bad/: not a suite's own .cu
    }
  }
  const SuiteIndex index = SuiteIndex::load(kFixture / "suites");
  CHECK(index.suites() == std::vector<std::string>{"compaction", "empty", "scale"});
}

TEST_CASE("scanner/fixture: effort follows the documented rule", "[scanner][effort]") {
  const Inventory& inv = fixture();
  // 2 + ceil(body lines / 25) + 5 per high, 2 per medium, 1 per low finding reached.
  const std::map<std::string, std::string> expected = {
      {"scale", "4 S"},         {"axpy_bf16", "9 M"},  {"wmma_tile", "43 XL"},
      {"quantize_fp8", "13 L"}, {"mma_ptx", "18 L"},   {"smooth", "9 M"},
      {"histogram", "3 S"},     {"block_sum", "25 L"}, {"compact", "25 L"}};
  for (const Kernel& k : inv.kernels)
    CHECK(std::to_string(k.effort.points) + " " + k.effort.size == expected.at(k.name));
  // cuBLAS 3+1, cuBLASLt 3+1, cuFFT 3+0, NCCL 3+1, Thrust 3+1; AMD libraries 0.
  CHECK(inv.effort_libraries == 19);
  // Unreached: bf16 x2, fp8 x2, mma, mask (#define), managed, coop x3, texture, unused_helper's
  // __expf, two build flags: 2+2+5+5+5+5+2+6+2+2+5+5.
  CHECK(inv.effort_other == 46);
  CHECK(inv.effort_total == 149 + 19 + 46);
}

TEST_CASE("scanner: the project's own suites are covered by themselves", "[scanner][suites]") {
  const fs::path suites = fs::path(PARITY_SOURCE_DIR) / "suites";
  const Inventory inv = audit(options_for(suites, suites));
  // Whatever suites exist, each kernel defined in a suite's .cu is covered by that suite.
  REQUIRE(inv.kernels.size() >= 3);
  for (const Kernel& k : inv.kernels) {
    const std::string suite = k.file.substr(0, k.file.find('/'));
    CHECK(std::find(k.suites.begin(), k.suites.end(), suite) != k.suites.end());
  }
  REQUIRE(inv.kernel("saxpy_f32") != nullptr);
  REQUIRE(inv.kernel("saxpy_f16") != nullptr);
  const Kernel* block = inv.kernel("block_reduce_kernel");
  REQUIRE(block != nullptr);
  CHECK(block->is_template);
  CHECK(block->launches == 2);
  CHECK(inv.kernel("saxpy_f32")->launches == 1);
  CHECK(inv.kernel("saxpy_f32")->hazards.empty());
  // block_reduce.cu keeps the CUDA habits on purpose: a 32-bit full mask in a shuffle.
  CHECK(block->hazards.at("mask-32bit") == 1);
  CHECK(block->hazards.at("warp-shuffle") == 1);
  CHECK(std::find(block->calls.begin(), block->calls.end(), "warp_sum") != block->calls.end());
  // .hip files (the ports, bad/ included) are not audited.
  for (const SourceFile& f : inv.files) CHECK(fs::path(f.path).extension() != ".hip");
}

TEST_CASE("scanner: small sources", "[scanner]") {
  SECTION("a warpSize-aware shuffle loop is not a warp32-shuffle") {
    const Inventory inv = scan_one("a.cu", R"(
__device__ float sum(float v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffffffffffull, v, o);
  __shared__ float s[32];
  return v + s[0];
})");
    CHECK(inv.count_findings("warp32-shuffle") == 0);
    CHECK(inv.count_findings("mask-32bit") == 0);  // a 64-bit mask
    CHECK(inv.count_findings("warp-shuffle") == 1);
  }
  SECTION("negative control: the same loop starting at 16 without warpSize is flagged") {
    const Inventory inv = scan_one("a.cu", R"(
__device__ float sum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffff, v, o);
  v += __shfl_sync(0xffffffff, v, 0, 32);
  return v;
})");
    CHECK(inv.count_findings("warp32-shuffle") == 2);  // the 16 of the loop, the width 32
    CHECK(inv.count_findings("mask-32bit") == 2);
  }
  SECTION("lane arithmetic needs a lane/warp/thread name in the statement") {
    const Inventory inv = scan_one("a.cu", R"(
__global__ void k(int* p, int bytes) {
  const int tiles = bytes / 32;
  const int lane = threadIdx.x % 32;
  p[tiles] = lane;
})");
    CHECK(inv.count_findings("warp32-arith") == 1);
  }
  SECTION("host code is not device code for literal rules") {
    const Inventory inv = scan_one("a.cpp", "unsigned all = 0xffffffff; int lane = tid & 31;\n");
    CHECK(inv.findings.empty());
  }
  SECTION("ballots kept in 64 bits are fine; __popc on them is not") {
    const Inventory inv = scan_one("a.cu", R"(
__global__ void k(int* out) {
  unsigned long long wide = __ballot_sync(~0ull, 1);
  auto any = __ballot(1);
  uint32_t narrow;
  narrow = __ballot(1);
  out[0] = __popcll(wide) + __popc(narrow) + __ffs(__ballot(1));
})");
    CHECK(inv.count_findings("ballot-32bit") == 1);  // narrow, declared apart
    CHECK(inv.count_findings("popc-ballot") == 1);   // one line: __popc(narrow) and __ffs
    CHECK(inv.count_findings("warp-vote") == 4);
  }
  SECTION("__launch_bounds__ of 256 or less is not flagged") {
    const Inventory inv = scan_one("a.cu",
                                   "__global__ void __launch_bounds__(256, 2) k() {}\n"
                                   "__global__ void __launch_bounds__(1024) j() {}\n");
    CHECK(inv.count_findings("launch-bounds") == 1);
    CHECK(inv.kernels.size() == 2);
  }
  SECTION("declarations, explicit instantiations and __device__ variables are not kernels") {
    const Inventory inv = scan_one("a.cu", R"(
__global__ void declared(int);
template <class T> __global__ void t(T* p) { p[0] = T(); }
template __global__ void t<float>(float*);
__device__ int counter;
__device__ float table[4] = {1, 2, 3, 4};
extern "C" __global__ void c_kernel() {}
static __device__ __forceinline__ int helper() { return 1; }
struct Op { __device__ float operator()(float a) const { return a; } };
)");
    std::vector<std::string> names;
    for (const Kernel& k : inv.kernels) names.push_back(k.name);
    CHECK(names == std::vector<std::string>{"t", "c_kernel"});
    CHECK(inv.kernel("c_kernel")->signature == "extern \"C\" __global__ void c_kernel()");
  }
  SECTION("lexer trouble is a warning with file and line, except inside #if 0") {
    const Inventory inv = scan_one("a.cu", "#if 0\nit's prose\n#endif\nconst char* s = \"open;\n");
    REQUIRE(inv.warnings.size() == 1);
    CHECK(inv.warnings[0] == Warning{"a.cu", 4, "unterminated string literal"});
  }
  SECTION("namespaces: nested, anonymous and closed") {
    const Inventory inv = scan_one("a.cu", R"(
namespace a::b { namespace { __global__ void k1() {} } }
namespace c { __global__ void k2() {} }
__global__ void k3() {}
)");
    CHECK(inv.kernel("k1")->scope == "a::b");
    CHECK(inv.kernel("k2")->scope == "c");
    CHECK(inv.kernel("k3")->scope.empty());
  }
}

TEST_CASE("scanner: bad paths are errors that say what to do", "[scanner]") {
  try {
    (void)scan(kFixture / "no-such-folder");
    FAIL("scan of a missing path did not throw");
  } catch (const parity::UsageError& e) {
    CHECK(std::string(e.what()).find("no such file or directory") != std::string::npos);
  }
  CHECK_THROWS_AS(scan(kFixture / "code" / "notes.txt"), parity::UsageError);
  CHECK_THROWS_AS(SuiteIndex::load(kFixture / "code" / "notes.txt"), parity::UsageError);
}
