// The cuBLASLt stand-in's descriptor calls against the real libcublasLt, which runs them without
// a GPU: one script (kernels/lt_descriptor_script.inc: every attribute id of layouts, matmul
// descriptors and preferences with sizes 1 to 16, initial values, size queries, null
// arguments, status names) built against both; every line must agree.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>

#include "blaslt_launchers.hpp"

TEST_CASE("libs/blaslt_real/cublaslt descriptors behave as libcublasLt's", "[libs][blaslt]") {
  const auto real = blaslt_test::real_cublaslt_descriptor_script();
  const auto emulated = blaslt_test::emulated_cublaslt_descriptor_script();
  REQUIRE(real.size() > 100);
  REQUIRE(emulated.size() == real.size());
  for (std::size_t i = 0; i < real.size(); ++i) {
    INFO("line " << i);
    CHECK(emulated[i] == real[i]);
  }
}
