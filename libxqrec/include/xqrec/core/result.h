// A value or an error. Data errors are values: readers and parsers return
// them instead of throwing.
#pragma once

#include <utility>
#include <variant>

namespace xq {

template <class E>
struct Failure {
  E error;
};
template <class E>
Failure<std::decay_t<E>> fail(E&& e) {
  return {std::forward<E>(e)};
}

template <class T, class E>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  template <class F>
  Result(Failure<F> f) : v_(std::in_place_index<1>, E(std::move(f.error))) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const E& error() const& { return std::get<1>(v_); }
  E& error() & { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

}  // namespace xq
