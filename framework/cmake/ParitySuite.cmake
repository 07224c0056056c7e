# parity_add_suite: one equivalence suite, built once per backend (docs/writing-a-suite.md,
# "parity_add_suite keyword by keyword", and docs/bringing-an-existing-kernel.md).
#
#   parity_add_suite(NAME saxpy
#                    CUDA saxpy.cu ...           # the CUDA original (several files, headers too)
#                    HIP saxpy.hip ...           # the HIP port
#                    TESTS saxpy.tests.cpp ...   # the cases, one source for every backend
#                    [REFERENCE ref.cpp ...]     # fp64 reference sources (header-only is fine)
#                    [REFERENCE_FUNCTIONS f ...] # reference functions taken from the CUDA sources
#                    [INCLUDES dir ...] [DEFINITIONS X=1 ...]        # kernels and tests
#                    [COMPILE_OPTIONS opt ...] [LINK lib ...]        # kernels of both sides
#                    [CUDA_INCLUDES|CUDA_DEFINITIONS|CUDA_COMPILE_OPTIONS|CUDA_LINK ...]
#                    [HIP_INCLUDES|HIP_DEFINITIONS|HIP_COMPILE_OPTIONS|HIP_LINK ...]
#                    [BACKENDS cuda hip host-cuda host-hip]  # a subset; default: all four
#                    [RACE_CHECK]                # the emulator's race mode for this suite
#                    [OVERRIDES tolerances.toml] [LABELS extra ...]
#                    [RESOURCE_GROUPS <groups>|NONE])  # CTest resources; default "gpus:1"
#
# Backends: "cuda" (nvcc) and "hip" (HIP language) when their compilers were found, and
# "host-cuda" (the CUDA sources on the host SIMT emulator, warp 32) and "host-hip" (the HIP
# sources on the emulator, wave 64), of those BACKENDS names. Each backend gets an executable
# <name>_<backend> whose Catch2 cases are registered with CTest as "<name>/<backend>/<case>",
# labelled with the suite, the backend and every Catch2 tag of the case ([f16] -> f16). A backend
# that is unavailable at run time SKIPs (CTest: Skipped), never passes. A suite with BACKENDS
# registers one test "<name>/<backend>" per backend it does not build here, which CTest shows as
# Skipped with the reason (not in BACKENDS, or not built in this configuration).
#
# The kernel files go in as they are: their own main() is made a local symbol of the kernel
# library (parity's test main stays the program's main on every backend), and a launcher that
# calls exit() or abort() inside run.launch fails its case, not the run (framework/catch2).
# Everything else a suite builds (kernel and reference libraries, test objects, compile checks)
# is parity's internal business: configure a suite through the keywords above, never through
# target names, which may change.
#
# Real compilers beside the emulator: where a suite builds host-cuda or host-hip but not the GPU
# backend of that side, its sources are compiled by nvcc (sm_90, PARITY_CUDA_ARCHS) or the HIP
# compiler (PARITY_HIP_ARCHS) as well, as part of the same build (PARITY_COMPILE_CHECK, see
# ParityLanguages.cmake); a source the real compiler rejects fails the build, so no emulated
# verdict exists for it. The run summary says which real compiler accepted each side.
#
# The tests of the GPU backends declare the CTest property RESOURCE_GROUPS (default "gpus:1"), so
# that `ctest --resource-spec-file` with the spec `parity devices --ctest-resource-spec` prints
# spreads them over the GPUs of one host; the backends use the GPU CTest allots
# (CTEST_RESOURCE_GROUP_0_GPUS). Host-backend tests declare none: they run on the CPU.
# Every suite binary is also listed in <build>/parity-suites.json (suite, backend, binary, golden,
# staging and results folders), which `parity golden capture|verify|prune` read.
#
#   parity_add_bad_port(SUITE saxpy NAME truncating DIALECT hip SOURCES bad/x.hip ...
#                       EXPECT "regex" [CASES "<catch2 test spec>"] [TESTS t.cpp ...]
#                       [INCLUDES|DEFINITIONS|COMPILE_OPTIONS|LINK ...])
#
# A faulty port kept to prove parity catches it: built for the host emulator with the suite's
# settings of that side (plus its own), run in verify mode against the suite's goldens; the CTest
# test passes only when the run FAILS and its output matches EXPECT (the diagnosis, not just
# "failed"). Its sources are compiled by the real compiler of that side too, where one is found.

include_guard(GLOBAL)

# Empty means: that folder of the project that calls parity_add_suite (this repository for
# parity's own suites; yours when parity is an installed package or a subproject).
set(PARITY_GOLDEN_DIR "" CACHE PATH "Approved golden files (empty: <project>/golden)")
set(PARITY_STAGING_DIR "" CACHE PATH
    "Where capture mode stages golden files (empty: <project build>/parity-staging)")
set(PARITY_RESULTS_DIR "" CACHE PATH
    "Where record mode writes result files (empty: <project build>/parity-results)")

# In the calling function: the folders and source commit that the suite's binaries default to.
macro(_parity_suite_context)
  if(NOT PARITY_GOLDEN_DIR)
    set(PARITY_GOLDEN_DIR "${PROJECT_SOURCE_DIR}/golden")
  endif()
  if(NOT PARITY_STAGING_DIR)
    set(PARITY_STAGING_DIR "${PROJECT_BINARY_DIR}/parity-staging")
  endif()
  if(NOT PARITY_RESULTS_DIR)
    set(PARITY_RESULTS_DIR "${PROJECT_BINARY_DIR}/parity-results")
  endif()
  if(NOT DEFINED PARITY_SOURCE_COMMIT)
    execute_process(COMMAND git rev-parse HEAD WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                    OUTPUT_VARIABLE PARITY_SOURCE_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                    ERROR_QUIET)
  endif()
endmacro()

