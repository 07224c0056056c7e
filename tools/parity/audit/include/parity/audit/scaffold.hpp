// Suite scaffolding: a parity suite folder per kernel, ready to fill in. Each folder holds
//   CMakeLists.txt      parity_add_suite(NAME <k> CUDA <k>.cu HIP <k>.hip TESTS <k>.tests.cpp)
//   <k>.hpp             the launcher: launch_<k>(parity::Stream, <the kernel's parameters>)
//   <k>.cu              the launcher for the CUDA original; it #includes the kernel's source
//                       (or declares the kernel, when that file defines main())
//   <k>.hip             the launcher for the HIP port, with the kernel declared and the audit's
//                       findings for it listed as TODOs
//   <k>.tests.cpp       one case with TODOs for shapes, distributions and policies
// Kernel parameters cross the launcher as host types: __half/__nv_bfloat16/__nv_fp8_* become
// parity::f16/bf16/f8_*, template type parameters become float (or their default), pointers to
// types parity does not know become void*, and by-value parameters of such types are left out
// of the launcher (the stub passes {} with a TODO).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "parity/audit/inventory.hpp"

namespace parity::audit {

struct ScaffoldFile {
  std::string name;  // file name inside the suite folder
  std::string text;
};

//! The files of `kernel`'s suite (no I/O). `source_root` is the folder the inventory's paths are
//! relative to; `suite_dir` is where the folder will be written (for the #include path).
std::vector<ScaffoldFile> scaffold_suite(const Inventory& inventory, const Kernel& kernel,
                                         const std::filesystem::path& source_root,
                                         const std::filesystem::path& suite_dir);

//! Writes one folder per kernel named in `kernels` (every kernel when empty; the first
//! definition of a name) under `outdir`, and returns the folders. Throws UsageError for a name
//! that is not a kernel of the inventory and for a folder that already exists (nothing is
//! overwritten, nothing is written then).
std::vector<std::filesystem::path> write_scaffold(const Inventory& inventory,
                                                  const std::filesystem::path& source_root,
                                                  const std::filesystem::path& outdir,
                                                  const std::vector<std::string>& kernels);

}  // namespace parity::audit
