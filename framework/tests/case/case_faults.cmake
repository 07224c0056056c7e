# The case API's answers to bad input, end to end through a suite binary and `parity`:
#   cmake -DEXE=<case_faults binary> -DPARITY=<parity> -DWORK=<scratch dir> -P case_faults.cmake
# Each step states what must happen; a step that passes when it must fail fails this test.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/empty")
set(staging "${WORK}/staging")
set(golden "${WORK}/golden")
set(rel "case_faults/faults")

# run(<name> <expect: pass|fail> <regex or "">  [ENV k=v...] ARGS ...)
function(run name expect regex)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "" "ENV;ARGS")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${arg_ENV} ${arg_ARGS}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  # Catch2 wraps long messages at 80 columns, also inside words ("--parity-" / "mode"): match
  # with every blank removed from both the text and the pattern.
  string(REGEX REPLACE "[ \t\r\n]+" "" text "${out}${err}")
  string(REPLACE " " "" regex "${regex}")
  if(expect STREQUAL "pass" AND NOT rc EQUAL 0)
    message(FATAL_ERROR "step '${name}' must pass but exited ${rc}:\n${text}")
  endif()
  if(expect STREQUAL "fail" AND (rc EQUAL 0 OR rc EQUAL 4))
    message(FATAL_ERROR "step '${name}' must fail but exited ${rc}:\n${text}")
  endif()
  if(regex AND NOT text MATCHES "${regex}")
    message(FATAL_ERROR "step '${name}' (exit ${rc}) does not say /${regex}/:\n${out}${err}")
  endif()
  message(STATUS "ok: ${name} (exit ${rc})")
endfunction()

set(capture ${EXE} --parity-mode capture --staging-dir ${staging} --golden-dir ${golden})
set(verify ${EXE} --parity-mode verify --golden-dir ${golden})

# The binary runs the backend its kernels were built for, and refuses another one's name (the
# CUDA-dialect kernels would run as host-hip and be recorded so).
run(other_backend fail "runs suite case_faults's kernels built for host-cuda, not for host-hip.*run case_faults_host_hip"
    ARGS ${EXE} --backend host-hip --golden-dir ${golden} faults/copy)
run(other_backend_env fail "not for host-hip \\(from --backend or PARITY_BACKEND\\)"
    ENV PARITY_BACKEND=host-hip ARGS ${EXE} --golden-dir ${golden} faults/copy)

# Capture: the good case stages a golden; failing cases stage nothing.
run(capture_copy pass "" ARGS ${capture} faults/copy)
if(NOT EXISTS "${staging}/${rel}/copy.h5")
  message(FATAL_ERROR "capture staged no golden at ${staging}/${rel}/copy.h5")
endif()
run(capture_writes_nothing fail "output 'y' was never written: all 1000 elements"
    ARGS ${capture} faults/writes_nothing)
run(capture_device_fault fail "fault_kernel.*(trap|__trap)" ARGS ${capture} faults/device_fault)
foreach(bad writes_nothing device_fault)
  if(EXISTS "${staging}/${rel}/${bad}.h5")
    message(FATAL_ERROR "a failed capture staged ${staging}/${rel}/${bad}.h5")
  endif()
endforeach()
run(capture_into_golden_refused fail "would write into the approved goldens"
    ARGS ${EXE} --parity-mode capture --staging-dir ${golden} --golden-dir ${golden} faults/copy)

# Approve, then the positive control: the unchanged port verifies.
run(approve pass "" ARGS ${PARITY} golden approve --staging ${staging} --golden ${golden})
run(verify_copy pass "" ARGS ${verify} faults/copy)

# Missing golden: says which file and how to capture it.
run(missing_golden fail "no golden for case 'faults/copy'.*--parity-mode capture"
    ARGS ${EXE} --parity-mode verify --golden-dir ${WORK}/empty faults/copy)
# A typo in the overrides path is an error before any case runs, not a silent default.
run(overrides_missing fail "overrides file .*no-such\\.toml does not exist"
    ARGS ${verify} --parity-overrides ${WORK}/no-such.toml faults/copy)
# Record: results written for a passing case and, above all, for a failing one (to diff later).
set(results "${WORK}/results")
run(record_pass pass "" ARGS ${EXE} --parity-mode record --golden-dir ${golden} --results-dir ${results} faults/copy)
if(NOT EXISTS "${results}/${rel}/copy.h5")
  message(FATAL_ERROR "record wrote no result for a passing case at ${results}/${rel}/copy.h5")
endif()
file(REMOVE_RECURSE "${results}")
run(record_fail fail "exactly 2x the golden" ENV CASE_FAULTS_SCALE=2
    ARGS ${EXE} --parity-mode record --golden-dir ${golden} --results-dir ${results} faults/copy)
if(NOT EXISTS "${results}/${rel}/copy.h5")
  message(FATAL_ERROR "record wrote no result for a failing case at ${results}/${rel}/copy.h5")
endif()
run(record_diff fail "exactly 2x the golden"
    ARGS ${PARITY} diff ${golden}/${rel}/copy.h5 ${results}/${rel}/copy.h5)
# The test changed shape since capture.
run(shape_changed fail "input 'x' of case 'faults/copy' does not match its golden"
    ENV CASE_FAULTS_N=999 ARGS ${verify} faults/copy)
# A port that computes something else: the verdict, with its hint.
run(wrong_values fail "differs from its golden.*exactly 2x the golden"
    ENV CASE_FAULTS_SCALE=2 ARGS ${verify} faults/copy)
# Its counterfactual replay on host-cuda (the poison switch) does not make it pass, and says so;
# the run summary records it; PARITY_COUNTERFACTUALS=0 turns replays off.
run(wrong_values_replayed fail
    "counterfactual replays of 'faults/copy' on host-cuda:.*still fails with each of: the emulator's poison off.*the cause is none of these switches"
    ENV CASE_FAULTS_SCALE=2 ARGS ${verify} --parity-summary ${WORK}/replayed.json faults/copy)
file(READ "${WORK}/replayed.json" summary)
string(JSON replay GET "${summary}" cases 0 counterfactuals 0 environment)
string(JSON replay_passed GET "${summary}" cases 0 counterfactuals 0 passed)
if(NOT replay STREQUAL "PARITY_SIMT_POISON=0" OR replay_passed)
  message(FATAL_ERROR "the summary does not record the replay: ${summary}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env CASE_FAULTS_SCALE=2 PARITY_COUNTERFACTUALS=0
                        ${verify} faults/copy OUTPUT_VARIABLE out ERROR_VARIABLE err)
if("${out}${err}" MATCHES "counterfactual")
  message(FATAL_ERROR "PARITY_COUNTERFACTUALS=0 still replayed:\n${out}${err}")
endif()
message(STATUS "ok: replays_off")

# A damaged golden never reaches the HDF5 parser: the manifest's SHA-256 rejects it.
file(COPY "${golden}/" DESTINATION "${WORK}/damaged")
execute_process(COMMAND python3 -c "
import sys; p = sys.argv[1]; b = bytearray(open(p, 'rb').read()); b[len(b) // 2] ^= 0x10
open(p, 'wb').write(bytes(b))" "${WORK}/damaged/${rel}/copy.h5" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "could not damage the golden copy")
endif()
run(damaged_golden fail "copy\\.h5.*(SHA-256|sha256|manifest)"
    ARGS ${EXE} --parity-mode verify --golden-dir ${WORK}/damaged faults/copy)
# The approved golden is untouched by all of the above.
run(verify_copy_again pass "" ARGS ${verify} faults/copy)
