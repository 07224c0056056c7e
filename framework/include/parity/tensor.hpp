// Host tensors: an owning Tensor and a non-owning, possibly strided TensorView, both typed by a
// runtime DType. Shapes and strides are in elements, row-major (C order) unless strides say else.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "parity/dtype.hpp"
#include "parity/scalar_types.hpp"

namespace parity {

using Shape = std::vector<std::int64_t>;

std::int64_t element_count(std::span<const std::int64_t> shape);
Shape contiguous_strides(std::span<const std::int64_t> shape);
//! "4096x1024" ("scalar" for rank 0).
std::string shape_string(std::span<const std::int64_t> shape);
//! Multi-dimensional coordinates of a row-major linear index.
Shape unravel_index(std::int64_t linear, std::span<const std::int64_t> shape);

class TensorView {
 public:
  TensorView() = default;
  //! Contiguous row-major view.
  TensorView(DType dtype, Shape shape, const void* data);
  //! Strided view; strides in elements, may be zero (broadcast) but not negative.
  TensorView(DType dtype, Shape shape, Shape strides, const void* data);

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  const Shape& strides() const { return strides_; }
  int rank() const { return static_cast<int>(shape_.size()); }
  std::int64_t numel() const { return element_count(shape_); }
  bool is_contiguous() const;
  const std::byte* data() const { return data_; }
  //! Bytes spanned by a contiguous view (numel * size_bytes(dtype)).
  std::size_t nbytes() const;
  //! Pointer to the element at a row-major linear index (honours strides).
  const std::byte* element(std::int64_t linear) const;

 private:
  DType dtype_ = DType::kFloat32;
  Shape shape_;
  Shape strides_;
  const std::byte* data_ = nullptr;
};

//! Owning, contiguous, 64-byte aligned host tensor.
class Tensor {
 public:
  Tensor() = default;
  Tensor(DType dtype, Shape shape);  // zero-filled

  DType dtype() const { return dtype_; }
  const Shape& shape() const { return shape_; }
  std::int64_t numel() const { return element_count(shape_); }
  std::size_t nbytes() const { return numel() * size_bytes(dtype_); }
  std::byte* data() { return storage_.get(); }
  const std::byte* data() const { return storage_.get(); }
  std::span<std::byte> bytes() { return {data(), nbytes()}; }
  std::span<const std::byte> bytes() const { return {data(), nbytes()}; }

  template <class T>
  std::span<T> as() {
    check_element_type(dtype_of<T>, sizeof(T));
    return {reinterpret_cast<T*>(data()), static_cast<std::size_t>(numel())};
  }
  template <class T>
  std::span<const T> as() const {
    check_element_type(dtype_of<T>, sizeof(T));
    return {reinterpret_cast<const T*>(data()), static_cast<std::size_t>(numel())};
  }

  TensorView view() const { return TensorView(dtype_, shape_, data()); }
  operator TensorView() const { return view(); }  // NOLINT: a tensor is usable wherever a view is

 private:
  struct FreeDeleter {
    void operator()(std::byte* p) const;
  };
  void check_element_type(DType requested, std::size_t element_size) const;

  DType dtype_ = DType::kFloat32;
  Shape shape_;
  std::unique_ptr<std::byte[], FreeDeleter> storage_;
};

//! View over typed host memory, e.g. view_of(std::span<const float>(v), {rows, cols}).
template <class T>
TensorView view_of(std::span<const T> values, Shape shape) {
  return TensorView(dtype_of<T>, std::move(shape), values.data());
}

}  // namespace parity
