# cmake -DPARITY_CMAKE_DIR=<framework/cmake> -DWORK=<scratch> -P bad_port_cross_check.cmake
# ParityBadPortCrossCheck.cmake on two made-up ports: specific expectations pass the check; an
# expectation that the other port's output also satisfies fails it, naming both ports.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/a.txt" "case 'k/1' output 'y' differs from its golden\n  hints\n    * lanes\n  32-63 of each 64\n")
file(WRITE "${WORK}/b.txt" "case 'k/2' output 'y' differs from its golden\n  hints\n    * every\n  candidate element is zero\n")
function(check name expect_a expect_b want)
  file(WRITE "${WORK}/${name}.cmake"
       "set(PARITY_NAME_0 [==[k/bad/a]==])\nset(PARITY_EXPECT_0 [==[${expect_a}]==])\n"
       "set(PARITY_OUTPUT_0 [==[${WORK}/a.txt]==])\nlist(APPEND PARITY_PORTS 0)\n"
       "set(PARITY_NAME_1 [==[k/bad/b]==])\nset(PARITY_EXPECT_1 [==[${expect_b}]==])\n"
       "set(PARITY_OUTPUT_1 [==[${WORK}/b.txt]==])\nlist(APPEND PARITY_PORTS 1)\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -DDATA=${WORK}/${name}.cmake
                          -P ${PARITY_CMAKE_DIR}/ParityBadPortCrossCheck.cmake
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "\n[ \t]*" " " flat "${out}${err}")
  if(want STREQUAL "pass" AND NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: the check failed (exit ${rc}):\n${out}${err}")
  elseif(want STREQUAL "fail" AND (rc EQUAL 0 OR NOT flat MATCHES
         "the output of k/bad/a matches the EXPECT of k/bad/b"))
    message(FATAL_ERROR "${name}: the check did not fail on a weak expectation (exit ${rc}):\n${out}${err}")
  endif()
  message(STATUS "ok: ${name}")
endfunction()
# Specific: each names its own diagnosis (across the wrapped line, too).
check(specific "differs from its golden.*lanes 32-63 of each 64"
      "differs from its golden.*every candidate element is zero" pass)
# Weak: b's expectation says only that something differs, which a's output says as well.
check(weak "differs from its golden.*lanes 32-63 of each 64" "output 'y' differs from its golden"
      fail)