# The backends parity_add_suite builds for, in order. PARITY_HAVE_CUDA/HIP are set where
# ParityLanguages ran (parity's tree, or find_package(parity)); a project that added parity with
# add_subdirectory() does not see them and gets a GPU backend where it enabled the language itself.
function(parity_suite_backends out)
  set(backends host-cuda host-hip)
  foreach(lang IN ITEMS CUDA HIP)
    string(TOLOWER ${lang} backend)
    if(NOT DEFINED PARITY_HAVE_${lang})
      set(PARITY_HAVE_${lang} OFF)
      if(CMAKE_${lang}_COMPILER_LOADED AND TARGET parity::adapter_${backend})
        set(PARITY_HAVE_${lang} ON)
      endif()
    endif()
  endforeach()
  if(PARITY_HAVE_CUDA)
    list(PREPEND backends cuda)
  endif()
  if(PARITY_HAVE_HIP)
    list(APPEND backends hip)
  endif()
  set(${out} ${backends} PARENT_SCOPE)
endfunction()

# The four backends, in order. A macro: parity's CMake files may be included in another
# directory than the one whose CMakeLists.txt calls the functions (add_subdirectory).
macro(_parity_suite_constants)
  set(PARITY_ALL_BACKENDS cuda hip host-cuda host-hip)
  # Keywords people reach for that parity_add_suite / parity_add_bad_port do not have: inside a
  # value list cmake_parse_arguments cannot tell them from values, so they are looked for there.
  set(_PARITY_KEYWORD_LOOKALIKES
    INCLUDE INCLUDE_DIRS INCLUDE_DIRECTORIES DEFINE DEFINES DEFINITION COMPILE_DEFINITIONS
    COMPILE_OPTION OPTIONS COMPILE_FLAGS FLAGS LINK_LIBRARIES LIBRARIES LIBS BACKEND SOURCE
    TEST REFERENCES REFERENCE_FUNCTION RACECHECK RACE_CHECKS CUDA_SOURCES HIP_SOURCES
    CUDA_INCLUDE HIP_INCLUDE CUDA_DEFINES HIP_DEFINES CUDA_OPTIONS HIP_OPTIONS CUDA_LIBS HIP_LIBS
    HOST_CUDA_LINK HOST_HIP_LINK GPU_LINK)
endmacro()

# The side of a backend: which sources it builds (cuda: CUDA, hip: HIP).
function(_parity_backend_side backend out)
  if(backend MATCHES "hip$")
    set(${out} hip PARENT_SCOPE)
  else()
    set(${out} cuda PARENT_SCOPE)
  endif()
endfunction()

# In the caller's scope (a macro): a configure error naming the first unknown keyword among the
# arguments of `fn`. `files` are the value lists that hold source files, `values` the others.
macro(_parity_reject_unknown_keywords fn files values)
  _parity_suite_constants()
  if(arg_UNPARSED_ARGUMENTS)
    list(GET arg_UNPARSED_ARGUMENTS 0 _parity_word)
    message(FATAL_ERROR "${fn}: unknown keyword or stray argument '${_parity_word}' (arguments "
                        "'${arg_UNPARSED_ARGUMENTS}'): see docs/writing-a-suite.md for the "
                        "keywords")
  endif()
  foreach(_parity_kw IN ITEMS ${files})
    foreach(_parity_item IN LISTS arg_${_parity_kw})
      if(_parity_item MATCHES "^\\$<")
        continue()  # a generator expression: CMake checks it when it generates
      endif()
      get_filename_component(_parity_abs "${_parity_item}" ABSOLUTE
                             BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${_parity_abs}")
        if(_parity_item MATCHES "^[A-Z][A-Z0-9_]*$")
          message(FATAL_ERROR "${fn}: unknown keyword '${_parity_item}' (read as a file of "
                              "${_parity_kw}): see docs/writing-a-suite.md for the keywords")
        endif()
        message(FATAL_ERROR "${fn}: ${_parity_kw} ${_parity_item}: no such file "
                            "(${_parity_abs})")
      endif()
    endforeach()
  endforeach()
  foreach(_parity_kw IN ITEMS ${values})
    foreach(_parity_item IN LISTS arg_${_parity_kw})
      if(_parity_item IN_LIST _PARITY_KEYWORD_LOOKALIKES)
        message(FATAL_ERROR "${fn}: unknown keyword '${_parity_item}' (read as a value of "
                            "${_parity_kw}): see docs/writing-a-suite.md for the keywords")
      endif()
    endforeach()
  endforeach()
endmacro()

# Source files that are compiled: the headers a side lists are there for the reader (and for
# the dependency scan); they are included, not built.
function(_parity_compiled_sources out)
  set(sources ${ARGN})
  list(FILTER sources EXCLUDE REGEX "\\.(h|hh|hpp|hxx|cuh|inl|inc|ipp)$")
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

# Kernel library (or, with OBJECT, compile-only objects) for one backend from one side's sources.
#   _parity_suite_kernels(<target> <backend> SOURCES ... [INCLUDES ...] [DEFINITIONS ...]
#                         [COMPILE_OPTIONS ...] [LINK ...] [HIDE_LIST <file>] [RACE_CHECK]
#                         [OBJECT])
# A static library gets its main() (and the HIDE_LIST symbols) made local after it is archived.
function(_parity_suite_kernels target backend)
  _parity_suite_constants()
  cmake_parse_arguments(PARSE_ARGV 2 arg "RACE_CHECK;OBJECT" "HIDE_LIST"
                        "SOURCES;INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK")
  _parity_compiled_sources(sources ${arg_SOURCES})
  if(NOT sources)
    message(FATAL_ERROR "parity: ${target}: no source to compile for ${backend} (only headers: "
                        "'${arg_SOURCES}')")
  endif()
  set(kind STATIC)
  if(arg_OBJECT)
    set(kind OBJECT)
  endif()
  if(backend STREQUAL "cuda")
    add_library(${target} ${kind} ${sources})
    set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES "${PARITY_CUDA_ARCHS}"
                                               CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON)
    target_link_libraries(${target} PRIVATE parity::framework ${arg_LINK})
  elseif(backend STREQUAL "hip")
    add_library(${target} ${kind} ${sources})
    set_source_files_properties(${sources} PROPERTIES LANGUAGE HIP)
    set_target_properties(${target} PROPERTIES HIP_ARCHITECTURES "${PARITY_HIP_ARCHS}"
                                               HIP_STANDARD 20 HIP_STANDARD_REQUIRED ON)
    target_link_libraries(${target} PRIVATE parity::framework hip::host ${arg_LINK})
    if(arg_OBJECT)
      _parity_hip_check_newer_api(${target})
    endif()
  elseif(backend MATCHES "^host-(cuda|hip)$")
    set(race "")
    if(arg_RACE_CHECK)
      set(race RACE_CHECK)
    endif()
    parity_add_emulated_library(${target} DIALECT ${CMAKE_MATCH_1} SOURCES ${sources}
                                INCLUDES ${arg_INCLUDES} DEFINITIONS ${arg_DEFINITIONS}
                                COMPILE_OPTIONS ${arg_COMPILE_OPTIONS} LINK ${arg_LINK} ${race})
    target_link_libraries(${target} PRIVATE parity::framework)
  else()
    message(FATAL_ERROR "parity: unknown backend '${backend}' (${PARITY_ALL_BACKENDS})")
  endif()
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${arg_INCLUDES})
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${arg_COMPILE_OPTIONS})
  if(backend MATCHES "^(cuda|hip)$" AND COMMAND parity_gpu_target_defaults)
    parity_gpu_target_defaults(${target})  # parity's warnings for nvcc and clang-HIP too
  endif()
  if(NOT arg_OBJECT)
    _parity_require_binutils()
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND ${CMAKE_COMMAND} -DMODE=kernels "-DOBJCOPY=${CMAKE_OBJCOPY}"
              "-DARCHIVE=$<TARGET_FILE:${target}>" "-DLIST=${arg_HIDE_LIST}"
              "-DWHAT=kernels of ${backend}" -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParitySymbols.cmake
      VERBATIM)
  endif()
