// The audit's CMake tokenizer: comments and bracket comments are not arguments.
#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

#include "parity/audit/cmake_lexer.hpp"

using namespace parity::audit;

namespace {

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("cmake lexer: comments and bracket comments are not arguments", "[lexer][cmake]") {
  const CMakeLexResult r = lex_cmake(
      "# target_link_libraries(a CUDA::cufft)\n"
      "#[[ set(F -use_fast_math)\n ]] target_link_libraries(app PRIVATE CUDA::cublas)\n"
      "set(FLAGS \"${FLAGS} --use_fast_math\" [=[bracket ]] arg]=]) # trailing -ftz=true\n"
      "message(STATUS \"-use_fast_math\")\n");
  REQUIRE(r.arguments.size() == 8);
  CHECK(r.arguments[0].command == "target_link_libraries");
  CHECK(r.arguments[0].text == "app");
  CHECK(r.arguments[0].line == 3);
  CHECK(r.arguments[2].text == "CUDA::cublas");
  CHECK(r.arguments[3].command == "set");
  CHECK(r.arguments[4].text == "${FLAGS} --use_fast_math");
  CHECK(r.arguments[4].quoted);
  CHECK(r.arguments[5].text == "bracket ]] arg");
  CHECK(r.arguments[5].line == 4);
  CHECK(r.arguments[6].command == "message");
  CHECK(r.arguments[7].text == "-use_fast_math");
  CHECK(r.lines == 5);
  CHECK(r.diagnostics.empty());
}

TEST_CASE("cmake lexer: words of generator expressions and flag lists", "[lexer][cmake]") {
  CHECK(cmake_words("$<$<COMPILE_LANGUAGE:CUDA>:--use_fast_math>") ==
        Strings{"COMPILE_LANGUAGE:CUDA", "--use_fast_math"});
  CHECK(cmake_words("CUDA::cublas;-lcufft /usr/lib/libnccl.so.2") ==
        Strings{"CUDA::cublas", "-lcufft", "/usr/lib/libnccl.so.2"});
  CHECK(cmake_words("${CMAKE_CUDA_FLAGS} -ftz=true") == Strings{"CMAKE_CUDA_FLAGS", "-ftz=true"});
}

TEST_CASE("cmake lexer: unterminated constructs are diagnosed", "[lexer][cmake]") {
  CHECK(lex_cmake("set(X \"abc").diagnostics.size() == 1);
  CHECK(lex_cmake("#[[ open").diagnostics.size() == 1);
  CHECK(lex_cmake("set(X [[ open").diagnostics.size() == 1);
}
