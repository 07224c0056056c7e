// Reading and writing the attribute kinds schema v1 uses: fixed-length strings (never
// variable-length: those live in HDF5's unchecksummed global heap), integer scalars and int64
// arrays.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "golden/h5_handle.hpp"
#include "golden/schema_validation.hpp"

namespace parity::detail::h5 {

void write_string(hid_t object, const char* name, std::string_view value, const Where& where);
void write_int32(hid_t object, const char* name, std::int32_t value, const Where& where);
void write_uint64(hid_t object, const char* name, std::uint64_t value, const Where& where);
void write_int64_array(hid_t object, const char* name, std::span<const std::int64_t> values,
                       const Where& where);

//! Every attribute of an object; kinds schema v1 never writes come back as UnsupportedAttribute.
AttributeMap read_attributes(hid_t object, const Where& where);

}  // namespace parity::detail::h5