endfunction()

# The HIP compile check on a ROCm older than 6.2 while the emulator offers 6.2 or later
# (PARITY_SIMT_ROCM_VERSION): the warp functions 6.2 added are declared for the check, as that
# release declares them (compile_check_rocm_warp_sync.h), so a port written for the runners' ROCm
# is judged on everything else rather than refused for using their API.
function(_parity_hip_check_newer_api target)
  if(NOT hip_VERSION OR hip_VERSION VERSION_GREATER_EQUAL 6.2)
    return()
  endif()
  _parity_simt_version_number(ROCM "${PARITY_SIMT_ROCM_VERSION}" api)
  if(api LESS 60200)
    return()
  endif()
  target_compile_definitions(${target} PRIVATE PARITY_CHECK_ROCM_API=${api})
  target_compile_options(${target} PRIVATE
    "SHELL:-include ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/compile_check_rocm_warp_sync.h")
endfunction()

function(_parity_require_binutils)
  if(NOT CMAKE_OBJCOPY OR NOT CMAKE_NM)
    message(FATAL_ERROR "parity: objcopy and nm (GNU binutils or LLVM's) were not found "
                        "(CMAKE_OBJCOPY='${CMAKE_OBJCOPY}', CMAKE_NM='${CMAKE_NM}'): parity "
                        "needs them to take kernel files with their own main() and reference "
                        "functions. Install binutils, or set CMAKE_OBJCOPY and CMAKE_NM.")
  endif()
endfunction()

# The reference library of a suite with REFERENCE_FUNCTIONS: the CUDA original compiled once
# more for the host (the emulator's CUDA dialect), exporting only those functions. Every
# backend's binary links it; every kernel library hides its own copy of them (<list>).
function(_parity_suite_reference target suite list)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "" "FUNCTIONS;SOURCES;INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK")
  _parity_require_binutils()
  _parity_compiled_sources(sources ${arg_SOURCES})
  parity_add_emulated_library(${target} DIALECT cuda SOURCES ${sources}
                              INCLUDES ${CMAKE_CURRENT_SOURCE_DIR} ${arg_INCLUDES}
                              DEFINITIONS ${arg_DEFINITIONS} COMPILE_OPTIONS ${arg_COMPILE_OPTIONS}
                              LINK ${arg_LINK})
  target_link_libraries(${target} PRIVATE parity::framework)
  list(JOIN arg_FUNCTIONS "," functions)  # one command-line argument whatever the count
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -DMODE=reference "-DOBJCOPY=${CMAKE_OBJCOPY}" "-DNM=${CMAKE_NM}"
            "-DARCHIVE=$<TARGET_FILE:${target}>" "-DLIST=${list}" "-DFUNCTIONS=${functions}"
            "-DWHAT=suite ${suite}" -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParitySymbols.cmake
    VERBATIM)
endfunction()

