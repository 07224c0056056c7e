# cmake -DPARITY_CMAKE_DIR=<framework/cmake> -DWORK=<scratch> -DCASE=<n> -P suite_keywords.cmake
#
# parity_add_suite's keyword checks run before it defines anything, so they can be exercised in
# script mode: each CASE is a call that must stop with a configure error naming what is wrong
# (CTest's PASS_REGULAR_EXPRESSION checks the message).
cmake_minimum_required(VERSION 3.25)
file(MAKE_DIRECTORY ${WORK})
foreach(f a.cu a.hip t.cpp)
  file(TOUCH ${WORK}/${f})
endforeach()
set(CMAKE_CURRENT_SOURCE_DIR ${WORK})
include(${PARITY_CMAKE_DIR}/ParitySuite.cmake)
if(CASE EQUAL 1)  # a misspelt keyword after a file list
  parity_add_suite(NAME s CUDA a.cu HIP a.hip TESTS t.cpp INCLUDE inc)
elseif(CASE EQUAL 2)  # a keyword that does not exist, after a one-value keyword
  parity_add_suite(NAME s BACKEND cuda CUDA a.cu HIP a.hip TESTS t.cpp)
elseif(CASE EQUAL 3)  # a misspelling taken for a value
  parity_add_suite(NAME s CUDA a.cu HIP a.hip TESTS t.cpp DEFINITIONS X=1 LIBRARIES foo)
elseif(CASE EQUAL 4)
  parity_add_suite(NAME s CUDA a.cu HIP a.hip TESTS t.cpp BACKENDS cuda gfx942)
elseif(CASE EQUAL 5)
  parity_add_suite(NAME s CUDA a.cu HIP missing.hip TESTS t.cpp)
elseif(CASE EQUAL 6)
  parity_add_bad_port(SUITE s NAME b DIALECT hip SOURCES a.hip EXPECT x SOURCE b.hip)
endif()
message(FATAL_ERROR "suite_keywords: case ${CASE} was accepted")
