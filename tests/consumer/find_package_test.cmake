# cmake -DPARITY_BUILD=<parity build> -DCONFIG=<config> -DEXAMPLE=<examples/consumer>
#       -DWORK=<scratch folder> -DTOOLCHAIN=<-G;Ninja;...> -DBINDIR=bin -P find_package_test.cmake
#
# The CTest test consumer/find_package: parity used the way a project outside this repository
# uses it. Installs the build, builds examples/consumer against the installation (host emulator
# backends only, the real compilers beside them where found), captures its goldens from the CUDA
# originals, approves them with the installed `parity`, and runs the example's own CTest: the HIP
# ports verified against them on 64-lane wavefronts, the drift checks, the faulty ports that must
# fail, and the GPU-only suite Skipped. Then the kernel file's launcher that calls exit() (the
# case fails, the next one runs), abort() in a launch, and exit() outside a launch (the run ends
# with its summary). Last the negative control: a corrupted golden must fail verification. Any
# step that fails fails the test.

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
step("capture rownorm from the unchanged kernel file (host-cuda)"
     ${build}/rownorm_host_cuda --parity-mode capture --staging-dir ${staging})
step("capture mlp, whose launchers call cuBLAS, cuBLASLt and CUB (host-cuda)"
     ${build}/mlp_host_cuda --parity-mode capture --staging-dir ${staging})
