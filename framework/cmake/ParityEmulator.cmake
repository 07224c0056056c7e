# parity_add_emulated_library(<target> DIALECT cuda|hip SOURCES a.cu b.hip ...
#                             [INCLUDES dir ...] [LINK lib ...] [DEFINITIONS X=1 ...]
#                             [COMPILE_OPTIONS opt ...] [TARGET sm_90|gfx942|...] [RACE_CHECK])
#
# Builds CUDA (.cu) or HIP (.hip) kernel sources for the host SIMT emulator (adapters/host):
# each source is rewritten by parity-simt-rewrite (kernel<<<...>>>(...) launches and __shared__
# declarations; see docs/host-emulation.md) into <build>/<target>.simt/<name>.cpp, which the host
# C++ compiler builds against the CUDA/HIP stand-in headers into a static library. Only this
# target sees the stand-ins; consumers link it like any library (it brings parity::simt along).
#
# RACE_CHECK compiles the kernels with shared-memory race instrumentation: checking happens when
# PARITY_SIMT_RACE_CHECK=1 or parity::simt::set_race_check(true), and costs several times the
# run time. It cannot be combined with AddressSanitizer (PARITY_SANITIZE=address): there the
# option is ignored with a warning.
#
# LINK: a vendor library (CUDA::*, roc::*, hip::*, hipcub::*, ...) is never linked into an
# emulated build (its headers would shadow the stand-ins): it is replaced by the stand-in
# registered for it with parity_simt_standin_for(), or dropped where the stand-in runtime covers
# it (CUDA::cudart, hip::host, ...), and a vendor library without a stand-in is a configure error
# that names it. Everything else (your own libraries, plain flags) is linked as given.
include_guard(GLOBAL)

# parity_simt_standin_for(<vendor target>... STANDIN <target>|NONE): what an emulated build links
# in place of a vendor library named in LINK. NONE: nothing (the stand-in runtime has it).
function(parity_simt_standin_for)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "STANDIN" "")
  if(NOT arg_STANDIN OR NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "parity_simt_standin_for(<vendor target>... STANDIN <target>|NONE)")
  endif()
  foreach(vendor IN LISTS arg_UNPARSED_ARGUMENTS)
    set_property(GLOBAL PROPERTY PARITY_SIMT_STANDIN_${vendor} "${arg_STANDIN}")
  endforeach()
endfunction()

# The runtimes themselves: the stand-in headers and parity::simt are their emulated form.
parity_simt_standin_for(CUDA::cudart CUDA::cudart_static CUDA::cuda_runtime STANDIN NONE)
parity_simt_standin_for(hip::host hip::device hip::amdhip64 STANDIN NONE)
# The vendor libraries parity::simt has stand-ins for (docs/vendor-libraries.md): their headers
# are in standins/<dialect>/, their calls in parity::simt itself, so nothing more is linked.
parity_simt_standin_for(CUDA::cublas CUDA::cublas_static CUDA::cublasLt CUDA::cublasLt_static
                        CCCL::CCCL CCCL::CUB CCCL::Thrust CUB::CUB Thrust::Thrust STANDIN NONE)
parity_simt_standin_for(roc::hipblas roc::hipblaslt hip::hipcub roc::rocprim roc::rocprim_hip
                        roc::rocthrust STANDIN NONE)

# <out>: `items` with every vendor library replaced by its emulator stand-in (see above).
function(_parity_simt_link_items target out)
  set(result "")
  foreach(item IN LISTS ARGN)
    if(item MATCHES "^(CUDA|CCCL|roc|hip|hipcub|rocprim|rocthrust|hipblas|hipblaslt|CUB|Thrust)::")
      get_property(standin GLOBAL PROPERTY PARITY_SIMT_STANDIN_${item})
      if(standin STREQUAL "")
        message(FATAL_ERROR "parity_add_emulated_library(${target}): ${item} is a vendor library "
                            "and the host emulator has no stand-in for it, so an emulated build "
                            "cannot link it (its headers would replace the stand-ins): run the "
                            "suite on GPU backends only (parity_add_suite(... BACKENDS cuda hip)); "
                            "docs/troubleshooting.md lists the stand-ins that exist.")
      endif()
      if(NOT standin STREQUAL "NONE")
        list(APPEND result ${standin})
      endif()
    else()
      list(APPEND result "${item}")
    endif()
  endforeach()
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# ----- emulated targets (docs/host-emulation.md, "Targets and their limits") -----
# The GPU each dialect's emulated kernels stand for: its shared-memory / LDS, thread and grid
# limits are enforced at every launch, its architecture macros (__CUDA_ARCH__, __gfx942__, ...)
# are defined in device code, and it is recorded in provenance. TARGET <name> on
# parity_add_emulated_library overrides these for one library.
set(PARITY_SIMT_CUDA_TARGET "sm_90" CACHE STRING
    "GPU the host-cuda emulator stands for: sm_70 sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120")
