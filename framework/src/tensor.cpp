#include "parity/tensor.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "parity/error.hpp"

namespace parity {

std::int64_t element_count(std::span<const std::int64_t> shape) {
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

Shape contiguous_strides(std::span<const std::int64_t> shape) {
  Shape strides(shape.size());
  std::int64_t s = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = s;
    s *= shape[i];
  }
  return strides;
}

std::string shape_string(std::span<const std::int64_t> shape) {
  if (shape.empty()) return "scalar";
  std::string out;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) out += 'x';
    out += std::to_string(shape[i]);
  }
  return out;
}

Shape unravel_index(std::int64_t linear, std::span<const std::int64_t> shape) {
  Shape coords(shape.size());
  for (std::size_t i = shape.size(); i-- > 0;) {
    auto d = shape[i] > 0 ? shape[i] : 1;
    coords[i] = linear % d;
    linear /= d;
  }
  return coords;
}

namespace {
void check_shape(const Shape& shape) {
  for (auto d : shape)
    if (d < 0) throw UsageError("tensor shape " + shape_string(shape) + " has a negative extent");
}
}  // namespace

TensorView::TensorView(DType dtype, Shape shape, const void* data)
    : dtype_(dtype), shape_(std::move(shape)), data_(static_cast<const std::byte*>(data)) {
  check_shape(shape_);
  strides_ = contiguous_strides(shape_);
}

TensorView::TensorView(DType dtype, Shape shape, Shape strides, const void* data)
    : dtype_(dtype),
      shape_(std::move(shape)),
      strides_(std::move(strides)),
      data_(static_cast<const std::byte*>(data)) {
  check_shape(shape_);
  if (strides_.size() != shape_.size())
    throw UsageError("tensor view has " + std::to_string(strides_.size()) + " strides for rank " +
                     std::to_string(shape_.size()));
  for (auto s : strides_)
    if (s < 0) throw UsageError("tensor view strides must not be negative");
}

bool TensorView::is_contiguous() const { return strides_ == contiguous_strides(shape_); }

std::size_t TensorView::nbytes() const {
  return static_cast<std::size_t>(numel()) * size_bytes(dtype_);
}

const std::byte* TensorView::element(std::int64_t linear) const {
  std::int64_t offset = 0;
  for (std::size_t i = shape_.size(); i-- > 0;) {
    auto d = shape_[i] > 0 ? shape_[i] : 1;
    offset += (linear % d) * strides_[i];
    linear /= d;
  }
  return data_ + offset * static_cast<std::int64_t>(size_bytes(dtype_));
}

void Tensor::FreeDeleter::operator()(std::byte* p) const { std::free(p); }

Tensor::Tensor(DType dtype, Shape shape) : dtype_(dtype), shape_(std::move(shape)) {
  check_shape(shape_);
  std::size_t bytes = nbytes();
  std::size_t padded = (bytes + 63) / 64 * 64;
  if (padded == 0) padded = 64;
  storage_.reset(static_cast<std::byte*>(std::aligned_alloc(64, padded)));
  if (!storage_) throw std::bad_alloc();
  std::memset(storage_.get(), 0, padded);
}

void Tensor::check_element_type(DType requested, std::size_t element_size) const {
  if (requested != dtype_ || element_size != size_bytes(dtype_))
    throw UsageError("tensor of dtype " + std::string(name(dtype_)) + " accessed as " +
                     std::string(name(requested)));
}

}  // namespace parity
