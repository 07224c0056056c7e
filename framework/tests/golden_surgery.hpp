// Test-only HDF5 surgery on golden files: changes one attribute, link or group of a valid file so
// that a test can check the reader's reaction to exactly that defect. Only the golden tests that
// link HDF5 include this (framework/CMakeLists.txt links it to them).
#pragma once

#include <hdf5.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace parity::testing {

class Surgery {
 public:
  explicit Surgery(const std::filesystem::path& file) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    file_ = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    if (file_ < 0) throw std::runtime_error("surgery: cannot open " + file.string());
  }
  ~Surgery() { H5Fclose(file_); }
  Surgery(const Surgery&) = delete;
  Surgery& operator=(const Surgery&) = delete;

  void delete_attribute(const char* object, const char* name) {
    ok(H5Adelete_by_name(file_, object, name, H5P_DEFAULT), "H5Adelete_by_name");
  }
  void set_string(const char* object, const char* name, const std::string& value) {
    if (H5Aexists_by_name(file_, object, name, H5P_DEFAULT) > 0) delete_attribute(object, name);
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, value.empty() ? 1 : value.size());
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t a =
        H5Acreate_by_name(file_, object, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ok(a, "H5Acreate_by_name");
    std::string padded = value.empty() ? std::string(1, '\0') : value;
    ok(H5Awrite(a, type, padded.data()), "H5Awrite");
    H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
  }
  void set_variable_string(const char* object, const char* name, const char* value) {
    if (H5Aexists_by_name(file_, object, name, H5P_DEFAULT) > 0) delete_attribute(object, name);
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t a =
        H5Acreate_by_name(file_, object, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ok(H5Awrite(a, type, &value), "H5Awrite");
    H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
  }
  void set_int(const char* object, const char* name, std::int32_t value) {
    if (H5Aexists_by_name(file_, object, name, H5P_DEFAULT) > 0) delete_attribute(object, name);
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t a = H5Acreate_by_name(file_, object, name, H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT,
                                H5P_DEFAULT);
    ok(H5Awrite(a, H5T_NATIVE_INT32, &value), "H5Awrite");
    H5Aclose(a);
    H5Sclose(space);
  }
  void set_int64_array(const char* object, const char* name, std::vector<std::int64_t> values) {
    if (H5Aexists_by_name(file_, object, name, H5P_DEFAULT) > 0) delete_attribute(object, name);
    hsize_t n = values.size();
    hid_t space = H5Screate_simple(1, &n, nullptr);
    hid_t a = H5Acreate_by_name(file_, object, name, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT,
                                H5P_DEFAULT);
    std::int64_t dummy = 0;
    ok(H5Awrite(a, H5T_NATIVE_INT64, values.empty() ? &dummy : values.data()), "H5Awrite");
    H5Aclose(a);
    H5Sclose(space);
  }
  void delete_link(const char* path) { ok(H5Ldelete(file_, path, H5P_DEFAULT), "H5Ldelete"); }
  void move_link(const char* from, const char* to) {
    ok(H5Lmove(file_, from, file_, to, H5P_DEFAULT, H5P_DEFAULT), "H5Lmove");
  }
  void external_link(const char* file, const char* object, const char* path) {
    ok(H5Lcreate_external(file, object, file_, path, H5P_DEFAULT, H5P_DEFAULT),
       "H5Lcreate_external");
  }
  //! Replaces float32 dataset `path` (shape `dims`) by one of the same type and shape whose
  //! creation properties `configure` sets (external storage, filters, layout), copying every
  //! attribute, so that only its storage differs. `write` false: leave its storage unallocated.
  template <class F>
  void restore_dataset(const char* path, std::vector<hsize_t> dims, F configure,
                       bool write = true) {
    hid_t old = H5Dopen2(file_, path, H5P_DEFAULT);
    ok(old, "H5Dopen2");
    std::vector<float> data(1);
    hsize_t n = 1;
    for (hsize_t d : dims) n *= d;
    if (write) {
      data.resize(n);
      ok(H5Dread(old, H5T_IEEE_F32LE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), "H5Dread");
    }
    ok(H5Lmove(file_, path, file_, "/old_dataset", H5P_DEFAULT, H5P_DEFAULT), "H5Lmove");
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    configure(dcpl);
    hid_t space = H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
    hid_t ds = H5Dcreate2(file_, path, H5T_IEEE_F32LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    ok(ds, "H5Dcreate2");
    if (write)
      ok(H5Dwrite(ds, H5T_IEEE_F32LE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), "H5Dwrite");
    H5Ocopy(file_, "/old_dataset", file_, "/attribute_carrier", H5P_DEFAULT, H5P_DEFAULT);
    hsize_t idx = 0;
    H5Aiterate2(old, H5_INDEX_NAME, H5_ITER_INC, &idx, copy_attribute, &ds);
    H5Dclose(old);
    H5Ldelete(file_, "/old_dataset", H5P_DEFAULT);
    H5Ldelete(file_, "/attribute_carrier", H5P_DEFAULT);
    H5Dclose(ds);
    H5Sclose(space);
    H5Pclose(dcpl);
  }
  void soft_link(const char* target, const char* path) {
    ok(H5Lcreate_soft(target, file_, path, H5P_DEFAULT, H5P_DEFAULT), "H5Lcreate_soft");
  }
  void create_group(const char* path) {
    hid_t g = H5Gcreate2(file_, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ok(g, "H5Gcreate2");
    H5Gclose(g);
  }
  //! A new float32 dataset without any attributes.
  void create_bare_dataset(const char* path) {
    hsize_t n = 3;
    hid_t space = H5Screate_simple(1, &n, nullptr);
    hid_t d = H5Dcreate2(file_, path, H5T_IEEE_F32LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    ok(d, "H5Dcreate2");
    float v[3] = {1, 2, 3};
    H5Dwrite(d, H5T_IEEE_F32LE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    H5Dclose(d);
    H5Sclose(space);
  }

 private:
  static herr_t copy_attribute(hid_t object, const char* name, const H5A_info_t*, void* data) {
    hid_t to = *static_cast<hid_t*>(data);
    hid_t a = H5Aopen(object, name, H5P_DEFAULT);
    hid_t type = H5Aget_type(a), space = H5Aget_space(a);
    std::vector<char> buf(H5Tget_size(type) * static_cast<std::size_t>(std::max<hssize_t>(
                                                  1, H5Sget_simple_extent_npoints(space))));
    H5Aread(a, type, buf.data());
    hid_t b = H5Acreate2(to, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    H5Awrite(b, type, buf.data());
    H5Aclose(b);
    H5Sclose(space);
    H5Tclose(type);
    H5Aclose(a);
    return 0;
  }
  static void ok(std::int64_t rc, const char* what) {
    if (rc < 0) throw std::runtime_error(std::string("surgery: ") + what + " failed");
  }
  hid_t file_ = -1;
};

}  // namespace parity::testing
