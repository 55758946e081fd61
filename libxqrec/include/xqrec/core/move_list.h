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

  void push(Move m) { storage_.moves[size_++] = m; }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return storage_.moves[i]; }
  const Move* begin() const { return storage_.moves.data(); }
  const Move* end() const { return storage_.moves.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  // Left uninitialised: only the first size_ moves are ever read, and the
  // searches make a list for every position they visit (zeroing 256 bytes
  // each time cost more than filling most of them).
  union Storage {
    Storage() {}
    std::array<Move, kCapacity> moves;
  } storage_;
  std::size_t size_ = 0;
};

}  // namespace xq