# Which real compiler checks the <side> sources of a suite or bad port, as parity records it in
# the run summary: sets <out> to a JSON object and <check> to TRUE where a compile-only check
# must be added (the side's GPU backend is not built here, or `gpu_built` is FALSE). ARGN: the
# libraries the side links; a vendor one that is not installed here leaves the side unchecked,
# with the reason (its real headers are missing too).
function(_parity_real_compiler side gpu_built out check)
  string(TOUPPER ${side} lang)
  set(${check} FALSE PARENT_SCOPE)
  set(missing "")
  if(NOT gpu_built)
    _parity_gpu_backend_libraries(${side} missing ${ARGN})
  endif()
  if(lang STREQUAL "CUDA")
    set(arch "sm_${PARITY_CUDA_ARCHS}")
    string(REPLACE ";" ",sm_" arch "${arch}")
  else()
    string(REPLACE ";" "," arch "${PARITY_HIP_ARCHS}")
  endif()
  set(checking "${PARITY_CHECK_${lang}}")
  if(NOT DEFINED PARITY_CHECK_${lang} AND CMAKE_${lang}_COMPILER_LOADED
     AND NOT PARITY_COMPILE_CHECK STREQUAL "OFF")
    set(checking ON)  # parity is a subproject, and this project enabled the language itself
  endif()
  if(checking AND lang STREQUAL "HIP" AND NOT TARGET hip::host)
    set(checking OFF)
  endif()
  if(missing)
    set(checking OFF)
  endif()
  if(gpu_built OR checking)
    get_filename_component(compiler "${CMAKE_${lang}_COMPILER}" NAME)
    set(how "compile check beside the emulator")
    if(gpu_built)
      set(how "the ${side} backend's build")
    else()
      set(${check} TRUE PARENT_SCOPE)
    endif()
    set(${out} "{\"side\": \"${side}\", \"compiler\": \"${compiler} (${CMAKE_${lang}_COMPILER_ID})\", \"version\": \"${CMAKE_${lang}_COMPILER_VERSION}\", \"target\": \"${arch}\", \"accepted\": true, \"how\": \"${how}\"}" PARENT_SCOPE)
  else()
    set(why "no ${lang} compiler found")
    if(missing)
      set(why "${missing}")
    elseif(PARITY_COMPILE_CHECK STREQUAL "OFF")
      set(why "PARITY_COMPILE_CHECK=OFF")
    elseif(NOT DEFINED PARITY_CHECK_${lang})
      set(why "the ${lang} language is not enabled in this project (enable_language(${lang}))")
    endif()
    set(${out} "{\"side\": \"${side}\", \"compiler\": null, \"accepted\": null, \"how\": \"not checked: ${why}\"}" PARENT_SCOPE)
  endif()
endfunction()

function(_parity_backend_adapter backend out)
  if(backend STREQUAL "cuda")
    set(${out} parity::adapter_cuda PARENT_SCOPE)
  elseif(backend STREQUAL "hip")
    set(${out} parity::adapter_hip PARENT_SCOPE)
  else()
    set(${out} parity::adapter_host PARENT_SCOPE)
  endif()
endfunction()

# The suite's test sources, compiled once: they see only parity's headers, the launcher
# declarations and the suite's INCLUDES / DEFINITIONS, so every backend's executable links the
# same objects.
function(_parity_suite_test_objects target sources)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "INCLUDES;DEFINITIONS")
  find_package(Eigen3 3.3 REQUIRED NO_MODULE)  # fp64 references
  add_library(${target} OBJECT ${sources})
  target_link_libraries(${target} PUBLIC parity::catch2_main Eigen3::Eigen)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR} ${arg_INCLUDES})
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
  if(COMMAND parity_target_defaults)
    parity_target_defaults(${target})
  endif()
endfunction()

# Test executable for one backend: the test objects, the kernels, the adapter, the Catch2 main.
# exit(), abort() and failed assert()s of the code linked in go through parity's Catch2 glue
# (framework/catch2/main.cpp): inside run.launch they fail the case, elsewhere they end the run
# with its summary written.
function(_parity_suite_executable target suite backend kernels test_objects overrides)
  cmake_parse_arguments(PARSE_ARGV 6 arg "RACE_CHECK" "" "REAL_COMPILERS;EXTRA_LINK")
  set(defaults ${CMAKE_CURRENT_BINARY_DIR}/${target}_defaults.cpp)
  set(PARITY_SUITE_NAME ${suite})
  set(PARITY_SUITE_BACKEND ${backend})
  set(PARITY_SUITE_OVERRIDES "${overrides}")
  set(compilers "${arg_REAL_COMPILERS}")
  list(JOIN compilers ", " compilers)
  string(REPLACE "\\" "\\\\" compilers "[${compilers}]")
  string(REPLACE "\"" "\\\"" PARITY_SUITE_REAL_COMPILERS "${compilers}")
  set(PARITY_SUITE_RACE_CHECK false)
  if(arg_RACE_CHECK AND backend MATCHES "^host-" AND NOT PARITY_SANITIZE MATCHES "address|thread")
    set(PARITY_SUITE_RACE_CHECK true)
  endif()
  _parity_suite_context()
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/suite_defaults.cpp.in ${defaults} @ONLY)
  add_executable(${target} ${defaults})
  _parity_backend_adapter(${backend} adapter)
  target_link_libraries(${target} PRIVATE ${test_objects} ${arg_EXTRA_LINK} ${kernels} ${adapter}
                                          parity::catch2_main)
  if(COMMAND parity_target_defaults)
    parity_target_defaults(${target})
  endif()
endfunction()

# The package that defines a vendor library target, for the GPU backends (the emulated ones link
# stand-ins instead: ParityEmulator.cmake). CUDA::* come with the CUDA toolkit parity finds.
function(_parity_vendor_package item out)
  set(package "")
  if(item MATCHES "^roc::(hipblas|hipblaslt|rocthrust)$")
    set(package ${CMAKE_MATCH_1})
  elseif(item MATCHES "^roc::rocprim")
    set(package rocprim)
  elseif(item MATCHES "^hip(cub)?::hipcub$")
    set(package hipcub)
  endif()
  set(${out} "${package}" PARENT_SCOPE)
endfunction()

