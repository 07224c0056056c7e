// Runtime calls of the test kernels' host code (stream and buffer set-up) that must succeed: a
// failure throws, so the test reports it instead of computing on a null stream or buffer. One
// template for both dialects (cudaError_t and hipError_t are enums whose success is 0); it also
// consumes the result that ROCm declares nodiscard.
#pragma once

#include <stdexcept>
#include <string>

namespace libs_test {

template <class Error>
void require(Error e, const char* call) {
  if (static_cast<int>(e) != 0)
    throw std::runtime_error(std::string(call) + " failed with error " +
                             std::to_string(static_cast<int>(e)));
}

}  // namespace libs_test
