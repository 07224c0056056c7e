// Thrust's device memory vocabulary on the emulator: device_ptr (a random-access iterator that
// does not convert to a raw pointer, as in Thrust: raw_pointer_cast is needed to pass one to a
// kernel), device_reference (what dereferencing one gives: reads and writes through it, like
// Thrust's host-side access to device memory), device_malloc / device_free, and
// raw_pointer_cast / device_pointer_cast. Device memory is the emulator's allocation.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

#include "parity/simt/runtime_api.hpp"

namespace thrust {

template <class T>
class device_ptr;

//! A reference to an element in device memory.
template <class T>
class device_reference {
 public:
  using value_type = std::remove_cv_t<T>;
  using pointer = device_ptr<T>;

  explicit device_reference(T* p) : p_(p) {}
  device_reference(const device_reference&) = default;

  operator value_type() const { return *p_; }
  device_reference& operator=(const value_type& v) {
    *p_ = v;
    return *this;
  }
  device_reference& operator=(const device_reference& other) {
    *p_ = static_cast<value_type>(other);
    return *this;
  }
  pointer operator&() const { return pointer(p_); }

  device_reference& operator+=(const value_type& v) {
    *p_ += v;
    return *this;
  }
  device_reference& operator-=(const value_type& v) {
    *p_ -= v;
    return *this;
  }
  device_reference& operator*=(const value_type& v) {
    *p_ *= v;
    return *this;
  }
  device_reference& operator/=(const value_type& v) {
    *p_ /= v;
    return *this;
  }
  device_reference& operator++() {
    ++*p_;
    return *this;
  }
  device_reference& operator--() {
    --*p_;
    return *this;
  }
  value_type operator++(int) { return (*p_)++; }
  value_type operator--(int) { return (*p_)--; }

  friend void swap(device_reference a, device_reference b) {
    value_type t = a;
    a = static_cast<value_type>(b);
    b = t;
  }

 private:
  T* p_;
};

//! A pointer to device memory: a random-access iterator, not a T*.
template <class T>
class device_ptr {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr;
  using reference = device_reference<T>;

  device_ptr() = default;
  device_ptr(std::nullptr_t) {}
  explicit device_ptr(T* p) : p_(p) {}
  template <class U, class = std::enable_if_t<std::is_convertible_v<U*, T*>>>
  device_ptr(const device_ptr<U>& other) : p_(other.get()) {}

  T* get() const { return p_; }
  reference operator*() const { return reference(p_); }
  reference operator[](difference_type i) const { return reference(p_ + i); }
  device_ptr& operator++() {
    ++p_;
    return *this;
  }
  device_ptr operator++(int) { return device_ptr(p_++); }
  device_ptr& operator--() {
    --p_;
    return *this;
  }
  device_ptr operator--(int) { return device_ptr(p_--); }
  device_ptr& operator+=(difference_type n) {
    p_ += n;
    return *this;
  }
  device_ptr& operator-=(difference_type n) {
    p_ -= n;
    return *this;
  }
  friend device_ptr operator+(device_ptr a, difference_type n) { return device_ptr(a.p_ + n); }
  friend device_ptr operator+(difference_type n, device_ptr a) { return device_ptr(a.p_ + n); }
  friend device_ptr operator-(device_ptr a, difference_type n) { return device_ptr(a.p_ - n); }
  friend difference_type operator-(device_ptr a, device_ptr b) { return a.p_ - b.p_; }
  friend bool operator==(device_ptr a, device_ptr b) { return a.p_ == b.p_; }
  friend auto operator<=>(device_ptr a, device_ptr b) { return a.p_ <=> b.p_; }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  T* p_ = nullptr;
};

template <>
class device_ptr<void> {
 public:
  device_ptr() = default;
  explicit device_ptr(void* p) : p_(p) {}
  void* get() const { return p_; }

 private:
  void* p_ = nullptr;
};

template <class T>
T* raw_pointer_cast(device_ptr<T> p) {
  return p.get();
}
template <class T>
T* raw_pointer_cast(T* p) {
  return p;
}
template <class T>
device_ptr<T> device_pointer_cast(T* p) {
  return device_ptr<T>(p);
}
template <class T>
device_ptr<T> device_pointer_cast(device_ptr<T> p) {
  return p;
}

template <class T>
device_ptr<T> device_malloc(std::size_t n) {
  return device_ptr<T>(static_cast<T*>(::parity::simt::allocate(n * sizeof(T))));
}
inline device_ptr<void> device_malloc(std::size_t bytes) {
  return device_ptr<void>(::parity::simt::allocate(bytes));
}
template <class T>
void device_free(device_ptr<T> p) {
  ::parity::simt::release(p.get());
}

}  // namespace thrust
