# parity as a CMake package (docs/writing-a-suite.md, "Using parity in your project").
# - PARITY_INSTALL: install rules for the libraries, headers, programs and CMake modules that make
#   find_package(parity CONFIG) work for a project outside this repository, with the same parity::
#   targets and functions (parity_add_suite, ...) as in this build.
# - As a subproject (add_subdirectory, FetchContent): the targets and functions are defined by
#   this build already; a config file and the real version file in the folder find_package()
#   searches first (CMAKE_FIND_PACKAGE_REDIRECTS_DIR) let the parent's unchanged
#   find_package(parity 0.1 CONFIG REQUIRED) succeed.
include(CMakePackageConfigHelpers)

if(NOT PROJECT_IS_TOP_LEVEL AND CMAKE_FIND_PACKAGE_REDIRECTS_DIR)
  file(WRITE ${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/parity-config.cmake
       "# parity is part of this build (${PROJECT_SOURCE_DIR}): its targets and functions exist.\n")
  write_basic_package_version_file(${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/parity-config-version.cmake
                                   COMPATIBILITY SameMinorVersion)
endif()
if(NOT PARITY_INSTALL)
  return()
endif()

set(PARITY_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/parity" CACHE STRING
    "Where the parity CMake package is installed, relative to the prefix")

# Every exported target is named parity::<name>: an ALIAS in this build and the IMPORTED target of
# the installation. Deriving EXPORT_NAME from the alias keeps the two spellings identical, which
# matters where a target name is written into a generator expression: the whole-archive link of
# the adapters exports $<LINK_LIBRARY:WHOLE_ARCHIVE,parity::adapter_host_impl> verbatim.
set(parity_exported
  framework catch2 catch2_main
  simt simt_standins simt_rewrite simt_vendor_math adapter_host adapter_host_impl
  gpu_common adapter_cuda adapter_cuda_impl adapter_hip adapter_hip_impl
  cli)
set(parity_optional catch2 adapter_cuda adapter_cuda_impl adapter_hip adapter_hip_impl)
set(parity_install_libraries "")
set(parity_install_programs "")
foreach(name IN LISTS parity_exported)
  if(NOT TARGET parity::${name})
    if(name IN_LIST parity_optional)
      continue()
    endif()
    message(FATAL_ERROR "ParityPackage: no target parity::${name}: define that alias where the "
                        "target is defined, or drop the name from parity_exported")
  endif()
  get_target_property(real parity::${name} ALIASED_TARGET)
  set_target_properties(${real} PROPERTIES EXPORT_NAME ${name})
  get_target_property(type ${real} TYPE)
  if(type STREQUAL "EXECUTABLE")
    list(APPEND parity_install_programs ${real})
    # The programs may link the CUDA or HIP runtime from a folder the loader does not search.
    set_target_properties(${real} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  else()
    list(APPEND parity_install_libraries ${real})
  endif()
endforeach()

install(TARGETS ${parity_install_libraries} EXPORT parityTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${parity_install_programs} EXPORT parityTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT parityTargets NAMESPACE parity:: DESTINATION ${PARITY_INSTALL_CMAKEDIR})

# Public headers: parity/*.hpp, parity/simt/*.hpp (emulator), parity/gpu/*.hpp (GPU adapters).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/framework/include/
                  ${PROJECT_SOURCE_DIR}/adapters/host/include/
                  ${PROJECT_SOURCE_DIR}/adapters/gpu_common/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp"
        PATTERN "*.def" PATTERN "*.inc")  # the emulator's dialect tables, the libraries' refusal tables
# The CUDA/HIP stand-ins are seen only by emulated kernel libraries (parity::simt_standins): they
# must never shadow a real cuda_runtime.h, so they get a folder of their own.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/adapters/host/standins/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/parity/simt/standins)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/parityConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/parityConfig.cmake
                              INSTALL_DESTINATION ${PARITY_INSTALL_CMAKEDIR})
# 0.x: a new minor version may break the interface.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/parityConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/parityConfig.cmake
  ${PROJECT_BINARY_DIR}/parityConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityDiscoverTests.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityDriftCheck.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityEmulator.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityExpectFailure.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityExpectMatch.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityBadPortCrossCheck.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityLanguages.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParitySuite.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParitySymbols.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityWarnings.cmake
  ${CMAKE_CURRENT_LIST_DIR}/ParityXxhash.cmake
  ${CMAKE_CURRENT_LIST_DIR}/suite_defaults.cpp.in
  ${CMAKE_CURRENT_LIST_DIR}/compile_check_rocm_warp_sync.h
  DESTINATION ${PARITY_INSTALL_CMAKEDIR})
