// thrust::device_vector and thrust::host_vector on the emulator. A device_vector owns an
// emulator allocation (device memory), value-initialises its elements as Thrust does, and hands
// out device_ptr iterators and device_reference elements, so code that treats its iterators as
// raw pointers fails to compile here as with Thrust. host_vector is a std::vector that converts
// to and from device_vector.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <new>
#include <utility>
#include <vector>

#include "parity/simt/libs/thrust/memory.hpp"

namespace thrust {

template <class T>
class device_vector;

template <class T, class Alloc = std::allocator<T>>
class host_vector : public std::vector<T, Alloc> {
  using Base = std::vector<T, Alloc>;

 public:
  using Base::Base;
  host_vector() = default;
  host_vector(const Base& v) : Base(v) {}
  host_vector(Base&& v) : Base(std::move(v)) {}
  host_vector(const device_vector<T>& d);
  host_vector& operator=(const device_vector<T>& d);
};

template <class T>
class device_vector {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
  using const_pointer = device_ptr<const T>;
  using reference = device_reference<T>;
  using const_reference = device_reference<const T>;
  using iterator = device_ptr<T>;
  using const_iterator = device_ptr<const T>;

  device_vector() = default;
  explicit device_vector(size_type n) { assign_fill(n, T()); }
  device_vector(size_type n, const T& value) { assign_fill(n, value); }
  device_vector(const device_vector& other) { assign_range(other.p_, other.p_ + other.n_); }
  device_vector(device_vector&& other) noexcept
      : p_(std::exchange(other.p_, nullptr)),
        n_(std::exchange(other.n_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  template <class U, class A>
  device_vector(const std::vector<U, A>& v) {
    assign_range(v.begin(), v.end());
  }
  template <class U, class A>
  device_vector(const host_vector<U, A>& v) {
    assign_range(v.begin(), v.end());
  }
  device_vector(std::initializer_list<T> list) { assign_range(list.begin(), list.end()); }
  template <class It, class = std::enable_if_t<!std::is_integral_v<It>>>
  device_vector(It first, It last) {
    assign_range(first, last);
  }
  ~device_vector() { release(); }

  device_vector& operator=(const device_vector& other) {
    if (this != &other) assign_range(other.p_, other.p_ + other.n_);
    return *this;
  }
  device_vector& operator=(device_vector&& other) noexcept {
    if (this != &other) {
      release();
      p_ = std::exchange(other.p_, nullptr);
      n_ = std::exchange(other.n_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  template <class U, class A>
  device_vector& operator=(const std::vector<U, A>& v) {
    assign_range(v.begin(), v.end());
    return *this;
  }
  template <class U, class A>
  device_vector& operator=(const host_vector<U, A>& v) {
    assign_range(v.begin(), v.end());
    return *this;
  }

  size_type size() const { return n_; }
  size_type capacity() const { return capacity_; }
  bool empty() const { return n_ == 0; }
  iterator begin() { return iterator(p_); }
  iterator end() { return iterator(p_ + n_); }
  const_iterator begin() const { return const_iterator(p_); }
  const_iterator end() const { return const_iterator(p_ + n_); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  pointer data() { return pointer(p_); }
  const_pointer data() const { return const_pointer(p_); }
  reference operator[](size_type i) { return reference(p_ + i); }
  const_reference operator[](size_type i) const { return const_reference(p_ + i); }
  reference front() { return reference(p_); }
  reference back() { return reference(p_ + n_ - 1); }

  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T& value) {
    reserve(n);
    for (size_type i = n_; i < n; ++i) new (p_ + i) T(value);
    n_ = n;
  }
  void reserve(size_type n) {
    if (n <= capacity_) return;
    T* q = static_cast<T*>(::parity::simt::allocate(n * sizeof(T)));
    if (q == nullptr) throw std::bad_alloc();
    std::copy(p_, p_ + n_, q);
    ::parity::simt::release(p_);
    p_ = q;
    capacity_ = n;
  }
  void clear() { n_ = 0; }
  void shrink_to_fit() {}
  void push_back(const T& v) {
    if (n_ == capacity_) reserve(capacity_ == 0 ? 8 : 2 * capacity_);
    new (p_ + n_++) T(v);
  }
  void pop_back() { --n_; }
  void swap(device_vector& other) noexcept {
    std::swap(p_, other.p_);
    std::swap(n_, other.n_);
    std::swap(capacity_, other.capacity_);
  }
  template <class It>
  void assign(It first, It last) {
    assign_range(first, last);
  }
  void assign(size_type n, const T& value) { assign_fill(n, value); }

 private:
  void release() {
    ::parity::simt::release(p_);
    p_ = nullptr;
    n_ = capacity_ = 0;
  }
  void assign_fill(size_type n, const T& value) {
    n_ = 0;
    reserve(n);
    for (size_type i = 0; i < n; ++i) new (p_ + i) T(value);
    n_ = n;
  }
  template <class It>
  void assign_range(It first, It last) {
    const auto n = static_cast<size_type>(std::distance(first, last));
    std::vector<T> staged;  // the source may be this vector's own storage
    staged.reserve(n);
    for (; first != last; ++first) staged.push_back(static_cast<T>(*first));
    n_ = 0;
    reserve(n);
    for (size_type i = 0; i < n; ++i) new (p_ + i) T(staged[i]);
    n_ = n;
  }

  T* p_ = nullptr;
  size_type n_ = 0;
  size_type capacity_ = 0;
};

template <class T, class Alloc>
host_vector<T, Alloc>::host_vector(const device_vector<T>& d) {
  this->reserve(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) this->push_back(static_cast<T>(d[i]));
}
template <class T, class Alloc>
host_vector<T, Alloc>& host_vector<T, Alloc>::operator=(const device_vector<T>& d) {
  this->clear();
  for (std::size_t i = 0; i < d.size(); ++i) this->push_back(static_cast<T>(d[i]));
  return *this;
}

}  // namespace thrust
