# Decides whether the CUDA and HIP adapters are built: PARITY_ENABLE_CUDA/HIP = AUTO|ON|OFF.
# AUTO enables a language when its compiler is found; ON fails loudly when it is not.
#
# PARITY_COMPILE_CHECK = AUTO|ON|OFF: the real compilers beside the emulator. Where a suite runs
# a side on the emulator only (host-cuda without cuda, host-hip without hip), its sources are
# compiled by that side's real compiler as well (ParitySuite.cmake), so the language is enabled
# for that even when the GPU backend is off. AUTO: where the compiler is found; ON: a missing
# compiler is a configure error; OFF: never (the emulator's verdict then stands alone, and the
# run summary says so). Sets PARITY_CHECK_CUDA / PARITY_CHECK_HIP.
include(CheckLanguage)

set(PARITY_COMPILE_CHECK AUTO CACHE STRING
    "Compile emulated kernel sources with the real CUDA/HIP compilers too: AUTO|ON|OFF")
set_property(CACHE PARITY_COMPILE_CHECK PROPERTY STRINGS AUTO ON OFF)

set(PARITY_HAVE_CUDA OFF)
set(PARITY_CHECK_CUDA OFF)
if(NOT PARITY_ENABLE_CUDA STREQUAL "OFF" OR NOT PARITY_COMPILE_CHECK STREQUAL "OFF")
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc CACHE FILEPATH "")
  endif()
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    # No GPU at configure time, so never let CMake detect "native" architectures.
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES ${PARITY_CUDA_ARCHS})
    endif()
    # One CUDA runtime per process: the CUDA adapter links the shared cudart, so every CUDA
    # target must (CMake's default, the static cudart, would give a second runtime).
    if(NOT DEFINED CMAKE_CUDA_RUNTIME_LIBRARY)
      set(CMAKE_CUDA_RUNTIME_LIBRARY Shared)
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    if(NOT PARITY_ENABLE_CUDA STREQUAL "OFF")
      set(PARITY_HAVE_CUDA ON)
    endif()
    if(NOT PARITY_COMPILE_CHECK STREQUAL "OFF")
      set(PARITY_CHECK_CUDA ON)
    endif()
  elseif(PARITY_ENABLE_CUDA STREQUAL "ON")
    message(FATAL_ERROR "PARITY_ENABLE_CUDA=ON but no CUDA compiler was found: install the CUDA "
                        "toolkit or set CMAKE_CUDA_COMPILER, or use PARITY_ENABLE_CUDA=AUTO|OFF")
  endif()
endif()

set(PARITY_HAVE_HIP OFF)
set(PARITY_CHECK_HIP OFF)
if(NOT PARITY_ENABLE_HIP STREQUAL "OFF" OR NOT PARITY_COMPILE_CHECK STREQUAL "OFF")
  # Debian's ROCm 5.2 puts the HIP runtime and device libraries under the multiarch folder, where
  # CMake's HIP module does not look. Point it there, only when that layout is what we have, so a
  # real /opt/rocm install is unaffected.
  set(_deb_bitcode /usr/lib/x86_64-linux-gnu/amdgcn/bitcode)
  if(NOT DEFINED CMAKE_HIP_COMPILER AND NOT EXISTS /opt/rocm AND EXISTS ${_deb_bitcode}
     AND EXISTS /usr/bin/clang++-15)
    set(CMAKE_HIP_COMPILER /usr/bin/clang++-15 CACHE FILEPATH "")
    set(CMAKE_HIP_FLAGS "--rocm-path=/usr --rocm-device-lib-path=${_deb_bitcode}" CACHE STRING "")
    set(CMAKE_HIP_COMPILER_ROCM_LIB /usr/lib/x86_64-linux-gnu CACHE PATH "")
  endif()
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.28)
    check_language(HIP)
  endif()
  if(CMAKE_HIP_COMPILER)
    if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
      set(CMAKE_HIP_ARCHITECTURES ${PARITY_HIP_ARCHS})
    endif()
    enable_language(HIP)
    find_package(hip REQUIRED)
    if(NOT PARITY_ENABLE_HIP STREQUAL "OFF")
      set(PARITY_HAVE_HIP ON)
    endif()
    if(NOT PARITY_COMPILE_CHECK STREQUAL "OFF")
      set(PARITY_CHECK_HIP ON)
    endif()
  elseif(PARITY_ENABLE_HIP STREQUAL "ON")
    message(FATAL_ERROR "PARITY_ENABLE_HIP=ON but no HIP compiler was found (needs CMake >= 3.28 "
                        "and a ROCm clang): install ROCm or set CMAKE_HIP_COMPILER, or use "
                        "PARITY_ENABLE_HIP=AUTO|OFF")
  endif()
endif()

if(PARITY_COMPILE_CHECK STREQUAL "ON" AND NOT (PARITY_CHECK_CUDA AND PARITY_CHECK_HIP))
  message(FATAL_ERROR "PARITY_COMPILE_CHECK=ON, but the real compiler of a side is missing (CUDA: "
                      "${PARITY_CHECK_CUDA}, HIP: ${PARITY_CHECK_HIP}): install nvcc / ROCm's "
                      "clang, or use PARITY_COMPILE_CHECK=AUTO|OFF")
endif()
