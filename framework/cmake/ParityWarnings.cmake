# parity_target_defaults(<target>): warnings, sanitizers and C++20 for parity's own host code.
function(parity_target_defaults target)
  target_compile_features(${target} PRIVATE cxx_std_20)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${PARITY_WARNINGS_AS_ERRORS}>>:-Werror>
    # Option structs are filled with designated initializers ({.magnitude = m}); GCC before 13
    # warns about every member left to its default there, which is the point of defaults.
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-Wno-missing-field-initializers>)
  if(PARITY_SANITIZE)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${PARITY_SANITIZE} -fno-omit-frame-pointer
                                -fno-sanitize-recover=all>)
    target_link_options(${target} PRIVATE -fsanitize=${PARITY_SANITIZE})
  endif()
endfunction()