set(PARITY_SIMT_HIP_TARGET "gfx942" CACHE STRING
    "GPU the host-hip emulator stands for: gfx90a gfx942 gfx950 gfx1100 gfx1201")

# Sets <out_var> to the PARITY_SIMT_TARGET_ID of <name> (sm_90 -> 900, gfx942 -> 0x942), after
# checking that <name> is a target of <dialect>.
function(parity_simt_target_id dialect name out_var)
  # The names parity/simt/target.hpp models (its kTargets table is the authority; this list only
  # lets a misspelt name fail at configure time).
  set(cuda_targets sm_70 sm_75 sm_80 sm_86 sm_89 sm_90 sm_100 sm_120)
  set(hip_targets gfx90a gfx942 gfx950 gfx1100 gfx1201)
  if(NOT name IN_LIST ${dialect}_targets)
    string(REPLACE ";" " " known "${${dialect}_targets}")
    message(FATAL_ERROR "parity-simt: '${name}' is not an emulated ${dialect} target; the "
                        "emulator models: ${known}")
  endif()
  if(name MATCHES "^sm_([0-9]+)$")
    set(${out_var} "${CMAKE_MATCH_1}0" PARENT_SCOPE)
  else()
    string(REGEX REPLACE "^gfx" "0x" id "${name}")
    set(${out_var} "${id}" PARENT_SCOPE)
  endif()
endfunction()
# ----- end of emulated targets -----

