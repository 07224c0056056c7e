#include "parity/audit/rules.hpp"

#include <array>
#include <string>

#include "parity/error.hpp"

namespace parity::audit {

std::string_view name(Severity severity) {
  switch (severity) {
    case Severity::kLow:
      return "low";
    case Severity::kMedium:
      return "medium";
    case Severity::kHigh:
      return "high";
  }
  return "?";
}

std::optional<Severity> parse_severity(std::string_view text) {
  for (Severity s : {Severity::kLow, Severity::kMedium, Severity::kHigh})
    if (name(s) == text) return s;
  return std::nullopt;
}

std::string_view name(Vendor vendor) {
  return vendor == Vendor::kNvidia ? "NVIDIA" : "AMD";
}

namespace {

// Severity: high = the port gives wrong numbers, hangs or does not build on AMD unless this is
// changed; medium = results can legitimately differ and the suite must be designed for it;
// low = worth a look.
constexpr std::array<HazardRule, 17> kHazardRules = {{
    {"inline-ptx", Severity::kHigh, "inline PTX",
     "asm() holds PTX, which no AMD compiler accepts: rewrite it with HIP builtins. PTX is "
     "usually there for approximate math (ex2.approx, rcp.approx) or bit tricks, whose "
     "replacements round differently",
     "§7"},
    {"warp-shuffle", Severity::kMedium, "warp shuffle",
     "__shfl* operate on 64-lane wavefronts on CDNA: offsets, widths and lane ids written for 32 "
     "lanes reduce or broadcast over the wrong lanes",
     "§1"},
    {"warp-vote", Severity::kMedium, "warp vote / sync",
     "ballot, any/all, activemask, syncwarp, match and reduce intrinsics: HIP's masks are 64-bit "
     "and must name the whole active set; there is no independent thread scheduling",
     "§2"},
    {"warp32-arith", Severity::kHigh, "lane math assumes 32",
     "lane/warp ids computed with & 31, % 32, >> 5 or / 32: wrong on 64-lane wavefronts; use "
     "warpSize (and size shared arrays for the smallest wavefront)",
     "§1"},
    {"warp32-shuffle", Severity::kHigh, "32 with shuffles, no warpSize",
     "this function shuffles or votes, never reads warpSize and uses a literal 32 (or starts an "
     "offset loop at 16): the reduction or scan covers half a wavefront on wave64",
     "§1"},
    {"mask-32bit", Severity::kHigh, "32-bit lane mask",
     "0xffffffff as a lane mask: HIP's *_sync intrinsics static_assert a 64-bit mask, and a "
     "32-bit mask names only half of a wave64",
     "§2"},
    {"ballot-32bit", Severity::kHigh, "ballot stored in 32 bits",
     "a ballot/activemask result kept in a 32-bit integer loses lanes 32-63 on wave64: keep it in "
     "a 64-bit integer (unsigned long long / uint64_t)",
     "§2"},
    {"popc-ballot", Severity::kHigh, "__popc/__ffs on a ballot",
     "__popc and __ffs take 32 bits: on wave64 they count or find only the lower half of a ballot; "
     "use __popcll / __ffsll",
     "§2"},
    {"fp8-type", Severity::kHigh, "fp8 types",
     "NVIDIA fp8 is OCP (e4m3fn: bias 7, max 448); gfx942 uses FNUZ (bias 8, max 240, NaN 0x80): "
     "the same byte means half the value. Compare decoded values with the format named",
     "§3"},
    {"bf16-type", Severity::kMedium, "bfloat16",
     "__nv_bfloat16 conversions round to nearest even; several ROCm paths truncate (bias toward "
     "zero). Test conversions bit-exactly and check the mean error of compute kernels",
     "§4"},
    {"fast-intrinsic", Severity::kMedium, "fast-math intrinsic",
     "__expf, __logf, __sinf, __fdividef ... have vendor-specific error bounds (up to several "
     "ulp, large outside [-pi, pi]): bound the error per function and restrict input ranges",
     "§7"},
    {"fast-math-flag", Severity::kHigh, "fast-math / FTZ build flag",
     "-use_fast_math / -ftz=true flush denormals and approximate division and sqrt; HIP's flags "
     "and defaults differ: record the flags and judge with atol >= the smallest normal",
     "§5"},
    {"mma", Severity::kHigh, "WMMA / MMA",
     "nvcuda::wmma and mma.sync map to rocWMMA / MFMA, which accumulate differently (no fp16 "
     "accumulator, other rounding): bound errors by gamma_K * sum|a||b| per accumulator type",
     "§9"},
    {"cooperative-groups", Severity::kMedium, "cooperative groups",
     "tiled partitions, grid sync and cooperative launches: tile sizes written for 32-lane warps "
     "and grid-wide barriers need checking on AMD",
     "§1"},
    {"texture-surface", Severity::kMedium, "texture / surface",
     "texture and surface objects: filtering and normalised-coordinate arithmetic are "
     "hardware-specific; compare with a tolerance, or read with plain loads",
     ""},
    {"launch-bounds", Severity::kLow, "__launch_bounds__ > 256",
     "more than 256 threads per block is more than 4 wave64s sharing one CU's register budget; "
     "HIP reads the second argument as waves per EU, not blocks per SM",
     "§1"},
    {"managed-memory", Severity::kMedium, "managed memory",
     "cudaMallocManaged / __managed__: HIP managed memory may be fine-grained, where float "
     "atomics can be silently lost and some atomics need PCIe support: test the memory kind "
     "you ship",
     "§6"},
}};

}  // namespace

std::span<const HazardRule> hazard_rules() {
  return kHazardRules;
}

const HazardRule& hazard_rule(std::string_view id) {
  for (const HazardRule& r : hazard_rules())
    if (r.id == id) return r;
  throw UsageError("unknown hazard rule '" + std::string(id) +
                   "': see docs/migration-audit.md for the list");
}

// ---------------------------------------------------------------------------------------------
// Libraries. Each row: how it is recognised, its counterpart on the other vendor, and a note on
// what porting it involves.
namespace {

// clang-format off
// cuBLAS: dense BLAS. hipBLAS keeps the cuBLAS call shape (hipblasSgemm); rocBLAS is the engine.
constexpr std::string_view kCublasH[] = {"cublas.h", "cublas_v2.h", "cublas_api.h", "cublasXt.h"};
constexpr std::string_view kCublasCm[] = {"CUDA::cublas", "CUDA::cublas_static", "cublas",
                                          "cublas_static", "CUDA_cublas_LIBRARY",
                                          "CUDA_CUBLAS_LIBRARIES"};
constexpr std::string_view kCublasApi[] = {"cublas"};
// cuBLASLt: the matmul API with epilogues and heuristics; hipBLASLt mirrors it.
constexpr std::string_view kCublasLtH[] = {"cublasLt.h"};
constexpr std::string_view kCublasLtCm[] = {"CUDA::cublasLt", "CUDA::cublasLt_static", "cublasLt",
                                            "cublasLt_static"};
constexpr std::string_view kCublasLtApi[] = {"cublasLt"};
// cuDNN: deep-learning primitives; MIOpen covers much of it with a different API.
constexpr std::string_view kCudnnH[] = {"cudnn*"};
constexpr std::string_view kCudnnCm[] = {"CUDNN", "CUDNN::cudnn", "CUDA::cudnn", "cudnn",
                                         "cudnn_static", "cudnn_frontend"};
constexpr std::string_view kCudnnApi[] = {"cudnn"};
// cuFFT: FFTs; hipFFT keeps the cuFFT call shape, rocFFT is the engine.
constexpr std::string_view kCufftH[] = {"cufft.h", "cufftXt.h", "cufftw.h"};
constexpr std::string_view kCufftCm[] = {"CUDA::cufft", "CUDA::cufft_static", "CUDA::cufftw",
                                         "cufft", "cufft_static", "cufftw",
                                         "CUDA_CUFFT_LIBRARIES"};
constexpr std::string_view kCufftApi[] = {"cufft"};
// cuRAND: host and device (curand_kernel.h) random numbers.
constexpr std::string_view kCurandH[] = {"curand*"};
constexpr std::string_view kCurandCm[] = {"CUDA::curand", "CUDA::curand_static", "curand",
                                          "curand_static", "CUDA_curand_LIBRARY"};
constexpr std::string_view kCurandApi[] = {"curand"};
// cuSPARSE: sparse BLAS.
constexpr std::string_view kCusparseH[] = {"cusparse.h", "cusparse_v2.h"};
constexpr std::string_view kCusparseCm[] = {"CUDA::cusparse", "CUDA::cusparse_static", "cusparse",
                                            "cusparse_static", "CUDA_cusparse_LIBRARY"};
constexpr std::string_view kCusparseApi[] = {"cusparse"};
// cuSOLVER: dense and sparse LAPACK-style solvers.
constexpr std::string_view kCusolverH[] = {"cusolver*"};
constexpr std::string_view kCusolverCm[] = {"CUDA::cusolver", "CUDA::cusolver_static", "cusolver",
                                            "cusolver_static", "CUDA_cusolver_LIBRARY"};
constexpr std::string_view kCusolverApi[] = {"cusolver"};
// NCCL: collectives. RCCL implements the same nccl* API, so calls are attributed to NCCL.
constexpr std::string_view kNcclH[] = {"nccl.h"};
constexpr std::string_view kNcclCm[] = {"NCCL", "NCCL::nccl", "nccl", "nccl_static"};
constexpr std::string_view kNcclApi[] = {"nccl"};
// Thrust: STL-like parallel algorithms. rocThrust uses the same headers and namespace.
constexpr std::string_view kThrustH[] = {"thrust/"};
constexpr std::string_view kThrustCm[] = {"Thrust", "Thrust::Thrust", "CCCL::Thrust",
                                          "thrust_create_target"};
constexpr std::string_view kThrustNs[] = {"thrust"};
// CUB: block/warp/device primitives, with warp-size assumptions of NVIDIA hardware.
constexpr std::string_view kCubH[] = {"cub/"};
constexpr std::string_view kCubCm[] = {"CUB", "CUB::CUB", "CCCL::CUB"};
constexpr std::string_view kCubNs[] = {"cub"};
// CUTLASS: templated GEMM/convolution kernels built on NVIDIA tensor-core instructions.
constexpr std::string_view kCutlassH[] = {"cutlass/"};
constexpr std::string_view kCutlassCm[] = {"CUTLASS", "nvidia::cutlass::cutlass", "cutlass",
                                           "nvidia::cutlass::tools::util"};
constexpr std::string_view kCutlassNs[] = {"cutlass"};
// CuTe: CUTLASS's layout and tensor algebra (ships with CUTLASS).
constexpr std::string_view kCuteH[] = {"cute/"};
constexpr std::string_view kCuteNs[] = {"cute"};

// AMD side.
constexpr std::string_view kRocblasH[] = {"rocblas.h", "rocblas/"};
constexpr std::string_view kRocblasCm[] = {"rocblas", "roc::rocblas"};
constexpr std::string_view kRocblasApi[] = {"rocblas_"};
constexpr std::string_view kHipblasH[] = {"hipblas.h", "hipblas/"};
constexpr std::string_view kHipblasCm[] = {"hipblas", "roc::hipblas"};
constexpr std::string_view kHipblasApi[] = {"hipblas"};
constexpr std::string_view kHipblasLtH[] = {"hipblaslt.h", "hipblaslt/"};
constexpr std::string_view kHipblasLtCm[] = {"hipblaslt", "roc::hipblaslt"};
constexpr std::string_view kHipblasLtApi[] = {"hipblasLt"};
constexpr std::string_view kMiopenH[] = {"miopen/"};
constexpr std::string_view kMiopenCm[] = {"miopen", "MIOpen"};
constexpr std::string_view kMiopenApi[] = {"miopen"};
constexpr std::string_view kRocfftH[] = {"rocfft.h", "rocfft/"};
constexpr std::string_view kRocfftCm[] = {"rocfft", "roc::rocfft"};
constexpr std::string_view kRocfftApi[] = {"rocfft_"};
constexpr std::string_view kHipfftH[] = {"hipfft.h", "hipfft/"};
constexpr std::string_view kHipfftCm[] = {"hipfft", "hip::hipfft"};
constexpr std::string_view kHipfftApi[] = {"hipfft"};
constexpr std::string_view kRocrandH[] = {"rocrand*", "rocrand/"};
constexpr std::string_view kRocrandCm[] = {"rocrand", "roc::rocrand"};
constexpr std::string_view kRocrandApi[] = {"rocrand_"};
constexpr std::string_view kHiprandH[] = {"hiprand*", "hiprand/"};
constexpr std::string_view kHiprandCm[] = {"hiprand", "hip::hiprand"};
constexpr std::string_view kHiprandApi[] = {"hiprand"};
constexpr std::string_view kRocsparseH[] = {"rocsparse.h", "rocsparse/"};
constexpr std::string_view kRocsparseCm[] = {"rocsparse", "roc::rocsparse"};
constexpr std::string_view kRocsparseApi[] = {"rocsparse_"};
constexpr std::string_view kHipsparseH[] = {"hipsparse.h", "hipsparse/"};
constexpr std::string_view kHipsparseCm[] = {"hipsparse", "roc::hipsparse"};
constexpr std::string_view kHipsparseApi[] = {"hipsparse"};
constexpr std::string_view kRocsolverH[] = {"rocsolver.h", "rocsolver/"};
constexpr std::string_view kRocsolverCm[] = {"rocsolver", "roc::rocsolver"};
constexpr std::string_view kRocsolverApi[] = {"rocsolver_"};
constexpr std::string_view kHipsolverH[] = {"hipsolver.h", "hipsolver/"};
constexpr std::string_view kHipsolverCm[] = {"hipsolver", "roc::hipsolver"};
constexpr std::string_view kHipsolverApi[] = {"hipsolver"};
constexpr std::string_view kRcclH[] = {"rccl.h", "rccl/"};
constexpr std::string_view kRcclCm[] = {"rccl", "roc::rccl"};
constexpr std::string_view kRocthrustCm[] = {"rocthrust", "roc::rocthrust"};
constexpr std::string_view kHipcubH[] = {"hipcub/"};
constexpr std::string_view kHipcubCm[] = {"hipcub", "hip::hipcub"};
constexpr std::string_view kHipcubNs[] = {"hipcub"};
constexpr std::string_view kRocprimH[] = {"rocprim/"};
constexpr std::string_view kRocprimCm[] = {"rocprim", "roc::rocprim", "roc::rocprim_hip"};
constexpr std::string_view kRocprimNs[] = {"rocprim"};
constexpr std::string_view kCkH[] = {"ck/", "ck_tile/"};
constexpr std::string_view kCkCm[] = {"composable_kernel", "composable_kernel::device_operations"};
// clang-format on

constexpr std::span<const std::string_view> kNone{};
constexpr std::string_view kNoCounterpart =
    "no direct counterpart (Composable Kernel / hipBLASLt for GEMMs)";

const std::array<LibraryInfo, 29>& all_libraries() {
  static const std::array<LibraryInfo, 29> table = {{
      {"cublas", "cuBLAS", Vendor::kNvidia, kCublasH, kCublasCm, kCublasApi, kNone,
       "rocBLAS / hipBLAS",
       "hipBLAS keeps the call shapes (hipify renames them); GEMM accumulation order differs, so "
       "results match within gamma_K * sum|a||b|, not bitwise"},
      {"cublaslt", "cuBLASLt", Vendor::kNvidia, kCublasLtH, kCublasLtCm, kCublasLtApi, kNone,
       "hipBLASLt",
       "hipBLASLt mirrors the API; fp8 GEMMs need the FNUZ formats on gfx942 and TF32 is opt-in"},
      {"cudnn", "cuDNN", Vendor::kNvidia, kCudnnH, kCudnnCm, kCudnnApi, kNone, "MIOpen",
       "a different API: call sites are rewritten; cuDNN defaults to TF32 for convolutions, "
       "MIOpen does not"},
      {"cufft", "cuFFT", Vendor::kNvidia, kCufftH, kCufftCm, kCufftApi, kNone, "rocFFT / hipFFT",
       "hipFFT keeps the call shapes; plan-dependent rounding differs"},
      {"curand", "cuRAND", Vendor::kNvidia, kCurandH, kCurandCm, kCurandApi, kNone,
       "rocRAND / hipRAND",
       "same generator families; parity's suites feed recorded inputs, so streams need not match"},
      {"cusparse", "cuSPARSE", Vendor::kNvidia, kCusparseH, kCusparseCm, kCusparseApi, kNone,
       "rocSPARSE / hipSPARSE", "hipSPARSE keeps the call shapes; algorithm enums differ"},
      {"cusolver", "cuSOLVER", Vendor::kNvidia, kCusolverH, kCusolverCm, kCusolverApi, kNone,
       "rocSOLVER / hipSOLVER", "hipSOLVER keeps most call shapes; workspace queries differ"},
      {"nccl", "NCCL", Vendor::kNvidia, kNcclH, kNcclCm, kNcclApi, kNone, "RCCL",
       "RCCL implements the nccl* API; reduction order depends on the algorithm chosen"},
      {"thrust", "Thrust", Vendor::kNvidia, kThrustH, kThrustCm, kNone, kThrustNs, "rocThrust",
       "rocThrust provides the same thrust:: API"},
      {"cub", "CUB", Vendor::kNvidia, kCubH, kCubCm, kNone, kCubNs, "hipCUB / rocPRIM",
       "hipCUB provides the cub:: API on rocPRIM; warp-level primitives follow the wavefront size"},
      {"cutlass", "CUTLASS", Vendor::kNvidia, kCutlassH, kCutlassCm, kNone, kCutlassNs,
       kNoCounterpart, "kernels built on NVIDIA tensor-core instructions: a re-implementation"},
      {"cute", "CuTe", Vendor::kNvidia, kCuteH, kNone, kNone, kCuteNs, kNoCounterpart,
       "CUTLASS's layout algebra: kernels written with it are re-implemented"},
      {"rocblas", "rocBLAS", Vendor::kAmd, kRocblasH, kRocblasCm, kRocblasApi, kNone, "cuBLAS",
       "already ported"},
      {"hipblas", "hipBLAS", Vendor::kAmd, kHipblasH, kHipblasCm, kHipblasApi, kNone, "cuBLAS",
       "already ported"},
      {"hipblaslt", "hipBLASLt", Vendor::kAmd, kHipblasLtH, kHipblasLtCm, kHipblasLtApi, kNone,
       "cuBLASLt", "already ported"},
      {"miopen", "MIOpen", Vendor::kAmd, kMiopenH, kMiopenCm, kMiopenApi, kNone, "cuDNN",
       "already ported"},
      {"rocfft", "rocFFT", Vendor::kAmd, kRocfftH, kRocfftCm, kRocfftApi, kNone, "cuFFT",
       "already ported"},
      {"hipfft", "hipFFT", Vendor::kAmd, kHipfftH, kHipfftCm, kHipfftApi, kNone, "cuFFT",
       "already ported"},
      {"rocrand", "rocRAND", Vendor::kAmd, kRocrandH, kRocrandCm, kRocrandApi, kNone, "cuRAND",
       "already ported"},
      {"hiprand", "hipRAND", Vendor::kAmd, kHiprandH, kHiprandCm, kHiprandApi, kNone, "cuRAND",
       "already ported"},
      {"rocsparse", "rocSPARSE", Vendor::kAmd, kRocsparseH, kRocsparseCm, kRocsparseApi, kNone,
       "cuSPARSE", "already ported"},
      {"hipsparse", "hipSPARSE", Vendor::kAmd, kHipsparseH, kHipsparseCm, kHipsparseApi, kNone,
       "cuSPARSE", "already ported"},
      {"rocsolver", "rocSOLVER", Vendor::kAmd, kRocsolverH, kRocsolverCm, kRocsolverApi, kNone,
       "cuSOLVER", "already ported"},
      {"hipsolver", "hipSOLVER", Vendor::kAmd, kHipsolverH, kHipsolverCm, kHipsolverApi, kNone,
       "cuSOLVER", "already ported"},
      {"rccl", "RCCL", Vendor::kAmd, kRcclH, kRcclCm, kNone, kNone, "NCCL",
       "already ported (its nccl* calls count under NCCL)"},
      {"rocthrust", "rocThrust", Vendor::kAmd, kNone, kRocthrustCm, kNone, kNone, "Thrust",
       "already ported (same thrust/ headers: seen through CMake only)"},
      {"hipcub", "hipCUB", Vendor::kAmd, kHipcubH, kHipcubCm, kNone, kHipcubNs, "CUB",
       "already ported"},
      {"rocprim", "rocPRIM", Vendor::kAmd, kRocprimH, kRocprimCm, kNone, kRocprimNs, "CUB",
       "already ported"},
      {"composable_kernel", "Composable Kernel", Vendor::kAmd, kCkH, kCkCm, kNone, kNone,
       "CUTLASS / CuTe", "already ported"},
  }};
  return table;
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

}  // namespace

std::span<const LibraryInfo> libraries() {
  return all_libraries();
}

const LibraryInfo& library(std::string_view id) {
  for (const LibraryInfo& l : libraries())
    if (l.id == id) return l;
  throw UsageError("unknown library id '" + std::string(id) +
                   "': see docs/migration-audit.md for the list");
}

bool matches_header(const LibraryInfo& lib, std::string_view header) {
  const std::size_t slash = header.rfind('/');
  const std::string_view file = slash == std::string_view::npos ? header : header.substr(slash + 1);
  for (std::string_view pattern : lib.headers) {
    if (pattern.ends_with('/')) {
      if (starts_with(header, pattern) ||
          header.find("/" + std::string(pattern)) != std::string_view::npos)
        return true;
    } else if (pattern.ends_with('*')) {
      if (starts_with(file, pattern.substr(0, pattern.size() - 1))) return true;
    } else if (file == pattern) {
      return true;
    }
  }
  return false;
}

bool matches_cmake_word(const LibraryInfo& lib, std::string_view word) {
  std::string_view plain = word;
  if (starts_with(plain, "-l")) plain.remove_prefix(2);
  // A library file path: .../lib<name>.so[.N] or .../lib<name>.a
  if (const std::size_t slash = word.rfind('/'); slash != std::string_view::npos) {
    std::string_view file = word.substr(slash + 1);
    if (!starts_with(file, "lib")) return false;
    file.remove_prefix(3);
    const std::size_t dot = file.find('.');
    if (dot == std::string_view::npos) return false;
    const std::string_view ext = file.substr(dot);
    if (!starts_with(ext, ".so") && ext != ".a") return false;
    plain = file.substr(0, dot);
  }
  for (std::string_view n : lib.cmake_names)
    if (n == word || n == plain) return true;
  return false;
}

const LibraryInfo* library_of_call(std::string_view identifier) {
  const LibraryInfo* best = nullptr;
  std::size_t best_len = 0;
  for (const LibraryInfo& lib : libraries()) {
    for (std::string_view p : lib.api_prefixes) {
      if (p.size() > best_len && starts_with(identifier, p) && identifier.size() > p.size()) {
        best = &lib;
        best_len = p.size();
      }
    }
  }
  return best;
}

}  // namespace parity::audit
