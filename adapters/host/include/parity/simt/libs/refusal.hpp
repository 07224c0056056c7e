// Compile-time refusals for the vendor-library calls the emulator does not cover. A call to one
// of them is a compile error whose message names the call, instead of a link error or a silent
// zero: each is a template whose body static_asserts on a condition that depends on the call's
// arguments, so it fires only where the call is made.
//   parity-simt: cublasSgemv (cuBLAS) is not emulated: ...
#pragma once

namespace parity::simt::libs {

template <class...>
inline constexpr bool kNotCovered = false;
template <auto...>
inline constexpr bool kNotCoveredValue = false;

//! What a refused call returns: converts to anything, so the static_assert is the only error.
struct Refused {
  template <class T>
  operator T() const {
    return T{};
  }
};

}  // namespace parity::simt::libs

#define PARITY_SIMT_REFUSAL_MESSAGE(name, library)         \
  "parity-simt: " name " (" library                        \
  ") is not emulated: docs/vendor-libraries.md lists the " \
  "covered calls; build this code for GPU backends only or use a covered call"

//! A free function (cuBLAS, hipBLAS, cuBLASLt, hipBLASLt, Thrust algorithms).
#define PARITY_SIMT_NOT_COVERED_FUNCTION(name, library)             \
  template <class... ParityArgs>                                    \
  inline ::parity::simt::libs::Refused name(ParityArgs&&...) {      \
    static_assert(::parity::simt::libs::kNotCovered<ParityArgs...>, \
                  PARITY_SIMT_REFUSAL_MESSAGE(#name, library));     \
    return {};                                                      \
  }

//! A static member function of a dispatch class (cub::DeviceSelect::If, ...).
#define PARITY_SIMT_NOT_COVERED_STATIC(name, qualified, library)    \
  template <class... ParityArgs>                                    \
  static ::parity::simt::libs::Refused name(ParityArgs&&...) {      \
    static_assert(::parity::simt::libs::kNotCovered<ParityArgs...>, \
                  PARITY_SIMT_REFUSAL_MESSAGE(qualified, library)); \
    return {};                                                      \
  }

//! A class template whose parameters are a type followed by values (cub::BlockHistogram<T, 128,
//! ...>): naming a specialisation of it is the error.
#define PARITY_SIMT_NOT_COVERED_CLASS(name, qualified, library)     \
  template <class ParityT, auto... ParityValues>                    \
  class name {                                                      \
    static_assert(::parity::simt::libs::kNotCovered<ParityT>,       \
                  PARITY_SIMT_REFUSAL_MESSAGE(qualified, library)); \
  };