function(parity_add_emulated_library target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "RACE_CHECK" "DIALECT;TARGET"
                        "SOURCES;INCLUDES;LINK;DEFINITIONS;COMPILE_OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "parity_add_emulated_library(${target}): unknown arguments "
                        "'${arg_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT arg_DIALECT MATCHES "^(cuda|hip)$")
    message(FATAL_ERROR "parity_add_emulated_library(${target}): DIALECT must be cuda or hip, "
                        "got '${arg_DIALECT}'")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "parity_add_emulated_library(${target}): no SOURCES")
  endif()
  if(NOT TARGET parity::simt_rewrite)
    message(FATAL_ERROR "parity_add_emulated_library(${target}): the host emulator is not "
                        "defined yet: call find_package(parity) (or add parity's source tree) "
                        "before this call")
  endif()

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}.simt")
  file(MAKE_DIRECTORY "${out_dir}")
  set(generated "")
  set(source_dirs "")
  foreach(src IN LISTS arg_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${abs}" NAME)
    get_filename_component(dir "${abs}" DIRECTORY)
    set(out "${out_dir}/${name}.cpp")
    if(out IN_LIST generated)
      message(FATAL_ERROR "parity_add_emulated_library(${target}): two sources named ${name}")
    endif()
    add_custom_command(
      OUTPUT "${out}"
      COMMAND parity::simt_rewrite --dialect ${arg_DIALECT} --input "${abs}" --output "${out}"
      DEPENDS "${abs}" parity::simt_rewrite
      COMMENT "parity-simt: rewriting ${name} for the host emulator (${arg_DIALECT})"
      VERBATIM)
    list(APPEND generated "${out}")
    list(APPEND source_dirs "${dir}")
  endforeach()
  list(REMOVE_DUPLICATES source_dirs)

  add_library(${target} STATIC ${generated})
  # The dialect's stand-ins and refusals come first, before any folder of the user's (header
  # isolation, below); quoted includes of the originals resolve against their own folders.
  _parity_simt_dialect_includes(${arg_DIALECT} dialect_includes)
  target_include_directories(${target} BEFORE PRIVATE ${dialect_includes})
  target_include_directories(${target} PRIVATE ${source_dirs} ${arg_INCLUDES})
  _parity_simt_api_definitions(${arg_DIALECT} api_definitions)
  target_compile_definitions(${target} PRIVATE ${api_definitions})
  _parity_simt_link_items(${target} link ${arg_LINK})
  target_link_libraries(${target} PRIVATE parity::simt_standins PUBLIC parity::simt ${link})
  # Kernels' math calls reach the vendor-math perturbation (docs/host-emulation.md): the
  # wrappers, whole (nothing references them by name), and the linker's --wrap options.
  target_link_libraries(${target} PUBLIC "$<LINK_LIBRARY:WHOLE_ARCHIVE,parity::simt_vendor_math>")
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${arg_COMPILE_OPTIONS})
  # The emulated GPU (see "emulated targets" above).
  if(NOT arg_TARGET)
    string(TOUPPER "${arg_DIALECT}" dialect_upper)
    set(arg_TARGET "${PARITY_SIMT_${dialect_upper}_TARGET}")
  endif()
  parity_simt_target_id(${arg_DIALECT} "${arg_TARGET}" target_id)
  target_compile_definitions(${target} PRIVATE PARITY_SIMT_TARGET_ID=${target_id})
  set_target_properties(${target} PROPERTIES PARITY_SIMT_TARGET ${arg_TARGET})
  parity_target_defaults(${target})
  # Kernel sources carry the GPU compilers' pragmas (`#pragma unroll`, `#pragma nv_diag_suppress`),
  # which mean nothing to the host compiler and must not fail a -Werror build.
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wno-unknown-pragmas>)
  # Not position-independent: the initial-exec TLS of threadIdx & co. stays a single load.
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE OFF
                                             PARITY_SIMT_DIALECT ${arg_DIALECT})
  if(arg_RACE_CHECK)
    if(PARITY_SANITIZE MATCHES "address|thread")
      message(WARNING "parity_add_emulated_library(${target}): RACE_CHECK is ignored with "
                      "PARITY_SANITIZE=${PARITY_SANITIZE} (the instrumentations conflict)")
    else()
      # Instrument only: no ThreadSanitizer runtime is linked; parity::simt implements the
      # __tsan_* entry points and records shared-memory accesses.
      target_compile_options(${target} PRIVATE -fsanitize=thread)
      set_target_properties(${target} PROPERTIES PARITY_SIMT_RACE_CHECK ON)
    endif()
  endif()
endfunction()

# ----- Header isolation and the emulated API set (see docs/host-emulation.md, "Header isolation") ---
# An emulated translation unit of dialect D (cuda or hip) has, before any other include folder:
#   <standins>/D/       parity's stand-ins for D's headers (cuda_runtime.h, hip/hip_runtime.h, ...)
#   <standins>/common/  stand-ins for the names both dialects have (Thrust / rocThrust)
#   <build>/parity-simt-headers/D/  a generated refusal for every other name of
#                       <standins>/vendor_headers.tsv, the header names of the real CUDA toolkit
#                       and ROCm: "not emulated" for a name of D, "a CUDA header in a HIP source"
#                       (or the reverse) for a name only the other dialect has.
# A refusal exists only where no stand-in file does, so a new stand-in is just a new file in D/.
# PARITY_SIMT_ROCM_VERSION / PARITY_SIMT_CUDA_VERSION select the API set the stand-ins declare.
set(PARITY_SIMT_ROCM_VERSION "6.4" CACHE STRING
    "ROCm release whose HIP API the host-hip emulator offers (5.2 ... 7.0)")
set(PARITY_SIMT_CUDA_VERSION "13.0" CACHE STRING
    "CUDA release whose API the host-cuda emulator offers (12.0 ... 13.0)")