# <out>: empty when every vendor library the GPU backend `backend` links (`items`) is a target
# here, after looking for its package; otherwise why not, naming the first one missing.
function(_parity_gpu_backend_libraries backend out)
  set(why "")
  foreach(item IN LISTS ARGN)
    if(NOT item MATCHES "::" OR TARGET ${item})
      continue()
    endif()
    _parity_vendor_package(${item} package)
    if(package)
      find_package(${package} CONFIG QUIET)
    endif()
    if(NOT TARGET ${item})
      if(package)
        set(why "${item} is not installed here (find_package(${package}) found no package)")
      else()
        set(why "${item} is not a target here (find its package before parity_add_suite)")
      endif()
      break()
    endif()
  endforeach()
  set(${out} "${why}" PARENT_SCOPE)
endfunction()

# Which of the four backends a suite builds here (`out_built`: those of BACKENDS, default all,
# this configuration can build) and, for the others, why not (`out_skipped`: "<backend>|<reason>";
# `out_unbuilt`: those of them a vendor library is missing for, which CTest lists even for a suite
# without BACKENDS). `link_cuda` / `link_hip`: what each side links.
function(_parity_suite_plan suite requested link_cuda link_hip out_built out_skipped out_unbuilt)
  _parity_suite_constants()
  parity_suite_backends(available)
  set(built "")
  set(skipped "")  # "<backend>|<reason>"
  set(unbuilt "")
  string(REPLACE ";" " " requested_text "${requested}")
  foreach(backend IN LISTS PARITY_ALL_BACKENDS)
    set(missing "")
    if(backend MATCHES "^(cuda|hip)$" AND backend IN_LIST available AND backend IN_LIST requested)
      _parity_gpu_backend_libraries(${backend} missing ${link_${backend}})
    endif()
    if(NOT backend IN_LIST requested)
      list(APPEND skipped "${backend}|suite ${suite} does not run on ${backend}: its BACKENDS are ${requested_text}")
    elseif(missing)
      # A GPU backend the user asked for by name (PARITY_ENABLE_<LANG>=ON) must not go missing.
      string(TOUPPER ${backend} lang)
      set(text "suite ${suite} is not built for ${backend}: ${missing}. Install the library, or keep the suite to the other backends (BACKENDS)")
      if(PARITY_ENABLE_${lang} STREQUAL "ON")
        message(FATAL_ERROR "parity_add_suite(${suite}): PARITY_ENABLE_${lang}=ON, but ${text}")
      endif()
      message(WARNING "parity_add_suite(${suite}): ${text}; CTest lists ${suite}/${backend} as Skipped")
      list(APPEND skipped "${backend}|${text}")
      list(APPEND unbuilt "${backend}|${text}")
    elseif(backend IN_LIST available)
      list(APPEND built ${backend})
    else()
      string(TOUPPER ${backend} lang)
      list(APPEND skipped "${backend}|backend ${backend} is not built in this configuration (no ${lang} compiler found, PARITY_ENABLE_${lang}=OFF, or an installed parity without the ${backend} adapter)")
    endif()
  endforeach()
  set(${out_built} ${built} PARENT_SCOPE)
  set(${out_skipped} ${skipped} PARENT_SCOPE)
  set(${out_unbuilt} ${unbuilt} PARENT_SCOPE)
endfunction()

