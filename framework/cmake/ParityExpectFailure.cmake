# cmake -DCOMMAND=exe -DARGS="..." -DEXPECT=regex -P ParityExpectFailure.cmake
# Passes only when COMMAND fails (non-zero exit) AND its output matches EXPECT (as printed, or
# with its line breaks read as spaces): a negative control must fail for the right reason, not
# for any reason.
separate_arguments(args NATIVE_COMMAND "${ARGS}")
execute_process(COMMAND ${COMMAND} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 300)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "negative control PASSED, but it must fail: ${COMMAND}")
endif()
if(rc EQUAL 4)
  message(FATAL_ERROR "negative control was SKIPPED (exit 4): it proves nothing here")
endif()
# Catch2 wraps long messages at 80 columns: a line break and the next line's indentation read as
# one space, so an expectation written as one line matches however the message was wrapped.
string(REGEX REPLACE "\n[ \t]*" " " flat "${out}${err}")
if(NOT "${out}${err}" MATCHES "${EXPECT}" AND NOT flat MATCHES "${EXPECT}")
  message(FATAL_ERROR "negative control failed (exit ${rc}) but without the expected diagnosis "
                      "/${EXPECT}/")
endif()
message("negative control failed as expected (exit ${rc}) with /${EXPECT}/")
