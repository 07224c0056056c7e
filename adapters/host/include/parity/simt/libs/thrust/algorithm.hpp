// The Thrust algorithms the emulator covers, with and without an execution policy (thrust::host,
// thrust::device, thrust::seq, and the dialect's par / par.on(stream) / par_nosync, all of which
// run synchronously on the calling thread). What each guarantees (docs/vendor-libraries.md):
//  - reduce, transform_reduce, inner_product, inclusive_scan and exclusive_scan fold in index
//    order in the initial value's (or the input's) type; a GPU folds in tiles and a tree, so
//    floating-point results differ in the last bits (use a reduction-aware tolerance);
//  - sort and sort_by_key of arithmetic keys with less or greater give the radix order of the
//    device backends (stable; -0.0 and +0.0 equal; NaNs by their bits, not a comparison, which
//    std::sort leaves undefined); with another comparator a stable merge sort;
//  - min_element / max_element return the first extremum, minmax_element the pair of those two
//    (Thrust's documented pair, not std::minmax_element's last maximum);
//  - exclusive_scan without an initial value starts from the input type's value-initialised T.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "parity/simt/libs/cub/radix_key.hpp"
#include "parity/simt/libs/thrust/iterator.hpp"
#include "parity/simt/libs/thrust/memory.hpp"

