# parity_add_emulated_library(<target> DIALECT cuda|hip SOURCES a.cu b.hip ...
#                             [INCLUDES dir ...] [LINK lib ...] [DEFINITIONS X=1 ...]
#                             [RACE_CHECK])
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
function(parity_add_emulated_library target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "RACE_CHECK" "DIALECT" "SOURCES;INCLUDES;LINK;DEFINITIONS")
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
  # Quoted includes of the originals resolve against their own folders.
  target_include_directories(${target} PRIVATE ${source_dirs} ${arg_INCLUDES})
  target_link_libraries(${target} PRIVATE parity::simt_standins PUBLIC parity::simt ${arg_LINK})
  target_compile_definitions(${target} PRIVATE ${arg_DEFINITIONS})
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
