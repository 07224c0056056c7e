# parity_add_suite: one equivalence suite, built once per enabled backend.
#
#   parity_add_suite(NAME saxpy
#                    CUDA saxpy.cu            # the CUDA original
#                    HIP saxpy.hip            # the HIP port
#                    TESTS saxpy.tests.cpp    # one test source, the same for every backend
#                    [REFERENCE ref.cpp ...]  # fp64 reference sources (header-only is fine too)
#                    [OVERRIDES tolerances.toml]
#                    [LABELS extra ...]
#                    [RESOURCE_GROUPS <groups>|NONE])  # CTest resources; default "gpus:1"
#
# Backends: "cuda" (nvcc) and "hip" (HIP language) when their compilers were found, and always
# "host-cuda" (the .cu sources on the host SIMT emulator, warp 32) and "host-hip" (the .hip
# sources on the emulator, wave 64). Each backend gets an executable <name>_<backend> whose
# Catch2 cases are registered with CTest as "<name>/<backend>/<case>", labelled with the suite,
# the backend and every Catch2 tag of the case ([f16] -> f16). A backend that is unavailable at run
# time SKIPs (CTest: Skipped), never passes.
#
# The tests of the GPU backends declare the CTest property RESOURCE_GROUPS (default "gpus:1"), so
# that `ctest --resource-spec-file` with the spec `parity devices --ctest-resource-spec` prints
# spreads them over the GPUs of one host; the backends use the GPU CTest allots
# (CTEST_RESOURCE_GROUP_0_GPUS). Host-backend tests declare none: they run on the CPU.
# Every suite binary is also listed in <build>/parity-suites.json (suite, backend, binary, golden,
# staging and results folders), which `parity golden capture|verify|prune` read.
#
#   parity_add_bad_port(SUITE saxpy NAME truncating DIALECT hip SOURCES bad/x.hip
#                       EXPECT "regex" [CASES "<catch2 test spec>"])
#
# A faulty port kept to prove parity catches it: built for the host emulator, run in verify mode
# against the suite's goldens; the CTest test passes only when the run FAILS and its output
# matches EXPECT (the diagnosis, not just "failed").

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

# Kernel library for one backend from the suite's CUDA or HIP sources.
function(_parity_suite_kernels target backend cuda_sources hip_sources)
  if(backend STREQUAL "cuda")
    add_library(${target} STATIC ${cuda_sources})
    set_target_properties(${target} PROPERTIES CUDA_ARCHITECTURES "${PARITY_CUDA_ARCHS}"
                                               CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON)
    target_link_libraries(${target} PRIVATE parity::framework)
  elseif(backend STREQUAL "hip")
    add_library(${target} STATIC ${hip_sources})
    set_source_files_properties(${hip_sources} PROPERTIES LANGUAGE HIP)
    set_target_properties(${target} PROPERTIES HIP_ARCHITECTURES "${PARITY_HIP_ARCHS}"
                                               HIP_STANDARD 20 HIP_STANDARD_REQUIRED ON)
    target_link_libraries(${target} PRIVATE parity::framework hip::host)
  elseif(backend STREQUAL "host-cuda")
    parity_add_emulated_library(${target} DIALECT cuda SOURCES ${cuda_sources})
    target_link_libraries(${target} PRIVATE parity::framework)
  elseif(backend STREQUAL "host-hip")
    parity_add_emulated_library(${target} DIALECT hip SOURCES ${hip_sources})
    target_link_libraries(${target} PRIVATE parity::framework)
  else()
    message(FATAL_ERROR "parity: unknown backend '${backend}'")
  endif()
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  if(backend MATCHES "^(cuda|hip)$" AND COMMAND parity_gpu_target_defaults)
    parity_gpu_target_defaults(${target})  # parity's warnings for nvcc and clang-HIP too
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

# The suite's test sources, compiled once: they see only parity's headers and the launcher
# declarations, so every backend's executable links the same objects.
function(_parity_suite_test_objects target sources)
  find_package(Eigen3 3.3 REQUIRED NO_MODULE)  # fp64 references
  add_library(${target} OBJECT ${sources})
  target_link_libraries(${target} PUBLIC parity::catch2_main Eigen3::Eigen)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  if(COMMAND parity_target_defaults)
    parity_target_defaults(${target})
  endif()
endfunction()

# Test executable for one backend: the test objects, the kernels, the adapter, the Catch2 main.
function(_parity_suite_executable target suite backend kernels test_objects overrides)
  set(defaults ${CMAKE_CURRENT_BINARY_DIR}/${target}_defaults.cpp)
  set(PARITY_SUITE_NAME ${suite})
  set(PARITY_SUITE_BACKEND ${backend})
  set(PARITY_SUITE_OVERRIDES "${overrides}")
  _parity_suite_context()
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/suite_defaults.cpp.in ${defaults} @ONLY)
  add_executable(${target} ${defaults})
  _parity_backend_adapter(${backend} adapter)
  target_link_libraries(${target} PRIVATE ${test_objects} ${kernels} ${adapter}
                                          parity::catch2_main)
  if(COMMAND parity_target_defaults)
    parity_target_defaults(${target})
  endif()
