# Runs the golden fuzz target for a bounded time on a copy of the seed corpus.
file(REMOVE_RECURSE ${WORK})
file(COPY ${SEEDS}/ DESTINATION ${WORK}/corpus)
execute_process(
  COMMAND ${FUZZER} -max_total_time=20 -seed=1 -rss_limit_mb=1024 -print_final_stats=1
          -artifact_prefix=${WORK}/ ${WORK}/corpus
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the golden fuzz target found a problem (exit ${rc}); the input that "
                      "triggered it is in ${WORK}/ (crash-*, leak-*, timeout-*)")
endif()
