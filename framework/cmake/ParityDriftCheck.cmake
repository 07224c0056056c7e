# cmake -DEXE=<suite binary> -DGOLDEN=<golden root> -DSTAGING=<scratch> -DSUITE=<name>
#       -DPARITY=<parity CLI> -P ParityDriftCheck.cmake
# Re-captures every case of a suite into a scratch staging folder and diffs each staged file
# against its approved golden with `parity diff` (the policy stored in the golden judges): the
# approved goldens are still what the original computes. A case without an approved golden, or
# an approved golden no case produces any more, is drift too.
cmake_minimum_required(VERSION 3.25)  # script mode starts with old policies: if(IN_LIST) is new
file(REMOVE_RECURSE "${STAGING}")
execute_process(COMMAND ${EXE} --parity-mode capture --staging-dir ${STAGING}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "capture failed (exit ${rc}):\n${out}${err}")
endif()
file(GLOB_RECURSE staged RELATIVE "${STAGING}" "${STAGING}/${SUITE}/*.h5")
file(GLOB_RECURSE approved RELATIVE "${GOLDEN}" "${GOLDEN}/${SUITE}/*.h5")
if(NOT staged)
  message(FATAL_ERROR "capture staged no golden for suite ${SUITE}")
endif()
set(failures "")
foreach(rel IN LISTS staged)
  if(NOT EXISTS "${GOLDEN}/${rel}")
    string(APPEND failures "  ${rel}: captured, but no approved golden (approve it)\n")
    continue()
  endif()
  execute_process(COMMAND ${PARITY} diff "${GOLDEN}/${rel}" "${STAGING}/${rel}"
                  RESULT_VARIABLE drc OUTPUT_VARIABLE dout ERROR_VARIABLE derr)
  if(NOT drc EQUAL 0)
    string(APPEND failures "  ${rel}: parity diff exit ${drc}\n${dout}${derr}\n")
  else()
    message("unchanged within policy: ${rel}")
  endif()
endforeach()
foreach(rel IN LISTS approved)
  if(NOT rel IN_LIST staged)
    string(APPEND failures "  ${rel}: approved golden that no case captures any more (prune it)\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "golden drift in suite ${SUITE}:\n${failures}")
endif()
