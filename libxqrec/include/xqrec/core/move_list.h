// Fixed-capacity list of moves: move generation never allocates.
#pragma once

#include <array>
#include <cstddef>

#include "xqrec/core/types.h"

namespace xq {

class MoveList {
 public:
  // No Xiangqi position has more pseudo-legal moves than this:
  // 2 rooks and 2 cannons * 17, 2 horses * 8, king 4, advisors and
  // elephants 4 each, 5 pawns * 3 = 119.
  static constexpr std::size_t kCapacity = 128;

  void push(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, kCapacity> moves_;
  std::size_t size_ = 0;
};

}  // namespace xq
