// The HDF5 file type schema v1 uses for each dtype. Data is always written and read with the
// memory type equal to this file type, so HDF5 never converts a value.
#pragma once

#include <string>

#include "golden/h5_handle.hpp"
#include "parity/dtype.hpp"

namespace parity::detail::h5 {

//! A fresh (owned) copy of the file type for `dtype`:
//!   float64/float32: IEEE LE; float16: (sign 15, exponent 10+5, mantissa 0+10, bias 15);
//!   bfloat16: (15, 7+8, 0+7, bias 127); float8_e5m2: (7, 2+5, 0+2, bias 15), 1 byte;
//!   other fp8/fp4: uint8 raw bits; integers: STD LE; bool: uint8;
//!   complex: compound {"r", "i"} of the IEEE component type (h5py reads it as numpy complex).
Datatype file_type(DType dtype);

//! True when `stored` is exactly file_type(dtype).
bool is_file_type(hid_t stored, DType dtype);

//! A short description of a stored type for error messages, e.g. "8-bit unsigned integer".
std::string describe_type(hid_t type);

}  // namespace parity::detail::h5