endfunction()

function(parity_add_suite)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OVERRIDES;RESOURCE_GROUPS"
                        "CUDA;HIP;TESTS;REFERENCE;LABELS")
  if(NOT DEFINED arg_RESOURCE_GROUPS)
    set(arg_RESOURCE_GROUPS "gpus:1")
  elseif(arg_RESOURCE_GROUPS STREQUAL "NONE")
    set(arg_RESOURCE_GROUPS "")
  endif()
  if(NOT arg_NAME OR NOT arg_TESTS OR NOT arg_CUDA OR NOT arg_HIP)
    message(FATAL_ERROR "parity_add_suite needs NAME, CUDA, HIP and TESTS")
  endif()
  _parity_suite_context()  # for the drift test
  set(overrides "")
  if(arg_OVERRIDES)
    get_filename_component(overrides ${arg_OVERRIDES} ABSOLUTE)
  endif()
  _parity_suite_test_objects(${arg_NAME}_tests "${arg_TESTS};${arg_REFERENCE}")
  parity_suite_backends(backends)
  foreach(backend IN LISTS backends)
    string(REPLACE "-" "_" id ${backend})
    set(kernels ${arg_NAME}_kernels_${id})
    set(exe ${arg_NAME}_${id})
    _parity_suite_kernels(${kernels} ${backend} "${arg_CUDA}" "${arg_HIP}")
    _parity_suite_executable(${exe} ${arg_NAME} ${backend} ${kernels} ${arg_NAME}_tests
                             "${overrides}")
    set(resources "")
    set(resource_args "")
    if(backend MATCHES "^(cuda|hip)$" AND arg_RESOURCE_GROUPS)
      set(resources "${arg_RESOURCE_GROUPS}")
      set(resource_args RESOURCE_GROUPS "${resources}")
    endif()
    parity_discover_tests(${exe} PREFIX "${arg_NAME}/${backend}/"
                          LABELS suite ${arg_NAME} ${backend} ${arg_LABELS} ${resource_args})
    _parity_suite_index_add(${arg_NAME} ${backend} ${exe} "${resources}")
  endforeach()
  # Drift: the original, re-captured now, still matches the approved goldens (host emulator, so
  # it runs everywhere; on a CUDA runner `parity golden capture` + `parity golden diff` do this).
  if(TARGET parity::cli)
    add_test(NAME ${arg_NAME}/drift
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${arg_NAME}_host_cuda>
                     -DGOLDEN=${PARITY_GOLDEN_DIR} -DSUITE=${arg_NAME}
                     -DSTAGING=${CMAKE_CURRENT_BINARY_DIR}/drift-staging
                     -DPARITY=$<TARGET_FILE:parity::cli>
                     -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParityDriftCheck.cmake)
    set_tests_properties(${arg_NAME}/drift PROPERTIES LABELS "suite;${arg_NAME};drift")
  endif()
  set_property(GLOBAL APPEND PROPERTY PARITY_SUITES ${arg_NAME})
endfunction()

function(parity_add_bad_port)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "SUITE;NAME;DIALECT;EXPECT;CASES" "SOURCES;TESTS")
  if(NOT arg_SUITE OR NOT arg_NAME OR NOT arg_DIALECT OR NOT arg_SOURCES OR NOT arg_EXPECT)
    message(FATAL_ERROR "parity_add_bad_port needs SUITE, NAME, DIALECT, SOURCES and EXPECT")
  endif()
  set(test_objects ${arg_SUITE}_tests)  # the suite's own test objects, unless TESTS says otherwise
  if(arg_TESTS)
    set(test_objects ${arg_SUITE}_bad_${arg_NAME}_tests)
    _parity_suite_test_objects(${test_objects} "${arg_TESTS}")
  endif()
  set(kernels ${arg_SUITE}_bad_${arg_NAME}_kernels)
  set(exe ${arg_SUITE}_bad_${arg_NAME})
  if(arg_DIALECT STREQUAL "hip")
    _parity_suite_kernels(${kernels} host-hip "" "${arg_SOURCES}")
    set(backend host-hip)
  else()
    _parity_suite_kernels(${kernels} host-cuda "${arg_SOURCES}" "")
    set(backend host-cuda)
  endif()
  _parity_suite_executable(${exe} ${arg_SUITE} ${backend} ${kernels} ${test_objects} "")
  add_test(NAME ${arg_SUITE}/bad/${arg_NAME}
           COMMAND ${CMAKE_COMMAND} -DCOMMAND=$<TARGET_FILE:${exe}> "-DARGS=${arg_CASES}"
                   "-DEXPECT=${arg_EXPECT}"
                   -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ParityExpectFailure.cmake)
  set_tests_properties(${arg_SUITE}/bad/${arg_NAME} PROPERTIES
                       LABELS "suite;${arg_SUITE};bad;${backend}")
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