# "6.4" -> 60400, "5.2" -> 50200 (ROCm's HIP_VERSION_MAJOR*10000+MINOR*100 style);
# "13.0" -> 13000 (CUDART_VERSION style).
function(_parity_simt_version_number kind text out_var)
  if(NOT text MATCHES "^([0-9]+)\\.([0-9]+)$")
    message(FATAL_ERROR "PARITY_SIMT_${kind}_VERSION='${text}': give a release as MAJOR.MINOR "
                        "(for example 6.4)")
  endif()
  set(major ${CMAKE_MATCH_1})
  set(minor ${CMAKE_MATCH_2})
  if(kind STREQUAL "ROCM")
    if(major LESS 5 OR major GREATER 7)
      message(FATAL_ERROR "PARITY_SIMT_ROCM_VERSION=${text}: the emulator models ROCm 5.x to "
                          "7.x; pick one of those releases")
    endif()
    math(EXPR number "${major} * 10000 + ${minor} * 100")
  else()
    if(major LESS 12 OR major GREATER 13)
      message(FATAL_ERROR "PARITY_SIMT_CUDA_VERSION=${text}: the emulator models CUDA 12.x and "
                          "13.x; pick one of those releases")
    endif()
    math(EXPR number "${major} * 1000 + ${minor} * 10")
  endif()
  set(${out_var} ${number} PARENT_SCOPE)
endfunction()

# Sets out_var to the definitions that select the API set of `dialect` (spelling.hpp): the
# release of the CMake option, or the one given as a third argument.
function(_parity_simt_api_definitions dialect out_var)
  if(dialect STREQUAL "hip")
    set(kind ROCM)
    set(label ROCm)
  else()
    set(kind CUDA)
    set(label CUDA)
  endif()
  set(release "${PARITY_SIMT_${kind}_VERSION}")
  if(ARGC GREATER 2)
    set(release "${ARGV2}")
  endif()
  _parity_simt_version_number(${kind} "${release}" number)
  set(${out_var} PARITY_SIMT_${kind}_VERSION=${number}
      "PARITY_SIMT_API_SET=\"${label} ${release}\"" PARENT_SCOPE)
endfunction()

# Sets out_var to the include folders of `dialect`, generating the refusals on first use.
function(_parity_simt_dialect_includes dialect out_var)
  get_target_property(root parity::simt_standins PARITY_SIMT_STANDINS_DIR)
  if(NOT root OR NOT EXISTS "${root}/vendor_headers.tsv")
    message(FATAL_ERROR "parity-simt: the stand-in headers are missing (no vendor_headers.tsv "
                        "under '${root}'): reinstall parity")
  endif()
  set(out "${CMAKE_BINARY_DIR}/parity-simt-headers")
  get_property(done GLOBAL PROPERTY PARITY_SIMT_REFUSALS_DONE)
  if(NOT done)
    set_property(GLOBAL PROPERTY PARITY_SIMT_REFUSALS_DONE ON)
    _parity_simt_generate_refusals("${root}" "${out}")
  endif()
  set(${out_var} "${root}/${dialect}" "${root}/common" "${out}/${dialect}" PARENT_SCOPE)
endfunction()

