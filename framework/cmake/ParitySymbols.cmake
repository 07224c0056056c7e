# cmake -DMODE=kernels|reference -DOBJCOPY=<objcopy> -DNM=<nm> -DARCHIVE=<lib.a>
#       [-DLIST=<symbol list file>] [-DFUNCTIONS=a,b] [-DWHAT=<for messages>]
#       -P ParitySymbols.cmake
#
# Run after a suite's kernel or reference archive is built (parity_add_suite), so that a kernel
# file goes into a suite exactly as it is:
#   kernels    the file's own main() becomes a local symbol: parity's test main is the program's
#              main on every backend, and the file's main is neither called nor a clash. With
#              LIST, the reference functions listed there become local too: the test calls the
#              copy from the CUDA original (the reference archive), never the port's.
#   reference  finds the symbols of FUNCTIONS (plain names, matched on the demangled name up to
#              its parameter list) among the archive's definitions, writes them to LIST, and
#              makes every other strong definition of the archive local: the reference archive
#              gives the suite its reference functions and nothing else that could clash (no
#              main, no launcher, no kernel, no helper). Weak definitions (inline functions and
#              templates) stay: they never clash, and their COMDAT groups must stay whole.
cmake_minimum_required(VERSION 3.25)

foreach(var MODE OBJCOPY ARCHIVE)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "ParitySymbols: -D${var}=... is missing")
  endif()
endforeach()

if(MODE STREQUAL "kernels")
  set(args --localize-symbol=main)
  if(LIST)
    if(NOT EXISTS "${LIST}")
      message(FATAL_ERROR "parity: ${WHAT}: the reference symbol list ${LIST} does not exist: "
                          "build the suite's reference library first")
    endif()
    list(APPEND args "--localize-symbols=${LIST}")
  endif()
  execute_process(COMMAND "${OBJCOPY}" ${args} "${ARCHIVE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "parity: ${WHAT}: objcopy ${args} ${ARCHIVE} failed (${rc}): ${err}")
  endif()
  return()
endif()

if(NOT MODE STREQUAL "reference")
  message(FATAL_ERROR "ParitySymbols: MODE must be kernels or reference, not '${MODE}'")
endif()
foreach(var NM LIST FUNCTIONS)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "ParitySymbols: -D${var}=... is missing")
  endif()
endforeach()

string(REPLACE "," ";" FUNCTIONS "${FUNCTIONS}")  # commas on the command line: see ParitySuite

# The same listing twice, raw and demangled: line i of one is line i of the other.
execute_process(COMMAND "${NM}" --defined-only --extern-only "${ARCHIVE}"
                RESULT_VARIABLE rc1 OUTPUT_VARIABLE raw ERROR_VARIABLE err1)
execute_process(COMMAND "${NM}" --defined-only --extern-only --demangle "${ARCHIVE}"
                RESULT_VARIABLE rc2 OUTPUT_VARIABLE demangled ERROR_VARIABLE err2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "parity: ${WHAT}: nm ${ARCHIVE} failed: ${err1}${err2}")
endif()
string(REPLACE ";" "\\;" raw "${raw}")
string(REPLACE ";" "\\;" demangled "${demangled}")
string(REPLACE "\n" ";" raw "${raw}")
string(REPLACE "\n" ";" demangled "${demangled}")
list(LENGTH raw n_raw)
list(LENGTH demangled n_demangled)
if(NOT n_raw EQUAL n_demangled)
  message(FATAL_ERROR "parity: ${WHAT}: nm's listings of ${ARCHIVE} do not line up")
endif()

set(found "")
set(symbols "")  # the reference functions: kept global
set(hide "")     # every other strong definition: made local
math(EXPR last "${n_raw} - 1")
foreach(i RANGE ${last})
  list(GET raw ${i} r)
  list(GET demangled ${i} d)
  # "0000000000000040 T _Z3fooPf" / "0000000000000040 T foo(float*)". Weak and unique symbols
  # (inline functions, templates, their COMDAT groups) never clash and must stay as they are:
  # localizing a COMDAT member breaks the group when the linker keeps another object's copy.
  if(NOT r MATCHES "^[0-9a-fA-F]* *([A-Za-z]) (.+)$")
    continue()
  endif()
  set(type "${CMAKE_MATCH_1}")
  set(symbol "${CMAKE_MATCH_2}")
  if(NOT type MATCHES "^[TDBRGS]$")
    continue()
  endif()
  set(name "")
  if(d MATCHES "^[0-9a-fA-F]* *[A-Za-z] (.+)$")
    set(name "${CMAKE_MATCH_1}")
  endif()
  string(FIND "${name}" "(" paren)
  if(paren GREATER 0)
    string(SUBSTRING "${name}" 0 ${paren} name)
  endif()
  if(type STREQUAL "T" AND name IN_LIST FUNCTIONS)
    list(APPEND symbols "${symbol}")
    list(APPEND found "${name}")
  else()
    list(APPEND hide "${symbol}")
  endif()
endforeach()
foreach(f IN LISTS FUNCTIONS)
  if(NOT f IN_LIST found)
    message(FATAL_ERROR "parity: ${WHAT}: REFERENCE_FUNCTIONS names '${f}', but no function of "
                        "that name is defined in the suite's CUDA sources (a non-template, "
                        "non-static function is needed: it is linked from the CUDA original "
                        "into every backend's binary). Check the spelling, or write the "
                        "reference in the suite's REFERENCE sources instead.")
  endif()
endforeach()
list(REMOVE_DUPLICATES symbols)
list(REMOVE_DUPLICATES hide)
list(JOIN symbols "\n" text)
file(WRITE "${LIST}.tmp" "${text}\n")
file(RENAME "${LIST}.tmp" "${LIST}")
list(JOIN hide "\n" text)
file(WRITE "${LIST}.hide" "${text}\n")
execute_process(COMMAND "${OBJCOPY}" "--localize-symbols=${LIST}.hide" "${ARCHIVE}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "parity: ${WHAT}: objcopy --localize-symbols ${ARCHIVE} failed (${rc}): "
                      "${err}")
endif()
