# parity_output_matches(<output> <regex> <out-var>): whether a program's output says what an
# EXPECT regex asks for, as printed or with every line break and the next line's indentation
# read as one space (Catch2 wraps long messages at 80 columns, so an expectation written on one
# line matches however the message was wrapped). Shared by ParityExpectFailure.cmake and
# ParityBadPortCrossCheck.cmake.
function(parity_output_matches output regex out_var)
  string(REGEX REPLACE "\n[ \t]*" " " flat "${output}")
  if("${output}" MATCHES "${regex}" OR flat MATCHES "${regex}")
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()