file(GLOB_RECURSE staged RELATIVE ${staging} ${staging}/scale/*.h5)
list(LENGTH staged count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "consumer: capture staged ${count} scale golden files, expected 2: ${staged}")
endif()
step("approve with the installed parity"
     ${prefix}/${BINDIR}/parity golden approve --staging ${staging} --golden ${golden})
step("golden check with the installed parity" ${prefix}/${BINDIR}/parity golden check ${golden})

# scale: 2 cases x 2 backends, drift, faulty port; rownorm (RACE_CHECK): 3 cases x 2 backends,
# drift, two faulty ports; mlp (the library stand-ins): 3 cases x 2 backends, drift, a faulty
# port; the faulty ports' cross-check; scale_cublas (BACKENDS cuda hip): its 4 backends Skipped
# here, never passed.
step("ctest of examples/consumer"
     ${CMAKE_CTEST_COMMAND} --test-dir ${build} -C ${CONFIG} --output-on-failure
     --no-tests=error)
message("${step_output}")
if(NOT step_output MATCHES "100% tests passed, 0 tests failed out of 28\n")
  message(FATAL_ERROR "consumer: expected 28 tests of examples/consumer, none failing")
endif()
foreach(test scale/host-cuda/scale/f32/1000 scale/host-hip/scale/f32/4099 scale/drift
             scale/bad/dropped_tail rownorm/host-cuda/rownorm/kernel1/f32/64x300
             rownorm/host-hip/rownorm/kernel2/f32/64x300 rownorm/host-hip/rownorm/stream/f32/33x1000
             rownorm/drift rownorm/bad/unbiased_variance rownorm/bad/missing_sync
             mlp/host-cuda/mlp/linear/cublas/f32/64x96x80
             mlp/host-hip/mlp/linear/cublas/f32/64x96x80
             mlp/host-hip/mlp/linear/cublaslt/f32/64x96x80 mlp/host-hip/mlp/row_sum/f32/33x1000
             mlp/drift mlp/bad/block_size parity/bad_ports/cross_check)
  if(NOT step_output MATCHES "${test} [.]+ +Passed")
    message(FATAL_ERROR "consumer: test ${test} of examples/consumer did not pass")
  endif()
endforeach()
foreach(backend cuda hip host-cuda host-hip)
  if(NOT step_output MATCHES "scale_cublas/${backend} [.*]+ *Skipped")
    message(FATAL_ERROR "consumer: scale_cublas/${backend} (BACKENDS cuda hip) is not Skipped")
  endif()
endforeach()
if(NOT step_output MATCHES "tests did not run:.*scale_cublas/host-hip \\(Skipped\\)")
  message(FATAL_ERROR "consumer: CTest does not list scale_cublas as Skipped")
endif()

# The real compiler of each side accepted it, or the summary says why none was asked.
execute_process(COMMAND ${build}/rownorm_host_hip --parity-summary ${WORK}/summary.json
                        rownorm/kernel1/f32/64x300 --golden-dir ${golden} OUTPUT_QUIET)
file(READ ${WORK}/summary.json summary)
string(JSON compilers GET "${summary}" real_compilers)
string(JSON side GET "${summary}" real_compilers 0 side)
if(NOT side STREQUAL "hip")
  message(FATAL_ERROR "consumer: the host-hip summary names no HIP-side compiler: ${compilers}")
endif()
message(STATUS "consumer: real compilers of the HIP side: ${compilers}")
# A side whose vendor library is not installed here (no hipBLAS in Debian's ROCm) is not
# compile-checked, and the summary says why rather than claiming an acceptance.
execute_process(COMMAND ${build}/mlp_host_hip --parity-summary ${WORK}/mlp_summary.json
                        mlp/row_sum/f32/33x1000 --golden-dir ${golden} OUTPUT_QUIET)
file(READ ${WORK}/mlp_summary.json summary)
string(JSON how GET "${summary}" real_compilers 0 how)
string(JSON accepted TYPE "${summary}" real_compilers 0 accepted)
if(NOT EXISTS /usr/include/hipblas/hipblas.h AND NOT EXISTS /opt/rocm/include/hipblas/hipblas.h
   AND (NOT accepted STREQUAL "NULL" OR NOT how MATCHES "not checked: roc::hipblas is not installed"))
  message(FATAL_ERROR "consumer: mlp's HIP side claims a real compiler check without hipBLAS: "
                      "${accepted}, ${how}")
endif()
message(STATUS "consumer: mlp's HIP side: ${how}")

# A launcher that calls exit(1) inside run.launch fails its case; the next case still runs and
# passes (lexical order: invalid_kernel runs first). abort() in a launch: the same.
execute_process(COMMAND ${build}/rownorm_host_hip --parity-mode capture
                        --staging-dir ${WORK}/exits --order lex
                        "rownorm/invalid_kernel,rownorm/abort_in_launch,rownorm/kernel2/f32/64x300"
                        --parity-summary ${WORK}/exits.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
foreach(expected "Invalid kernel number"
                 "the launcher called exit\\(1\\) inside run.launch, so this case fails"
                 "the launcher called abort\\(\\) inside"
                 "test cases: 3 \\| 1 passed \\| 2 failed")
  string(REGEX REPLACE "\n +" " " flat "${out}${err}")  # Catch2 wraps long messages
  if(NOT flat MATCHES "${expected}")
    message(FATAL_ERROR "consumer: a launcher that exits: no /${expected}/ (exit ${rc}):\n${out}${err}")
  endif()
endforeach()
if(rc EQUAL 0 OR "${out}${err}" MATCHES "HDF5-DIAG")
  message(FATAL_ERROR "consumer: a launcher that exits: exit ${rc}, or HDF5 noise:\n${out}${err}")
endif()
file(READ ${WORK}/exits.json summary)
string(JSON n LENGTH "${summary}" cases)
if(NOT n EQUAL 3)
  message(FATAL_ERROR "consumer: the run summary lists ${n} cases, expected 3: ${summary}")
endif()
message(STATUS "consumer: launchers that exit or abort fail their case, the run goes on: ok")

# exit() outside run.launch: the run ends with the launcher's code, the case named, the summary
# written, and no HDF5 diagnostics.
execute_process(COMMAND ${build}/rownorm_host_cuda --parity-mode capture
                        --staging-dir ${WORK}/exits --order lex
                        "rownorm/exit_outside_launch,rownorm/kernel1/f32/64x300"
                        --parity-summary ${WORK}/outside.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT "${out}${err}" MATCHES "case 'rownorm/exit_outside_launch' called exit\\(1\\) outside run.launch: the run ends here"
   OR "${out}${err}" MATCHES "HDF5-DIAG")
  message(FATAL_ERROR "consumer: exit() outside run.launch (exit ${rc}):\n${out}${err}")
endif()
file(READ ${WORK}/outside.json summary)
string(JSON status GET "${summary}" cases 0 status)
string(JSON name GET "${summary}" cases 0 case)
if(NOT status STREQUAL "failed" OR NOT name STREQUAL "rownorm/exit_outside_launch")
  message(FATAL_ERROR "consumer: the summary of a run that exit() ended: ${summary}")
endif()
message(STATUS "consumer: exit() outside run.launch ends the run with its summary: ok")

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

# A GPU backend asked for by name whose vendor library is missing stops configure, naming the
# library (under AUTO it is Skipped with the same reason). Only where parity has the HIP adapter
# and hipBLAS is not installed (Debian's ROCm has none).
if(NOT EXISTS /usr/include/hipblas/hipblas.h AND NOT EXISTS /opt/rocm/include/hipblas/hipblas.h)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${WORK}/build-hip-on ${TOOLCHAIN}
                          -DCMAKE_PREFIX_PATH=${prefix} -DPARITY_ENABLE_CUDA=OFF
                          -DPARITY_ENABLE_HIP=ON -DPARITY_COMPILE_CHECK=OFF
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "\n +" " " flat "${out}${err}")
  if(flat MATCHES "built without the HIP adapter|PARITY_ENABLE_HIP=ON but no HIP compiler")
    message(STATUS "consumer: no HIP backend in this parity: the missing-library check is moot")
  elseif(rc EQUAL 0 OR NOT flat MATCHES "PARITY_ENABLE_HIP=ON, but suite mlp is not built for hip: roc::hipblas is not installed here")
    message(FATAL_ERROR "consumer: PARITY_ENABLE_HIP=ON without hipBLAS (exit ${rc}):\n${out}${err}")
  else()
    message(STATUS "consumer: PARITY_ENABLE_HIP=ON without hipBLAS stops configure, naming it: ok")
    # Under AUTO the same suite configures, and CTest lists its hip backend as Skipped with the
    # reason (the test is an echo: nothing needs building).
    execute_process(COMMAND ${CMAKE_COMMAND} -S ${EXAMPLE} -B ${WORK}/build-hip-auto ${TOOLCHAIN}
                            -DCMAKE_PREFIX_PATH=${prefix} -DPARITY_ENABLE_CUDA=OFF
                            -DPARITY_ENABLE_HIP=AUTO -DPARITY_COMPILE_CHECK=OFF
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${WORK}/build-hip-auto -R "^mlp/hip$"
                    RESULT_VARIABLE trc OUTPUT_VARIABLE tout ERROR_VARIABLE terr)
    if(NOT rc EQUAL 0 OR NOT "${out}${err}" MATCHES "suite mlp is not built for hip"
       OR NOT tout MATCHES "mlp/hip [.*]+ *Skipped")
      message(FATAL_ERROR "consumer: PARITY_ENABLE_HIP=AUTO without hipBLAS (exit ${rc}, ctest "
                          "${trc}):\n${out}${err}\n${tout}${terr}")
    endif()
    message(STATUS "consumer: under AUTO, mlp/hip is Skipped with the reason: ok")
  endif()
endif()
