# cmake -DCOMMAND=exe -DARGS="..." -DEXPECT=regex [-DSAVE=file] -P ParityExpectFailure.cmake
# Passes only when COMMAND fails (non-zero exit) AND its output matches EXPECT (as printed, or
# with its line breaks read as spaces): a negative control must fail for the right reason, not
# for any reason. SAVE: where to keep the output, for the bad ports' cross-check
# (ParityBadPortCrossCheck.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/ParityExpectMatch.cmake)
separate_arguments(args NATIVE_COMMAND "${ARGS}")
execute_process(COMMAND ${COMMAND} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 300)
message("${out}${err}")
if(SAVE)
  file(WRITE "${SAVE}" "${out}${err}")
endif()
if(rc EQUAL 0)
  message(FATAL_ERROR "negative control PASSED, but it must fail: ${COMMAND}")
endif()
if(rc EQUAL 4)
  message(FATAL_ERROR "negative control was SKIPPED (exit 4): it proves nothing here")
endif()
parity_output_matches("${out}${err}" "${EXPECT}" matched)
if(NOT matched)
  message(FATAL_ERROR "negative control failed (exit ${rc}) but without the expected diagnosis "
                      "/${EXPECT}/")
endif()
message("negative control failed as expected (exit ${rc}) with /${EXPECT}/")