function(parity_add_suite)
  cmake_parse_arguments(PARSE_ARGV 0 arg "RACE_CHECK" "NAME;OVERRIDES;RESOURCE_GROUPS"
    "CUDA;HIP;TESTS;REFERENCE;REFERENCE_FUNCTIONS;LABELS;BACKENDS;INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK;CUDA_INCLUDES;HIP_INCLUDES;CUDA_DEFINITIONS;HIP_DEFINITIONS;CUDA_COMPILE_OPTIONS;HIP_COMPILE_OPTIONS;CUDA_LINK;HIP_LINK")
  _parity_reject_unknown_keywords(parity_add_suite "CUDA;HIP;TESTS;REFERENCE"
    "REFERENCE_FUNCTIONS;LABELS;BACKENDS;INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK;CUDA_INCLUDES;HIP_INCLUDES;CUDA_DEFINITIONS;HIP_DEFINITIONS;CUDA_COMPILE_OPTIONS;HIP_COMPILE_OPTIONS;CUDA_LINK;HIP_LINK")
  if(NOT arg_NAME OR NOT arg_TESTS)
    message(FATAL_ERROR "parity_add_suite needs NAME and TESTS (and CUDA and HIP sources)")
  endif()
  set(suite ${arg_NAME})
  if(NOT DEFINED arg_BACKENDS)
    set(arg_BACKENDS ${PARITY_ALL_BACKENDS})
    set(restricted FALSE)
  else()
    set(restricted TRUE)
    foreach(backend IN LISTS arg_BACKENDS)
      if(NOT backend IN_LIST PARITY_ALL_BACKENDS)
        message(FATAL_ERROR "parity_add_suite(${suite}): BACKENDS '${backend}' is not a backend "
                            "(choose from cuda hip host-cuda host-hip)")
      endif()
    endforeach()
    if(NOT arg_BACKENDS)
      message(FATAL_ERROR "parity_add_suite(${suite}): BACKENDS is empty")
    endif()
  endif()
  foreach(side IN ITEMS cuda hip)
    string(TOUPPER ${side} S)
    set(needed FALSE)
    foreach(backend IN ITEMS ${side} host-${side})
      if(backend IN_LIST arg_BACKENDS)
        set(needed TRUE)
      endif()
    endforeach()
    if(needed AND NOT arg_${S})
      message(FATAL_ERROR "parity_add_suite(${suite}): no ${S} sources, but BACKENDS has the "
                          "${side} side (${arg_BACKENDS})")
    endif()
  endforeach()
  if(arg_REFERENCE_FUNCTIONS AND NOT arg_CUDA)
    message(FATAL_ERROR "parity_add_suite(${suite}): REFERENCE_FUNCTIONS come from the CUDA "
                        "sources, and there are none")
  endif()
  if(NOT DEFINED arg_RESOURCE_GROUPS)
    set(arg_RESOURCE_GROUPS "gpus:1")
  elseif(arg_RESOURCE_GROUPS STREQUAL "NONE")
    set(arg_RESOURCE_GROUPS "")
  endif()
  _parity_suite_context()  # for the drift test
  set(overrides "")
  if(arg_OVERRIDES)
    get_filename_component(overrides ${arg_OVERRIDES} ABSOLUTE)
  endif()
  _parity_suite_plan(${suite} "${arg_BACKENDS}" "${arg_LINK};${arg_CUDA_LINK}"
                     "${arg_LINK};${arg_HIP_LINK}" backends skipped unbuilt)

  # What the kernels of each side are built with; bad ports of the suite inherit it.
  foreach(side IN ITEMS cuda hip)
    string(TOUPPER ${side} S)
    set(settings INCLUDES ${arg_INCLUDES} ${arg_${S}_INCLUDES}
                 DEFINITIONS ${arg_DEFINITIONS} ${arg_${S}_DEFINITIONS}
                 COMPILE_OPTIONS ${arg_COMPILE_OPTIONS} ${arg_${S}_COMPILE_OPTIONS}
                 LINK ${arg_LINK} ${arg_${S}_LINK})
    set(settings_${side} ${settings})
    set_property(GLOBAL PROPERTY PARITY_SUITE_${suite}_SETTINGS_${side} "${settings}")
  endforeach()
  set_property(GLOBAL PROPERTY PARITY_SUITE_${suite}_BACKENDS "${backends}")
  set_property(GLOBAL PROPERTY PARITY_SUITE_${suite}_RACE_CHECK "${arg_RACE_CHECK}")

  set(tests ${suite}_tests)  # internal names: see the header of this file
  set(hide_list "")
  set(reference "")
  if(backends)
    _parity_suite_test_objects(${tests} "${arg_TESTS};${arg_REFERENCE}"
                               INCLUDES ${arg_INCLUDES} DEFINITIONS ${arg_DEFINITIONS})
    if(arg_REFERENCE_FUNCTIONS)
      set(reference _parity_${suite}_reference)
      set(hide_list ${CMAKE_CURRENT_BINARY_DIR}/${suite}_reference.symbols)
      _parity_suite_reference(${reference} ${suite} ${hide_list}
                              FUNCTIONS ${arg_REFERENCE_FUNCTIONS} SOURCES ${arg_CUDA}
                              ${settings_cuda})
    endif()
  endif()
  set_property(GLOBAL PROPERTY PARITY_SUITE_${suite}_REFERENCE "${reference};${hide_list}")

  # The real compiler of each side, and the compile-only checks where no GPU backend compiles it.
  foreach(side IN ITEMS cuda hip)
    set(gpu_built FALSE)
    if(side IN_LIST backends)
      set(gpu_built TRUE)
    endif()
    set(compiler_${side} "")
    set(check_${side} "")
    if(host-${side} IN_LIST backends)
      string(TOUPPER ${side} S)
      _parity_real_compiler(${side} ${gpu_built} compiler_${side} add_check
                            ${arg_LINK} ${arg_${S}_LINK})
      if(add_check)
        set(check_${side} _parity_${suite}_compile_check_${side})
        _parity_suite_kernels(${check_${side}} ${side} OBJECT SOURCES ${arg_${S}}
                              ${settings_${side}})
      endif()
    endif()
  endforeach()

  foreach(backend IN LISTS backends)
    string(REPLACE "-" "_" id ${backend})
    _parity_backend_side(${backend} side)
    string(TOUPPER ${side} S)
    set(kernels ${suite}_kernels_${id})
    set(exe ${suite}_${id})
    set(race "")
    if(arg_RACE_CHECK AND backend MATCHES "^host-")
      set(race RACE_CHECK)
    endif()
    set(hide "")
    if(hide_list)
      set(hide HIDE_LIST ${hide_list})
    endif()
    _parity_suite_kernels(${kernels} ${backend} SOURCES ${arg_${S}} ${settings_${side}} ${hide}
                          ${race})
    if(reference)
      add_dependencies(${kernels} ${reference})  # the list of symbols to hide comes from it
    endif()
    _parity_suite_executable(${exe} ${suite} ${backend} ${kernels} ${tests} "${overrides}"
                             REAL_COMPILERS ${compiler_${side}} EXTRA_LINK ${reference} ${race})
    if(check_${side})
      add_dependencies(${exe} ${check_${side}})  # no emulated verdict without the real compiler
    endif()
    set(resources "")
    set(resource_args "")
    if(backend MATCHES "^(cuda|hip)$" AND arg_RESOURCE_GROUPS)
      set(resources "${arg_RESOURCE_GROUPS}")
      set(resource_args RESOURCE_GROUPS "${resources}")
    endif()
    parity_discover_tests(${exe} PREFIX "${suite}/${backend}/"
                          LABELS suite ${suite} ${backend} ${arg_LABELS} ${resource_args})
    _parity_suite_index_add(${suite} ${backend} ${exe} "${resources}")
  endforeach()

  # A suite restricted to some backends says so where it does not run: one Skipped test each.
  # So does one whose GPU backend lacks a vendor library it links.
  if(restricted)
    set(unbuilt ${skipped})
  endif()
  foreach(entry IN LISTS unbuilt)
    string(FIND "${entry}" "|" bar)
    string(SUBSTRING "${entry}" 0 ${bar} backend)
    math(EXPR start "${bar} + 1")
    string(SUBSTRING "${entry}" ${start} -1 reason)
    add_test(NAME ${suite}/${backend}
             COMMAND ${CMAKE_COMMAND} -E echo "parity: SKIPPED: ${reason}")
    set_tests_properties(${suite}/${backend} PROPERTIES
      SKIP_REGULAR_EXPRESSION "parity: SKIPPED: "
      LABELS "suite;${suite};${backend};${arg_LABELS}")
  endforeach()

  # Drift: the original, re-captured now, still matches the approved goldens (host emulator, so
  # it runs everywhere; on a CUDA runner `parity golden capture` + `parity golden diff` do this).
  if(TARGET parity::cli AND host-cuda IN_LIST backends)
    add_test(NAME ${suite}/drift
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${suite}_host_cuda>
                     -DGOLDEN=${PARITY_GOLDEN_DIR} -DSUITE=${suite}
                     -DSTAGING=${CMAKE_CURRENT_BINARY_DIR}/drift-staging/${suite}
                     -DPARITY=$<TARGET_FILE:parity::cli>
                     -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParityDriftCheck.cmake)
    set_tests_properties(${suite}/drift PROPERTIES LABELS "suite;${suite};drift")
  endif()
  set_property(GLOBAL APPEND PROPERTY PARITY_SUITES ${suite})
