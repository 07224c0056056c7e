# parity_add_suite: one equivalence suite, built once per enabled backend.
#
#   parity_add_suite(NAME saxpy
#                    CUDA saxpy.cu            # the CUDA original
#                    HIP saxpy.hip            # the HIP port
#                    TESTS saxpy.tests.cpp    # one test source, the same for every backend
#                    [REFERENCE ref.cpp ...]  # fp64 reference sources (header-only is fine too)
#                    [OVERRIDES tolerances.toml]
#                    [LABELS extra ...])
#
# Backends: "cuda" (nvcc) and "hip" (HIP language) when their compilers were found, and always
# "host-cuda" (the .cu sources on the host SIMT emulator, warp 32) and "host-hip" (the .hip
# sources on the emulator, wave 64). Each backend gets an executable <name>_<backend> whose
# Catch2 cases are registered with CTest as "<name>/<backend>/<case>", labelled with the suite,
# the backend and every Catch2 tag of the case ([f16] -> f16). A backend that is unavailable at run
# time SKIPs (CTest: Skipped), never passes.
#
#   parity_add_bad_port(SUITE saxpy NAME truncating DIALECT hip SOURCES bad/x.hip
#                       EXPECT "regex" [CASES "<catch2 test spec>"])
#
# A faulty port kept to prove parity catches it: built for the host emulator, run in verify mode
# against the suite's goldens; the CTest test passes only when the run FAILS and its output
# matches EXPECT (the diagnosis, not just "failed").

include_guard(GLOBAL)
set(PARITY_SUITE_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

set(PARITY_GOLDEN_DIR "${CMAKE_SOURCE_DIR}/golden" CACHE PATH "Approved golden files")
set(PARITY_STAGING_DIR "${CMAKE_BINARY_DIR}/parity-staging" CACHE PATH
    "Where capture mode stages golden files")
set(PARITY_RESULTS_DIR "${CMAKE_BINARY_DIR}/parity-results" CACHE PATH
    "Where record mode writes result files")

if(NOT DEFINED PARITY_SOURCE_COMMIT)
  execute_process(COMMAND git rev-parse HEAD WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  OUTPUT_VARIABLE PARITY_SOURCE_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
endif()

# The backends parity_add_suite builds for, in order.
function(parity_suite_backends out)
  set(backends host-cuda host-hip)
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

# Test executable for one backend: the test sources, the kernels, the adapter, the Catch2 main.
function(_parity_suite_executable target suite backend kernels tests overrides)
  set(defaults ${CMAKE_CURRENT_BINARY_DIR}/${target}_defaults.cpp)
  set(PARITY_SUITE_NAME ${suite})
  set(PARITY_SUITE_BACKEND ${backend})
  set(PARITY_SUITE_OVERRIDES "${overrides}")
  configure_file(${PARITY_SUITE_CMAKE_DIR}/suite_defaults.cpp.in ${defaults} @ONLY)
  add_executable(${target} ${tests} ${defaults})
  _parity_backend_adapter(${backend} adapter)
  target_link_libraries(${target} PRIVATE ${kernels} ${adapter} parity::catch2_main
                                          Eigen3::Eigen)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  if(COMMAND parity_target_defaults)
    parity_target_defaults(${target})
  endif()
endfunction()

function(parity_add_suite)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OVERRIDES" "CUDA;HIP;TESTS;REFERENCE;LABELS")
  if(NOT arg_NAME OR NOT arg_TESTS OR NOT arg_CUDA OR NOT arg_HIP)
    message(FATAL_ERROR "parity_add_suite needs NAME, CUDA, HIP and TESTS")
  endif()
  find_package(Eigen3 3.3 REQUIRED NO_MODULE)
  set(overrides "")
  if(arg_OVERRIDES)
    get_filename_component(overrides ${arg_OVERRIDES} ABSOLUTE)
  endif()
  parity_suite_backends(backends)
  foreach(backend IN LISTS backends)
    string(REPLACE "-" "_" id ${backend})
    set(kernels ${arg_NAME}_kernels_${id})
    set(exe ${arg_NAME}_${id})
    _parity_suite_kernels(${kernels} ${backend} "${arg_CUDA}" "${arg_HIP}")
    _parity_suite_executable(${exe} ${arg_NAME} ${backend} ${kernels}
                             "${arg_TESTS};${arg_REFERENCE}" "${overrides}")
    parity_discover_tests(${exe} PREFIX "${arg_NAME}/${backend}/"
                          LABELS suite ${arg_NAME} ${backend} ${arg_LABELS})
  endforeach()
  # Drift: the original, re-captured now, still matches the approved goldens (host emulator, so
  # it runs everywhere; on a CUDA runner `parity golden capture` + `parity golden diff` do this).
  if(TARGET parity)
    add_test(NAME ${arg_NAME}/drift
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${arg_NAME}_host_cuda>
                     -DGOLDEN=${PARITY_GOLDEN_DIR} -DSUITE=${arg_NAME}
                     -DSTAGING=${CMAKE_CURRENT_BINARY_DIR}/drift-staging
                     -DPARITY=$<TARGET_FILE:parity>
                     -P ${PARITY_SUITE_CMAKE_DIR}/ParityDriftCheck.cmake)
    set_tests_properties(${arg_NAME}/drift PROPERTIES LABELS "suite;${arg_NAME};drift")
  endif()
  set_property(GLOBAL APPEND PROPERTY PARITY_SUITES ${arg_NAME})
endfunction()

function(parity_add_bad_port)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "SUITE;NAME;DIALECT;EXPECT;CASES" "SOURCES;TESTS")
  if(NOT arg_SUITE OR NOT arg_NAME OR NOT arg_DIALECT OR NOT arg_SOURCES OR NOT arg_EXPECT)
    message(FATAL_ERROR "parity_add_bad_port needs SUITE, NAME, DIALECT, SOURCES and EXPECT")
  endif()
  if(NOT arg_TESTS)
    get_target_property(arg_TESTS ${arg_SUITE}_host_cuda SOURCES)
    list(FILTER arg_TESTS EXCLUDE REGEX "_defaults\\.cpp$")
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
  _parity_suite_executable(${exe} ${arg_SUITE} ${backend} ${kernels} "${arg_TESTS}" "")
  add_test(NAME ${arg_SUITE}/bad/${arg_NAME}
           COMMAND ${CMAKE_COMMAND} -DCOMMAND=$<TARGET_FILE:${exe}> "-DARGS=${arg_CASES}"
                   "-DEXPECT=${arg_EXPECT}" -P ${PARITY_SUITE_CMAKE_DIR}/ParityExpectFailure.cmake)
  set_tests_properties(${arg_SUITE}/bad/${arg_NAME} PROPERTIES
                       LABELS "suite;${arg_SUITE};bad;${backend}")
endfunction()
