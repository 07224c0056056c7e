# Defines the imported target xxHash::xxhash (libxxhash: the XXH3 checksums of golden datasets),
# used by parity's build and by its installed package alike, so that parity::framework's link
# interface names a target instead of one machine's library path. Debian's libxxhash-dev ships
# no CMake package; where xxHash's own package is installed (same target name), it is used.
# Sets PARITY_XXHASH_FOUND; the caller decides what a missing library means.
set(PARITY_XXHASH_FOUND TRUE)
if(NOT TARGET xxHash::xxhash)
  find_package(xxHash 0.8 CONFIG QUIET)
endif()
if(NOT TARGET xxHash::xxhash)
  find_library(PARITY_XXHASH_LIBRARY NAMES xxhash DOC "libxxhash (xxHash >= 0.8)")
  find_path(PARITY_XXHASH_INCLUDE_DIR NAMES xxhash.h DOC "Folder of xxhash.h")
  if(PARITY_XXHASH_LIBRARY AND PARITY_XXHASH_INCLUDE_DIR)
    add_library(xxHash::xxhash UNKNOWN IMPORTED)
    set_target_properties(xxHash::xxhash PROPERTIES
      IMPORTED_LOCATION "${PARITY_XXHASH_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${PARITY_XXHASH_INCLUDE_DIR}")
  else()
    set(PARITY_XXHASH_FOUND FALSE)
  endif()
endif()