endfunction()

function(parity_add_bad_port)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "SUITE;NAME;DIALECT;EXPECT;CASES"
                        "SOURCES;TESTS;INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK")
  _parity_reject_unknown_keywords(parity_add_bad_port "SOURCES;TESTS"
                                  "INCLUDES;DEFINITIONS;COMPILE_OPTIONS;LINK")
  if(NOT arg_SUITE OR NOT arg_NAME OR NOT arg_DIALECT OR NOT arg_SOURCES OR NOT arg_EXPECT)
    message(FATAL_ERROR "parity_add_bad_port needs SUITE, NAME, DIALECT, SOURCES and EXPECT")
  endif()
  if(NOT arg_DIALECT MATCHES "^(cuda|hip)$")
    message(FATAL_ERROR "parity_add_bad_port(${arg_SUITE} ${arg_NAME}): DIALECT must be cuda or "
                        "hip, not '${arg_DIALECT}'")
  endif()
  set(side ${arg_DIALECT})
  set(backend host-${side})
  get_property(suite_backends GLOBAL PROPERTY PARITY_SUITE_${arg_SUITE}_BACKENDS)
  get_property(defined GLOBAL PROPERTY PARITY_SUITE_${arg_SUITE}_SETTINGS_${side} SET)
  if(NOT defined)
    message(FATAL_ERROR "parity_add_bad_port(${arg_SUITE} ${arg_NAME}): no suite "
                        "'${arg_SUITE}': call parity_add_suite(NAME ${arg_SUITE} ...) first")
  endif()
  if(NOT backend IN_LIST suite_backends)
    message(FATAL_ERROR "parity_add_bad_port(${arg_SUITE} ${arg_NAME}): suite ${arg_SUITE} does "
                        "not build ${backend} here (its backends: '${suite_backends}'), and a "
                        "bad port runs on the emulator: add ${backend} to the suite's BACKENDS, "
                        "or drop the bad port")
  endif()
  get_property(settings GLOBAL PROPERTY PARITY_SUITE_${arg_SUITE}_SETTINGS_${side})
  get_property(race GLOBAL PROPERTY PARITY_SUITE_${arg_SUITE}_RACE_CHECK)
  get_property(reference GLOBAL PROPERTY PARITY_SUITE_${arg_SUITE}_REFERENCE)
  list(GET reference 0 reference_lib)
  list(GET reference 1 hide_list)
  # The suite's settings of that side, then the bad port's own (cmake_parse_arguments keeps the
  # values of a keyword given twice together only for the last one: merge by hand).
  set(merged "")
  foreach(kw IN ITEMS INCLUDES DEFINITIONS COMPILE_OPTIONS LINK)
    set(values "")
    set(current "")
    foreach(item IN LISTS settings)
      if(item MATCHES "^(INCLUDES|DEFINITIONS|COMPILE_OPTIONS|LINK)$")
        set(current ${item})
      elseif(current STREQUAL kw)
        list(APPEND values "${item}")
      endif()
    endforeach()
    list(APPEND merged ${kw} ${values} ${arg_${kw}})
  endforeach()
  set(test_objects ${arg_SUITE}_tests)  # the suite's own test objects, unless TESTS says otherwise
  if(arg_TESTS)
    set(test_objects ${arg_SUITE}_bad_${arg_NAME}_tests)
    _parity_suite_test_objects(${test_objects} "${arg_TESTS}" INCLUDES ${arg_INCLUDES}
                               DEFINITIONS ${arg_DEFINITIONS})
  endif()
  set(kernels ${arg_SUITE}_bad_${arg_NAME}_kernels)
  set(exe ${arg_SUITE}_bad_${arg_NAME})
  set(hide "")
  if(hide_list)
    set(hide HIDE_LIST ${hide_list})
  endif()
  set(race_arg "")
  if(race)
    set(race_arg RACE_CHECK)
  endif()
  _parity_suite_kernels(${kernels} ${backend} SOURCES ${arg_SOURCES} ${merged} ${hide} ${race_arg})
  if(reference_lib)
    add_dependencies(${kernels} ${reference_lib})
  endif()
  # A bad port is never built by a GPU backend: the real compiler checks it here where found.
  set(links "")
  set(in_link FALSE)
  foreach(item IN LISTS merged)
    if(item MATCHES "^(INCLUDES|DEFINITIONS|COMPILE_OPTIONS|LINK)$")
      set(in_link FALSE)
      if(item STREQUAL "LINK")
        set(in_link TRUE)
      endif()
    elseif(in_link)
      list(APPEND links "${item}")
    endif()
  endforeach()
  _parity_real_compiler(${side} FALSE compiler add_check ${links})
  _parity_suite_executable(${exe} ${arg_SUITE} ${backend} ${kernels} ${test_objects} ""
                           REAL_COMPILERS ${compiler} EXTRA_LINK ${reference_lib} ${race_arg})
  if(add_check)
    set(check _parity_${arg_SUITE}_bad_${arg_NAME}_compile_check)
    _parity_suite_kernels(${check} ${side} OBJECT SOURCES ${arg_SOURCES} ${merged})
    add_dependencies(${exe} ${check})
  endif()
  set(saved ${CMAKE_CURRENT_BINARY_DIR}/bad-port-output/${arg_SUITE}_${arg_NAME}.txt)
  add_test(NAME ${arg_SUITE}/bad/${arg_NAME}
           COMMAND ${CMAKE_COMMAND} -DCOMMAND=$<TARGET_FILE:${exe}> "-DARGS=${arg_CASES}"
                   "-DEXPECT=${arg_EXPECT}" -DSAVE=${saved}
                   -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParityExpectFailure.cmake)
  set_tests_properties(${arg_SUITE}/bad/${arg_NAME} PROPERTIES
                       LABELS "suite;${arg_SUITE};bad;${backend}"
                       FIXTURES_SETUP parity_bad_port_outputs)
  _parity_bad_port_register(${arg_SUITE}/bad/${arg_NAME} "${arg_EXPECT}" ${saved})
