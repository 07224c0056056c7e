#include "golden/h5_types.hpp"

#include "parity/error.hpp"

namespace parity::detail::h5 {

namespace {

Datatype copy_of(hid_t predefined) {
  Datatype t(H5Tcopy(predefined));
  if (!t.valid()) throw GoldenError("HDF5 could not copy a predefined type (H5Tcopy failed)");
  return t;
}

// A little-endian IEEE-style float narrower than 32 bits, built the way h5py recognises it.
Datatype custom_float(std::size_t spos, std::size_t epos, std::size_t esize, std::size_t msize,
                      std::size_t bias, std::size_t bytes) {
  Datatype t = copy_of(H5T_IEEE_F32LE);
  // Order matters: the fields must fit the precision before it shrinks.
  if (H5Tset_fields(t.get(), spos, epos, esize, 0, msize) < 0 ||
      H5Tset_precision(t.get(), bytes * 8) < 0 || H5Tset_size(t.get(), bytes) < 0 ||
      H5Tset_ebias(t.get(), bias) < 0)
    throw GoldenError("HDF5 rejected a custom float type definition");
  return t;
}

Datatype complex_of(hid_t component, std::size_t component_bytes) {
  Datatype t(H5Tcreate(H5T_COMPOUND, 2 * component_bytes));
  if (!t.valid() || H5Tinsert(t.get(), "r", 0, component) < 0 ||
      H5Tinsert(t.get(), "i", component_bytes, component) < 0)
    throw GoldenError("HDF5 rejected the complex compound type definition");
  return t;
}

}  // namespace

Datatype file_type(DType dtype) {
  switch (dtype) {
    case DType::kFloat64:
      return copy_of(H5T_IEEE_F64LE);
    case DType::kFloat32:
      return copy_of(H5T_IEEE_F32LE);
    case DType::kFloat16:
      return custom_float(15, 10, 5, 10, 15, 2);
    case DType::kBFloat16:
      return custom_float(15, 7, 8, 7, 127, 2);
    case DType::kFloat8E5M2:
      return custom_float(7, 2, 5, 2, 15, 1);
    case DType::kFloat8E4M3FN:
    case DType::kFloat8E4M3FNUZ:
    case DType::kFloat8E5M2FNUZ:
    case DType::kFloat8E8M0FNU:
    case DType::kFloat4E2M1FN:
    case DType::kUInt8:
    case DType::kBool:
      return copy_of(H5T_STD_U8LE);
    case DType::kInt8:
      return copy_of(H5T_STD_I8LE);
    case DType::kInt16:
      return copy_of(H5T_STD_I16LE);
    case DType::kInt32:
      return copy_of(H5T_STD_I32LE);
    case DType::kInt64:
      return copy_of(H5T_STD_I64LE);
    case DType::kUInt16:
      return copy_of(H5T_STD_U16LE);
    case DType::kUInt32:
      return copy_of(H5T_STD_U32LE);
    case DType::kUInt64:
      return copy_of(H5T_STD_U64LE);
    case DType::kComplex64:
      return complex_of(H5T_IEEE_F32LE, 4);
    case DType::kComplex128:
      return complex_of(H5T_IEEE_F64LE, 8);
  }
  throw GoldenError("no HDF5 type for dtype " + std::string(name(dtype)));
}

bool is_file_type(hid_t stored, DType dtype) {
  Datatype expected = file_type(dtype);
  return H5Tequal(stored, expected.get()) > 0;
}

std::string describe_type(hid_t type) {
  const std::size_t size = H5Tget_size(type);
  const std::string bits = std::to_string(size * 8) + "-bit";
  switch (H5Tget_class(type)) {
    case H5T_INTEGER: {
      std::string order = H5Tget_order(type) == H5T_ORDER_BE ? " big-endian" : "";
      return bits + order + (H5Tget_sign(type) == H5T_SGN_NONE ? " unsigned" : " signed") +
             " integer";
    }
    case H5T_FLOAT: {
      std::size_t spos = 0, epos = 0, esize = 0, mpos = 0, msize = 0;
      H5Tget_fields(type, &spos, &epos, &esize, &mpos, &msize);
      std::string order = H5Tget_order(type) == H5T_ORDER_BE ? " big-endian" : "";
      return bits + order + " float (" + std::to_string(esize) + " exponent bits, bias " +
             std::to_string(H5Tget_ebias(type)) + ", " + std::to_string(msize) + " mantissa bits)";
    }
    case H5T_STRING:
      return "string";
    case H5T_COMPOUND:
      return "compound of " + std::to_string(H5Tget_nmembers(type)) + " members, " +
             std::to_string(size) + " bytes";
    case H5T_ENUM:
      return "enum";
    case H5T_ARRAY:
      return "array type";
    case H5T_VLEN:
      return "variable-length type";
    case H5T_OPAQUE:
      return bits + " opaque";
    default:
      return "an HDF5 type parity does not use";
  }
}

}  // namespace parity::detail::h5
