#include "golden/h5_attributes.hpp"

#include <string>
#include <vector>

namespace parity::detail::h5 {

namespace {

void write_raw(hid_t object, const char* name, hid_t type, hid_t space, const void* data,
               const Where& where) {
  Attribute attr(check(H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT), where,
                       std::string("cannot create attribute '") + name + "'"));
  check(H5Awrite(attr.get(), type, data), where,
        std::string("cannot write attribute '") + name + "'");
  attr.close(where, std::string("cannot close attribute '") + name + "'");
}

Dataspace scalar_space(const Where& where) {
  return Dataspace(check(H5Screate(H5S_SCALAR), where, "cannot create a scalar dataspace"));
}

}  // namespace

void write_string(hid_t object, const char* name, std::string_view value, const Where& where) {
  // Fixed-length, NUL-padded; HDF5 cannot express a zero-length fixed string, so "" is one NUL.
  Datatype type(check(H5Tcopy(H5T_C_S1), where, "cannot copy the string type"));
  std::string padded(value);
  if (padded.empty()) padded.push_back('\0');
  check(H5Tset_size(type.get(), padded.size()), where, "cannot size a string type");
  check(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), where, "cannot set string padding");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), where, "cannot set the string character set");
  Dataspace space = scalar_space(where);
  write_raw(object, name, type.get(), space.get(), padded.data(), where);
}

void write_int32(hid_t object, const char* name, std::int32_t value, const Where& where) {
  Dataspace space = scalar_space(where);
  write_raw(object, name, H5T_STD_I32LE, space.get(), &value, where);
}

void write_uint64(hid_t object, const char* name, std::uint64_t value, const Where& where) {
  Dataspace space = scalar_space(where);
  write_raw(object, name, H5T_STD_U64LE, space.get(), &value, where);
}

void write_int64_array(hid_t object, const char* name, std::span<const std::int64_t> values,
                       const Where& where) {
  hsize_t n = values.size();
  Dataspace space(check(H5Screate_simple(1, &n, nullptr), where, "cannot create a dataspace"));
  static const std::int64_t kNothing = 0;  // H5Awrite wants a valid pointer even for 0 elements
  write_raw(object, name, H5T_STD_I64LE, space.get(), values.empty() ? &kNothing : values.data(),
            where);
}

namespace {

struct IterateState {
  AttributeMap* map;
  const Where* where;
  std::string error;
};

std::string integer_kind(std::size_t size, bool is_signed) {
  return "a " + std::to_string(8 * size) + "-bit " + (is_signed ? "signed" : "unsigned") +
         " integer";
}

AttributeValue read_one(hid_t attr, const std::string& name, const Where& where) {
  const Where at{where.file, "attribute '" + name + "' of " + where.object};
  Datatype type(check(H5Aget_type(attr), at, "cannot read the attribute's type"));
  Dataspace space(check(H5Aget_space(attr), at, "cannot read the attribute's dataspace"));
  const H5S_class_t space_class = H5Sget_simple_extent_type(space.get());
  const int rank = H5Sget_simple_extent_ndims(space.get());
  const hssize_t count = H5Sget_simple_extent_npoints(space.get());
  const H5T_class_t type_class = H5Tget_class(type.get());
  const std::size_t size = H5Tget_size(type.get());

  if (type_class == H5T_STRING) {
    const htri_t variable = H5Tis_variable_str(type.get());
    if (variable != 0)
      return UnsupportedAttribute{"a variable-length string (schema v1 uses fixed-length)"};
    if (space_class != H5S_SCALAR) return UnsupportedAttribute{"a string array"};
    const H5T_cset_t cset = H5Tget_cset(type.get());
    if (cset != H5T_CSET_ASCII && cset != H5T_CSET_UTF8)
      return UnsupportedAttribute{"a string of an unknown character set"};
    if (size == 0 || size > kMaxAttributeText)
      return UnsupportedAttribute{"a string of " + std::to_string(size) +
                                  " bytes, longer than the " + std::to_string(kMaxAttributeText) +
                                  " bytes schema v1 allows"};
    std::string text(size, '\0');
    // Memory type = the file's type: HDF5 copies the bytes and converts nothing.
    check(H5Aread(attr, type.get(), text.data()), at, "cannot read the string");
    while (!text.empty() && text.back() == '\0') text.pop_back();
    if (text.find('\0') != std::string::npos)
      return UnsupportedAttribute{"a string with an embedded NUL"};
    if (!is_valid_utf8(text)) return UnsupportedAttribute{"a string that is not valid UTF-8"};
    return text;
  }
  if (type_class != H5T_INTEGER)
    return UnsupportedAttribute{"an attribute type schema v1 does not use"};
  if (H5Tget_order(type.get()) != H5T_ORDER_LE) return UnsupportedAttribute{"a big-endian integer"};
  const bool is_signed = H5Tget_sign(type.get()) != H5T_SGN_NONE;
  // Exactly the kinds schema v1 writes; same-type reads, so nothing is converted.
  if (space_class == H5S_SCALAR) {
    if (is_signed && size == 4) {
      std::int32_t v = 0;
      check(H5Aread(attr, H5T_STD_I32LE, &v), at, "cannot read the integer");
      return v;
    }
    if (!is_signed && size == 8) {
      std::uint64_t v = 0;
      check(H5Aread(attr, H5T_STD_U64LE, &v), at, "cannot read the integer");
      return v;
    }
    return UnsupportedAttribute{integer_kind(size, is_signed)};
  }
  if (space_class == H5S_SIMPLE && rank == 1 && is_signed && size == 8) {
    if (count < 0 || count > 64) return UnsupportedAttribute{"an int64 array of over 64 entries"};
    std::vector<std::int64_t> values(static_cast<std::size_t>(count));
    std::int64_t dummy = 0;
    check(H5Aread(attr, H5T_STD_I64LE, values.empty() ? &dummy : values.data()), at,
          "cannot read the integer array");
    return values;
  }
  return UnsupportedAttribute{"an array of " + integer_kind(size, is_signed).substr(2) + "s"};
}

herr_t visit(hid_t object, const char* name, const H5A_info_t*, void* data) {
  auto* state = static_cast<IterateState*>(data);
  try {
    Attribute attr(check(H5Aopen(object, name, H5P_DEFAULT), *state->where,
                         std::string("cannot open attribute '") + name + "'"));
    state->map->emplace(name, read_one(attr.get(), name, *state->where));
    return 0;
  } catch (const std::exception& e) {
    state->error = e.what();
    return -1;  // stops the iteration; the error is rethrown below
  }
}

}  // namespace

AttributeMap read_attributes(hid_t object, const Where& where) {
  AttributeMap map;
  IterateState state{&map, &where, {}};
  hsize_t index = 0;
  herr_t rc = H5Aiterate2(object, H5_INDEX_NAME, H5_ITER_INC, &index, visit, &state);
  if (!state.error.empty()) throw GoldenError(state.error);
  check(rc, where, "cannot list the attributes");
  return map;
}

}  // namespace parity::detail::h5