endfunction()

# Every bad port of the project, for the cross-check: each one's EXPECT must reject the output of
# every other bad port (an expectation that another port's failure satisfies does not name its
# own cause). One CTest test, parity/bad_ports/cross_check, added once the top-level folder is
# read; it reads the outputs the ports' own tests saved (they are its fixture).
function(_parity_bad_port_register name expect saved)
  get_property(count GLOBAL PROPERTY PARITY_BAD_PORT_COUNT)
  if(NOT count)
    set(count 0)
    cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _parity_bad_port_cross_check)
  endif()
  set_property(GLOBAL PROPERTY PARITY_BAD_PORT_${count}_NAME "${name}")
  set_property(GLOBAL PROPERTY PARITY_BAD_PORT_${count}_EXPECT "${expect}")
  set_property(GLOBAL PROPERTY PARITY_BAD_PORT_${count}_OUTPUT "${saved}")
  math(EXPR count "${count} + 1")
  set_property(GLOBAL PROPERTY PARITY_BAD_PORT_COUNT ${count})
endfunction()

function(_parity_bad_port_cross_check)
  get_property(count GLOBAL PROPERTY PARITY_BAD_PORT_COUNT)
  if(count LESS 2)
    return()
  endif()
  set(data "# Generated by parity_add_bad_port: the bad ports of this project.\n")
  math(EXPR last "${count} - 1")
  foreach(k RANGE ${last})
    foreach(field IN ITEMS NAME EXPECT OUTPUT)
      get_property(value GLOBAL PROPERTY PARITY_BAD_PORT_${k}_${field})
      string(APPEND data "set(PARITY_${field}_${k} [==[${value}]==])\n")
    endforeach()
    string(APPEND data "list(APPEND PARITY_PORTS ${k})\n")
  endforeach()
  set(file ${CMAKE_BINARY_DIR}/parity-bad-ports.cmake)
  file(WRITE ${file} "${data}")
  add_test(NAME parity/bad_ports/cross_check
           COMMAND ${CMAKE_COMMAND} -DDATA=${file}
                   -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParityBadPortCrossCheck.cmake)
  set_tests_properties(parity/bad_ports/cross_check PROPERTIES
                       LABELS "bad" FIXTURES_REQUIRED parity_bad_port_outputs)
endfunction()

# <build>/parity-suites.json: one entry per suite binary, written once at the end of the
# configure step (deferred to the top-level folder) so that it lists exactly the suites of this
# configuration. Multi-config generators write parity-suites-<config>.json.
function(_parity_json_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()

function(_parity_suite_index_add suite backend target resources)
  set(dialect cuda)
  if(backend MATCHES "hip")
    set(dialect hip)
  endif()
  set(emulated false)
  if(backend MATCHES "^host-")
    set(emulated true)
  endif()
  set(fields "")
  foreach(pair IN ITEMS "suite=${suite}" "backend=${backend}" "dialect=${dialect}"
                        "golden_dir=${PARITY_GOLDEN_DIR}" "staging_dir=${PARITY_STAGING_DIR}"
                        "results_dir=${PARITY_RESULTS_DIR}" "source_dir=${CMAKE_CURRENT_SOURCE_DIR}")
    string(FIND "${pair}" "=" eq)
    string(SUBSTRING "${pair}" 0 ${eq} key)
    math(EXPR start "${eq} + 1")
    string(SUBSTRING "${pair}" ${start} -1 value)
    _parity_json_string(value "${value}")
    string(APPEND fields "\"${key}\": ${value}, ")
  endforeach()
  _parity_json_string(resources "${resources}")  # outside the loop: it may hold ';'
  set(entry "{${fields}\"resource_groups\": ${resources}, \"emulated\": ${emulated}, ")
  string(APPEND entry "\"binary\": \"$<TARGET_FILE:${target}>\"}")
  set_property(GLOBAL APPEND_STRING PROPERTY PARITY_SUITE_INDEX "    ${entry},\n")
  get_property(deferred GLOBAL PROPERTY PARITY_SUITE_INDEX_DEFERRED)
  if(NOT deferred)
    set_property(GLOBAL PROPERTY PARITY_SUITE_INDEX_DEFERRED TRUE)
    cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _parity_write_suite_index)
  endif()
endfunction()

function(_parity_write_suite_index)
  get_property(entries GLOBAL PROPERTY PARITY_SUITE_INDEX)
  string(REGEX REPLACE ",\n$" "\n" entries "${entries}")
  set(output ${CMAKE_BINARY_DIR}/parity-suites.json)
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config)
    set(output ${CMAKE_BINARY_DIR}/parity-suites-$<CONFIG>.json)
  endif()
  file(GENERATE OUTPUT ${output} CONTENT
       "{\n  \"schema\": \"parity.suites\",\n  \"version\": 1,\n  \"suites\": [\n${entries}  ]\n}\n")
endfunction()
