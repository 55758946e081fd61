// A set of board squares as a 90-bit mask in two words.
#pragma once

#include <bit>
#include <cstdint>

#include "xqrec/core/types.h"

namespace xq {

class SquareSet {
 public:
  constexpr void insert(Square s) { word(s) |= bit(s); }
  constexpr void erase(Square s) { word(s) &= ~bit(s); }
  constexpr bool contains(Square s) const {
    return (s.index() < 64 ? lo_ : hi_) & bit(s);
  }
  constexpr bool empty() const { return (lo_ | hi_) == 0; }
  // Exactly one member.
  constexpr bool has_one() const {
    return lo_ ? (hi_ == 0 && (lo_ & (lo_ - 1)) == 0) : (hi_ != 0 && (hi_ & (hi_ - 1)) == 0);
  }
  constexpr int count() const { return std::popcount(lo_) + std::popcount(hi_); }

  // Calls f(Square) for every member, in increasing index order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::uint64_t w = lo_; w; w &= w - 1) f(Square(std::countr_zero(w)));
    for (std::uint64_t w = hi_; w; w &= w - 1) f(Square(64 + std::countr_zero(w)));
  }

  friend constexpr bool operator==(const SquareSet&, const SquareSet&) = default;
  constexpr bool intersects(const SquareSet& o) const { return ((lo_ & o.lo_) | (hi_ & o.hi_)) != 0; }
  friend constexpr SquareSet operator&(SquareSet a, const SquareSet& b) {
    a.lo_ &= b.lo_;
    a.hi_ &= b.hi_;
    return a;
  }
  friend constexpr SquareSet operator^(SquareSet a, const SquareSet& b) {
    a.lo_ ^= b.lo_;
    a.hi_ ^= b.hi_;
    return a;
  }
  friend constexpr SquareSet operator|(SquareSet a, const SquareSet& b) {
    a.lo_ |= b.lo_;
    a.hi_ |= b.hi_;
    return a;
  }
  // The member with the lowest / highest index; the set must not be empty.
  constexpr Square lowest() const {
    return lo_ ? Square(std::countr_zero(lo_)) : Square(64 + std::countr_zero(hi_));
  }
  constexpr Square highest() const {
    return hi_ ? Square(127 - std::countl_zero(hi_)) : Square(63 - std::countl_zero(lo_));
  }

 private:
  static constexpr std::uint64_t bit(Square s) {
    return std::uint64_t{1} << (s.index() & 63);
  }
  constexpr std::uint64_t& word(Square s) { return s.index() < 64 ? lo_ : hi_; }

  std::uint64_t lo_ = 0;
  std::uint64_t hi_ = 0;
};

}  // namespace xq
