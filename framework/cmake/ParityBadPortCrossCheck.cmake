# cmake -DDATA=<file> -P ParityBadPortCrossCheck.cmake
# The bad ports' cross-check: an EXPECT must name its own port's cause, so it must reject the
# output of every other bad port of the project. DATA (written by parity_add_bad_port) lists
# each port (PARITY_PORTS: indices) with its name, its EXPECT and the file its own test saved its
# output to.
include(${CMAKE_CURRENT_LIST_DIR}/ParityExpectMatch.cmake)
include(${DATA})
set(failures "")
set(checked 0)
foreach(p IN LISTS PARITY_PORTS)
  if(NOT EXISTS "${PARITY_OUTPUT_${p}}")
    string(APPEND failures "  ${PARITY_NAME_${p}}: no saved output (${PARITY_OUTPUT_${p}}): its "
                           "own test did not run\n")
    continue()
  endif()
  file(READ "${PARITY_OUTPUT_${p}}" output)
  foreach(q IN LISTS PARITY_PORTS)
    if(q STREQUAL p)
      continue()
    endif()
    math(EXPR checked "${checked} + 1")
    parity_output_matches("${output}" "${PARITY_EXPECT_${q}}" matched)
    if(matched)
      string(APPEND failures "  the output of ${PARITY_NAME_${p}} matches the EXPECT of "
                             "${PARITY_NAME_${q}} (/${PARITY_EXPECT_${q}}/): that expectation "
                             "does not name its own port's cause; make it say what only "
                             "${PARITY_NAME_${q}} gets wrong\n")
    endif()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "bad ports' cross-check:\n${failures}")
endif()
list(LENGTH PARITY_PORTS n)
message("bad ports' cross-check: each of ${n} expectations rejects the other ports' outputs "
        "(${checked} pairs)")