namespace thrust {

using ::std::bit_and;
using ::std::bit_or;
using ::std::bit_xor;
using ::std::divides;
using ::std::equal_to;
using ::std::greater;
using ::std::greater_equal;
using ::std::less;
using ::std::less_equal;
using ::std::logical_and;
using ::std::logical_not;
using ::std::logical_or;
using ::std::make_pair;
using ::std::minus;
using ::std::modulus;
using ::std::multiplies;
using ::std::negate;
using ::std::not_equal_to;
using ::std::pair;
using ::std::plus;

template <class T = void>
struct maximum {
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <>
struct maximum<void> {
  template <class T, class U>
  constexpr auto operator()(const T& a, const U& b) const {
    return a < b ? b : a;
  }
};
template <class T = void>
struct minimum {
  constexpr T operator()(const T& a, const T& b) const { return a < b ? a : b; }
};
template <>
struct minimum<void> {
  template <class T, class U>
  constexpr auto operator()(const T& a, const U& b) const {
    return a < b ? a : b;
  }
};

namespace detail {
//! What every execution policy derives from.
struct parity_policy {};
struct host_t : parity_policy {};
struct device_t : parity_policy {};
struct seq_t : parity_policy {};
template <class P>
inline constexpr bool is_policy = std::is_base_of_v<parity_policy, std::remove_cvref_t<P>>;
template <class It>
using value_of = typename std::iterator_traits<It>::value_type;

//! The comparators that make the device backends radix-sort arithmetic keys.
template <class C, class K>
inline constexpr bool radix_less =
    std::is_same_v<C, std::less<K>> || std::is_same_v<C, std::less<>>;
template <class C, class K>
inline constexpr bool radix_greater =
    std::is_same_v<C, std::greater<K>> || std::is_same_v<C, std::greater<>>;
template <class K>
inline constexpr bool radix_key = std::is_arithmetic_v<K> && !std::is_same_v<K, bool>;

//! The order of a stable sort of [first, last) by `comp`: the indices of the sorted elements.
template <class It, class Comp>
std::vector<std::ptrdiff_t> sorted_order(It first, It last, Comp comp) {
  using K = value_of<It>;
  const auto n = std::distance(first, last);
  std::vector<K> keys;
  keys.reserve(static_cast<std::size_t>(n));
  for (It it = first; it != last; ++it) keys.push_back(static_cast<K>(*it));
  std::vector<std::ptrdiff_t> idx(static_cast<std::size_t>(n));
  std::iota(idx.begin(), idx.end(), std::ptrdiff_t{0});
  if constexpr (radix_key<K> && (radix_less<Comp, K> || radix_greater<Comp, K>)) {
    using Radix = ::parity::simt::libs::cub::RadixKey<K>;
    std::stable_sort(idx.begin(), idx.end(), [&](std::ptrdiff_t a, std::ptrdiff_t b) {
      const auto ka = Radix::twiddle(keys[static_cast<std::size_t>(a)]);
      const auto kb = Radix::twiddle(keys[static_cast<std::size_t>(b)]);
      return radix_less<Comp, K> ? ka < kb : kb < ka;
    });
  } else {
    std::stable_sort(idx.begin(), idx.end(), [&](std::ptrdiff_t a, std::ptrdiff_t b) {
      return comp(keys[static_cast<std::size_t>(a)], keys[static_cast<std::size_t>(b)]);
    });
  }
  return idx;
}

//! Applies a permutation (out[i] = in[order[i]]) in place, through a copy.
template <class It>
void permute(It first, const std::vector<std::ptrdiff_t>& order) {
  std::vector<value_of<It>> staged;
  staged.reserve(order.size());
  for (std::ptrdiff_t i : order) staged.push_back(static_cast<value_of<It>>(first[i]));
  for (std::size_t i = 0; i < staged.size(); ++i) first[static_cast<std::ptrdiff_t>(i)] = staged[i];
}
}  // namespace detail

inline constexpr detail::host_t host{};
inline constexpr detail::device_t device{};
inline constexpr detail::seq_t seq{};

template <class T>
struct is_execution_policy : std::bool_constant<detail::is_policy<T>> {};

// Each algorithm is defined once without a policy; the policy overload forwards to it (every
// policy runs on the calling thread, synchronously). The non-policy overloads require that
// their first argument is not a policy, so that the two sets never compete.
#define PARITY_THRUST_POLICY_OVERLOAD(name)                                                    \
  template <class Policy, class... Args, class = std::enable_if_t<detail::is_policy<Policy>>>  \
  auto name(Policy&&, Args&&... args)->decltype(::thrust::name(std::forward<Args>(args)...)) { \
    return ::thrust::name(std::forward<Args>(args)...);                                        \
  }

#define PARITY_THRUST_NOT_POLICY(It) class = std::enable_if_t<!detail::is_policy<It>>

template <class In, class Out, PARITY_THRUST_NOT_POLICY(In)>
Out copy(In first, In last, Out result) {
  for (; first != last; ++first, ++result) *result = *first;
  return result;
}
template <class In, class Size, class Out, PARITY_THRUST_NOT_POLICY(In)>
Out copy_n(In first, Size n, Out result) {
  for (Size i = 0; i < n; ++i, ++first, ++result) *result = *first;
  return result;
}
template <class It, class T, PARITY_THRUST_NOT_POLICY(It)>
void fill(It first, It last, const T& value) {
  for (; first != last; ++first) *first = value;
}
template <class It, class Size, class T, PARITY_THRUST_NOT_POLICY(It)>
It fill_n(It first, Size n, const T& value) {
  for (Size i = 0; i < n; ++i, ++first) *first = value;
  return first;
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
void sequence(It first, It last) {
  detail::value_of<It> v{};
  for (; first != last; ++first, ++v) *first = v;
}
template <class It, class T, PARITY_THRUST_NOT_POLICY(It)>
void sequence(It first, It last, T init) {
  for (; first != last; ++first, ++init) *first = init;
}
template <class It, class T, PARITY_THRUST_NOT_POLICY(It)>
void sequence(It first, It last, T init, T step) {
  for (std::ptrdiff_t i = 0; first != last; ++first, ++i)
    *first = static_cast<detail::value_of<It>>(init + static_cast<T>(i) * step);
}
template <class In, class Out, class F, PARITY_THRUST_NOT_POLICY(In)>
Out transform(In first, In last, Out result, F op) {
  for (; first != last; ++first, ++result) *result = op(*first);
  return result;
}
template <class In1, class In2, class Out, class F, PARITY_THRUST_NOT_POLICY(In1)>
Out transform(In1 first1, In1 last1, In2 first2, Out result, F op) {
  for (; first1 != last1; ++first1, ++first2, ++result) *result = op(*first1, *first2);
  return result;
}
template <class It, class F, PARITY_THRUST_NOT_POLICY(It)>
It for_each(It first, It last, F f) {
  for (; first != last; ++first) f(*first);
  return first;
}
template <class It, class G, PARITY_THRUST_NOT_POLICY(It)>
void generate(It first, It last, G g) {
  for (; first != last; ++first) *first = g();
}

template <class It, PARITY_THRUST_NOT_POLICY(It)>
detail::value_of<It> reduce(It first, It last) {
  detail::value_of<It> acc{};
  for (; first != last; ++first) acc = acc + *first;
  return acc;
}
template <class It, class T, PARITY_THRUST_NOT_POLICY(It)>
T reduce(It first, It last, T init) {
  for (; first != last; ++first) init = init + *first;
  return init;
}
template <class It, class T, class Op, PARITY_THRUST_NOT_POLICY(It)>
T reduce(It first, It last, T init, Op op) {
  for (; first != last; ++first) init = op(init, *first);
  return init;
}
template <class It, class F, class T, class Op, PARITY_THRUST_NOT_POLICY(It)>
T transform_reduce(It first, It last, F unary, T init, Op binary) {
  for (; first != last; ++first) init = binary(init, unary(*first));
  return init;
}
template <class It1, class It2, class T, PARITY_THRUST_NOT_POLICY(It1)>
T inner_product(It1 first1, It1 last1, It2 first2, T init) {
  for (; first1 != last1; ++first1, ++first2) init = init + *first1 * *first2;
  return init;
}
template <class It1, class It2, class T, class Op1, class Op2, PARITY_THRUST_NOT_POLICY(It1)>
T inner_product(It1 first1, It1 last1, It2 first2, T init, Op1 reduce_op, Op2 product_op) {
  for (; first1 != last1; ++first1, ++first2) init = reduce_op(init, product_op(*first1, *first2));
  return init;
}

template <class In, class Out, class Op, PARITY_THRUST_NOT_POLICY(In)>
Out inclusive_scan(In first, In last, Out result, Op op) {
  if (first == last) return result;
  detail::value_of<In> acc = *first;
  *result = acc;
  for (++first, ++result; first != last; ++first, ++result) {
    acc = op(acc, *first);
    *result = acc;
  }
  return result;
}
template <class In, class Out, PARITY_THRUST_NOT_POLICY(In)>
Out inclusive_scan(In first, In last, Out result) {
  return ::thrust::inclusive_scan(first, last, result, plus<>{});
}
template <class In, class Out, class T, class Op, PARITY_THRUST_NOT_POLICY(In)>
Out exclusive_scan(In first, In last, Out result, T init, Op op) {
  for (; first != last; ++first, ++result) {
    const detail::value_of<In> x = *first;  // read before the write: in place is allowed
    *result = init;
    init = op(init, x);
  }
  return result;
}
template <class In, class Out, class T, PARITY_THRUST_NOT_POLICY(In)>
Out exclusive_scan(In first, In last, Out result, T init) {
  return ::thrust::exclusive_scan(first, last, result, init, plus<>{});
}
template <class In, class Out, PARITY_THRUST_NOT_POLICY(In)>
Out exclusive_scan(In first, In last, Out result) {
  return ::thrust::exclusive_scan(first, last, result, detail::value_of<In>{}, plus<>{});
}

template <class It, class Comp, PARITY_THRUST_NOT_POLICY(It)>
void sort(It first, It last, Comp comp) {
  detail::permute(first, detail::sorted_order(first, last, comp));
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
void sort(It first, It last) {
  ::thrust::sort(first, last, less<detail::value_of<It>>{});
}
template <class It, class Comp, PARITY_THRUST_NOT_POLICY(It)>
void stable_sort(It first, It last, Comp comp) {
  ::thrust::sort(first, last, comp);
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
void stable_sort(It first, It last) {
  ::thrust::sort(first, last);
}
template <class KeyIt, class ValueIt, class Comp, PARITY_THRUST_NOT_POLICY(KeyIt)>
void sort_by_key(KeyIt keys_first, KeyIt keys_last, ValueIt values_first, Comp comp) {
  const auto order = detail::sorted_order(keys_first, keys_last, comp);
  detail::permute(keys_first, order);
  detail::permute(values_first, order);
}
template <class KeyIt, class ValueIt, PARITY_THRUST_NOT_POLICY(KeyIt)>
void sort_by_key(KeyIt keys_first, KeyIt keys_last, ValueIt values_first) {
  ::thrust::sort_by_key(keys_first, keys_last, values_first, less<detail::value_of<KeyIt>>{});
}
template <class KeyIt, class ValueIt, class Comp, PARITY_THRUST_NOT_POLICY(KeyIt)>
void stable_sort_by_key(KeyIt keys_first, KeyIt keys_last, ValueIt values_first, Comp comp) {
  ::thrust::sort_by_key(keys_first, keys_last, values_first, comp);
}
template <class KeyIt, class ValueIt, PARITY_THRUST_NOT_POLICY(KeyIt)>
void stable_sort_by_key(KeyIt keys_first, KeyIt keys_last, ValueIt values_first) {
  ::thrust::sort_by_key(keys_first, keys_last, values_first);
}

template <class It, class T, PARITY_THRUST_NOT_POLICY(It)>
typename std::iterator_traits<It>::difference_type count(It first, It last, const T& value) {
  typename std::iterator_traits<It>::difference_type n = 0;
  for (; first != last; ++first)
    if (*first == value) ++n;
  return n;
}
template <class It, class Pred, PARITY_THRUST_NOT_POLICY(It)>
typename std::iterator_traits<It>::difference_type count_if(It first, It last, Pred pred) {
  typename std::iterator_traits<It>::difference_type n = 0;
  for (; first != last; ++first)
    if (pred(*first)) ++n;
  return n;
}
template <class It, class Comp, PARITY_THRUST_NOT_POLICY(It)>
It min_element(It first, It last, Comp comp) {
  It best = first;
  for (; first != last; ++first)
    if (comp(*first, *best)) best = first;
  return best;
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
It min_element(It first, It last) {
  return ::thrust::min_element(first, last, less<detail::value_of<It>>{});
}
template <class It, class Comp, PARITY_THRUST_NOT_POLICY(It)>
It max_element(It first, It last, Comp comp) {
  It best = first;
  for (; first != last; ++first)
    if (comp(*best, *first)) best = first;
  return best;
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
It max_element(It first, It last) {
  return ::thrust::max_element(first, last, less<detail::value_of<It>>{});
}
template <class It, class Comp, PARITY_THRUST_NOT_POLICY(It)>
pair<It, It> minmax_element(It first, It last, Comp comp) {
  return {::thrust::min_element(first, last, comp), ::thrust::max_element(first, last, comp)};
}
template <class It, PARITY_THRUST_NOT_POLICY(It)>
pair<It, It> minmax_element(It first, It last) {
  return ::thrust::minmax_element(first, last, less<detail::value_of<It>>{});
}
template <class It1, class It2, PARITY_THRUST_NOT_POLICY(It1)>
bool equal(It1 first1, It1 last1, It2 first2) {
  for (; first1 != last1; ++first1, ++first2)
    if (!(*first1 == *first2)) return false;
  return true;
}

PARITY_THRUST_POLICY_OVERLOAD(copy)
PARITY_THRUST_POLICY_OVERLOAD(copy_n)
PARITY_THRUST_POLICY_OVERLOAD(fill)
PARITY_THRUST_POLICY_OVERLOAD(fill_n)
PARITY_THRUST_POLICY_OVERLOAD(sequence)
PARITY_THRUST_POLICY_OVERLOAD(transform)
PARITY_THRUST_POLICY_OVERLOAD(for_each)
PARITY_THRUST_POLICY_OVERLOAD(generate)
PARITY_THRUST_POLICY_OVERLOAD(reduce)
PARITY_THRUST_POLICY_OVERLOAD(transform_reduce)
PARITY_THRUST_POLICY_OVERLOAD(inner_product)
PARITY_THRUST_POLICY_OVERLOAD(inclusive_scan)
PARITY_THRUST_POLICY_OVERLOAD(exclusive_scan)
PARITY_THRUST_POLICY_OVERLOAD(sort)
PARITY_THRUST_POLICY_OVERLOAD(stable_sort)
PARITY_THRUST_POLICY_OVERLOAD(sort_by_key)
PARITY_THRUST_POLICY_OVERLOAD(stable_sort_by_key)
PARITY_THRUST_POLICY_OVERLOAD(count)
PARITY_THRUST_POLICY_OVERLOAD(count_if)
PARITY_THRUST_POLICY_OVERLOAD(min_element)
PARITY_THRUST_POLICY_OVERLOAD(max_element)
PARITY_THRUST_POLICY_OVERLOAD(minmax_element)
PARITY_THRUST_POLICY_OVERLOAD(equal)

#undef PARITY_THRUST_POLICY_OVERLOAD
#undef PARITY_THRUST_NOT_POLICY

}  // namespace thrust
