// Splits a row-major tensor into slabs that are each one contiguous range of linear indices and
// one HDF5 hyperslab: slab dims are {1, ..., 1, rows, full, ..., full} with the split at the
// outermost dimension whose inner block fits the byte target. Schema v1 uses the same shape for
// HDF5 chunks, so a chunk's valid bytes are always one contiguous range of the tensor.
#pragma once

#include <hdf5.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "parity/tensor.hpp"

namespace parity::detail {

struct Slab {
  std::int64_t first = 0;  // linear index of the first element
  std::int64_t count = 0;  // elements
  std::vector<hsize_t> start;
  std::vector<hsize_t> extent;
};

class SlabPlan {
 public:
  //! Split chosen for a byte target (at least one element per slab).
  SlabPlan(Shape shape, std::size_t element_bytes, std::size_t target_bytes)
      : shape_(std::move(shape)) {
    const int rank = static_cast<int>(shape_.size());
    numel_ = element_count(shape_);
    if (rank == 0 || numel_ == 0) return;
    inner_.assign(static_cast<std::size_t>(rank), 1);
    for (int i = rank - 2; i >= 0; --i)
      inner_[static_cast<std::size_t>(i)] =
          inner_[static_cast<std::size_t>(i) + 1] * shape_[static_cast<std::size_t>(i) + 1];
    split_ = rank - 1;
    for (int k = 0; k < rank; ++k) {
      if (static_cast<std::size_t>(inner_[static_cast<std::size_t>(k)]) * element_bytes <=
          target_bytes) {
        split_ = k;
        break;
      }
    }
    const auto row_bytes =
        static_cast<std::size_t>(inner_[static_cast<std::size_t>(split_)]) * element_bytes;
    rows_ = std::clamp<std::int64_t>(static_cast<std::int64_t>(target_bytes / row_bytes), 1,
                                     shape_[static_cast<std::size_t>(split_)]);
    finish();
  }

  //! An explicit split (e.g. taken from a file's chunk dims).
  SlabPlan(Shape shape, int split, std::int64_t rows) : shape_(std::move(shape)) {
    const int rank = static_cast<int>(shape_.size());
    numel_ = element_count(shape_);
    if (rank == 0 || numel_ == 0) return;
    inner_.assign(static_cast<std::size_t>(rank), 1);
    for (int i = rank - 2; i >= 0; --i)
      inner_[static_cast<std::size_t>(i)] =
          inner_[static_cast<std::size_t>(i) + 1] * shape_[static_cast<std::size_t>(i) + 1];
    split_ = split;
    rows_ = std::clamp<std::int64_t>(rows, 1, shape_[static_cast<std::size_t>(split_)]);
    finish();
  }

  //! -1 for a scalar or an empty tensor.
  int split() const { return split_; }
  std::int64_t rows() const { return rows_; }
  //! Slab (= chunk) dims: {1, ..., rows, full, ...}; empty for scalar/empty tensors.
  std::vector<hsize_t> slab_dims() const {
    std::vector<hsize_t> dims(shape_.size(), 1);
    if (split_ < 0) return {};
    for (std::size_t i = 0; i < shape_.size(); ++i) {
      if (static_cast<int>(i) == split_) dims[i] = static_cast<hsize_t>(rows_);
      if (static_cast<int>(i) > split_) dims[i] = static_cast<hsize_t>(shape_[i]);
    }
    return dims;
  }
  std::int64_t slab_elements() const {
    return split_ < 0 ? numel_ : rows_ * inner_[static_cast<std::size_t>(split_)];
  }
  //! Number of slabs: 0 for an empty tensor, 1 for a scalar.
  std::int64_t count() const {
    if (numel_ == 0) return 0;
    return split_ < 0 ? 1 : outer_ * per_outer_;
  }

  Slab slab(std::int64_t index) const {
    Slab s;
    if (split_ < 0) {
      s.count = numel_;
      return s;
    }
    const std::size_t rank = shape_.size();
    const auto k = static_cast<std::size_t>(split_);
    s.start.assign(rank, 0);
    s.extent.assign(rank, 1);
    std::int64_t outer = index / per_outer_;
    const std::int64_t j = index % per_outer_;
    for (std::size_t i = k; i-- > 0;) {
      s.start[i] = static_cast<hsize_t>(outer % shape_[i]);
      outer /= shape_[i];
    }
    const std::int64_t row0 = j * rows_;
    const std::int64_t nrows = std::min(rows_, shape_[k] - row0);
    s.start[k] = static_cast<hsize_t>(row0);
    s.extent[k] = static_cast<hsize_t>(nrows);
    for (std::size_t i = k + 1; i < rank; ++i) s.extent[i] = static_cast<hsize_t>(shape_[i]);
    std::int64_t linear = 0;
    for (std::size_t i = 0; i < rank; ++i)
      linear += static_cast<std::int64_t>(s.start[i]) * inner_[i];
    s.first = linear;
    s.count = nrows * inner_[k];
    return s;
  }

 private:
  void finish() {
    const auto k = static_cast<std::size_t>(split_);
    outer_ = 1;
    for (std::size_t i = 0; i < k; ++i) outer_ *= shape_[i];
    per_outer_ = (shape_[k] + rows_ - 1) / rows_;
  }

  Shape shape_;
  std::int64_t numel_ = 0;
  std::vector<std::int64_t> inner_;  // elements in one step of each dimension
  int split_ = -1;
  std::int64_t rows_ = 0;
  std::int64_t outer_ = 0;
  std::int64_t per_outer_ = 0;
};

}  // namespace parity::detail
