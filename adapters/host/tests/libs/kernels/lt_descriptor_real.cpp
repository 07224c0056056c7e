// The cuBLASLt descriptor script against the real libcublasLt (no GPU needed for descriptors).
#include <cublasLt.h>

#include "blaslt_launchers.hpp"
#include "lt_descriptor_script.inc"

std::vector<std::string> blaslt_test::real_cublaslt_descriptor_script() {
  return script();
}