function(_parity_simt_generate_refusals root out)
  # A new or removed stand-in, or a new table, regenerates the refusals at the next build.
  file(GLOB_RECURSE standins RELATIVE "${root}" LIST_DIRECTORIES false CONFIGURE_DEPENDS
       "${root}/*")
  set_property(DIRECTORY "${CMAKE_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
               "${root}/vendor_headers.tsv")
  list(REMOVE_ITEM standins vendor_headers.tsv)
  list(FILTER standins EXCLUDE REGEX "(^|/)README\\.md$")
  file(SHA256 "${root}/vendor_headers.tsv" table_hash)
  string(SHA256 stamp "v2;${table_hash};${standins}")
  if(EXISTS "${out}/stamp")
    file(READ "${out}/stamp" old_stamp)
    if(old_stamp STREQUAL stamp)
      return()
    endif()
  endif()
  file(STRINGS "${root}/vendor_headers.tsv" rows REGEX "^[^#]")
  set(known_cuda "")
  set(known_hip "")
  foreach(row IN LISTS rows)
    string(REPLACE "\t" ";" fields "${row}")
    list(GET fields 0 name)
    list(GET fields 1 dialects)
    if(dialects MATCHES "cuda")
      list(APPEND known_cuda "${name}")
    endif()
    if(dialects MATCHES "hip")
      list(APPEND known_hip "${name}")
    endif()
  endforeach()
  # Every stand-in stands for a real header of its dialect, in the folder of that dialect.
  foreach(file IN LISTS standins)
    if(file MATCHES "^(cuda|hip)/(.*)$")
      set(d ${CMAKE_MATCH_1})
      set(name ${CMAKE_MATCH_2})
      if(NOT name IN_LIST known_${d})
        message(FATAL_ERROR "parity-simt: adapters/host/standins/${file} stands in for a header "
                            "that the real ${d} toolkit does not have (it is not a '${d}' row of "
                            "vendor_headers.tsv): emulated sources would compile where the real "
                            "compiler fails. Rename it to the real header's name, or move helper "
                            "code to adapters/host/include/parity/simt/")
      endif()
    elseif(file MATCHES "^common/(.*)$")
      set(name ${CMAKE_MATCH_1})
      if(NOT (name IN_LIST known_cuda AND name IN_LIST known_hip))
        message(FATAL_ERROR "parity-simt: adapters/host/standins/${file}: common/ holds stand-ins "
                            "for names both CUDA and ROCm have (Thrust); '${name}' is not one: "
                            "move it to standins/cuda/ or standins/hip/")
      endif()
    else()
      message(FATAL_ERROR "parity-simt: adapters/host/standins/${file}: a stand-in lives in "
                          "standins/cuda/ (what .cu sources see), standins/hip/ (what .hip sources "
                          "see) or standins/common/ (both); move it there")
    endif()
  endforeach()
  file(REMOVE_RECURSE "${out}")
  foreach(row IN LISTS rows)
    string(REPLACE "\t" ";" fields "${row}")
    list(GET fields 0 name)
    list(GET fields 1 dialects)
    list(GET fields 2 package)
    set(moved "")
    list(LENGTH fields count)
    if(count GREATER 3)
      list(GET fields 3 note)
      if(note MATCHES "^moved: (.+)$")
        set(moved "${CMAKE_MATCH_1}")
      endif()
    endif()
    foreach(d IN ITEMS cuda hip)
      if(EXISTS "${root}/${d}/${name}" OR EXISTS "${root}/common/${name}")
        continue()
      endif()
      if(d STREQUAL "cuda")
        set(label "CUDA")
        set(other "ROCm")
        set(fix "A .cu source includes CUDA's own headers (hip/... is HIP; HIP on NVIDIA is not emulated)")
      else()
        set(label "HIP")
        set(other "CUDA")
        set(fix "Include ROCm's header instead (hipify maps the name: cooperative groups are <hip/hip_cooperative_groups.h>, cuBLAS is <hipblas/hipblas.h>, CUB is <hipcub/hipcub.hpp>)")
      endif()
      if(moved AND d STREQUAL "hip")
        set(text "parity-simt (HIP): there is no <${name}> in ROCm 6 (ROCm 5 had it as a wrapper; hipify-perl still writes the name): include <${moved}>; see docs/troubleshooting.md")
      elseif(dialects MATCHES "${d}")
        set(text "parity-simt (${label}): <${name}> (${package}) is not emulated: the host emulator has no stand-in for it. Keep it out of the emulated sources (restrict the suite to the GPU backends, or move the library call into a file the emulated build does not compile), or add a stand-in as adapters/host/standins/${d}/${name}; see docs/troubleshooting.md")
      else()
        set(text "parity-simt (${label}): <${name}> is a ${other} header (${package}), and ${other} is not this source's dialect: the real ${label} compiler would not offer it either. ${fix}; see docs/troubleshooting.md")
      endif()
      string(REPLACE "\"" "'" text "${text}")
      file(WRITE "${out}/${d}/${name}"
           "// Generated by parity (ParityEmulator.cmake) from vendor_headers.tsv: no stand-in.\n"
           "#error \"${text}\"\n"
           "#include \"parity-simt: stopped at a refused header\"\n")
    endforeach()
  endforeach()
  file(WRITE "${out}/stamp" "${stamp}")
endfunction()
