# cmake -DPARITY_BUILD=<parity build> -DCONFIG=<config> -DEXAMPLE=<examples/consumer>
#       -DWORK=<scratch folder> -DTOOLCHAIN=<-G;Ninja;...> -DBINDIR=bin -P find_package_test.cmake
#
# The CTest test consumer/find_package: parity used the way a project outside this repository
# uses it. Installs the build, builds examples/consumer against the installation (host emulator
# backends only), captures its goldens from the CUDA original, approves them with the installed
# `parity`, and runs the example's own CTest: the HIP port verified against them on 64-lane
# wavefronts, the drift check, and the faulty port that must fail. Then the negative control: a
# corrupted golden must fail verification. Any step that fails fails the test.

cmake_minimum_required(VERSION 3.25)

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer: ${name} failed (exit ${rc}):\n${out}${err}")
  endif()
  message(STATUS "consumer: ${name}: ok")
  set(step_output "${out}${err}" PARENT_SCOPE)
endfunction()

foreach(var PARITY_BUILD CONFIG EXAMPLE WORK TOOLCHAIN BINDIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "consumer: -D${var}=... is missing")
  endif()
endforeach()
set(prefix ${WORK}/prefix)
set(build ${WORK}/build)
set(golden ${WORK}/golden)
set(staging ${WORK}/staging)
file(REMOVE_RECURSE ${WORK})  # a stale prefix could hide a missing install rule

step("install into ${prefix}"
     ${CMAKE_COMMAND} --install ${PARITY_BUILD} --prefix ${prefix} --config ${CONFIG})
step("configure examples/consumer"
     ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${build} ${TOOLCHAIN} -DCMAKE_BUILD_TYPE=${CONFIG}
     -DCMAKE_PREFIX_PATH=${prefix} -DPARITY_ENABLE_CUDA=OFF -DPARITY_ENABLE_HIP=OFF
     -DPARITY_GOLDEN_DIR=${golden})
file(STRINGS ${build}/CMakeCache.txt parity_dir REGEX "^parity_DIR:")
if(NOT parity_dir MATCHES "=${prefix}/")
  message(FATAL_ERROR "consumer: the example found another parity (${parity_dir}), not ${prefix}")
endif()
step("build examples/consumer" ${CMAKE_COMMAND} --build ${build} --config ${CONFIG} --parallel 2)

step("capture from the CUDA original (host-cuda)"
     ${build}/scale_host_cuda --parity-mode capture --staging-dir ${staging})
file(GLOB_RECURSE staged RELATIVE ${staging} ${staging}/*.h5)
list(LENGTH staged count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "consumer: capture staged ${count} golden files, expected 2: ${staged}")
endif()
step("approve with the installed parity"
     ${prefix}/${BINDIR}/parity golden approve --staging ${staging} --golden ${golden})
step("golden check with the installed parity" ${prefix}/${BINDIR}/parity golden check ${golden})

# 2 cases x 2 backends (host-cuda, host-hip), the drift check and the faulty port.
step("ctest of examples/consumer"
     ${CMAKE_CTEST_COMMAND} --test-dir ${build} -C ${CONFIG} --output-on-failure
     --no-tests=error)
message("${step_output}")
if(NOT step_output MATCHES "100% tests passed, 0 tests failed out of 6\n"
   OR step_output MATCHES "did not run")
  message(FATAL_ERROR "consumer: expected 6 tests of examples/consumer to run and pass")
endif()
foreach(test scale/host-cuda/scale/f32/1000 scale/host-hip/scale/f32/4099 scale/drift
             scale/bad/dropped_tail)
  if(NOT step_output MATCHES "${test} [.]+ +Passed")
    message(FATAL_ERROR "consumer: test ${test} of examples/consumer did not pass")
  endif()
endforeach()

# Negative control: one case's golden replaced by the other's. The HIP port must fail to verify,
# and for that reason (the manifest check), not any reason: the example verifies against the
# goldens approved above.
list(GET staged 0 first)
list(GET staged 1 second)
file(COPY_FILE ${golden}/${first} ${golden}/${second})
execute_process(COMMAND ${build}/scale_host_hip RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(rc EQUAL 0 OR rc EQUAL 4)
  message(FATAL_ERROR "consumer: verification against a corrupted golden did not fail (exit "
                      "${rc}):\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "(does not match MANIFEST|but MANIFEST lists)")
  message(FATAL_ERROR "consumer: verification against a corrupted golden failed (exit ${rc}), "
                      "but not with the manifest diagnosis:\n${out}${err}")
endif()
message(STATUS "consumer: verification against a corrupted golden fails (exit ${rc}): ok")
