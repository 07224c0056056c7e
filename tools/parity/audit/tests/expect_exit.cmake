# cmake -DCOMMAND=<program> -DARGS=<a;b;c> -DEXPECT_RC=<n> [-DEXPECT=<regex>] -P expect_exit.cmake
# Passes when the program exits with EXPECT_RC and its stdout+stderr match EXPECT.
execute_process(COMMAND ${COMMAND} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "expected exit status ${EXPECT_RC}, got ${rc}\n${out}\n${err}")
endif()
if(DEFINED EXPECT AND NOT "${out}${err}" MATCHES "${EXPECT}")
  message(FATAL_ERROR "output does not match '${EXPECT}':\n${out}\n${err}")
endif()
