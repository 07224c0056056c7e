// The fancy iterators of thrust/iterator/ the emulator covers: counting_iterator,
// constant_iterator and transform_iterator (random access, computed on dereference).
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

namespace thrust {

template <class T>
class counting_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = T;

  counting_iterator() = default;
  explicit counting_iterator(T v) : v_(v) {}
  T operator*() const { return v_; }
  T operator[](difference_type i) const { return static_cast<T>(v_ + static_cast<T>(i)); }
  counting_iterator& operator++() {
    ++v_;
    return *this;
  }
  counting_iterator operator++(int) { return counting_iterator(v_++); }
  counting_iterator& operator--() {
    --v_;
    return *this;
  }
  counting_iterator& operator+=(difference_type n) {
    v_ = static_cast<T>(v_ + static_cast<T>(n));
    return *this;
  }
  friend counting_iterator operator+(counting_iterator a, difference_type n) { return a += n; }
  friend counting_iterator operator-(counting_iterator a, difference_type n) { return a += -n; }
  friend difference_type operator-(counting_iterator a, counting_iterator b) {
    return static_cast<difference_type>(a.v_ - b.v_);
  }
  friend bool operator==(counting_iterator a, counting_iterator b) { return a.v_ == b.v_; }
  friend auto operator<=>(counting_iterator a, counting_iterator b) { return a.v_ <=> b.v_; }

 private:
  T v_{};
};

template <class T>
counting_iterator<T> make_counting_iterator(T v) {
  return counting_iterator<T>(v);
}

template <class T>
class constant_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = T;

  constant_iterator() = default;
  explicit constant_iterator(T v, difference_type i = 0) : v_(v), i_(i) {}
  T operator*() const { return v_; }
  T operator[](difference_type) const { return v_; }
  constant_iterator& operator++() {
    ++i_;
    return *this;
  }
  constant_iterator operator++(int) {
    constant_iterator old = *this;
    ++i_;
    return old;
  }
  constant_iterator& operator+=(difference_type n) {
    i_ += n;
    return *this;
  }
  friend constant_iterator operator+(constant_iterator a, difference_type n) { return a += n; }
  friend difference_type operator-(constant_iterator a, constant_iterator b) { return a.i_ - b.i_; }
  friend bool operator==(constant_iterator a, constant_iterator b) { return a.i_ == b.i_; }
  friend auto operator<=>(constant_iterator a, constant_iterator b) { return a.i_ <=> b.i_; }

 private:
  T v_{};
  difference_type i_ = 0;
};

template <class T>
constant_iterator<T> make_constant_iterator(T v) {
  return constant_iterator<T>(v);
}

template <class F, class It>
class transform_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_cvref_t<std::invoke_result_t<F&, decltype(*std::declval<It&>())>>;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = value_type;

  transform_iterator() = default;
  transform_iterator(It it, F f) : it_(it), f_(f) {}
  value_type operator*() const { return f_(*it_); }
  value_type operator[](difference_type i) const { return f_(it_[i]); }
  transform_iterator& operator++() {
    ++it_;
    return *this;
  }
  transform_iterator operator++(int) {
    transform_iterator old = *this;
    ++it_;
    return old;
  }
  transform_iterator& operator+=(difference_type n) {
    it_ += n;
    return *this;
  }
  friend transform_iterator operator+(transform_iterator a, difference_type n) { return a += n; }
  friend difference_type operator-(const transform_iterator& a, const transform_iterator& b) {
    return a.it_ - b.it_;
  }
  friend bool operator==(const transform_iterator& a, const transform_iterator& b) {
    return a.it_ == b.it_;
  }
  It base() const { return it_; }

 private:
  It it_{};
  mutable F f_{};
};

template <class It, class F>
transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return transform_iterator<F, It>(it, f);
}

}  // namespace thrust
